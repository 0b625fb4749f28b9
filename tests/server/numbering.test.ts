// Numbering rules (issue 29, docs/metadata.md "Numbering"): 订单编号, 任务编号 and 发货单号 are assigned by
// the server inside the insert's transaction — 50 concurrent creates get 50 different numbers of the
// pattern, a sent number is ignored, the sequence restarts at the China day, a number taken outside the
// rule is skipped, batch creates and imports get numbers too, and the seeded rows keep theirs.
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '../../common/constants';
import type { Database } from '../../server/db/schema';
import type { NumberingRule } from '../../common/metadata';
import { buildModel } from '../../server/engine/model';
import { assignNumbers } from '../../server/engine/numbering';
import { endpoint, entityModel, multipart, postMultipart } from './engine-support';
import { call, session, startApp } from './helpers';

type Row = Record<string, unknown>;
const api = (base: string, name: string) => `${API_BASE}/api/${base}/${name}`;

let app: FastifyInstance;
let db: Kysely<Database>;
let manager: string;
let admin: string;
let companyId: number;

beforeAll(async () => {
  app = await startApp({ routes: [async (_api, { ctx }) => { db = ctx.db; }] });
  const plant = await session(app, 'jiaobanzhan01');
  manager = plant.token;
  companyId = Number(plant.result.CompanyId);
  // The system administrator (every button, 导入 too) as a member of the plant.
  await sql`insert into memberships (user_id, company_id, role_id)
    select u.id, ${companyId}, m.role_id from users u, memberships m where u.user_name = 'sysadmin' and m.user_id = u.id limit 1`.execute(db);
  admin = (await session(app, 'sysadmin', { companyId: String(companyId) })).token;
});
afterAll(async () => {
  await app?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const post = async (base: string, name: string, body: Row, token = manager) => (await call<Row>(app, 'POST', api(base, name), { token, body })).body;
const list = async (base: string, filters: Row[], token = manager) =>
  (await call<Row[]>(app, 'GET', api(base, 'WherePageList'), { token, query: { index: 0, size: 200, filters: JSON.stringify(filters) } })).body.data ?? [];

/** The China calendar day of an instant as yyyyMMdd. */
const chinaDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');

const ORDER = {
  customerId: '1', siteId: '1', pourPart: '5#楼6层顶板', strengthGrade: 'C30', slump: 180, slumpTolerance: 20, volume: 20,
  plannedPourTime: '2026-12-01 08:00:00', pumpNeeded: true, pourMethod: '1', siteContact: '刘洋', sitePhone: '13890510005',
};

async function newOrder(over: Row = {}): Promise<Row> {
  const reply = await post('ConcreteOrder', 'CreateModel', { ...ORDER, ...over });
  if (reply.status !== 1) throw new Error(JSON.stringify(reply));
  return reply.data as Row;
}

const seqOf = (no: unknown) => Number(String(no).split('-').at(-1));

describe('订单编号 (ConcreteOrder DD-{yyyyMMdd}-{seq:4}, per company and day)', () => {
  it('gives 50 concurrent creates 50 different numbers of the pattern, consecutive, each in the list', async () => {
    const replies = await Promise.all(Array.from({ length: 50 }, () => post('ConcreteOrder', 'CreateModel', ORDER)));
    expect(replies.map((r) => r.status)).toEqual(Array(50).fill(1));
    const numbers = replies.map((r) => String((r.data as Row).orderNo));
    expect(new Set(numbers).size).toBe(50);
    // The day is the China day of the save (the creates ran within the same minute, unless it crossed midnight).
    const days = [chinaDay(Date.now() - 60_000), chinaDay(Date.now())];
    for (const no of numbers) {
      expect(no).toMatch(/^DD-\d{8}-\d{4}$/);
      expect(days).toContain(no.slice(3, 11));
    }
    const today = numbers.filter((n) => n.slice(3, 11) === days[1]).map(seqOf).sort((a, b) => a - b);
    expect(today).toEqual(Array.from({ length: today.length }, (_, i) => today[0] + i));
    const listed = new Set((await list('ConcreteOrder', [{ field: 'orderNo', operator: 'in', value: numbers }])).map((r) => r.orderNo));
    expect(listed.size).toBe(50);
  });

  it('ignores a number the client sends, on create and on update', async () => {
    const order = await newOrder({ orderNo: 'MY-OWN-1', order_no: 'MY-OWN-2' });
    expect(order.orderNo).toMatch(/^DD-\d{8}-\d{4}$/);
    const edited = await post('ConcreteOrder', 'ModifyModel', { rec_id: order.id, orderNo: 'MY-OWN-3', pourPart: '屋面' });
    expect(edited).toMatchObject({ status: 1, data: { orderNo: order.orderNo, pourPart: '屋面' } });
  });

  it('restarts the sequence at 0001 on the next China day (00:00 +08:00)', async () => {
    // Yesterday's China midnight (16:00 UTC): a day no order of this run is numbered in, and a clock moved
    // back keeps the session signed in now valid (a next midnight up to a day ahead outlives it).
    const midnight = Math.floor((Date.now() + 8 * 3600_000) / 86_400_000) * 86_400_000 - 8 * 3600_000 - 86_400_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(midnight - 5_000);
    const before = await newOrder();
    const beforeAgain = await newOrder();
    vi.setSystemTime(midnight + 5_000);
    const after = await newOrder();
    const afterAgain = await newOrder();
    vi.useRealTimers();
    expect(String(before.orderNo).slice(3, 11)).toBe(chinaDay(midnight - 5_000));
    expect(seqOf(beforeAgain.orderNo)).toBe(seqOf(before.orderNo) + 1);
    expect(after.orderNo).toBe(`DD-${chinaDay(midnight + 5_000)}-0001`);
    expect(afterAgain.orderNo).toBe(`DD-${chinaDay(midnight + 5_000)}-0002`);
  });

  it('skips a number another write took, and keeps the seeded numbers', async () => {
    const last = await newOrder();
    const day = String(last.orderNo).slice(3, 11);
    const next = `DD-${day}-${String(seqOf(last.orderNo) + 1).padStart(4, '0')}`;
    // A row given the next number outside the rule (SQL, as an older import or a migration would).
    await sql`update concrete_order set order_no = ${next} where id = ${Number(last.id)}`.execute(db);
    const after = await newOrder();
    expect(after.orderNo).toBe(`DD-${day}-${String(seqOf(last.orderNo) + 2).padStart(4, '0')}`);
    const seeded = await list('ConcreteOrder', [{ field: 'orderNo', operator: 'eq', value: 'HD-DD-0001' }]);
    expect(seeded).toHaveLength(1);
  });

  it('keeps one sequence per company and China day', async () => {
    const order = await newOrder();
    const rows = await sql<{ scope_key: string; period: string; last_value: string }>`select scope_key, period, last_value from numbering_sequences
      where table_name = 'concrete_order' and column_name = 'order_no'`.execute(db);
    expect(new Set(rows.rows.map((r) => r.scope_key))).toEqual(new Set([String(companyId)]));
    const today = rows.rows.find((r) => r.period === String(order.orderNo).slice(3, 11));
    expect(Number(today?.last_value)).toBe(seqOf(order.orderNo));
  });

  it('numbers imported lines, and the template has no 订单编号 column', async () => {
    const customer = (await list('PlantCustomer', [{ field: 'id', operator: 'eq', value: '1' }]))[0];
    const site = (await list('PlantSite', [{ field: 'id', operator: 'eq', value: '1' }]))[0];
    const header = '客户,工地,浇筑部位,强度等级,坍落度,坍落度偏差,方量,计划浇筑时间,浇筑方式,现场联系人,现场电话';
    const line = (part: string) => `${customer.customerName},${site.siteName},${part},C30,180,20,12,2026-12-03 08:00:00,泵送,刘洋,13890510005`;
    const csv = Buffer.from([header, line('导入顶板一'), line('导入顶板二')].join('\r\n'), 'utf8');
    const reply = await postMultipart(app, endpoint('ConcreteOrder', 'import'), admin, multipart({ fromplat: 'pc', wid: '11', mode: 'all' }, { name: '订单.csv', type: 'text/csv', data: csv }));
    expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ status: 1, data: { inserted: 2 } });
    const imported = await list('ConcreteOrder', [{ field: 'pourPart', operator: 'contains', value: '导入顶板' }]);
    expect(imported).toHaveLength(2);
    for (const r of imported) expect(r.orderNo).toMatch(/^DD-\d{8}-\d{4}$/);
    expect(imported[0].orderNo).not.toBe(imported[1].orderNo);
    const template = await app.inject({ method: 'GET', url: api('ConcreteOrder', 'ImportTemplate'), headers: { authorization: `Bearer ${admin}`, fromplat: 'pc' } });
    expect(template.statusCode).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const titles = (book.worksheets[0].getRow(1).values as unknown[]).map(String);
    expect(titles.some((t) => t.includes('客户'))).toBe(true);
    expect(titles.some((t) => t.includes('订单编号'))).toBe(false);
  });
});

