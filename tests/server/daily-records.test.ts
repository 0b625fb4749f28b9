// Issue 29, what a daily user reads and is refused: 变更记录 in words (a code's label, a referenced row's
// name, 是 / 否 in the field's words, a time in its format, a photo's file name; older audit rows labelled
// when read; the demo simulator logged as 设备模拟器), every detail masking ID and mobile numbers as the
// list does (children and related lists too) with `personal=full` answering what the field permissions
// allow, and the roster's uniqueness per project on the real page and in the import preview, which names
// the row a duplicate collides with (docs/metadata.md "Audit trail", "Uniqueness", "Import").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeLogEntry, ImportReport } from '../../common/metadata';
import type { Database } from '../../server/db/schema';
import { recordChange, SIMULATOR_ACTOR } from '../../server/engine/audit-trail';
import { UPLOAD_PATH } from '../../server/routes/upload';
import { plantSession } from '../../server/screens/simulator-plant';
import { uniqueIndexName } from '../../server/metadata/unique-indexes';
import { PROJECTS } from '../../server/seed/demo-data';
import { catalog, endpoint, multipart, postMultipart, projectId } from './engine-support';
import { call, session, startApp } from './helpers';

type Row = Record<string, unknown> & { id: string };

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PORTRAIT = readFileSync(join(__dirname, '..', '..', 'server', 'screens', 'demo-photos', 'male-1.png'));
const STAMP = String(Date.now()).slice(-6);
const CN = [...STAMP].map((d) => '零一二三四五六七八九'[Number(d)]).join('');

