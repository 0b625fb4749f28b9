// Engine gaps the page builders reported (issue #4), end to end through the generic endpoints, on PGlite
// and (DATABASE_URL) PostgreSQL: zoneless datetimes are China Standard Time in writes, filters, imports
// and seeds; ids of another entity's rows sent as text are accepted and must name a row the caller sees
// (of the same project with `filterBy`); a blank required select gets its required message; `after`
// keeps end dates after start dates; the dashboard entities have their own menu nodes and grants.
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectListItem } from '../../common/wire';
import { prepareDatabase } from '../../server/app';
import { openDatabase } from '../../server/db/connect';
import { seedEntities } from '../../server/metadata/seed-entities';
import { PROJECTS } from '../../server/seed/demo-data';
import { catalog, endpoint, multipart, postMultipart } from './engine-support';
import { call, PATHS, session, startApp } from './helpers';

type Row = Record<string, unknown> & { id: string };

let app: FastifyInstance;
const tokens: Record<string, string> = {};
const projectIds = new Map<string, string>();
const pid = (no: string): string => projectIds.get(no) ?? '';

beforeAll(async () => {
  app = await startApp();
  for (const u of ['qiye01', 'qiye02', 'xiangmu01', 'jianguan01', 'sysadmin']) tokens[u] = (await session(app, u)).token;
  const reply = await call<ProjectListItem[]>(app, 'GET', PATHS.projectList, { token: tokens.qiye01, query: { index: 0, size: 500 } });
  for (const p of reply.body.data ?? []) projectIds.set(p.projectPosInfo.projectNo, p.projectPosInfo.id);
});
afterAll(async () => {
  await app.close();
});

const post = (entity: string, action: 'create' | 'update' | 'delete', token: string, body: Record<string, unknown>) =>
  call<Row>(app, 'POST', endpoint(entity, action), { token, body });

async function list(entity: string, token: string, query: Record<string, string | number> = {}): Promise<Row[]> {
  const reply = await call<Row[]>(app, 'GET', endpoint(entity, 'list'), { token, query: { index: 0, size: 1000, ...query } });
  if (reply.body.status !== 1) throw new Error(`${entity} list: ${JSON.stringify(reply.body)}`);
  return reply.body.data ?? [];
}

const filters = (...f: Array<{ field: string; operator: string; value: unknown }>) => ({ filters: JSON.stringify(f) });
const count = async (entity: string, token = tokens.qiye01) => (await list(entity, token)).length;

/** Seed rows get ids 1, 2, … in file order: the id of the n-th worker of a project (0-based) and its row. */
function seededWorker(projectNo: string, nth = 0): { id: number; workerName: string; idCardNo: string } {
  const rows = catalog.seeds.get('Worker') ?? [];
  const hits = rows.map((r, i) => ({ r, i })).filter(({ r }) => r.projectNo === projectNo);
  const { r, i } = hits[nth];
  return { id: i + 1, workerName: String(r.workerName), idCardNo: String(r.idCardNo) };
}

const hazard = (over: Record<string, unknown> = {}) => ({
  project_id: pid('NJJG-2024-001'), hazard_no: `YH-T-${Math.random().toString(36).slice(2, 8)}`, hazard_type: '1', level: '1',
  check_kind: '1', description: '3号楼12层外架连墙件缺失', found_at: '2026-11-21 18:05:00', rectify_deadline: '2026-11-25', status: '1',
  ...over,
});

