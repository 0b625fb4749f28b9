// Master–detail and batch actions (issue 10, docs/metadata.md "Master–detail", "Batch actions"): a
// training session saves its attendees in its own transaction, all or nothing, with row-level messages;
// reorders, removes and adds; answers them in its detail and page by page; deleting it cascades (or, when
// declared `refuse`, is refused). The roster's batch delete answers a result per row — a worker with
// attendance is refused by the delete rule, the others go — and a batch update is all or nothing.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import type { BatchResult } from '../../common/metadata';
import type { Database } from '../../server/db/schema';
import { SCHEMAS_DIR } from '../../server/platform/catalog';
import { call, session, startApp } from './helpers';
import { endpoint, projectId } from './engine-support';

type Row = Record<string, unknown> & { id: string };
type Session = Row & { attendees: Row[] };

let app: FastifyInstance;
let db: Kysely<Database>;
let admin: string;
let project: string;

const url = (base: string, name: string) => `${API_BASE}/api/${base}/${name}`;
const sessionBody = (over: Record<string, unknown> = {}) => ({
  title: '主从测试培训', trainingType: '1', projectId: project, trainer: '张伟', trainingDate: '2025-03-01', hours: 2,
  attendeeCount: 3, content: '三级安全教育', ...over,
});
const attendee = (workerName: string, idCardNo: string, over: Record<string, unknown> = {}) => ({ workerName, idCardNo, hours: 2, ...over });
const ID1 = '51100219900315123X';
const ID2 = '110101199003074477';
/** A new GB 11643 number for each roster worker (花名册 holds an ID number once per project, issue 29). */
let workerSeq = 0;
function nextWorkerId(): string {
  const body = `51100219900601${String((workerSeq += 1)).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  return body + '10X98765432'[[...body].reduce((sum, c, i) => sum + Number(c) * weights[i], 0) % 11];
}
const ID3 = '440305199512120016';

async function detail(id: string): Promise<Session> {
  const reply = await call<Session>(app, 'GET', endpoint('TrainingSession', 'detail'), { token: admin, query: { rec_id: id } });
  if (reply.body.status !== 1) throw new Error(JSON.stringify(reply.body));
  return reply.body.data!;
}
async function attendeesOf(id: string): Promise<number> {
  const filters = JSON.stringify([{ field: 'sessionId', operator: 'eq', value: id }]);
  const reply = await call<Row[]>(app, 'GET', endpoint('TrainingAttendee', 'list'), { token: admin, query: { index: 0, size: 1, filters } });
  return reply.body.pageInfo!.record_count;
}
async function createSession(attendees: unknown[]): Promise<Session> {
  const reply = await call<Session>(app, 'POST', endpoint('TrainingSession', 'create'), { token: admin, body: { ...sessionBody(), attendees } });
  if (reply.body.status !== 1) throw new Error(JSON.stringify(reply.body));
  return reply.body.data!;
}

beforeAll(async () => {
  app = await startApp({
    routes: [
      async (_api, { ctx }) => {
        db = ctx.db;
      },
    ],
  });
  admin = (await session(app, 'qiye01')).token;
  project = await projectId(app, admin, 'NJJG-2024-001');
});
afterAll(async () => {
  await app.close();
});

describe('a parent saved with its children', () => {
  it('creates the session and its attendees in order, the project inherited, and answers them in the detail', async () => {
    const created = await createSession([attendee('杨志明', ID1), attendee('李小红', ID2, { projectId: '999999' })]);
    expect(created.attendees.map((a) => a.workerName)).toEqual(['杨志明', '李小红']);
    const read = await detail(created.id);
    expect(read.attendees.map((a) => [a.workerName, a.seq, a.sessionId, a.projectId])).toEqual([
      ['杨志明', 1, created.id, project],
      ['李小红', 2, created.id, project],
    ]);
  });

  it('refuses the whole save when one child row is bad, naming the row and field, and changes nothing', async () => {
    const created = await createSession([attendee('杨志明', ID1)]);
    const reply = await call(app, 'POST', endpoint('TrainingSession', 'update'), {
      token: admin,
      body: { rec_id: created.id, ...sessionBody({ title: '不该保存的标题' }), attendees: [...created.attendees, attendee('', ID2), attendee('王五', ID3)] },
    });
    expect(reply.body).toEqual({ status: 0, detail: '第2行：请输入姓名', data: { child: 'attendees', row: 1, field: 'workerName' } });
    const after = await detail(created.id);
    expect(after.title).toBe('主从测试培训');
    expect(after.attendees.map((a) => a.workerName)).toEqual(['杨志明']);
    // A new parent with a bad child is not created either.
    const before = await call<Row[]>(app, 'GET', endpoint('TrainingSession', 'list'), { token: admin, query: { index: 0, size: 1 } });
    const refused = await call(app, 'POST', endpoint('TrainingSession', 'create'), { token: admin, body: { ...sessionBody(), attendees: [attendee('王五', '123')] } });
    expect(refused.body).toMatchObject({ status: 0, detail: '第1行：请输入正确的身份证号码', data: { row: 0, field: 'idCardNo' } });
    const afterList = await call<Row[]>(app, 'GET', endpoint('TrainingSession', 'list'), { token: admin, query: { index: 0, size: 1 } });
    expect(afterList.body.pageInfo!.record_count).toBe(before.body.pageInfo!.record_count);
  });

  it('reorders, updates, removes and adds children in one save', async () => {
    const created = await createSession([attendee('杨志明', ID1), attendee('李小红', ID2), attendee('王五', ID3)]);
    const [a, b, c] = created.attendees;
    const reply = await call<Session>(app, 'POST', endpoint('TrainingSession', 'update'), {
      token: admin,
      body: { rec_id: created.id, attendees: [{ ...c, score: 90 }, a, attendee('赵六', '110101199003070070')] },
    });
    expect(reply.body.status).toBe(1);
    const read = await detail(created.id);
    expect(read.attendees.map((x) => [x.id ?? 'new', x.workerName, x.seq])).toEqual([
      [c.id, '王五', 1],
      [a.id, '杨志明', 2],
      [read.attendees[2].id, '赵六', 3],
    ]);
    expect(read.attendees[0].score).toBe(90);
    expect(read.attendees.some((x) => x.id === b.id)).toBe(false);
    // An id that is not one of this parent's children is refused.
    const other = await createSession([attendee('杨志明', ID1)]);
    const foreign = await call(app, 'POST', endpoint('TrainingSession', 'update'), { token: admin, body: { rec_id: created.id, attendees: [other.attendees[0]] } });
    expect(foreign.body).toMatchObject({ status: 0, detail: '第1行：记录不存在或无权访问', data: { child: 'attendees', row: 0 } });
    // Without the key the children stay as they are.
    await call(app, 'POST', endpoint('TrainingSession', 'update'), { token: admin, body: { rec_id: created.id, location: '二楼' } });
    expect((await detail(created.id)).attendees).toHaveLength(3);
  });

  it('answers a long child list page by page', async () => {
    const created = await createSession([attendee('杨志明', ID1), attendee('李小红', ID2), attendee('王五', ID3)]);
    const page = await call<Row[]>(app, 'GET', url('TrainingSession', 'Children'), { token: admin, query: { rec_id: created.id, child: 'attendees', index: 1, size: 2 } });
    expect(page.body.status).toBe(1);
    expect(page.body.data!.map((r) => r.workerName)).toEqual(['王五']);
    expect(page.body.pageInfo).toMatchObject({ record_count: 3, p_index: 1, p_size: 2 });
    const missing = await call(app, 'GET', url('TrainingSession', 'Children'), { token: admin, query: { rec_id: created.id, child: 'nothing' } });
    expect(missing.body).toEqual({ status: 0, detail: '子表不存在' });
  });

  it('refuses a malformed collection with 400 and too many rows with a message', async () => {
    const bad = await call(app, 'POST', endpoint('TrainingSession', 'create'), { token: admin, body: { ...sessionBody(), attendees: 'x' } });
    expect(bad.status).toBe(400);
    const many = Array.from({ length: 2001 }, () => attendee('杨志明', ID1));
    const tooMany = await call(app, 'POST', endpoint('TrainingSession', 'create'), { token: admin, body: { ...sessionBody(), attendees: many } });
    expect(tooMany.body).toEqual({ status: 0, detail: '参训人员不能超过2000条' });
  });

  it('deleting the parent takes its children along (onDelete cascade)', async () => {
    const created = await createSession([attendee('杨志明', ID1), attendee('李小红', ID2)]);
    expect(await attendeesOf(created.id)).toBe(2);
    const reply = await call(app, 'POST', endpoint('TrainingSession', 'delete'), { token: admin, body: { rec_id: created.id, if_del: 1 } });
    expect(reply.body.status).toBe(1);
    expect(await attendeesOf(created.id)).toBe(0);
  });
});

describe('a parent whose children are declared onDelete refuse', () => {
  // Starts an app of its own: a generous limit for a loaded CI machine (the checks are the same).
  it('is refused while it has children, naming them, and goes once they are gone', { timeout: 240_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'schemas-children-'));
    cpSync(SCHEMAS_DIR, dir, { recursive: true });
    const edit = (file: string, change: (json: Record<string, unknown> & { fields: Array<Record<string, unknown>> }) => void) => {
      const path = join(dir, file);
      const json = JSON.parse(readFileSync(path, 'utf8'));
      change(json);
      writeFileSync(path, JSON.stringify(json));
    };
    edit('entities/training-session.json', (j) => ((j.children as Array<Record<string, unknown>>)[0].onDelete = 'refuse'));
    edit('entities/training-attendee.json', (j) => delete j.fields.find((f) => f.name === 'sessionId')!.onDelete);
    const refuseApp = await startApp({ schemasDir: dir });
    try {
      const token = (await session(refuseApp, 'qiye01')).token;
      const body = { ...sessionBody({ projectId: await projectId(refuseApp, token, 'NJJG-2024-001') }), attendees: [attendee('杨志明', ID1), attendee('李小红', ID2)] };
      const created = await call<Session>(refuseApp, 'POST', endpoint('TrainingSession', 'create'), { token, body });
      const id = created.body.data!.id;
      const refused = await call(refuseApp, 'POST', endpoint('TrainingSession', 'delete'), { token, body: { rec_id: id, if_del: 1 } });
      expect(refused.body).toEqual({ status: 0, detail: '该记录已被其他数据使用：2 名参训人员' });
      await call(refuseApp, 'POST', endpoint('TrainingSession', 'update'), { token, body: { rec_id: id, attendees: [] } });
      const deleted = await call(refuseApp, 'POST', endpoint('TrainingSession', 'delete'), { token, body: { rec_id: id, if_del: 1 } });
      expect(deleted.body.status).toBe(1);
    } finally {
      await refuseApp.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('batch actions on the roster', () => {
  const workerBody = (name: string, idCardNo: string) => ({ project_id: project, worker_name: name, id_card_no: idCardNo, gender: '1', entry_date: '2025-01-01' });
  async function newWorker(name: string, idCardNo: string): Promise<string> {
    const reply = await call<Row>(app, 'POST', endpoint('Worker', 'create'), { token: admin, body: workerBody(name, idCardNo) });
    if (reply.body.status !== 1) throw new Error(JSON.stringify(reply.body));
    return reply.body.data!.id;
  }
  async function referencedWorker(): Promise<string> {
    const list = await call<Row[]>(app, 'GET', endpoint('AttendanceRecord', 'list'), { token: admin, query: { index: 0, size: 1 } });
    return String(list.body.data![0].workerId);
  }
  const exists = async (id: string) => (await call(app, 'GET', endpoint('Worker', 'detail'), { token: admin, query: { rec_id: id } })).body.status === 1;

  it('deletes row by row: a worker with attendance is refused by the delete rule, the others go', async () => {
    const a = await newWorker('批删甲', nextWorkerId());
    const b = await newWorker('批删乙', nextWorkerId());
    const used = await referencedWorker();
    const reply = await call<BatchResult>(app, 'POST', url('Worker', 'BatchDelete'), { token: admin, body: { ids: [a, used, b] } });
    expect(reply.body.status).toBe(1);
    const result = reply.body.data!;
    expect(result).toMatchObject({ succeeded: 2, failed: 1 });
    expect(result.results.map((r) => [r.id, r.ok])).toEqual([[a, true], [used, false], [b, true]]);
    expect(result.results[1].message).toMatch(/^该记录已被其他数据使用：\d+ 条考勤记录/);
    expect([await exists(a), await exists(used), await exists(b)]).toEqual([false, true, false]);
  });

  it('updates all or nothing: one bad row rolls every row back and says why', async () => {
    const a = await newWorker('批改甲', nextWorkerId());
    const b = await newWorker('批改乙', nextWorkerId());
    const ok = await call<BatchResult>(app, 'POST', url('Worker', 'BatchUpdate'), { token: admin, body: { ids: [a, b], values: { exitDate: '2025-06-30' } } });
    expect(ok.body.data).toMatchObject({ succeeded: 2, failed: 0 });
    // 退场 before 进场 on one row: nothing is written.
    const c = await newWorker('批改丙', ID3);
    await call(app, 'POST', endpoint('Worker', 'update'), { token: admin, body: { rec_id: c, entry_date: '2025-08-01' } });
    const bad = await call<BatchResult>(app, 'POST', url('Worker', 'BatchUpdate'), { token: admin, body: { ids: [a, c], values: { exitDate: '2025-07-15' } } });
    expect(bad.body.data).toEqual({
      succeeded: 0,
      failed: 2,
      results: [
        { id: a, ok: false, message: '同批有数据失败，本条未执行' },
        { id: c, ok: false, message: expect.stringContaining('不能早于') },
      ],
    });
    const read = await call<Row>(app, 'GET', endpoint('Worker', 'detail'), { token: admin, query: { rec_id: a } });
    expect(read.body.data!.exitDate).toBe('2025-06-30');
    // Only the declared fields.
    const other = await call(app, 'POST', url('Worker', 'BatchUpdate'), { token: admin, body: { ids: [a], values: { workerName: '改名' } } });
    expect(other.status).toBe(400);
  });

  it('refuses malformed batches: no ids, a bad id, too many', async () => {
    expect((await call(app, 'POST', url('Worker', 'BatchDelete'), { token: admin, body: { ids: 'x' } })).status).toBe(400);
    expect((await call(app, 'POST', url('Worker', 'BatchDelete'), { token: admin, body: { ids: ['1x'] } })).status).toBe(400);
    expect((await call(app, 'POST', url('Worker', 'BatchDelete'), { token: admin, body: { ids: [] } })).body).toEqual({ status: 0, detail: '请选择要操作的记录' });
    const many = Array.from({ length: 501 }, (_, i) => String(i + 1));
    expect((await call(app, 'POST', url('Worker', 'BatchDelete'), { token: admin, body: { ids: many } })).body).toEqual({ status: 0, detail: '一次最多操作500条记录' });
  });

  it('a role without the delete or edit button gets 402 and nothing changes', async () => {
    const a = await newWorker('无权甲', nextWorkerId());
    const { token } = await session(app, 'qiye02');
    for (const [name, body] of [['BatchDelete', { ids: [a] }], ['BatchUpdate', { ids: [a], values: { exitDate: '2025-06-30' } }]] as const) {
      const reply = await call(app, 'POST', url('Worker', name), { token, body });
      expect(reply.body).toEqual({ status: 0, code: 402, detail: '没有权限' });
    }
    expect(await exists(a)).toBe(true);
  });
});

// docs/metadata.md "Audit trail": children and batch rows are audited as their own entity's single
// actions, in the write's transaction; a refused save or a rolled-back batch leaves no audit row.
describe('the audit trail of children and batches', () => {
  const lastId = async () => String((await db.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? '0');
  const since = async (from: string) =>
    (await db.selectFrom('audit_log').select(['entity', 'record_id', 'action']).where('id', '>', from).orderBy('id').execute()).map((r) => [r.entity, r.record_id, r.action]);

  it('writes the parent row and one row per child written, under the child entity', async () => {
    let from = await lastId();
    const created = await createSession([attendee('杨志明', ID1), attendee('李小红', ID2)]);
    const [a, b] = created.attendees.map((x) => x.id);
    expect(await since(from)).toEqual([
      ['TrainingSession', created.id, 'create'],
      ['TrainingAttendee', a, 'create'],
      ['TrainingAttendee', b, 'create'],
    ]);

    from = await lastId();
    const updated = await call<Session>(app, 'POST', endpoint('TrainingSession', 'update'), {
      token: admin,
      body: { rec_id: created.id, ...sessionBody(), attendees: [{ ...created.attendees[1], hours: 3 }, attendee('王五', ID3)] },
    });
    expect(updated.body.status).toBe(1);
    const added = updated.body.data!.attendees[1].id;
    // The parent first, then its children: removals, then the rows in order.
    expect(await since(from)).toEqual([
      ['TrainingSession', created.id, 'update'],
      ['TrainingAttendee', a, 'delete'],
      ['TrainingAttendee', b, 'update'],
      ['TrainingAttendee', added, 'create'],
    ]);

    from = await lastId();
    const refused = await call(app, 'POST', endpoint('TrainingSession', 'update'), {
      token: admin,
      body: { rec_id: created.id, ...sessionBody({ title: '不该保存' }), attendees: [attendee('', ID1)] },
    });
    expect(refused.body.status).toBe(0);
    expect(await since(from)).toEqual([]);
  });

  it('audits each batch row by its single action; refused rows and rolled-back batches leave none', async () => {
    const body = (name: string, idCardNo: string) => ({ project_id: project, worker_name: name, id_card_no: idCardNo, gender: '1', entry_date: '2025-01-01' });
    const worker = async (name: string, idCardNo: string) => (await call<Row>(app, 'POST', endpoint('Worker', 'create'), { token: admin, body: body(name, idCardNo) })).body.data!.id;
    const a = await worker('审计甲', nextWorkerId());
    const b = await worker('审计乙', nextWorkerId());
    const list = await call<Row[]>(app, 'GET', endpoint('AttendanceRecord', 'list'), { token: admin, query: { index: 0, size: 1 } });
    const used = String(list.body.data![0].workerId);

    let from = await lastId();
    const deleted = await call<BatchResult>(app, 'POST', url('Worker', 'BatchDelete'), { token: admin, body: { ids: [a, used, b] } });
    expect(deleted.body.data).toMatchObject({ succeeded: 2, failed: 1 });
    expect(await since(from)).toEqual([
      ['Worker', a, 'delete'],
      ['Worker', b, 'delete'],
    ]);

    const c = await worker('审计丙', nextWorkerId());
    const d = await worker('审计丁', nextWorkerId());
    await call(app, 'POST', endpoint('Worker', 'update'), { token: admin, body: { rec_id: d, entry_date: '2025-08-01' } });
    from = await lastId();
    const rolledBack = await call<BatchResult>(app, 'POST', url('Worker', 'BatchUpdate'), { token: admin, body: { ids: [c, d], values: { exitDate: '2025-07-15' } } });
    expect(rolledBack.body.data).toMatchObject({ succeeded: 0, failed: 2 });
    expect(await since(from)).toEqual([]);
    const kept = await call<BatchResult>(app, 'POST', url('Worker', 'BatchUpdate'), { token: admin, body: { ids: [c, d], values: { exitDate: '2025-09-30' } } });
    expect(kept.body.data).toMatchObject({ succeeded: 2, failed: 0 });
    expect(await since(from)).toEqual([
      ['Worker', c, 'update'],
      ['Worker', d, 'update'],
    ]);
  });
});
