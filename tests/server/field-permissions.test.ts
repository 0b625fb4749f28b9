// Field permissions (docs/metadata.md "Field permissions"): 身份证号 needs viewIdNumber to be seen whole,
// 应发总额 / 实发总额 of 工资发放 need viewSalary to be seen at all. Without the action the server masks or
// leaves the field out of list, detail, export, import sheet and the written row, refuses filters and
// sorts on it, leaves it out of the keyword (no oracle), and refuses changing it (无权修改身份证号).
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import { maskIdNumber } from '../../common/display';
import { call, session, startApp } from './helpers';
import { catalog, endpoint, multipart, postMultipart, projectId } from './engine-support';

type Row = Record<string, unknown> & { id: string };

let app: FastifyInstance;
let admin: string;
/** A role of the group with add, edit, export and import on 花名册 and 工资发放, but neither viewIdNumber nor viewSalary. */
let clerk: string;
let project: string;

const MASKED = /^\d{4}\*{10}[\dX]{4}$/;
const ROSTER = ['personnel', 'personnel.data', 'personnel.payroll', 'personnel.data:inport'].concat(
  ['search', 'add', 'edit', 'export'].flatMap((a) => [`personnel.data:${a}`, `personnel.payroll:${a}`]),
);

beforeAll(async () => {
  app = await startApp();
  admin = (await session(app, 'qiye01')).token;
  const role = await call<Row>(app, 'POST', `${API_BASE}/api/Role/AddRole`, { token: admin, body: { role_name: '劳务专员', grants: ROSTER } });
  expect(role.body.status, JSON.stringify(role.body)).toBe(1);
  const user = { userName: 'laowu_01', password: 'Lw@2026x', real_name: '许丽', mobile: '13990510021', user_auth_type: '0', role_id: Number(role.body.data!.id) };
  expect((await call(app, 'POST', `${API_BASE}/api/ERPUser/CreateUser`, { token: admin, body: user })).body.status).toBe(1);
  clerk = (await session(app, 'laowu_01', { password: 'Lw@2026x' })).token;
  project = await projectId(app, admin, 'NJJG-2024-001');
});
afterAll(async () => {
  await app.close();
});

const list = async (entity: string, token: string, query: Record<string, string | number> = {}) =>
  call<Row[]>(app, 'GET', endpoint(entity, 'list'), { token, query: { index: 0, size: 50, ...query } });
const sample = () => (catalog.seeds.get('Worker') ?? []).find((w) => w.projectNo === 'NJJG-2024-001')!;

async function exportSheet(entity: string, token: string, query: Record<string, string> = {}): Promise<unknown[][]> {
  const raw = await app.inject({ method: 'GET', url: endpoint(entity, 'export'), query, headers: { authorization: `Bearer ${token}`, fromplat: 'pc' } });
  expect(String(raw.headers['content-type'])).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(raw.rawPayload as unknown as ExcelJS.Buffer);
  return book.worksheets[0].getSheetValues().slice(1).map((r) => (Array.isArray(r) ? r.slice(1) : []));
}

