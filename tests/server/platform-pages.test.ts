// Issue 4, projects and organisations as JSON pages over platform tables (docs/metadata.md "Platform
// tables"): each kind of user sees its own rows (enterprise: the company's subtree, project users their
// projects, government the projects of its area), CRUD with Chinese refusals, the organisation tree stays
// a tree, and a project's joined users and organisations are related lists (§7.4 GetProjectUsers,
// UpdateJoinUser, GetProjectOrgs, UpdateJoinOrgList).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import type { LoginResult } from '../../common/wire';
import { COMPANIES, PROJECTS } from '../../server/seed/demo-data';
import { endpoint, enterMonitoring } from './engine-support';
import { call, PATHS, session, startApp } from './helpers';

type Row = Record<string, unknown> & { id: string };

const NO_PERMISSION = { status: 0, code: 402, detail: '没有权限' };
const NOT_FOUND = { status: 0, detail: '记录不存在或无权访问' };

let app: FastifyInstance;
const tokens: Record<string, string> = {};
const results: Record<string, LoginResult> = {};
beforeAll(async () => {
  app = await startApp();
  for (const u of ['sysadmin', 'qiye01', 'qiye02', 'jianguan01', 'xiangmu01', 'xiangmu02', 'duogongsi']) {
    const s = await session(app, u);
    tokens[u] = s.token;
    results[u] = s.result;
  }
});
afterAll(async () => {
  await app?.close();
});

const list = async (entity: string, token: string, query: Record<string, string | number> = {}) => {
  const reply = await call<Row[]>(app, 'GET', endpoint(entity, 'list'), { token, query: { index: 0, size: 100, ...query } });
  return reply.body;
};
const names = async (entity: string, token: string, field = 'name') => ((await list(entity, token)).data ?? []).map((r) => r[field]).sort();
const projectNames = (filter: (p: (typeof PROJECTS)[number]) => boolean) => PROJECTS.filter(filter).map((p) => p.name).sort();
const companyKey = (name: unknown) => COMPANIES.find((c) => c.name === name)?.key;
const url = (base: string, name: string) => `${API_BASE}/api/${base}/${name}`;

async function projectRow(token: string, no: string): Promise<Row> {
  const reply = await list('Project', token, { filters: JSON.stringify([{ field: 'projectNo', operator: 'eq', value: no }]) });
  const row = reply.data?.[0];
  if (!row) throw new Error(`project ${no} not visible`);
  return row;
}
/** Any company's id, from the system administrators' list (§7.3 AdminGetAllQueryOrgList). */
async function anyCompanyId(name: string): Promise<string> {
  const reply = await call<Array<{ id: string; companyname: string }>>(app, 'GET', PATHS.adminOrgList, { token: tokens.sysadmin, query: { index: 0, size: 500 } });
  const hit = reply.body.data?.find((c) => c.companyname === name);
  if (!hit) throw new Error(`no company ${name}`);
  return hit.id;
}
async function orgId(token: string, name: string): Promise<string> {
  const row = (await list('Organization', token)).data?.find((r) => r.name === name);
  if (!row) throw new Error(`organisation ${name} not visible`);
  return row.id;
}