describe('任务编号, 发货单号 and 进场单号', () => {
  it('numbers a weighbridge ticket (JC-…) of 原材料进场', async () => {
    const reply = await post('MaterialDelivery', 'CreateModel', {
      deliveryNo: 'TYPED-1', binId: '1', supplierName: '四川峨胜水泥集团股份有限公司', plateNo: '川L20517', grossWeight: 20, tareWeight: 15, weighedAt: '2026-11-25 07:10:00', inspector: '邓国庆',
    });
    expect(reply, JSON.stringify(reply)).toMatchObject({ status: 1, data: { deliveryNo: expect.stringMatching(/^JC-\d{8}-\d{4}$/) } });
  });


  it('numbers a batch create of tasks (RW-…) and the trips of a task (FH-…)', async () => {
    const order = await newOrder();
    const approved = await post('ConcreteOrder', 'ModifyStatus', { rec_id: order.id, transition: 'approve', version: order.version });
    expect(approved.status).toBe(1);
    const formula = (await list('MixFormula', [{ field: 'formulaNo', operator: 'eq', value: 'PB-1-C30' }]))[0];
    const batch = await post('ProductionTask', 'BatchCreate', {
      values: { orderId: order.id, plannedStart: '2026-11-25 07:30:00' },
      rows: [{ lineNo: '1', formulaId: formula.id, plannedVolume: 6 }, { lineNo: '1', formulaId: formula.id, plannedVolume: 6 }],
    });
    expect(batch.data).toMatchObject({ succeeded: 2, failed: 0 });
    const tasks = await list('ProductionTask', [{ field: 'orderId', operator: 'eq', value: order.id }]);
    const taskNos = tasks.map((t) => String(t.taskNo));
    expect(new Set(taskNos).size).toBe(2);
    for (const no of taskNos) expect(no).toMatch(/^RW-\d{8}-\d{4}$/);
    const started = await post('ProductionTask', 'ModifyStatus', { rec_id: tasks[0].id, transition: 'start' });
    expect(started.status).toBe(1);
    const trips = await Promise.all([1, 2, 3].map(() => post('ConcreteTransport', 'CreateModel', { taskId: tasks[0].id, carId: '1', driverName: '刘德贵', volume: 2, leftAt: '2026-11-25 08:00:00' })));
    expect(trips.map((t) => t.status)).toEqual([1, 1, 1]);
    const tripNos = trips.map((t) => String((t.data as Row).tripNo));
    expect(new Set(tripNos).size).toBe(3);
    for (const no of tripNos) expect(no).toMatch(/^FH-\d{8}-\d{4}$/);
  });
});

