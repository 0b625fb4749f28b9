// Required + hidden (issue 28): 应发总额 of 工资发放 is required and needs viewSalary to be seen. A role without
// viewSalary neither sees nor sends it, so the schema declares a default (0) and the server stores it for
// that role's new batches; the schema check refuses the combination without a default
// (tests/unit/codegen/problem-lines.test.ts "required + hidden").
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import { call, session, startApp } from './helpers';
import { catalog, endpoint, projectId } from './engine-support';

type Row = Record<string, unknown> & { id: string };

let app: FastifyInstance;
let admin: string;
/** A role with search, add and edit on 工资发放 but not viewSalary. */
let clerk: string;
let project: string;

beforeAll(async () => {
  app = await startApp();
  admin = (await session(app, 'qiye01')).token;
  const grants = ['personnel', 'personnel.payroll', ...['search', 'add', 'edit'].map((a) => `personnel.payroll:${a}`)];
  const role = await call<Row>(app, 'POST', `${API_BASE}/api/Role/AddRole`, { token: admin, body: { role_name: '工资录入员', grants } });
  expect(role.body.status, JSON.stringify(role.body)).toBe(1);
  const user = { userName: 'gongzi_01', password: 'Gz@2026x', real_name: '周敏', mobile: '13990510031', user_auth_type: '0', role_id: Number(role.body.data!.id) };
  expect((await call(app, 'POST', `${API_BASE}/api/ERPUser/CreateUser`, { token: admin, body: user })).body.status).toBe(1);
  clerk = (await session(app, 'gongzi_01', { password: 'Gz@2026x' })).token;
  project = await projectId(app, admin, 'NJJG-2024-001');
});
afterAll(async () => {
  await app.close();
});

const batch = () => ({ project_id: project, pay_month: '2026-10', unit_name: '四川川南建筑劳务有限公司', worker_count: 12, funds_status: '0' });
const detail = (token: string, id: string) => call<Row>(app, 'GET', endpoint('PayrollBatch', 'detail'), { token, query: { rec_id: id } });

describe('应发总额: required, hidden from roles without viewSalary, with a default', () => {
  it('the schema declares the default the server uses', () => {
    const field = catalog.entities.get('PayrollBatch')!.fields.find((f) => f.name === 'totalAmount')!;
    expect(field).toMatchObject({ required: true, viewAction: 'viewSalary', default: 0 });
  });

  it('a role without viewSalary saves a new batch; the default is stored and hidden from it', async () => {
    const created = await call<Row>(app, 'POST', endpoint('PayrollBatch', 'create'), { token: clerk, body: batch() });
    expect(created.body.status, JSON.stringify(created.body)).toBe(1);
    expect(created.body.data).not.toHaveProperty('totalAmount');
    const id = String(created.body.data!.id);
    expect((await detail(clerk, id)).body.data).not.toHaveProperty('totalAmount');
    expect(Number((await detail(admin, id)).body.data?.totalAmount)).toBe(0);
    // Sending the hidden field is still refused as such.
    const sent = await call(app, 'POST', endpoint('PayrollBatch', 'create'), { token: clerk, body: { ...batch(), total_amount: 5 } });
    expect(sent.body).toEqual({ status: 0, detail: '无权修改应发总额' });
  });

  it('an empty create by that role names the fields it may fill, not the hidden one', async () => {
    const empty = await call(app, 'POST', endpoint('PayrollBatch', 'create'), { token: clerk, body: {} });
    expect(empty.body).toMatchObject({ status: 0 });
    expect(JSON.stringify(empty.body)).not.toContain('应发总额');
  });

  it('a role with viewSalary still enters the amount, and a blank one is still missing', async () => {
    const created = await call<Row>(app, 'POST', endpoint('PayrollBatch', 'create'), { token: admin, body: { ...batch(), total_amount: 18650.5 } });
    expect(created.body.status, JSON.stringify(created.body)).toBe(1);
    expect(Number(created.body.data?.totalAmount)).toBe(18650.5);
    const blank = await call(app, 'POST', endpoint('PayrollBatch', 'create'), { token: admin, body: { ...batch(), total_amount: '' } });
    expect(blank.body).toMatchObject({ status: 0, detail: '请输入应发总额' });
  });
});
