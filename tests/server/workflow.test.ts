// Workflows and optimistic concurrency (docs/metadata.md "Workflows", "Versions") on the real 工资发放
// page: transitions allowed only from their states, 402 without the permitting button, rows outside the
// scope not found, a history row in the move's transaction (a failing hook leaves neither), stale
// versions refused, two concurrent approvals with one winner, and a batch with a result per row.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import { call, session, startApp } from './helpers';
import { endpoint, enterMonitoring, entityModel, projectId } from './engine-support';

type Row = Record<string, unknown>;
const ENTITY = 'PayrollBatch';
const base = `${API_BASE}/api/${entityModel(ENTITY).api.base}`;
const TRANSITION = `${base}/Transition`;
const MULTI = `${base}/MultiTransition`;
const HISTORY = `${base}/History`;
const NO_PERMISSION = { status: 0, code: 402, detail: '没有权限' };
const STALE = '数据已被他人修改，请刷新后重试';

let app: FastifyInstance;
let admin: string;
let month = 0;

beforeAll(async () => {
  app = await startApp();
  admin = (await session(app, 'qiye01')).token;
});
afterAll(async () => {
  await app.close();
});

/** A new 未审核 batch (auditStatus defaults to 1) on a project, by qiye01. */
async function newBatch(over: Record<string, unknown> = {}, projectNo = 'NJJG-2024-001'): Promise<Row> {
  month += 1;
  const body = {
    project_id: await projectId(app, admin, projectNo),
    pay_month: `${2030 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`,
    unit_name: '四川川南建筑劳务有限公司',
    worker_count: 20,
    total_amount: 100000,
    paid_amount: 100000,
    funds_status: '1',
    ...over,
  };
  const reply = await call<Row>(app, 'POST', endpoint(ENTITY, 'create'), { token: admin, body });
  if (reply.body.status !== 1) throw new Error(JSON.stringify(reply.body));
  return reply.body.data!;
}

const detail = async (id: unknown, token = admin) => (await call<Row>(app, 'GET', endpoint(ENTITY, 'detail'), { token, query: { rec_id: String(id) } })).body;
const history = async (id: unknown, token = admin) => (await call<Row[]>(app, 'GET', HISTORY, { token, query: { rec_id: String(id) } })).body;
const move = (token: string, body: Record<string, unknown>) => call<Row>(app, 'POST', TRANSITION, { token, body });