describe('projects: the rows each kind of user sees (scope "projects")', () => {
  it('enterprise users see the projects of the current company and its subsidiaries', async () => {
    const group = projectNames(() => true);
    expect(await names('Project', tokens.qiye01)).toEqual(group);
    expect(await names('Project', tokens.sysadmin)).toEqual(group);
    expect((await list('Project', tokens.qiye01)).pageInfo?.record_count).toBe(group.length);
  });

  it('project users see only their linked projects', async () => {
    expect(await names('Project', tokens.xiangmu01)).toEqual(projectNames((p) => ['NJJG-2024-001', 'NJJG-2023-007', 'NJJG-2022-011'].includes(p.no)));
    expect(await names('Project', tokens.xiangmu02)).toEqual(projectNames((p) => p.no === 'NJJG-2024-002'));
  });

  it('the government user sees the projects of its area (511000 covers 5110xx), not the one in 自贡', async () => {
    const area = projectNames((p) => p.area.startsWith('5110'));
    expect(await names('Project', tokens.jianguan01)).toEqual(area);
    expect(area).not.toContain('内自同城快速通道（大安段）');
  });

  it('monitoring shows the watched company’s projects, read-only', async () => {
    const { token, result } = await session(app, 'duogongsi');
    await enterMonitoring(app, token, result, '内江华鼎商品混凝土有限公司');
    expect(await names('Project', token)).toEqual(projectNames((p) => p.company === 'concrete'));
    const row = await projectRow(token, 'NJJG-2024-009');
    const write = await call(app, 'POST', endpoint('Project', 'update'), { token, body: { rec_id: row.id, managerName: '改名' } });
    expect(write.body).toMatchObject({ status: 0, code: 402 });
  });

  it('answers a project with its company as a label and its status as a number', async () => {
    const row = await projectRow(tokens.qiye01, 'NJJG-2024-001');
    expect(row).toMatchObject({ name: '甜城湖片区棚户区改造项目', status: 3, builderUnit: '内江市城市建设投资有限公司', labels: { companyId: '内江建工建筑工程有限公司' } });
    const detail = await call<Row>(app, 'GET', url('Project', 'GetProjectInfo'), { token: tokens.xiangmu01, query: { rec_id: row.id } });
    expect(detail.body.data?.projectNo).toBe('NJJG-2024-001');
    // Outside xiangmu02's scope: the same answer as a missing row.
    const other = await call(app, 'GET', url('Project', 'GetProjectInfo'), { token: tokens.xiangmu02, query: { rec_id: row.id } });
    expect(other.body).toEqual(NOT_FOUND);
  });
});

describe('projects: add, update, delete (/api/Project/Add, Update, Delete)', () => {
  const valid = (companyId: string, over: Record<string, unknown> = {}) => ({
    project_no: 'NJJG-2026-101',
    projectName: '资中县人民医院迁建工程',
    status: 1,
    company_id: companyId,
    area_code: '511025',
    address: '内江市资中县水南镇',
    lng: 104.85,
    lat: 29.76,
    start_date: '2026-03-01',
    builder_unit: '资中县卫生健康局',
    ...over,
  });

  it('refuses bad input with the field’s Chinese message and changes nothing', async () => {
    const build = await orgId(tokens.qiye01, '内江建工建筑工程有限公司');
    const before = (await list('Project', tokens.qiye01)).pageInfo?.record_count;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ projectName: '' }, '请输入项目名称'],
      [{ status: 9 }, '项目状态的取值无效'],
      [{ lng: 200 }, '经度须在73到136之间'],
      [{ project_no: 'NJJG-2024-001' }, '项目编号已存在'],
      [{ area_code: '999999' }, '所在区县的取值无效'],
    ];
    for (const [over, detail] of cases) {
      const reply = await call(app, 'POST', endpoint('Project', 'create'), { token: tokens.qiye01, body: valid(build, over) });
      expect(reply.body).toEqual({ status: 0, detail });
    }
    expect((await list('Project', tokens.qiye01)).pageInfo?.record_count).toBe(before);
  });

  it('refuses a company outside the current company’s subtree', async () => {
    const supervision = await anyCompanyId('四川甜城建设工程监理有限公司');
    const reply = await call(app, 'POST', endpoint('Project', 'create'), { token: tokens.qiye01, body: valid(supervision) });
    expect(reply.body).toEqual({ status: 0, detail: '所选所属单位不存在或无权访问' });
  });

  it('creates, updates and deletes a project; a project user cannot add one', async () => {
    const build = await orgId(tokens.qiye01, '内江建工建筑工程有限公司');
    const created = await call<Row>(app, 'POST', endpoint('Project', 'create'), { token: tokens.qiye01, body: valid(build) });
    expect(created.body).toMatchObject({ status: 1, data: { projectNo: 'NJJG-2026-101', status: 1, companyId: build, builderUnit: '资中县卫生健康局' } });
    const id = created.body.data!.id;
    // The government user of 内江 sees it at once (area 511025).
    expect(await names('Project', tokens.jianguan01)).toContain('资中县人民医院迁建工程');

    const updated = await call<Row>(app, 'POST', endpoint('Project', 'update'), { token: tokens.qiye01, body: { rec_id: id, status: 3, managerName: '罗斌' } });
    expect(updated.body.data).toMatchObject({ status: 3, managerName: '罗斌', name: '资中县人民医院迁建工程' });

    expect((await call(app, 'POST', endpoint('Project', 'create'), { token: tokens.xiangmu01, body: valid(build) })).body).toEqual(NO_PERMISSION);
    expect((await call(app, 'POST', endpoint('Project', 'delete'), { token: tokens.qiye02, body: { rec_id: id } })).body).toEqual(NO_PERMISSION);

    const removed = await call(app, 'POST', endpoint('Project', 'delete'), { token: tokens.qiye01, body: { rec_id: id } });
    expect(removed.body).toEqual({ status: 1, detail: '删除成功' });
    expect(await names('Project', tokens.qiye01)).not.toContain('资中县人民医院迁建工程');
  });

  it('a project user edits its own project only', async () => {
    const mine = await projectRow(tokens.xiangmu01, 'NJJG-2024-001');
    const ok = await call<Row>(app, 'POST', endpoint('Project', 'update'), { token: tokens.xiangmu01, body: { rec_id: mine.id, managerName: '张伟' } });
    expect(ok.body.status).toBe(1);
    const theirs = await projectRow(tokens.qiye01, 'NJJG-2024-002');
    const refused = await call(app, 'POST', endpoint('Project', 'update'), { token: tokens.xiangmu01, body: { rec_id: theirs.id, managerName: '改名' } });
    expect(refused.body).toEqual(NOT_FOUND);
  });
});

