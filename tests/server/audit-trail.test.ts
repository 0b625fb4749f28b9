// The audit trail (docs/metadata.md "Audit trail"): every change through the engine and the platform
// endpoints writes one audit_log row in its own transaction (time, user, company, client address, entity,
// record, action, each field's old and new value; passwords only as 已修改); refused requests write none;
// no route changes the rows and the database refuses UPDATE and DELETE besides the retention purge; the
// 操作日志 page is the company's, 变更记录 (ChangeLog) the visible row's.
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import type { ImportReport } from '../../common/metadata';
import type { Database } from '../../server/db/schema';
import { purgeAuditLog, auditRetentionDays } from '../../server/platform/audit-retention';
import { endpoint, enterMonitoring, entityModel, multipart, postMultipart, projectId, questionGroups, TEMPLATE } from './engine-support';
import { call, PATHS, session, startApp } from './helpers';

type Row = Record<string, unknown> & { id: string };
type Change = { field: string; title: string; old?: unknown; new?: unknown; oldLabel?: string; newLabel?: string; writeOnly?: boolean; added?: string[]; removed?: string[] };

let app: FastifyInstance;
let db: Kysely<Database>;
let admin: string;
let adminCompany: number;
const ADDRESS = '10.20.30.40';

beforeAll(async () => {
  app = await startApp({
    routes: [
      async (_api, { ctx }) => {
        db = ctx.db;
      },
    ],
  });
  const s = await session(app, 'qiye01');
  admin = s.token;
  adminCompany = Number(s.result.CompanyId);
});
afterAll(async () => {
  await app?.close();
});

const url = (base: string, name: string) => `${API_BASE}/api/${base}/${name}`;
const auditRows = () => db.selectFrom('audit_log').selectAll().orderBy('id').execute();
const count = async () => (await auditRows()).length;
const lastRow = async () => (await auditRows()).at(-1)!;
const changesOf = (row: { changes: string }) => JSON.parse(row.changes) as Change[];
const post = (u: string, body: unknown, token = admin) => call<Row>(app, 'POST', u, { token, body, remoteAddress: ADDRESS });