describe('datetimes without a zone are China Standard Time', () => {
  it('stores a form time as CST and answers it unchanged; an explicit zone is honoured', async () => {
    const zoneless = await post('Hazard', 'create', tokens.qiye01, hazard());
    expect(zoneless.body).toMatchObject({ status: 1, data: { foundAt: '2026-11-21 18:05:00' } });
    const utc = await post('Hazard', 'create', tokens.qiye01, hazard({ found_at: '2026-11-21T09:30:00Z' }));
    expect(utc.body.data?.foundAt).toBe('2026-11-21 17:30:00');
    const offset = await post('Hazard', 'create', tokens.qiye01, hazard({ found_at: '2026-11-21T12:00:00+0200' }));
    expect(offset.body.data?.foundAt).toBe('2026-11-21 18:00:00');
    const detail = await call<Row>(app, 'GET', endpoint('Hazard', 'detail'), { token: tokens.qiye01, query: { rec_id: zoneless.body.data!.id } });
    expect(detail.body.data?.foundAt).toBe('2026-11-21 18:05:00');
  });

  it('refuses a time that is not one, with the field message, and writes nothing', async () => {
    const before = await count('Hazard');
    for (const bad of ['2026-02-30 10:00:00', '2026-11-21 25:00', '昨天下午', '2026-11-21T10:00:00+99:00']) {
      const reply = await post('Hazard', 'create', tokens.qiye01, hazard({ found_at: bad }));
      expect(reply.body, bad).toMatchObject({ status: 0, detail: '发现时间格式不正确' });
    }
    expect(await count('Hazard')).toBe(before);
  });

  it('reads zoneless filter bounds as CST and honours explicit zones', async () => {
    await post('Hazard', 'create', tokens.qiye01, hazard({ hazard_no: 'YH-T-FILTER', found_at: '2026-10-03 07:15:00' }));
    const hit = (value: unknown) => list('Hazard', tokens.qiye01, filters({ field: 'foundAt', operator: 'between', value }));
    expect((await hit(['2026-10-03 07:10:00', '2026-10-03 07:20:00'])).map((r) => r.hazardNo)).toEqual(['YH-T-FILTER']);
    expect((await hit(['2026-10-02T23:10:00Z', '2026-10-02T23:20:00Z'])).map((r) => r.hazardNo)).toEqual(['YH-T-FILTER']);
    // Eight hours off (the old UTC reading) finds nothing.
    expect(await hit(['2026-10-03T07:10:00Z', '2026-10-03T07:20:00Z'])).toEqual([]);
    const bad = await call(app, 'GET', endpoint('Hazard', 'list'), { token: tokens.qiye01, query: filters({ field: 'foundAt', operator: 'gte', value: '2026-13-01 00:00' }) });
    expect(bad.status).toBe(400);
  });

  it('answers the seeded attendance and gate passages at their CST wall-clock times (in_time 07:xx)', async () => {
    const attendance = await list('AttendanceRecord', tokens.qiye01, filters({ field: 'workDate', operator: 'eq', value: '2026-11-14' }));
    const seeded = (catalog.seeds.get('AttendanceRecord') ?? []).filter((r) => r.workDate === '2026-11-14');
    expect(seeded.length).toBeGreaterThan(0);
    const answered = new Set(attendance.map((r) => `${r.workerName} ${r.inTime}`));
    for (const r of seeded) expect(answered.has(`${r.workerName} ${String(r.inTime).slice(0, 19).replace('T', ' ')}`), String(r.workerName)).toBe(true);
    expect(attendance.every((r) => /^2026-11-14 0[6-9]:/.test(String(r.inTime)))).toBe(true);
    const passages = await list('GatePassage', tokens.qiye01, filters({ field: 'passTime', operator: 'between', value: ['2026-11-18', '2026-11-18'] }));
    const entries = passages.filter((p) => p.direction === '1');
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((p) => /^2026-11-18 0[6-9]:/.test(String(p.passTime)))).toBe(true);
  });

  it('imports a datetime typed as text or as an Excel date cell as CST', async () => {
    const exported = await app.inject({ method: 'GET', url: endpoint('Hazard', 'export'), headers: { authorization: `Bearer ${tokens.sysadmin}`, fromplat: 'pc' } });
    expect(exported.statusCode).toBe(200);
    const exportedBook = new ExcelJS.Workbook();
    await exportedBook.xlsx.load(exported.rawPayload as unknown as ExcelJS.Buffer);
    const header = (exportedBook.worksheets[0].getRow(1).values as unknown[]).slice(1);
    const first = (exportedBook.worksheets[0].getRow(2).values as unknown[]).slice(1);
    // A sheet of the export's header and two lines copied from its first row.
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('安全隐患');
    sheet.addRow(header);
    const col = (title: string) => header.indexOf(title) + 1;
    const line = (no: string, foundAt: unknown) => {
      const r = sheet.addRow(first);
      r.getCell(col('隐患编号')).value = no;
      r.getCell(col('销项时间')).value = null;
      r.getCell(col('发现时间')).value = foundAt as ExcelJS.CellValue;
    };
    line('YH-T-IMP-TEXT', '2026-11-20 08:30:00');
    // An Excel date has no zone: exceljs reads its wall clock as UTC.
    line('YH-T-IMP-DATE', new Date(Date.UTC(2026, 10, 20, 9, 45, 0)));
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const reply = await postMultipart(app, endpoint('Hazard', 'import'), tokens.sysadmin, multipart({}, { name: 'hazard.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data: file }));
    expect(reply.body).toMatchObject({ status: 1, data: { inserted: 2, errors: [] } });
    const rows = await list('Hazard', tokens.sysadmin, { keyword: 'YH-T-IMP' });
    expect(Object.fromEntries(rows.map((r) => [r.hazardNo, r.foundAt]))).toEqual({ 'YH-T-IMP-TEXT': '2026-11-20 08:30:00', 'YH-T-IMP-DATE': '2026-11-20 09:45:00' });
  });

  // Starts an app of its own: a generous limit for a loaded CI machine (the checks are the same).
  it('seeds a zoneless datetime as CST', { timeout: 240_000 }, async () => {
    const url = process.env.DATABASE_URL;
    const handle = await openDatabase(url ? { kind: 'postgres', url, isolate: true } : { kind: 'pglite', dataDir: 'memory' });
    try {
      await prepareDatabase(handle.db, catalog, { seed: true });
      await sql`delete from monitor_alarm`.execute(handle.db);
      const seeds = new Map([['Alarm', [{ projectNo: 'NJJG-2024-001', deviceCode: 'YC-T-1', alarmTime: '2026-11-21 18:05:00', alarmKind: '1', alarmLevel: '1' }]]]);
      expect((await seedEntities(handle.db, catalog.entities, seeds)).seeded).toEqual(['Alarm']);
      const { rows } = await sql<{ at: string }>`select to_char(alarm_time at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as at from monitor_alarm`.execute(handle.db);
      expect(rows).toEqual([{ at: '2026-11-21 10:05:00' }]);
    } finally {
      await handle.close();
    }
  });
});

describe("references to another entity's rows", () => {
  const card = (over: Record<string, unknown> = {}) => {
    const w = seededWorker('NJJG-2024-001');
    return {
      project_id: pid('NJJG-2024-001'), worker_id: String(w.id), worker_name: w.workerName, id_card_no: w.idCardNo, bank: '102',
      card_no: '6222021234567890123', apply_date: '2026-11-20', ...over,
    };
  };

  it('accepts the id as text (the select sends it so) and answers it as the number', async () => {
    const reply = await post('BankCard', 'create', tokens.qiye01, card());
    expect(reply.body).toMatchObject({ status: 1, data: { workerId: seededWorker('NJJG-2024-001').id } });
    const numeric = await post('BankCard', 'create', tokens.qiye01, card({ worker_id: seededWorker('NJJG-2024-001').id, card_no: '6222021234567890124' }));
    expect(numeric.body.status).toBe(1);
    // A word is still a malformed request.
    const word = await post('BankCard', 'create', tokens.qiye01, card({ worker_id: 'abc' }));
    expect(word.status).toBe(400);
    expect(word.body.detail).toBe('请求参数格式错误：字段 worker_id 类型错误');
  });

  it('refuses a row that does not exist, is deleted, is out of scope or is of another project, and writes nothing', async () => {
    const before = await count('BankCard');
    const missing = await post('BankCard', 'create', tokens.qiye01, card({ worker_id: '999999' }));
    expect(missing.body).toMatchObject({ status: 0, detail: '所选花名册人员不存在或无权访问' });
    const other = await post('BankCard', 'create', tokens.qiye01, card({ worker_id: String(seededWorker('NJJG-2024-002').id) }));
    expect(other.body).toMatchObject({ status: 0, detail: '所选花名册人员与所属项目不匹配' });
    // xiangmu01 sees NJJG-2024-001, 2023-007 and 2022-011 only: a worker of 2024-002 is not theirs to name.
    const foreign = await post('BankCard', 'create', tokens.xiangmu01, card({ worker_id: String(seededWorker('NJJG-2024-002').id) }));
    expect(foreign.body).toMatchObject({ status: 0, detail: '所选花名册人员不存在或无权访问' });
    expect(await count('BankCard')).toBe(before);
  });

  it('keeps an unchanged reference on update even when its row no longer fits; a changed one is checked', async () => {
    const w = seededWorker('NJJG-2024-001', 1);
    const created = await post('BankCard', 'create', tokens.qiye01, card({ worker_id: String(w.id), worker_name: w.workerName, id_card_no: w.idCardNo, card_no: '6222021234567890125' }));
    const id = created.body.data!.id;
    // A worker a card refers to is not deleted (docs/security.md "Deletes"); it may move to another project.
    const refused = await post('Worker', 'delete', tokens.qiye01, { rec_id: String(w.id), if_del: 1 });
    expect(refused.body).toMatchObject({ status: 0, detail: expect.stringMatching(/^该记录已被其他数据使用：.*\d+ 张工资卡/) });
    expect((await post('Worker', 'update', tokens.qiye01, { rec_id: String(w.id), project_id: pid('NJJG-2024-002') })).body.status).toBe(1);
    const kept = await post('BankCard', 'update', tokens.qiye01, { rec_id: id, worker_id: String(w.id), branch_name: '内江分行营业部' });
    expect(kept.body).toMatchObject({ status: 1, data: { branchName: '内江分行营业部', workerId: w.id } });
    const moved = await post('BankCard', 'update', tokens.qiye01, { rec_id: id, project_id: pid('NJJG-2023-007') });
    expect(moved.body).toMatchObject({ status: 0, detail: '所选花名册人员与所属项目不匹配' });
    const changed = await post('BankCard', 'update', tokens.qiye01, { rec_id: id, worker_id: String(seededWorker('NJJG-2024-002').id) });
    expect(changed.body).toMatchObject({ status: 0, detail: '所选花名册人员与所属项目不匹配' });
  });

  it('checks a training attendee\'s session and a visit\'s customer the same way; a push record is never created by hand', async () => {
    const sessions = await list('TrainingSession', tokens.qiye01);
    const own = sessions.find((s) => s.projectId === pid('NJJG-2024-001'))!;
    const elsewhere = sessions.find((s) => s.projectId !== pid('NJJG-2024-001'))!;
    const attendee = (sessionId: string) => ({
      session_id: sessionId, project_id: pid('NJJG-2024-001'), worker_name: '王小军', id_card_no: '511002199001013212', hours: 8,
    });
    expect((await post('TrainingAttendee', 'create', tokens.qiye01, attendee(own.id))).body.status).toBe(1);
    expect((await post('TrainingAttendee', 'create', tokens.qiye01, attendee(elsewhere.id))).body).toMatchObject({ status: 0, detail: '所选培训记录与所属项目不匹配' });
    expect((await post('TrainingAttendee', 'create', tokens.qiye01, attendee('999999'))).body).toMatchObject({ status: 0, detail: '所选培训记录不存在或无权访问' });

    const visit = (customerId: string) => ({ customer_id: customerId, visit_date: '2026-11-20', visit_mode: '1', visitor: '陈涛', content: '沟通招标计划' });
    const customers = await list('CrmCustomer', tokens.qiye01);
    expect((await post('CrmVisit', 'create', tokens.qiye01, visit(customers[0].id))).body.status).toBe(1);
    expect((await post('CrmVisit', 'create', tokens.qiye01, visit('999999'))).body).toMatchObject({ status: 0, detail: '所选客户不存在或无权访问' });

    const configs = await list('PushConfig', tokens.sysadmin);
    const config = configs[0];
    const projectNo = PROJECTS.find((p) => pid(p.no) === config.projectId)!.no;
    const otherProject = PROJECTS.find((p) => p.no !== projectNo && pid(p.no))!.no;
    const record = (projectId: string) => ({
      config_id: config.id, project_id: projectId, platform: '3', data_type: '1', push_time: '2026-11-21 09:00:00', record_count: 5, upload_status: '0',
    });
    // The record of what was sent to the government is written by the push worker alone (docs/push.md):
    // refused to sysadmin too, whether its configuration matches its project or not.
    for (const projectId of [config.projectId as string, pid(otherProject)]) {
      expect((await post('PushRecord', 'create', tokens.sysadmin, record(projectId))).body).toEqual({ status: 0, code: 402, detail: '没有权限' });
    }
  });
});

describe('blank means not filled in', () => {
  it('answers a blank required select with its required message, not 请选择正确的…', async () => {
    const w = seededWorker('NJJG-2024-001');
    const body = { project_id: pid('NJJG-2024-001'), worker_name: w.workerName, id_card_no: w.idCardNo, bank: '', card_no: '6222021234567890126', apply_date: '2026-11-20' };
    expect((await post('BankCard', 'create', tokens.qiye01, body)).body).toMatchObject({ status: 0, detail: '请选择开户银行' });
    expect((await post('BankCard', 'create', tokens.qiye01, { ...body, bank: '  ' })).body).toMatchObject({ status: 0, detail: '请选择开户银行' });
    expect((await post('BankCard', 'create', tokens.qiye01, { ...body, bank: '999' })).body).toMatchObject({ status: 0, detail: '请选择正确的开户银行' });
    expect((await post('CrmVisit', 'create', tokens.qiye01, { customer_id: '', visit_date: '2026-11-20', visit_mode: '1', visitor: '陈涛', content: '回访' })).body).toMatchObject({
      status: 0,
      detail: '请选择客户',
    });
  });

  it('lets a blank optional field with a pattern or format through', async () => {
    const w = seededWorker('NJJG-2024-001', 2);
    const reply = await post('BankCard', 'create', tokens.qiye01, {
      project_id: pid('NJJG-2024-001'), worker_id: '', worker_name: w.workerName, id_card_no: w.idCardNo, bank: '102', card_no: '6222021234567890127',
      apply_date: '2026-11-20', mobile: '', branch_name: '',
    });
    expect(reply.body).toMatchObject({ status: 1, data: { workerId: null, mobile: '' } });
  });
});

describe('end dates not before start dates (after)', () => {
  const contract = (over: Record<string, unknown> = {}) => ({
    contract_no: `NJJG-FB-T-${Math.random().toString(36).slice(2, 7)}`, contract_name: '防水工程专业分包合同', contract_type: '2', project_id: pid('NJJG-2024-001'),
    party_a: '内江建工建筑工程有限公司', party_b: '四川蜀羊防水工程有限公司', amount: 100000, sign_date: '2026-07-01', start_date: '2026-07-05',
    end_date: '2026-12-31', status: '1', handler: '张伟', ...over,
  });

  it('refuses an end before the start on create and on update (against the stored start), and writes nothing', async () => {
    const before = await count('Contract');
    expect((await post('Contract', 'create', tokens.qiye01, contract({ end_date: '2026-07-04' }))).body).toMatchObject({ status: 0, detail: '结束日期不能早于开始日期' });
    expect(await count('Contract')).toBe(before);
    const same = await post('Contract', 'create', tokens.qiye01, contract({ end_date: '2026-07-05' }));
    expect(same.body.status).toBe(1);
    const id = same.body.data!.id;
    expect((await post('Contract', 'update', tokens.qiye01, { rec_id: id, end_date: '2026-07-01' })).body).toMatchObject({ status: 0, detail: '结束日期不能早于开始日期' });
    expect((await post('Contract', 'update', tokens.qiye01, { rec_id: id, start_date: '2027-01-01' })).body).toMatchObject({ status: 0, detail: '结束日期不能早于开始日期' });
    const detail = await call<Row>(app, 'GET', endpoint('Contract', 'detail'), { token: tokens.qiye01, query: { rec_id: id } });
    expect(detail.body.data).toMatchObject({ startDate: '2026-07-05', endDate: '2026-07-05' });
    // An open end (no end date yet) is fine.
    expect((await post('Contract', 'update', tokens.qiye01, { rec_id: id, end_date: '' })).body.status).toBe(1);
  });

  it("uses the field's own message, and compares datetimes as instants", async () => {
    const qualification = {
      qual_name: '建筑装修装饰工程专业承包贰级', category: '2', grade: '2', certificate_no: 'D251034599', authority: '四川省住房和城乡建设厅',
      issue_date: '2026-06-18', expiry_date: '2026-06-17', status: '1',
    };
    expect((await post('Qualification', 'create', tokens.qiye01, qualification)).body).toMatchObject({ status: 0, detail: '有效期截止日期不能早于发证日期' });
    // 10:00Z is 18:00 CST, five minutes before the 18:05 find.
    expect((await post('Hazard', 'create', tokens.qiye01, hazard({ closed_at: '2026-11-21T10:00:00Z' }))).body).toMatchObject({ status: 0, detail: '销项时间不能早于发现时间' });
    expect((await post('Hazard', 'create', tokens.qiye01, hazard({ closed_at: '2026-11-21T10:10:00Z', status: '4' }))).body).toMatchObject({ status: 1, data: { closedAt: '2026-11-21 18:10:00' } });
  });
});

describe('dashboard entities in their own menu nodes', () => {
  it('grants reading to the viewers and writing to the project administrator', async () => {
    for (const [entity, users] of [['Alarm', ['qiye02', 'jianguan01', 'xiangmu01']], ['Hazard', ['qiye02', 'jianguan01']], ['MonitorDevice', ['qiye02', 'jianguan01']]] as const) {
      for (const u of users) expect((await list(entity, tokens[u])).length, `${entity} ${u}`).toBeGreaterThan(0);
    }
    for (const u of ['qiye02', 'jianguan01', 'xiangmu01']) {
      const reply = await call(app, 'GET', endpoint('VehiclePassage', 'list'), { token: tokens[u], query: { index: 0, size: 10 } });
      expect(reply.body.status, u).toBe(1);
    }
    expect((await post('Hazard', 'create', tokens.qiye02, hazard())).body).toMatchObject({ status: 0, code: 402 });
    expect((await post('Hazard', 'create', tokens.xiangmu01, hazard())).body.status).toBe(1);
    const alarm = (await list('Alarm', tokens.xiangmu01)).find((a) => a.handled === false)!;
    const handled = await post('Alarm', 'update', tokens.xiangmu01, { rec_id: alarm.id, handled: true });
    expect(handled.body).toMatchObject({ status: 1, data: { handled: true } });
    expect((await post('Alarm', 'update', tokens.jianguan01, { rec_id: alarm.id, handled: false })).body).toMatchObject({ status: 0, code: 402 });
  });

  it('filters booleans and exports them in the field\'s words', async () => {
    // Passages come from the gates (no add button): the system administrator writes two through the API.
    for (const [plate, washedOk] of [['川K12345', true], ['川K54321', false]] as const) {
      const reply = await post('VehiclePassage', 'create', tokens.sysadmin, {
        project_id: pid('NJJG-2024-001'), plate_no: plate, vehicle_type: '1', direction: 'out', pass_time: '2026-11-21 08:00:00', washed: washedOk,
      });
      expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
    }
    const washed = await list('VehiclePassage', tokens.qiye01, filters({ field: 'washed', operator: 'eq', value: 'false' }));
    expect(washed.length).toBeGreaterThan(0);
    expect(washed.every((r) => r.washed === false)).toBe(true);
    const exported = await app.inject({ method: 'GET', url: endpoint('VehiclePassage', 'export'), headers: { authorization: `Bearer ${tokens.qiye01}`, fromplat: 'pc' } });
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    const column = (sheet.getRow(1).values as unknown[]).indexOf('冲洗情况');
    const words = new Set<string>();
    sheet.eachRow((row, n) => n > 1 && words.add(String(row.getCell(column).value)));
    expect([...words].sort()).toEqual(['不合格', '合格']);
  });

  it('gives every demo project a planned start and end', async () => {
    const rows = await list('Project', tokens.qiye01);
    expect(rows.length).toBe(PROJECTS.length);
    for (const r of rows) {
      expect(String(r.startDate), String(r.name)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(String(r.endDate), String(r.name)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(String(r.endDate) > String(r.startDate)).toBe(true);
    }
  });
});