describe('project relations: joined users and organisations', () => {
  it('lists, adds and removes joined users (GetProjectUsers / UpdateJoinUser)', async () => {
    const project = await projectRow(tokens.qiye01, 'NJJG-2025-005');
    const users = async () =>
      ((await call<Row[]>(app, 'GET', url('Project', 'GetProjectUsers'), { token: tokens.qiye01, query: { rec_id: project.id } })).body.data ?? []).map((u) => u.userName);
    expect(await users()).toEqual([]);
    const qiye02 = results.qiye02.UserID;
    const added = await call<Row[]>(app, 'POST', url('Project', 'UpdateJoinUser'), { token: tokens.qiye01, body: { rec_id: project.id, add: [qiye02] } });
    expect(added.body).toMatchObject({ status: 1, detail: '保存成功' });
    expect(added.body.data?.map((u) => u.userName)).toEqual(['qiye02']);
    // A linked user answers the User entity's fields (role from the hook), never the password.
    expect(added.body.data?.[0]).toMatchObject({ realName: '陈静', roleId: expect.any(Number) });
    expect(added.body.data?.[0]).not.toHaveProperty('password');
    await call(app, 'POST', url('Project', 'UpdateJoinUser'), { token: tokens.qiye01, body: { rec_id: project.id, remove: [qiye02] } });
    expect(await users()).toEqual([]);
  });

  it('refuses a user outside the caller’s company, and a caller without edit', async () => {
    const project = await projectRow(tokens.qiye01, 'NJJG-2025-005');
    const outsider = results.jianguan01.UserID;
    const reply = await call(app, 'POST', url('Project', 'UpdateJoinUser'), { token: tokens.qiye01, body: { rec_id: project.id, add: [outsider] } });
    expect(reply.body).toEqual({ status: 0, detail: '所选项目人员不存在或无权访问' });
    const viewer = await call(app, 'POST', url('Project', 'UpdateJoinUser'), { token: tokens.qiye02, body: { rec_id: project.id, add: [results.qiye02.UserID] } });
    expect(viewer.body).toEqual(NO_PERMISSION);
    const empty = await call(app, 'POST', url('Project', 'UpdateJoinUser'), { token: tokens.qiye01, body: { rec_id: project.id } });
    expect(empty.body).toEqual({ status: 0, detail: '请选择要添加或移除的记录' });
    const malformed = await call(app, 'POST', url('Project', 'UpdateJoinUser'), { token: tokens.qiye01, body: { rec_id: project.id, add: 'x' } });
    expect(malformed.status).toBe(400);
  });

  it('lists joined organisations and removes one the caller cannot see (GetProjectOrgs / UpdateJoinOrgList)', async () => {
    const project = await projectRow(tokens.qiye01, 'NJJG-2024-001');
    const orgs = async () =>
      ((await call<Row[]>(app, 'GET', url('Project', 'GetProjectOrgs'), { token: tokens.qiye01, query: { rec_id: project.id } })).body.data ?? []).map((o) => companyKey(o.name));
    expect((await orgs()).sort()).toEqual(['build', 'concrete', 'supervision']);
    // The supervision company is outside the group's tree: it cannot be added, but its link may go.
    const supervision = await anyCompanyId('四川甜城建设工程监理有限公司');
    const removed = await call<Row[]>(app, 'POST', url('Project', 'UpdateJoinOrgList'), { token: tokens.qiye01, body: { rec_id: project.id, remove: [supervision] } });
    expect(removed.body.status).toBe(1);
    expect((await orgs()).sort()).toEqual(['build', 'concrete']);
    const back = await call(app, 'POST', url('Project', 'UpdateJoinOrgList'), { token: tokens.qiye01, body: { rec_id: project.id, add: [supervision] } });
    expect(back.body).toEqual({ status: 0, detail: '所选参建单位不存在或无权访问' });
  });
});