describe('project data (a rule on 隐患排查’s hazardNo, in a transaction rolled back)', () => {
  const ruled = (numbering: NumberingRule) => {
    const base = entityModel('Hazard');
    return buildModel({ ...base.entity, fields: base.entity.fields.map((f) => (f.name === 'hazardNo' ? { ...f, numbering } : f)) });
  };
  class Undo extends Error {}
  /** The numbers of two new rows and the sequences they moved, all undone afterwards. */
  async function tryRule(numbering: NumberingRule, columns: Row): Promise<{ numbers: string[]; keys: string[] }> {
    let seen: { numbers: string[]; keys: string[] } = { numbers: [], keys: [] };
    const model = ruled(numbering);
    await db.transaction().execute(async (trx) => {
      const numbers = [(await assignNumbers(trx, model, { ...columns })).hazardNo, (await assignNumbers(trx, model, { ...columns })).hazardNo];
      const keys = await sql<{ scope_key: string }>`select scope_key from numbering_sequences where table_name = ${model.table}`.execute(trx);
      seen = { numbers, keys: keys.rows.map((r) => r.scope_key) };
      throw new Undo();
    }).catch((e: unknown) => { if (!(e instanceof Undo)) throw e; });
    return seen;
  }

  it('counts per company of the row’s project, per project, or once for the table', async () => {
    const project = (await sql<{ id: string; company_id: string }>`select id, company_id from projects where project_no = 'NJJG-2024-001'`.execute(db)).rows[0];
    const columns = { project_id: project.id, company_id: -1 };
    const month = chinaDay(Date.now()).slice(0, 6);
    const company = await tryRule({ pattern: 'YH-{yyyyMM}-{seq:3}', scope: 'company', reset: 'month' }, columns);
    expect(company).toEqual({ numbers: [`YH-${month}-001`, `YH-${month}-002`], keys: [String(project.company_id)] });
    const perProject = await tryRule({ pattern: 'YH-{yyyyMM}-{seq:3}', scope: 'project', reset: 'month' }, columns);
    expect(perProject).toEqual({ numbers: [`YH-${month}-001`, `YH-${month}-002`], keys: [String(project.id)] });
    const table = await tryRule({ pattern: 'YH{seq:5}', scope: 'global', reset: 'never' }, columns);
    expect(table).toEqual({ numbers: ['YH00001', 'YH00002'], keys: [''] });
  });
});