async function importSheet(entity: string, token: string, lines: unknown[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('导入');
  for (const line of lines) sheet.addRow(line);
  const data = Buffer.from(await book.xlsx.writeBuffer());
  const file = { name: '导入.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data };
  return postMultipart(app, endpoint(entity, 'import'), token, multipart({ fromplat: 'pc', wid: '11' }, file));
}

describe('身份证号 with viewIdNumber: masked for roles without it', () => {
  it('answers the whole number with the action and the §5.6 mask without it, in list and detail', async () => {
    const id = String(sample().idCardNo);
    // Lists answer it masked to everyone (§5.6, docs/security-privilege.md "Personal data"); the detail whole with the action.
    const full = (await list('Worker', admin, { keyword: id })).body.data ?? [];
    expect(full.map((r) => r.idCardNo)).toEqual([maskIdNumber(id)]);
    expect((await call<Row>(app, 'GET', endpoint('Worker', 'detail'), { token: admin, query: { rec_id: full[0].id, personal: 'full' } })).body.data?.idCardNo).toBe(id);
    // qiye02 (企业查看员) and the clerk lack viewIdNumber.
    const viewer = (await session(app, 'qiye02')).token;
    for (const token of [viewer, clerk]) {
      const rows = (await list('Worker', token)).body.data ?? [];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => MASKED.test(String(r.idCardNo)))).toBe(true);
      const detail = await call<Row>(app, 'GET', endpoint('Worker', 'detail'), { token, query: { rec_id: full[0].id, personal: 'full' } });
      expect(detail.body.data?.idCardNo).toBe(maskIdNumber(id));
    }
  });

  it('gives no oracle: a filter or sort on the number is refused, the keyword does not search it', async () => {
    const id = String(sample().idCardNo);
    const contains = await list('Worker', clerk, { filters: JSON.stringify([{ field: 'idCardNo', operator: 'contains', value: id.slice(0, 10) }]) });
    expect(contains.status).toBe(400);
    expect(contains.body.detail).toBe('请求参数格式错误：无权按身份证号查询或排序');
    const exact = await list('Worker', clerk, { filters: JSON.stringify([{ field: 'idCardNo', operator: 'eq', value: id }]) });
    expect(exact.status).toBe(400);
    const byKeyword = await list('Worker', clerk, { keyword: id.slice(4, 14) });
    expect(byKeyword.body).toMatchObject({ status: 1, data: [] });
    // With the action the same keyword finds the worker.
    expect((await list('Worker', admin, { keyword: id.slice(4, 14) })).body.data?.length).toBeGreaterThan(0);
  });

  it('masks the export of a role without the action (监管人员 jianguan01), whole with it', async () => {
    const supervisor = (await session(app, 'jianguan01')).token;
    const [header, ...rows] = await exportSheet('Worker', supervisor);
    const at = header.indexOf('身份证号');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => MASKED.test(String(r[at])))).toBe(true);
    const [adminHeader, ...adminRows] = await exportSheet('Worker', admin);
    expect(adminRows.every((r) => /^\d{17}[\dX]$/.test(String(r[adminHeader.indexOf('身份证号')])))).toBe(true);
  });

  it('lets the clerk enter a new worker’s number, answers it masked, and refuses changing it', async () => {
    const body = { project_id: project, worker_name: '杨志明', id_card_no: '51100219900315123X', gender: '1' };
    const created = await call<Row>(app, 'POST', endpoint('Worker', 'create'), { token: clerk, body });
    expect(created.body, JSON.stringify(created.body)).toMatchObject({ status: 1, data: { workerName: '杨志明', idCardNo: '5110**********123X' } });
    const id = created.body.data!.id;
    const change = await call(app, 'POST', endpoint('Worker', 'update'), { token: clerk, body: { rec_id: id, id_card_no: '511002199001011233' } });
    expect(change.body).toEqual({ status: 0, detail: '无权修改身份证号' });
    // Sending the masked value back is a change too; other fields save.
    const echo = await call(app, 'POST', endpoint('Worker', 'update'), { token: clerk, body: { rec_id: id, idCardNo: '5110**********123X' } });
    expect(echo.body).toEqual({ status: 0, detail: '无权修改身份证号' });
    const edit = await call<Row>(app, 'POST', endpoint('Worker', 'update'), { token: clerk, body: { rec_id: id, team_name: '木工班' } });
    expect(edit.body).toMatchObject({ status: 1, data: { teamName: '木工班', idCardNo: '5110**********123X' } });
    const stored = await call<Row>(app, 'GET', endpoint('Worker', 'detail'), { token: admin, query: { rec_id: id, personal: 'full' } });
    expect(stored.body.data?.idCardNo).toBe('51100219900315123X');
  });

  it('imports a sheet of new workers with their numbers; the masked export cannot be imported back', async () => {
    const [header, row] = await exportSheet('Worker', clerk, { keyword: String(sample().workerName) });
    const at = header.indexOf('身份证号');
    expect(MASKED.test(String(row[at]))).toBe(true);
    const masked = await importSheet('Worker', clerk, [header, row]);
    expect(masked.body).toMatchObject({ status: 1, data: { inserted: 0 } });
    expect(JSON.stringify(masked.body.data)).toContain('请输入正确的身份证号码');
    // The export masks the mobile number too (personal data): a new line gives its own.
    const fresh = row.map((v, i) => (i === at ? '511002199001011233' : i === header.indexOf('手机号码') ? '13990510088' : v));
    const good = await importSheet('Worker', clerk, [header, fresh]);
    expect(good.body, JSON.stringify(good.body)).toMatchObject({ status: 1, data: { inserted: 1 } });
    const found = (await list('Worker', admin, { keyword: '511002199001011233' })).body.data ?? [];
    expect(found).toHaveLength(1);
  });
});