describe('organisations: a tree of the current company (scope "companies")', () => {
  it('shows the group its subtree, a subsidiary only itself; the tree is by pId', async () => {
    const rows = (await list('Organization', tokens.qiye01)).data ?? [];
    expect(rows.map((r) => companyKey(r.name)).sort()).toEqual(['build', 'concrete', 'group', 'road']);
    const group = rows.find((r) => r.name === '内江建工集团有限公司')!;
    expect(rows.filter((r) => r.parentId === group.id)).toHaveLength(3);
    expect(group.parentId).toBeNull();
    // xiangmu01's role has no organisation page.
    expect((await list('Organization', tokens.xiangmu01))).toEqual(NO_PERMISSION);
  });

  it('creates a unit under a visible parent, refuses cycles, names and parents out of reach', async () => {
    const token = tokens.qiye01;
    const build = await orgId(token, '内江建工建筑工程有限公司');
    const create = (body: Record<string, unknown>) => call<Row>(app, 'POST', url('Org', 'CreateOrg'), { token, body });
    const made = await create({ companyname: '内江建工第一分公司', pId: build, companyType: 9, area_code: '511002' });
    expect(made.body).toMatchObject({ status: 1, data: { name: '内江建工第一分公司', parentId: build, labels: { parentId: '内江建工建筑工程有限公司' } } });
    const child = made.body.data!.id;

    expect((await create({ companyname: '内江建工第一分公司', pId: build, companyType: 9 })).body).toEqual({ status: 0, detail: '单位名称已存在' });
    const outside = await anyCompanyId('内江市住房和城乡建设局');
    expect((await create({ companyname: '外部单位', pId: outside, companyType: 9 })).body).toEqual({ status: 0, detail: '所选上级单位不存在或无权访问' });
    expect((await create({ companyname: '无上级', companyType: 9 })).body).toEqual({ status: 0, detail: '请选择上级单位' });
    expect((await create({ companyname: '类型错', pId: build, companyType: 15 })).body).toEqual({ status: 0, detail: '单位类型的取值无效' });

    // build under its own child: a cycle.
    const cycle = await call(app, 'POST', url('Org', 'UpdateOrg'), { token, body: { rec_id: build, pId: child } });
    expect(cycle.body).toEqual({ status: 0, detail: '上级单位不能是本身或其下级' });
    const self = await call(app, 'POST', url('Org', 'UpdateOrg'), { token, body: { rec_id: child, pId: child } });
    expect(self.body).toEqual({ status: 0, detail: '上级单位不能是本身或其下级' });

    // A unit with projects, users or subsidiaries stays; an empty one goes.
    const inUse = await call(app, 'POST', url('Org', 'DeleteOrg'), { token, body: { rec_id: build } });
    expect(inUse.body.status).toBe(0);
    // What uses it, counted per kind (docs/security.md "Deletes"): its subsidiary, projects, users, roles…
    for (const kind of ['个单位', '个项目', '名用户', '个角色']) expect(inUse.body.detail).toMatch(new RegExp(`^该记录已被其他数据使用：.*\\d+ ${kind}`));
    expect((await call(app, 'POST', url('Org', 'DeleteOrg'), { token, body: { rec_id: child } })).body.status).toBe(1);
    expect((await list('Organization', token)).data?.some((r) => r.id === child)).toBe(false);
  });

  it('lets the viewer list but not change units', async () => {
    expect((await list('Organization', tokens.qiye02)).data).toHaveLength(4);
    const reply = await call(app, 'POST', url('Org', 'CreateOrg'), { token: tokens.qiye02, body: { companyname: 'x', pId: '1', companyType: 9 } });
    expect(reply.body).toEqual(NO_PERMISSION);
  });
});