describe('engine writes', () => {
  let noticeId: string;

  it('create: one row with time, user, company, client address, entity, record and the values', async () => {
    const before = await count();
    const created = await post(endpoint('SysNotice', 'create'), { title: '停电通知', content: '周六停电' });
    expect(created.body.status).toBe(1);
    noticeId = String(created.body.data!.id);
    expect(await count()).toBe(before + 1);
    const row = await lastRow();
    expect(row).toMatchObject({ company_id: adminCompany, address: ADDRESS, entity: 'SysNotice', entity_title: '系统公告', record_id: noticeId, action: 'create' });
    expect(row.user_name).toContain('qiye01');
    expect(new Date(row.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(changesOf(row)).toEqual(expect.arrayContaining([{ field: 'title', title: '公告标题', old: null, new: '停电通知' }]));
  });

  it('update: each changed field with its old and new value, unchanged ones left out', async () => {
    const reply = await post(endpoint('SysNotice', 'update'), { rec_id: noticeId, title: '停水通知', content: '周六停电' });
    expect(reply.body.status).toBe(1);
    const row = await lastRow();
    expect(row).toMatchObject({ action: 'update', record_id: noticeId, summary: '公告标题：停电通知 → 停水通知' });
    expect(changesOf(row)).toEqual([{ field: 'title', title: '公告标题', old: '停电通知', new: '停水通知' }]);
  });

  it('refused requests write none: validation failure, 402, monitoring, not found', async () => {
    const viewer = (await session(app, 'qiye02')).token;
    const watcher = await session(app, 'duogongsi');
    const before = await count();
    expect((await post(endpoint('SysNotice', 'update'), { rec_id: noticeId, title: '' })).body.status).toBe(0);
    expect((await post(endpoint('SysNotice', 'create'), { title: 'x', content: 'y' }, viewer)).body).toMatchObject({ status: 0, code: 402 });
    await enterMonitoring(app, watcher.token, watcher.result, watcher.result.watchCompanys[0].companyName);
    const afterMonitor = await count();
    expect((await post(endpoint('SysNotice', 'create'), { title: 'x', content: 'y' }, watcher.token)).body).toMatchObject({ status: 0, code: 402 });
    expect((await post(endpoint('SysNotice', 'delete'), { rec_id: '99999999' })).body.status).toBe(0);
    // A privilege refusal (checkChange): a user may not be given more than the actor holds.
    const users = (await call<Row[]>(app, 'GET', endpoint('User', 'list'), { token: viewer, query: { index: 0, size: 50 } })).body.data ?? [];
    if (users.length > 0) await post(url('ERPUser', 'AuditUser'), { rec_id: users[0].id, auditStatus: 2 }, viewer);
    // The monitoring switch itself is a change (recorded); nothing else was.
    expect(afterMonitor).toBe(before + 1);
    expect(await count()).toBe(afterMonitor);
  });

  it('audit and patch: the audit field and the patched field, codes with their labels', async () => {
    const users = (await call<Row[]>(app, 'GET', endpoint('User', 'list'), { token: admin, query: { index: 0, size: 50 } })).body.data!;
    const target = users.find((u) => u.userName === 'qiye02')!;
    expect((await post(url('ERPUser', 'AuditUser'), { rec_id: target.id, auditStatus: 3 })).body.status).toBe(1);
    const audited = await lastRow();
    expect(audited).toMatchObject({ action: 'audit', entity: 'User', record_id: String(target.id) });
    expect(changesOf(audited)).toEqual([{ field: 'auditStatus', title: '审核状态', old: 2, new: 3, oldLabel: '审核通过', newLabel: '审核驳回' }]);
    await post(url('ERPUser', 'AuditUser'), { rec_id: target.id, auditStatus: 2 });

    const roles = (await call<Row[]>(app, 'GET', endpoint('Role', 'list'), { token: admin, query: { index: 0, size: 50 } })).body.data!;
    const other = roles.find((r) => String(r.id) !== String(target.roleId))!;
    expect((await post(url('ERPUser', 'PCUpdateJiaoSe'), { rec_id: target.id, role_id: Number(other.id) })).body.status).toBe(1);
    const patched = await lastRow();
    expect(patched).toMatchObject({ action: 'patch', entity: 'User', record_id: String(target.id) });
    expect(changesOf(patched).map((c) => c.field)).toEqual(['roleId']);
  });

  it('passwords appear only as 已修改, never as a value or hash', async () => {
    const roles = (await call<Row[]>(app, 'GET', endpoint('Role', 'list'), { token: admin, query: { index: 0, size: 50 } })).body.data!;
    const body = { userName: 'shenji_01', password: 'Sj@2026xy', real_name: '审计员', mobile: '13990510099', email: '', user_auth_type: '0', role_id: Number(roles[0].id), department_name: '审计部' };
    const created = await post(url('ERPUser', 'CreateUser'), body);
    expect(created.body.status).toBe(1);
    const row = await lastRow();
    expect(row.action).toBe('create');
    expect(changesOf(row)).toContainEqual({ field: 'password', title: '登录密码', writeOnly: true });
    expect(row.summary).toContain('登录密码：已修改');
    const hash = (await db.selectFrom('users').select('password_hash').where('user_name', '=', 'shenji_01').executeTakeFirstOrThrow()).password_hash;
    for (const r of await auditRows()) {
      expect(r.changes + r.summary).not.toContain('Sj@2026xy');
      expect(r.changes + r.summary).not.toContain(hash);
    }
  });

  it('relation change: the ids added and removed', async () => {
    const groups = (await call<Row[]>(app, 'GET', endpoint('RoleGroup', 'list'), { token: admin, query: { index: 0, size: 50 } })).body.data!;
    const roles = (await call<Row[]>(app, 'GET', endpoint('Role', 'list'), { token: admin, query: { index: 0, size: 50 } })).body.data!;
    const group = groups[0];
    const role = String(roles[roles.length - 1].id);
    const reply = await post(url('RoleGroup', 'UpdateGroupRoles'), { rec_id: group.id, add: [role] });
    expect(reply.body.status).toBe(1);
    const row = await lastRow();
    expect(row).toMatchObject({ action: 'link', entity: 'RoleGroup', record_id: String(group.id) });
    expect(changesOf(row)).toEqual([{ field: 'roles', title: '组内角色', added: [role], removed: [] }]);
  });

  it('delete: the row’s values as they were', async () => {
    expect((await post(endpoint('SysNotice', 'delete'), { rec_id: noticeId })).body.status).toBe(1);
    const row = await lastRow();
    expect(row).toMatchObject({ action: 'delete', record_id: noticeId });
    expect(changesOf(row)).toContainEqual({ field: 'title', title: '公告标题', old: '停水通知', new: null });
  });

  it('import: one row per inserted line; a bad sheet writes none', async () => {
    const sysadmin = (await session(app, 'sysadmin')).token;
    const project = await projectId(app, sysadmin, 'NJJG-2024-001');
    const header = entityModel(TEMPLATE).fields.map((f) => f.title);
    const line = (values: Record<string, unknown>) => header.map((t) => values[t] ?? null);
    const good = (name: string) => line({ 设备类型: '塔式起重机', 项目名称: project, 模板描述: '导入', 模板表名称: name, 巡检内容: JSON.stringify(questionGroups('导入')) });
    const sheet = async (lines: unknown[][]) => {
      const book = new ExcelJS.Workbook();
      const ws = book.addWorksheet('导入');
      for (const l of lines) ws.addRow(l);
      const data = Buffer.from(await book.xlsx.writeBuffer());
      return multipart({ token: 'svc', fromplat: 'pc', wid: '11' }, { name: 't.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data });
    };
    const before = await count();
    const bad = await postMultipart(app, endpoint(TEMPLATE, 'import'), sysadmin, await sheet([header, good('审计导入1'), line({ 模板描述: '缺名称' })]));
    expect((bad.body.data as ImportReport).inserted).toBe(0);
    expect(await count()).toBe(before);
    const ok = await postMultipart(app, endpoint(TEMPLATE, 'import'), sysadmin, await sheet([header, good('审计导入2'), good('审计导入3')]));
    expect((ok.body.data as ImportReport).inserted).toBe(2);
    const rows = (await auditRows()).slice(before);
    expect(rows.map((r) => [r.action, r.entity])).toEqual([['import', TEMPLATE], ['import', TEMPLATE]]);
  });
});

describe('platform endpoints', () => {
  it('login, project switch, company switch, monitoring, password change and logout', async () => {
    const before = await count();
    const s = await session(app, 'duogongsi', { remoteAddress: ADDRESS });
    const login = (await auditRows()).at(-1)!;
    expect(login).toMatchObject({ action: 'login', entity: 'Session', address: ADDRESS, company_id: Number(s.result.CompanyId) });
    const other = (JSON.parse(s.result.Companys) as Array<{ companyId?: string; CompanyId?: string; id?: string }>).map((c) => c.companyId ?? c.CompanyId ?? c.id).find((id) => id && id !== s.result.CompanyId);
    if (other) {
      expect((await post(PATHS.switchCompany, { company_id: String(other) }, s.token)).body.status).toBe(1);
      const row = await lastRow();
      expect(row).toMatchObject({ action: 'switchCompany', company_id: Number(s.result.CompanyId) });
      expect(changesOf(row)[0]).toMatchObject({ field: 'company', old: Number(s.result.CompanyId), new: Number(other), newLabel: expect.any(String) });
    }
    await enterMonitoring(app, s.token, s.result, s.result.watchCompanys[0].companyName);
    expect((await lastRow()).action).toBe('monitor');

    const p = await session(app, 'xiangmu01');
    const projects = (await call<Array<{ GlobalProjectID?: string; id?: string }>>(app, 'GET', PATHS.projectList, { token: p.token, query: { index: 0, size: 10 } })).body.data ?? [];
    expect((await post(PATHS.switchProject, { GlobalProjectID: '' }, p.token)).body.status).toBe(1);
    expect(await lastRow()).toMatchObject({ action: 'switchProject', entity: 'Session' });
    expect(projects.length).toBeGreaterThan(0);

    // A wrong old password changes nothing and records nothing (the user created above).
    const own = await session(app, 'shenji_01', { password: 'Sj@2026xy' });
    const mid = await count();
    expect((await post(PATHS.modifyPassword, { oldPwd: 'wrong-pwd1', userPwd: 'New@2026ab' }, own.token)).body.status).toBe(0);
    expect(await count()).toBe(mid);
    expect((await post(PATHS.modifyPassword, { oldPwd: 'Sj@2026xy', userPwd: 'New@2026ab' }, own.token)).body.status).toBe(1);
    const pwd = await lastRow();
    expect(pwd).toMatchObject({ action: 'password', entity: 'User', summary: '登录密码：已修改' });
    expect(pwd.changes).not.toContain('New@2026ab');

    const q = await session(app, 'qiye02');
    const out = await call(app, 'POST', PATHS.logout, { token: q.token, body: {}, remoteAddress: ADDRESS });
    expect(out.body.status).toBe(1);
    expect(await lastRow()).toMatchObject({ action: 'logout', entity: 'Session', address: ADDRESS });
    expect(await count()).toBeGreaterThan(before + 5);
  });
});

describe('immutability and retention', () => {
  it('has no route that writes audit rows', async () => {
    for (const name of ['Create', 'Modify', 'Delete', 'Import', 'Audit']) {
      const reply = await call(app, 'POST', url('AuditLog', name), { token: admin, body: { rec_id: '1' } });
      expect(reply.status).toBe(404);
    }
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE of audit rows', async () => {
    const n = await count();
    await expect(sql`update audit_log set summary = 'x'`.execute(db)).rejects.toThrow(/audit_log/);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/audit_log/);
    await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/audit_log/);
    expect(await count()).toBe(n);
  });

  it('the retention purge removes only rows older than the retention, in batches', async () => {
    await sql`insert into audit_log (at, company_id, entity, action) select now() - interval '400 days', ${adminCompany}, 'Old', 'create' from generate_series(1, 7)`.execute(db);
    const n = await count();
    expect(await purgeAuditLog(db, 180, 3)).toBe(7);
    expect(await count()).toBe(n - 7);
    expect(await purgeAuditLog(db, 180, 3)).toBe(0);
    expect(auditRetentionDays(undefined)).toBe(180);
    expect(auditRetentionDays('30')).toBe(30);
    expect(() => auditRetentionDays('0')).toThrow(/AUDIT_RETENTION_DAYS/);
  });
});

describe('操作日志 and 变更记录', () => {
  it('the 操作日志 list is the current company’s, searchable by action, user and time range', async () => {
    const list = await call<Row[]>(app, 'GET', endpoint('AuditLog', 'list'), { token: admin, query: { index: 0, size: 500 } });
    expect(list.body.status).toBe(1);
    const own = await db.selectFrom('audit_log').select('id').where('company_id', '=', adminCompany).execute();
    expect(list.body.pageInfo!.record_count).toBe(own.length);
    expect(list.body.data!.every((r) => !('changes' in r))).toBe(true);
    const filters = JSON.stringify([
      { field: 'action', operator: 'eq', value: 'update' },
      { field: 'userName', operator: 'contains', value: 'qiye01' },
      { field: 'at', operator: 'between', value: ['2020-01-01 00:00:00', '2099-01-01 00:00:00'] },
    ]);
    const updates = await call<Row[]>(app, 'GET', endpoint('AuditLog', 'list'), { token: admin, query: { index: 0, size: 50, filters } });
    expect(updates.body.data!.length).toBeGreaterThan(0);
    expect(updates.body.data!.every((r) => r.action === 'update')).toBe(true);
    // Another company's administrator sees none of these rows.
    const other = await session(app, 'xiangmu01');
    const theirs = await call<Row[]>(app, 'GET', endpoint('AuditLog', 'list'), { token: other.token, query: { index: 0, size: 500 } });
    const ids = new Set(own.map((r) => String(r.id)));
    expect((theirs.body.data ?? []).some((r) => ids.has(String(r.id)))).toBe(false);
  });

  it('ChangeLog answers a visible row’s changes, newest first; hidden rows are not found; no page, no answer', async () => {
    const created = await post(endpoint('SysNotice', 'create'), { title: '变更一', content: '内容' });
    const id = String(created.body.data!.id);
    await post(endpoint('SysNotice', 'update'), { rec_id: id, title: '变更二', content: '内容' });
    const log = await call<Array<{ action: string; userName: string; at: string; changes: Change[] }>>(app, 'GET', url('SysNotice', 'ChangeLog'), { token: admin, query: { rec_id: id } });
    expect(log.body.status).toBe(1);
    expect(log.body.data!.map((e) => e.action)).toEqual(['update', 'create']);
    expect(log.body.data![0].changes).toEqual([{ field: 'title', title: '公告标题', old: '变更一', new: '变更二' }]);
    expect(log.body.data![0].at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const outsider = await session(app, 'xiangmu01');
    const hidden = await call(app, 'GET', url('SysNotice', 'ChangeLog'), { token: outsider.token, query: { rec_id: id } });
    expect(hidden.body.status).toBe(0);
    const noPage = await session(app, 'wuquanxian');
    expect((await call(app, 'GET', url('SysNotice', 'ChangeLog'), { token: noPage.token, query: { rec_id: id } })).body.status).toBe(0);
  });
});

describe('the switch used by bench:audit', () => {
  it('auditTrail: false writes no rows', async () => {
    const quiet = await startApp({ auditTrail: false });
    try {
      const token = (await session(quiet, 'qiye01')).token;
      expect((await call(quiet, 'POST', endpoint('SysNotice', 'create'), { token, body: { title: 'a', content: 'b' } })).body.status).toBe(1);
      const list = await call<Row[]>(quiet, 'GET', endpoint('AuditLog', 'list'), { token, query: { index: 0, size: 50, filters: JSON.stringify([{ field: 'action', operator: 'eq', value: 'create' }]) } });
      expect(list.body.pageInfo!.record_count).toBe(0);
    } finally {
      await quiet.close();
    }
  });
});