describe('应发总额 with viewSalary: left out for roles without it', () => {
  it('omits the amounts from list, detail and export, and refuses writing them', async () => {
    const all = (await list('PayrollBatch', admin)).body.data ?? [];
    expect(all[0]).toHaveProperty('totalAmount');
    const rows = (await list('PayrollBatch', clerk)).body.data ?? [];
    expect(rows.length).toBe(all.length);
    expect(rows.some((r) => 'totalAmount' in r || 'paidAmount' in r)).toBe(false);
    const detail = await call<Row>(app, 'GET', endpoint('PayrollBatch', 'detail'), { token: clerk, query: { rec_id: all[0].id } });
    expect(detail.body.data).not.toHaveProperty('totalAmount');
    const [header] = await exportSheet('PayrollBatch', clerk);
    expect(header).not.toContain('应发总额');
    expect(header).not.toContain('实发总额');
    const write = await call(app, 'POST', endpoint('PayrollBatch', 'update'), { token: clerk, body: { rec_id: all[0].id, total_amount: 1 } });
    expect(write.body).toEqual({ status: 0, detail: '无权修改应发总额' });
    const sorted = await list('PayrollBatch', clerk, { filters: JSON.stringify([{ field: 'totalAmount', operator: 'gte', value: 1 }]) });
    expect(sorted.status).toBe(400);
    const after = await call<Row>(app, 'GET', endpoint('PayrollBatch', 'detail'), { token: admin, query: { rec_id: all[0].id } });
    expect(after.body.data?.totalAmount).toBe(all[0].totalAmount);
  });
});

describe('变更记录 and the audit trail keep protected fields protected', () => {
  const changeLog = (entity: string, token: string, id: string) =>
    call<Array<{ changes: Array<{ field: string; old?: unknown; new?: unknown }> }>>(app, 'GET', endpoint(entity, 'list').replace(/[^/]+$/, 'ChangeLog'), {
      token,
      query: { rec_id: id },
    });

  it('stores 身份证号 only masked and leaves it out of the ChangeLog of a role without viewIdNumber', async () => {
    const body = { project_id: project, worker_name: '罗晓东', id_card_no: '511002198807120012', gender: '1' };
    const created = await call<Row>(app, 'POST', endpoint('Worker', 'create'), { token: admin, body });
    expect(created.body.status, JSON.stringify(created.body)).toBe(1);
    const id = created.body.data!.id;
    const changed = await call(app, 'POST', endpoint('Worker', 'update'), { token: admin, body: { rec_id: id, id_card_no: '511002198807120039', team_name: '钢筋班' } });
    expect(changed.body.status, JSON.stringify(changed.body)).toBe(1);

    const full = (await changeLog('Worker', admin, id)).body.data ?? [];
    const idChange = full[0].changes.find((c) => c.field === 'idCardNo');
    expect(idChange).toEqual(expect.objectContaining({ old: '5110**********0012', new: '5110**********0039' }));
    expect(JSON.stringify(full)).not.toContain('511002198807120012');

    const limited = (await changeLog('Worker', clerk, id)).body.data ?? [];
    expect(limited).toHaveLength(full.length);
    expect(limited[0].changes.map((c) => c.field)).toContain('teamName');
    expect(limited.flatMap((e) => e.changes).some((c) => c.field === 'idCardNo')).toBe(false);
  });

  it('shows a salary change to a role with viewSalary only', async () => {
    const batch = ((await list('PayrollBatch', admin)).body.data ?? [])[0];
    const raised = Number(batch.totalAmount ?? 0) + 100;
    const saved = await call(app, 'POST', endpoint('PayrollBatch', 'update'), { token: admin, body: { rec_id: batch.id, total_amount: raised, version: batch.version } });
    expect(saved.body.status, JSON.stringify(saved.body)).toBe(1);
    const full = (await changeLog('PayrollBatch', admin, batch.id)).body.data ?? [];
    expect(full[0].changes.some((c) => c.field === 'totalAmount')).toBe(true);
    const limited = (await changeLog('PayrollBatch', clerk, batch.id)).body.data ?? [];
    expect(limited.flatMap((e) => e.changes).some((c) => c.field === 'totalAmount' || c.field === 'paidAmount')).toBe(false);
  });
});