describe('transitions of the 工资发放 workflow', () => {
  it('answers every row with its version, raised by each change', async () => {
    const batch = await newBatch();
    expect(batch).toMatchObject({ auditStatus: '1', version: 1 });
    const moved = await move(admin, { rec_id: batch.id, transition: 'approve', version: 1 });
    expect(moved.body).toMatchObject({ status: 1, detail: '操作成功', data: { auditStatus: '2', version: 2 } });
  });

  it('moves a batch 未审核 → 驳回 (reason required) → 重新提交 → 审核通过 and keeps each move in the history', async () => {
    const batch = await newBatch();
    const noReason = await move(admin, { rec_id: batch.id, transition: 'reject', version: batch.version });
    expect(noReason.body).toMatchObject({ status: 0, detail: '请输入驳回原因' });
    const blank = await move(admin, { rec_id: batch.id, transition: 'reject', reject_reason: '   ' });
    expect(blank.body).toMatchObject({ status: 0, detail: '请输入驳回原因' });
    const rejected = await move(admin, { rec_id: batch.id, transition: 'reject', version: batch.version, reject_reason: '人数与考勤不符', comment: '请核对' });
    expect(rejected.body.data).toMatchObject({ auditStatus: '3', rejectReason: '人数与考勤不符' });
    expect((await move(admin, { rec_id: batch.id, transition: 'resubmit' })).body.data).toMatchObject({ auditStatus: '1' });
    expect((await move(admin, { rec_id: batch.id, transition: 'approve' })).body.data).toMatchObject({ auditStatus: '2' });

    const h = await history(batch.id);
    expect(h.status).toBe(1);
    expect(h.data).toHaveLength(3);
    expect(h.data![0]).toMatchObject({
      transition: 'reject', label: '驳回', from: '1', fromLabel: '未审核', to: '3', toLabel: '审核驳回',
      fields: { rejectReason: '人数与考勤不符' }, comment: '请核对', userName: '李明',
    });
    expect(String(h.data![0].time)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(h.data!.map((e) => e.transition)).toEqual(['reject', 'resubmit', 'approve']);
  });

  it('refuses a move not allowed from the row’s state, naming both, and changes nothing', async () => {
    const batch = await newBatch();
    await move(admin, { rec_id: batch.id, transition: 'approve' });
    const again = await move(admin, { rec_id: batch.id, transition: 'reject', reject_reason: '晚了' });
    expect(again.body).toEqual({ status: 0, detail: '当前状态“审核通过”不能执行“驳回”' });
    expect((await detail(batch.id)).data).toMatchObject({ auditStatus: '2', rejectReason: null, version: 2 });
    expect((await history(batch.id)).data).toHaveLength(1);
  });

  it('refuses an unknown transition, unknown fields and a state written through edit', async () => {
    const batch = await newBatch();
    expect((await move(admin, { rec_id: batch.id, transition: 'publish' })).body).toEqual({ status: 0, detail: '不支持的操作' });
    const extra = await move(admin, { rec_id: batch.id, transition: 'approve', total_amount: 1 });
    expect(extra.status).toBe(400);
    expect(extra.body.detail).toContain('不支持的字段 total_amount');
    const missing = await move(admin, { rec_id: batch.id });
    expect(missing.status).toBe(400);
    // The state field is readOnly: an edit cannot set it.
    await call(app, 'POST', endpoint(ENTITY, 'update'), { token: admin, body: { rec_id: batch.id, audit_status: '2' } });
    expect((await detail(batch.id)).data?.auditStatus).toBe('1');
  });

  it('gives a role without the permitting button 402 and changes nothing', async () => {
    const batch = await newBatch();
    const { token } = await session(app, 'qiye02');
    expect(await move(token, { rec_id: batch.id, transition: 'approve' })).toMatchObject({ body: NO_PERMISSION });
    const batchReply = await call(app, 'POST', MULTI, { token, body: { ids: [batch.id], transition: 'approve' } });
    expect(batchReply.body).toEqual(NO_PERMISSION);
    expect((await detail(batch.id)).data?.auditStatus).toBe('1');
    // The history is read with the page: qiye02 sees the page, so it may read it.
    expect((await history(batch.id, token)).status).toBe(1);
  });

  it('does not find a row outside the caller’s scope', async () => {
    const outside = await newBatch({}, 'NJJG-2024-002');
    const { token } = await session(app, 'xiangmu01');
    expect((await move(token, { rec_id: outside.id, transition: 'approve' })).body).toEqual({ status: 0, detail: '记录不存在或无权访问' });
    expect(await history(outside.id, token)).toEqual({ status: 0, detail: '记录不存在或无权访问' });
    expect((await detail(outside.id)).data?.auditStatus).toBe('1');
  });

  it('writes the history in the move’s transaction: a refusing hook leaves neither the state nor a history row', async () => {
    const overpaid = await newBatch({ total_amount: 1000, paid_amount: 1200 });
    const refused = await move(admin, { rec_id: overpaid.id, transition: 'approve', version: overpaid.version });
    expect(refused.body).toEqual({ status: 0, detail: '实发总额大于应发总额，不能审核通过' });
    expect((await detail(overpaid.id)).data).toMatchObject({ auditStatus: '1', version: overpaid.version });
    expect((await history(overpaid.id)).data).toEqual([]);
  });

  it('refuses a move while monitoring another company (monitoring is read-only)', async () => {
    const outside = await newBatch({}, 'NJJG-2024-002');
    const { token, result } = await session(app, 'duogongsi');
    await enterMonitoring(app, token, result, '内江建工路桥工程有限公司');
    const reply = await move(token, { rec_id: outside.id, transition: 'approve' });
    expect(reply.body).toEqual({ status: 0, code: 402, detail: '监视模式下只能查看，不能修改数据' });
    expect((await detail(outside.id)).data?.auditStatus).toBe('1');
  });
});

describe('optimistic concurrency', () => {
  it('refuses a stale version on update and changes nothing; a missing version is accepted', async () => {
    const batch = await newBatch();
    const first = await call<Row>(app, 'POST', endpoint(ENTITY, 'update'), { token: admin, body: { rec_id: batch.id, version: batch.version, remark: '第一次' } });
    expect(first.body.data).toMatchObject({ remark: '第一次', version: 2 });
    const stale = await call<Row>(app, 'POST', endpoint(ENTITY, 'update'), { token: admin, body: { rec_id: batch.id, version: batch.version, remark: '第二次' } });
    expect(stale.body).toEqual({ status: 0, detail: STALE });
    expect((await detail(batch.id)).data).toMatchObject({ remark: '第一次', version: 2 });
    const legacy = await call<Row>(app, 'POST', endpoint(ENTITY, 'update'), { token: admin, body: { rec_id: batch.id, remark: '第三次' } });
    expect(legacy.body.data).toMatchObject({ remark: '第三次', version: 3 });
    const bad = await call<Row>(app, 'POST', endpoint(ENTITY, 'update'), { token: admin, body: { rec_id: batch.id, version: 'x' } });
    expect(bad.status).toBe(400);
  });

  it('refuses a transition with a stale version', async () => {
    const batch = await newBatch();
    await call(app, 'POST', endpoint(ENTITY, 'update'), { token: admin, body: { rec_id: batch.id, remark: '别人改过' } });
    const stale = await move(admin, { rec_id: batch.id, transition: 'approve', version: batch.version });
    expect(stale.body).toEqual({ status: 0, detail: STALE });
    expect((await detail(batch.id)).data?.auditStatus).toBe('1');
  });

  it('lets exactly one of two clients approving the same row at once win', async () => {
    const batch = await newBatch();
    const other = (await session(app, 'xiangmu01')).token;
    for (const version of [batch.version, undefined]) {
      const row = version === undefined ? await newBatch() : batch;
      const body = { rec_id: row.id, transition: 'approve', ...(version === undefined ? {} : { version }) };
      const replies = await Promise.all([move(admin, body), move(other, body)]);
      const winners = replies.filter((r) => r.body.status === 1);
      expect(winners, JSON.stringify(replies.map((r) => r.body))).toHaveLength(1);
      const loser = replies.find((r) => r.body.status !== 1)!;
      expect([STALE, '当前状态“审核通过”不能执行“审核通过”']).toContain(loser.body.detail);
      expect((await detail(row.id)).data).toMatchObject({ auditStatus: '2', version: 2 });
      expect((await history(row.id)).data).toHaveLength(1);
    }
  });
});

describe('batch transition (multi-status)', () => {
  it('moves each row it may and answers a result per row', async () => {
    const a = await newBatch();
    const done = await newBatch();
    await move(admin, { rec_id: done.id, transition: 'approve' });
    const outside = await newBatch({}, 'NJJG-2024-002');
    const { token } = await session(app, 'xiangmu01');
    const reply = await call<{ results: Row[]; succeeded: number; failed: number }>(app, 'POST', MULTI, {
      token,
      body: { ids: [a.id, done.id, outside.id], transition: 'reject', reject_reason: '资料不全' },
    });
    expect(reply.body.status).toBe(1);
    expect(reply.body.detail).toBe('成功 1 条，失败 2 条');
    expect(reply.body.data).toEqual({
      results: [
        { id: a.id, ok: true, message: '操作成功' },
        { id: done.id, ok: false, message: '当前状态“审核通过”不能执行“驳回”' },
        { id: outside.id, ok: false, message: '记录不存在或无权访问' },
      ],
      succeeded: 1,
      failed: 2,
    });
    expect((await detail(a.id)).data).toMatchObject({ auditStatus: '3', rejectReason: '资料不全' });
    expect((await detail(outside.id)).data?.auditStatus).toBe('1');
  });

  it('refuses a batch without the required reason once, and empty or malformed id lists', async () => {
    const a = await newBatch();
    const noReason = await call(app, 'POST', MULTI, { token: admin, body: { ids: [a.id], transition: 'reject' } });
    expect(noReason.body).toEqual({ status: 0, detail: '请输入驳回原因' });
    expect((await call(app, 'POST', MULTI, { token: admin, body: { ids: [], transition: 'approve' } })).body).toEqual({ status: 0, detail: '请选择要操作的记录' });
    expect((await call(app, 'POST', MULTI, { token: admin, body: { ids: 'x', transition: 'approve' } })).status).toBe(400);
    expect((await call(app, 'POST', MULTI, { token: admin, body: { ids: [{}], transition: 'approve' } })).status).toBe(400);
    expect((await detail(a.id)).data?.auditStatus).toBe('1');
  });
});