/** A GB 11643 number of 内江市市中区 born on 1990-03-07 with sequence `seq` and its check character. */
function idNumber(seq: number): string {
  const body = `51100219900307${String(seq).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, c, i) => s + Number(c) * weights[i], 0);
  return body + '10X98765432'[sum % 11];
}
const masked = (id: string) => `${id.slice(0, 4)}**********${id.slice(-4)}`;

let app: FastifyInstance;
let db: Kysely<Database>;
let admin: string;
let viewer: string;
/** 通行记录 has no 新增 for a company's users (devices write it): the system administrator writes it here. */
let sysadmin: string;
let project: string;
let otherProject: string;

beforeAll(async () => {
  app = await startApp({
    routes: [
      async (_api, { ctx }) => {
        db = ctx.db;
      },
    ],
  });
  admin = (await session(app, 'qiye01')).token;
  viewer = (await session(app, 'qiye02')).token;
  sysadmin = (await session(app, 'sysadmin')).token;
  project = await projectId(app, admin, 'NJJG-2024-001');
  otherProject = await projectId(app, admin, 'NJJG-2024-002');
});
afterAll(async () => {
  await app?.close();
});

const post = (entity: string, action: 'create' | 'update' | 'delete', body: Record<string, unknown>, token = admin) => call<Row>(app, 'POST', endpoint(entity, action), { token, body });
const created = async (entity: string, body: Record<string, unknown>, token = admin) => {
  const reply = await post(entity, 'create', body, token);
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  return reply.body.data!;
};
const changeLog = async (entity: string, id: string, token = admin) => {
  const reply = await call<ChangeLogEntry[]>(app, 'GET', `${endpoint(entity, 'list').replace(/\/[^/]+$/, '')}/ChangeLog`, { token, query: { rec_id: id } });
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  return reply.body.data!;
};
const detail = async (entity: string, id: string, query: Record<string, string> = {}, token = admin) => {
  const reply = await call<Row>(app, 'GET', endpoint(entity, 'detail'), { token, query: { rec_id: id, ...query } });
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  return reply.body.data!;
};
async function upload(name: string): Promise<string> {
  const reply = await postMultipart(app, UPLOAD_PATH, admin, multipart({ fromplat: 'pc', upload_type: 'image', file_name: name }, { name, type: 'image/png', data: PORTRAIT }));
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  return String(reply.body.data);
}
const workerBody = (name: string, idCardNo: string, where = project, over: Record<string, unknown> = {}) => ({
  projectId: where, workerName: name, idCardNo, gender: '1', mobile: '13812345678', entryDate: '2026-03-01', ...over,
});

describe('变更记录 in words', () => {
  it('a code by its label, a referenced row by its name, a time in its format, a photo by its file name', async () => {
    const gate = await created('AccessGate', { projectId: project, gateName: `东门${STAMP}`, deviceSn: `SN-W-${STAMP}`, direction: '3' });
    const worker = await created('Worker', workerBody(`变更甲${CN}`, idNumber(101)));
    const photo = await upload(`抓拍${STAMP}.png`);
    const passage = await created('GatePassage', {
      projectId: project, gateId: gate.id, gateName: `东门${STAMP}`, direction: '1', passTime: '2026-11-21 08:05:00', verifyMode: '1',
      workerName: `变更甲${CN}`,
    }, sysadmin);
    const updated = await post('GatePassage', 'update', { rec_id: passage.id, workerId: worker.id, direction: '2', passTime: '2026-11-21 18:30:00', photo }, sysadmin);
    expect(updated.body.status, JSON.stringify(updated.body)).toBe(1);

    const [change, create] = await changeLog('GatePassage', passage.id, sysadmin);
    const by = (e: ChangeLogEntry, field: string) => e.changes.find((c) => c.field === field)!;
    expect(by(create, 'gateId')).toMatchObject({ newLabel: `东门${STAMP}` });
    expect(by(create, 'projectId').newLabel).toBe(PROJECTS.find((p) => p.no === 'NJJG-2024-001')!.name);
    expect(by(change, 'workerId')).toMatchObject({ old: null, newLabel: `变更甲${CN}` });
    expect(by(change, 'direction')).toMatchObject({ oldLabel: '进场', newLabel: '出场' });
    expect(by(change, 'passTime')).toMatchObject({ oldLabel: '2026-11-21 08:05:00', newLabel: '2026-11-21 18:30:00' });
    expect(by(change, 'photo')).toMatchObject({ newLabel: `抓拍${STAMP}.png` });
    // The 操作日志 line reads the same words.
    const row = await db.selectFrom('audit_log').select('summary').where('entity', '=', 'GatePassage').where('record_id', '=', passage.id).where('action', '=', 'update').executeTakeFirstOrThrow();
    expect(row.summary).toContain(`花名册人员：空 → 变更甲${CN}`);
    expect(row.summary).toContain('通行方向：进场 → 出场');
    expect(row.summary).not.toContain('+08:00');
  });

  it('a boolean in its field’s words (在线 / 离线), a date as YYYY-MM-DD', async () => {
    const gate = await created('AccessGate', { projectId: project, gateName: `西门${STAMP}`, deviceSn: `SN-B-${STAMP}`, direction: '3', online: false });
    expect((await post('AccessGate', 'update', { rec_id: gate.id, online: true })).body.status).toBe(1);
    const [change] = await changeLog('AccessGate', gate.id);
    expect(change.changes.find((c) => c.field === 'online')).toMatchObject({ old: false, new: true, oldLabel: '离线', newLabel: '在线' });

    const worker = await created('Worker', workerBody(`日期乙${CN}`, idNumber(102)));
    expect((await post('Worker', 'update', { rec_id: worker.id, exitDate: '2026-10-31', gender: '2' })).body.status).toBe(1);
    const [update] = await changeLog('Worker', worker.id);
    expect(update.changes.find((c) => c.field === 'exitDate')).toMatchObject({ newLabel: '2026-10-31' });
    expect(update.changes.find((c) => c.field === 'gender')).toMatchObject({ oldLabel: '男', newLabel: '女' });
  });

  it('an audit row recorded without labels is put in words when read', async () => {
    const worker = await created('Worker', workerBody(`旧记录${CN}`, idNumber(103)));
    const [company] = await db.selectFrom('audit_log').select('company_id').where('record_id', '=', worker.id).where('entity', '=', 'Worker').execute();
    await db.insertInto('audit_log').values({
      company_id: company.company_id, user_id: 1, user_name: '旧系统', address: '', entity: 'Worker', entity_title: '花名册', record_id: worker.id, action: 'update',
      summary: '性别：1 → 2', changes: JSON.stringify([{ field: 'gender', title: '性别', old: '1', new: '2' }, { field: 'projectId', title: '所属项目', old: null, new: Number(project) }, { field: 'entryDate', title: '进场日期', old: '2026-03-01T00:00:00+08:00', new: null }]),
    }).execute();
    const [old] = await changeLog('Worker', worker.id);
    expect(old.userName).toBe('旧系统');
    expect(old.changes).toEqual([
      { field: 'gender', title: '性别', old: '1', new: '2', oldLabel: '男', newLabel: '女' },
      expect.objectContaining({ field: 'projectId', newLabel: PROJECTS.find((p) => p.no === 'NJJG-2024-001')!.name }),
      expect.objectContaining({ field: 'entryDate', oldLabel: '2026-03-01' }),
    ]);
  });

  it('the demo simulator’s writes are logged as 设备模拟器, not as the plant manager', async () => {
    const plant = await db.selectFrom('companies').select('id').where('name', 'like', '%商品混凝土%').executeTakeFirstOrThrow();
    const simulator = await plantSession(db, Number(plant.id));
    expect(simulator?.actorName).toBe(SIMULATOR_ACTOR);
    await recordChange(db, { session: simulator!, entity: { name: 'Probe', title: '探针' }, recordId: 1, action: 'create', changes: [] });
    const row = await db.selectFrom('audit_log').select(['user_name', 'user_id']).where('entity', '=', 'Probe').executeTakeFirstOrThrow();
    expect(row).toEqual({ user_name: '设备模拟器', user_id: simulator!.user.id });
  });
});

describe('details mask as lists do', () => {
  it('GetDetail answers ID and mobile numbers masked; personal=full as the field permissions allow', async () => {
    const id = idNumber(201);
    const worker = await created('Worker', workerBody(`掩码丙${CN}`, id));
    expect(await detail('Worker', worker.id)).toMatchObject({ idCardNo: masked(id), mobile: '138****5678' });
    expect(await detail('Worker', worker.id, { personal: 'full' })).toMatchObject({ idCardNo: id, mobile: '13812345678' });
    // 企业查看员 lacks 查看身份证号: masked either way.
    expect(await detail('Worker', worker.id, { personal: 'full' }, viewer)).toMatchObject({ idCardNo: masked(id) });
    // The written row answers the writer what they sent (the form that saved it holds it).
    expect((await post('Worker', 'update', { rec_id: worker.id, teamName: '钢筋班' })).body.data).toMatchObject({ idCardNo: id });
  });

  it('a detail read with personal data whole is in 操作日志: who, which record, which fields, never a value', async () => {
    const id = idNumber(204);
    const worker = await created('Worker', workerBody(`查看丁${CN}`, id));
    const reveals = () =>
      db.selectFrom('audit_log').select(['summary', 'user_name', 'changes']).where('entity', '=', 'Worker').where('record_id', '=', String(worker.id)).where('action', '=', 'reveal').orderBy('id').execute();
    await detail('Worker', worker.id);
    expect(await reveals()).toEqual([]);
    await detail('Worker', worker.id, { personal: 'full' });
    await detail('Worker', worker.id, { personal: 'full' }, viewer);
    const rows = await reveals();
    // 企业查看员 lacks 查看身份证号: only the mobile number was answered whole to it.
    expect(rows.map((r) => r.summary)).toEqual(['查看完整个人信息：身份证号、手机号码', '查看完整个人信息：手机号码']);
    for (const r of rows) expect(JSON.stringify(r)).not.toContain(id);
    expect(JSON.stringify(rows)).not.toContain('13812345678');
    // The trail keeps a changed mobile number masked as it keeps ID numbers, whoever reads it.
    expect((await post('Worker', 'update', { rec_id: worker.id, mobile: '13900001111' })).body.status).toBe(1);
    const update = await db.selectFrom('audit_log').select(['summary', 'changes']).where('entity', '=', 'Worker').where('record_id', '=', String(worker.id)).where('action', '=', 'update').executeTakeFirstOrThrow();
    expect(JSON.stringify(update)).not.toContain('13900001111');
    expect(update.summary).toContain('138****5678 → 139****1111');
    // 变更记录 lists changes only: the record's creation, not who looked.
    const log = await call<Array<{ action: string }>>(app, 'GET', `${endpoint('Worker', 'list').replace(/\/[^/]+$/, '')}/ChangeLog`, { token: admin, query: { rec_id: worker.id } });
    expect(log.body.data!.map((e) => e.action)).toEqual(['update', 'create']);
  });

  it('培训详情: the attendees in the detail and in its paged child table are masked', async () => {
    const [a, b] = [idNumber(202), idNumber(203)];
    const attendee = (name: string, idCardNo: string) => ({ projectId: project, workerName: name, idCardNo, hours: 2, passed: true, signed: true });
    const training = await created('TrainingSession', {
      title: `安全教育${STAMP}`, trainingType: '1', projectId: project, trainer: '王安全', trainingDate: '2026-11-20', hours: 2, attendeeCount: 2, content: '三级安全教育',
      attendees: [attendee(`参训甲${CN}`, a), attendee(`参训乙${CN}`, b)],
    });
    const shown = await detail('TrainingSession', training.id);
    expect((shown.attendees as Row[]).map((r) => r.idCardNo)).toEqual([masked(a), masked(b)]);
    const full = await detail('TrainingSession', training.id, { personal: 'full' });
    expect((full.attendees as Row[]).map((r) => r.idCardNo)).toEqual([a, b]);
    const page = await call<Row[]>(app, 'GET', `${endpoint('TrainingSession', 'list').replace(/\/[^/]+$/, '')}/Children`, { token: admin, query: { rec_id: training.id, child: 'attendees', index: 0, size: 10 } });
    expect(page.body.status, JSON.stringify(page.body)).toBe(1);
    expect(page.body.data!.map((r) => r.idCardNo)).toEqual([masked(a), masked(b)]);
  });
});

describe('uniqueness the domain needs, on the real pages', () => {
  it('every declared rule has its index on the freshly seeded database (no seed duplicates)', async () => {
    const indexes = new Set((await sql<{ indexname: string }>`select indexname from pg_indexes where schemaname = current_schema()`.execute(db)).rows.map((r) => r.indexname));
    for (const name of ['Worker', 'BankCard', 'AccessGate', 'MonitorDevice', 'RoutInspManage', 'Blacklist', 'Supplier']) {
      const entity = catalog.entities.get(name)!;
      expect(entity.unique?.length, name).toBeGreaterThan(0);
      for (const rule of entity.unique ?? []) expect(indexes.has(uniqueIndexName(entity, rule)), `${name} ${rule.fields.join('+')}`).toBe(true);
    }
  });

  it('花名册: the same ID number twice in a project is refused, in another project accepted, freed by a delete', async () => {
    const id = '51100219900307123X';
    const first = await created('Worker', workerBody('姚志勇', id));
    expect((await post('Worker', 'create', workerBody('姚志强', id))).body).toEqual({ status: 0, detail: '身份证号已存在' });
    const elsewhere = await post('Worker', 'create', workerBody('姚志勇', id, otherProject));
    expect(elsewhere.body.status, JSON.stringify(elsewhere.body)).toBe(1);
    const other = await created('Worker', workerBody('姚志强', idNumber(301)));
    expect((await post('Worker', 'update', { rec_id: other.id, idCardNo: id })).body).toEqual({ status: 0, detail: '身份证号已存在' });
    expect((await post('Worker', 'delete', { rec_id: first.id, if_del: 1 })).body.status).toBe(1);
    expect((await post('Worker', 'update', { rec_id: other.id, idCardNo: id })).body.status).toBe(1);
  });

  it('a device number per project, a credit code per company', async () => {
    const sn = `SN-U-${STAMP}`;
    await created('AccessGate', { projectId: project, gateName: `北门${STAMP}`, deviceSn: sn, direction: '3' });
    expect((await post('AccessGate', 'create', { projectId: project, gateName: `北门二${STAMP}`, deviceSn: sn, direction: '3' })).body).toEqual({ status: 0, detail: '设备序列号已存在' });
    expect((await post('AccessGate', 'create', { projectId: otherProject, gateName: `北门${STAMP}`, deviceSn: sn, direction: '3' })).body.status).toBe(1);
  });

  it('the import preview names the roster row an ID number collides with, and a line the sheet repeats', async () => {
    const onRoster = idNumber(401);
    await created('Worker', workerBody(`在册丁${CN}`, onRoster));
    const fresh = idNumber(402);
    const projectName = PROJECTS.find((p) => p.no === 'NJJG-2024-001')!.name;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('导入');
    sheet.addRow(['所属项目', '姓名', '身份证号', '性别']);
    sheet.addRow([projectName, `新人戊${CN}`, onRoster, '男']);
    sheet.addRow([projectName, `新人己${CN}`, fresh, '男']);
    sheet.addRow([projectName, `新人庚${CN}`, fresh, '女']);
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const reply = await postMultipart(app, endpoint('Worker', 'import'), admin, multipart({ fromplat: 'pc', wid: '11', mode: 'preview' }, { name: '花名册.xlsx', type: XLSX, data }));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const report = reply.body.data as ImportReport;
    expect(report.lines!.map((l) => l.errors)).toEqual([
      [{ field: 'idCardNo', message: `身份证号已存在：花名册中的“在册丁${CN}”` }],
      [],
      [{ field: 'idCardNo', message: `身份证号“${fresh}”与第3行重复` }],
    ]);
  });
});
