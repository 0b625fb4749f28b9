// Issue 28, computed fields (docs/metadata.md "Computed fields"): 设备租赁合同 合同金额 is
// `sum(items, quantity * monthlyRent * months)`, stored and computed by the server from the lines as saved
// in the same transaction, on create and update, when a line is written on its own, and whatever total the
// client sends.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/app-context';
import { call, session, startApp } from './helpers';
import { endpoint, projectId } from './engine-support';

type Row = Record<string, unknown> & { id: string; items?: Array<Record<string, unknown> & { id: string }> };

let app: FastifyInstance;
let ctx: AppContext | undefined;
const capture: FastifyPluginAsync<{ ctx: AppContext }> = async (_api, options) => {
  ctx = options.ctx;
};
let token: string;
let project: string;

beforeAll(async () => {
  app = await startApp({ routes: [capture] });
  token = (await session(app, 'xiangmu01')).token;
  project = await projectId(app, (await session(app, 'qiye01')).token, 'NJJG-2024-001');
});
afterAll(async () => {
  await app.close();
});

const lease = (no: string, over: Record<string, unknown> = {}) => ({
  leaseNo: no,
  leaseName: '施工设备租赁合同',
  projectId: project,
  lessorId: '3',
  leaseKind: '1',
  signDate: '2026-11-01',
  startDate: '2026-11-05',
  endDate: '2027-11-04',
  ...over,
});
const line = (over: Record<string, unknown> = {}) => ({ equipmentName: '塔式起重机', specModel: 'QTZ80', quantity: 1, monthlyRent: 8000, months: 12, ...over });

const create = (body: Record<string, unknown>) => call<Row>(app, 'POST', endpoint('EquipmentLease', 'create'), { token, body });
const update = (body: Record<string, unknown>) => call<Row>(app, 'POST', endpoint('EquipmentLease', 'update'), { token, body });
const detail = async (id: string) => (await call<Row>(app, 'GET', endpoint('EquipmentLease', 'detail'), { token, query: { rec_id: id } })).body.data!;
const storedAmount = async (id: string) =>
  (await sql<{ amount: string }>`select amount::text as amount from equipment_lease where id = ${id}`.execute(ctx!.db)).rows[0].amount;

describe('合同金额 = Σ 数量 × 月租金 × 租期', () => {
  it('stores the total of the lines on create, whatever amount the client sends', async () => {
    const made = await create(lease('ZL-F-001', { amount: 1, items: [line(), line({ equipmentName: '施工升降机', quantity: 2, monthlyRent: 4500.55, months: 6 })] }));
    expect(made.body.status).toBe(1);
    // 1 × 8000 × 12 + 2 × 4500.55 × 6 = 96000 + 54006.60
    expect(made.body.data!.amount).toBe(150006.6);
    expect(await storedAmount(made.body.data!.id)).toBe('150006.60');
    expect((await detail(made.body.data!.id)).amount).toBe(150006.6);
  });

  it('keeps decimal cents exact (no 0.1 + 0.2 error) and stores 0 without lines', async () => {
    const cents = await create(lease('ZL-F-002', { items: [line({ quantity: 3, monthlyRent: 0.1, months: 1 }), line({ quantity: 1, monthlyRent: 0.2, months: 1 })] }));
    expect(cents.body.data!.amount).toBe(0.5);
    expect(await storedAmount(cents.body.data!.id)).toBe('0.50');
    const empty = await create(lease('ZL-F-003', { amount: 5000 }));
    expect(empty.body.status).toBe(1);
    expect(await storedAmount(empty.body.data!.id)).toBe('0.00');
  });

  it('recomputes on update from the lines as saved: changed, added and removed lines; a sent wrong total does not stick', async () => {
    const made = await create(lease('ZL-F-004', { items: [line(), line({ equipmentName: '挖掘机', quantity: 1, monthlyRent: 30000, months: 2 })] }));
    const row = made.body.data!;
    expect(row.amount).toBe(156000);
    const [first] = row.items!;
    const changed = await update({
      rec_id: row.id,
      version: row.version,
      amount: 999999,
      items: [{ ...line({ quantity: 2 }), id: first.id }, line({ equipmentName: '装载机', quantity: 1, monthlyRent: 12000.5, months: 3 })],
    });
    expect(changed.body.status).toBe(1);
    // 2 × 8000 × 12 + 12000.5 × 3 (the 挖掘机 line removed)
    expect(changed.body.data!.amount).toBe(228001.5);
    expect(await storedAmount(row.id)).toBe('228001.50');
    expect(changed.body.data!.items).toHaveLength(2);
  });

  it('keeps the total when an update sends no lines, and refuses to treat amount as data', async () => {
    const made = await create(lease('ZL-F-005', { items: [line({ months: 10 })] }));
    const row = made.body.data!;
    const renamed = await update({ rec_id: row.id, version: row.version, leaseName: '改名后的合同', amount: 1 });
    expect(renamed.body.status).toBe(1);
    expect(renamed.body.data!).toMatchObject({ leaseName: '改名后的合同', amount: 80000 });
    // Even a stored value put past the engine is corrected by the next write.
    await sql`update equipment_lease set amount = 7 where id = ${row.id}`.execute(ctx!.db);
    const again = await update({ rec_id: row.id, leaseName: '再次修改' });
    expect(again.body.data!.amount).toBe(80000);
  });

  it('recomputes the parent when a line is written or deleted on its own', async () => {
    const made = await create(lease('ZL-F-006', { items: [line(), line({ equipmentName: '混凝土泵车', quantity: 1, monthlyRent: 20000, months: 1 })] }));
    const row = made.body.data!;
    expect(row.amount).toBe(116000);
    const [first, second] = row.items!;
    const edited = await call(app, 'POST', endpoint('LeaseItem', 'update'), { token, body: { rec_id: first.id, months: 6 } });
    expect(edited.body.status).toBe(1);
    expect((await detail(row.id)).amount).toBe(68000);
    const removed = await call(app, 'POST', endpoint('LeaseItem', 'delete'), { token, body: { rec_id: second.id } });
    expect(removed.body.status).toBe(1);
    expect((await detail(row.id)).amount).toBe(48000);
    const added = await call(app, 'POST', endpoint('LeaseItem', 'create'), { token, body: { ...line({ quantity: 2, months: 1 }), leaseId: row.id, projectId: project } });
    expect(added.body.status).toBe(1);
    expect((await detail(row.id)).amount).toBe(64000);
  });

  it('refuses a total beyond the field’s range and writes nothing', async () => {
    const huge = line({ quantity: 9999, monthlyRent: 99999999, months: 120 });
    const refused = await create(lease('ZL-F-007', { items: [huge] }));
    expect(refused.body).toMatchObject({ status: 0, detail: '合同金额超出允许范围' });
    const none = await sql<{ n: string }>`select count(*)::text as n from equipment_lease where lease_no = 'ZL-F-007'`.execute(ctx!.db);
    expect(none.rows[0].n).toBe('0');
  });
});
