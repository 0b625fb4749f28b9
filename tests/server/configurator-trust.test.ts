// Issue 28, what a configurator writes in JSON must hold for every user kind (docs/metadata.md): the
// 设备租赁合同 area (schemas/entities/equipment-lease.json, granted in schemas/menus.json) — a reference
// readable through the referenced entity's Options by the users of the referencing page, uniqueness "per
// company" on project data meaning the company owning the row's project, grants given once per role by name.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/app-context';
import { applyMenuGrants } from '../../server/platform/menu-grants';
import { MENU_TREE_PATH } from '../../server/engine/menu-route';
import { META_PATHS } from '../../server/routes/meta';
import type { LoadedPage } from '../../common/metadata/types';
import type { MenuNode } from '../../common/menu-tree';
import { call, PATHS, session, startApp } from './helpers';
import { catalog, endpoint, projectId } from './engine-support';

type Row = Record<string, unknown> & { id: string };

let app: FastifyInstance;
let ctx: AppContext | undefined;
const capture: FastifyPluginAsync<{ ctx: AppContext }> = async (_api, options) => {
  ctx = options.ctx;
};
let xiangmu01: string;
let qiye01: string;
let tianCheng: string;
let hanYu: string;

beforeAll(async () => {
  app = await startApp({ routes: [capture] });
  xiangmu01 = (await session(app, 'xiangmu01')).token;
  qiye01 = (await session(app, 'qiye01')).token;
  tianCheng = await projectId(app, qiye01, 'NJJG-2024-001');
  hanYu = await projectId(app, qiye01, 'NJJG-2024-002');
});
afterAll(async () => {
  await app.close();
});

const OPTIONS = '/prod-api/api/Org/Options';
const options = (token: string, query: Record<string, string | number>) => call<Array<Record<string, unknown>>>(app, 'GET', OPTIONS, { token, query });

const lease = (no: string, project: string, over: Record<string, unknown> = {}) => ({
  leaseNo: no,
  leaseName: '塔式起重机租赁合同',
  projectId: project,
  lessorId: '3',
  leaseKind: '1',
  amount: 96000,
  signDate: '2026-11-01',
  startDate: '2026-11-05',
  endDate: '2027-11-04',
  items: [{ equipmentName: '塔式起重机', specModel: 'QTZ80', quantity: 1, monthlyRent: 8000, months: 12 }],
  ...over,
});

describe('a reference is readable by the users of the page declaring it', () => {
  it('answers a project user the organisations in its scope, ids and names only, though the organisations page is not theirs', async () => {
    const own = await call(app, 'GET', endpoint('Organization', 'list'), { token: xiangmu01, query: { index: 0, size: 10 } });
    expect(own.body).toMatchObject({ status: 0, detail: '没有权限' });
    const reply = await options(xiangmu01, { fields: 'id,name', index: 0, size: 999 });
    expect(reply.body.status).toBe(1);
    expect(reply.body.data).toEqual([{ id: '3', name: '内江建工建筑工程有限公司' }]);
    // The group company's user sees its whole subtree.
    const group = await options(qiye01, { fields: 'id,name', index: 0, size: 999 });
    expect(group.body.data!.map((o) => o.name)).toEqual(expect.arrayContaining(['内江建工集团有限公司', '内江建工路桥工程有限公司', '内江建工建筑工程有限公司']));
    expect(group.body.data!.every((o) => Object.keys(o).sort().join() === 'id,name')).toBe(true);
  });

  it('searches the label only and pages', async () => {
    const hit = await options(qiye01, { fields: 'id,name', keyword: '路桥', index: 0, size: 10 });
    expect(hit.body.data!.map((o) => o.name)).toEqual(['内江建工路桥工程有限公司']);
    const page = await options(qiye01, { fields: 'id,name', index: 0, size: 2 });
    expect(page.body.data).toHaveLength(2);
    expect(page.body.pageInfo?.record_count).toBeGreaterThan(2);
  });

  it('answers a reference whose value is its label (a copied name: 巡检设备’s 设备类型)', async () => {
    const reply = await call<Array<Record<string, unknown>>>(app, 'GET', '/prod-api/api/DeviceType/Options', { token: qiye01, query: { fields: 'typeName,typeName', index: 0, size: 999 } });
    expect(reply.body.status).toBe(1);
    expect(reply.body.data!.length).toBeGreaterThan(0);
    expect(reply.body.data!.every((o) => Object.keys(o).join() === 'typeName' && typeof o.typeName === 'string')).toBe(true);
  });

  it('answers the rows a related list offers to link (项目详情 › 项目人员: users by key and first column)', async () => {
    const reply = await call<Array<Record<string, unknown>>>(app, 'GET', '/prod-api/api/ERPUser/Options', { token: qiye01, query: { fields: 'id,userName', index: 0, size: 999 } });
    expect(reply.body.status).toBe(1);
    expect(reply.body.data!.map((u) => u.userName)).toEqual(expect.arrayContaining(['qiye01', 'qiye02']));
    expect(reply.body.data!.every((u) => Object.keys(u).join() === 'id,userName')).toBe(true);
    expect((await call(app, 'GET', '/prod-api/api/ERPUser/Options', { token: qiye01, query: { fields: 'id,mobile' } })).status).toBe(400);
  });

  it('refuses fields no reference declares, filters on other fields, and callers with no such page', async () => {
    expect((await options(xiangmu01, { fields: 'id,phone' })).status).toBe(400);
    expect((await options(xiangmu01, { fields: 'name,id' })).status).toBe(400);
    expect((await options(xiangmu01, { fields: 'id' })).status).toBe(400);
    expect((await options(xiangmu01, { fields: 'id,name;drop' })).status).toBe(400);
    const filtered = await options(xiangmu01, { fields: 'id,name', filters: JSON.stringify([{ field: 'phone', operator: 'eq', value: '1' }]) });
    expect(filtered.status).toBe(400);
    // No session: the platform guard answers first.
    expect((await call(app, 'GET', OPTIONS, { query: { fields: 'id,name' } })).body.status).not.toBe(1);
  });

  it('lets the project user save a lease naming that organisation, and refuses one outside its scope', async () => {
    const made = await call<Row>(app, 'POST', endpoint('EquipmentLease', 'create'), { token: xiangmu01, body: lease('ZL-T-001', tianCheng) });
    expect(made.body.status).toBe(1);
    expect(made.body.data!.lessorId).toBe('3');
    const outside = await call(app, 'POST', endpoint('EquipmentLease', 'create'), { token: xiangmu01, body: lease('ZL-T-002', tianCheng, { lessorId: '1' }) });
    expect(outside.body.status).toBe(0);
    expect(outside.body.detail).toContain('出租单位');
  });
});

describe('"unique per company" on project data is the project owner company’s', () => {
  it('refuses the group company’s user a number its subsidiary used in the same project', async () => {
    const first = await call(app, 'POST', endpoint('EquipmentLease', 'create'), { token: xiangmu01, body: lease('ZL-U-001', tianCheng) });
    expect(first.body.status).toBe(1);
    const again = await call(app, 'POST', endpoint('EquipmentLease', 'create'), { token: qiye01, body: lease('ZL-U-001', tianCheng) });
    expect(again.body).toMatchObject({ status: 0, detail: '租赁合同编号已存在' });
    const listed = await call<Row[]>(app, 'GET', endpoint('EquipmentLease', 'list'), { token: qiye01, query: { index: 0, size: 50, keyword: 'ZL-U-001' } });
    expect(listed.body.data).toHaveLength(1);
  });

  it('allows the number in a project of another company of the group, and enforces it in the database', async () => {
    const other = await call(app, 'POST', endpoint('EquipmentLease', 'create'), { token: qiye01, body: lease('ZL-U-001', hanYu) });
    expect(other.body.status).toBe(1);
    // A row written past the engine (SQL, a hook) meets the same index: the trigger fills the owner company.
    const project = await ctx!.db.selectFrom('projects').select('company_id').where('id', '=', Number(tianCheng)).executeTakeFirstOrThrow();
    const raw = sql`insert into equipment_lease (company_id, project_id, lease_no, lease_name, lessor_id, lease_kind, amount, sign_date, start_date, end_date, status)
      values (1, ${Number(tianCheng)}, 'ZL-U-001', '直接写入', '3', '1', 1, '2026-11-01', '2026-11-01', '2026-12-01', '1')`;
    await expect(raw.execute(ctx!.db)).rejects.toThrow();
    const owners = await sql<{ owner_company_id: string }>`select owner_company_id from equipment_lease where lease_no = 'ZL-U-001' order by id`.execute(ctx!.db);
    expect(owners.rows.map((r) => Number(r.owner_company_id))).toEqual([Number(project.company_id), expect.any(Number)]);
    expect(Number(owners.rows[1].owner_company_id)).not.toBe(Number(project.company_id));
  });
});

describe('workflow rights of their own (提交, 审批, 归档)', () => {
  const TRANSITION = '/prod-api/api/EquipmentLease/ModifyStatus';
  const move = (token: string, body: Record<string, unknown>) => call<Row>(app, 'POST', TRANSITION, { token, body });

  it('lets a project member submit but not approve, the project manager approve and archive', async () => {
    const xiangmu02 = (await session(app, 'xiangmu02')).token;
    const made = await call<Row>(app, 'POST', endpoint('EquipmentLease', 'create'), { token: xiangmu02, body: lease('ZL-W-001', hanYu, { lessorId: '2' }) });
    expect(made.body.status).toBe(1);
    const id = made.body.data!.id;
    const submitted = await move(xiangmu02, { rec_id: id, transition: 'submit' });
    expect(submitted.body).toMatchObject({ status: 1, data: { status: '2' } });
    expect((await move(xiangmu02, { rec_id: id, transition: 'approve' })).body).toMatchObject({ status: 0, detail: '没有权限' });
    expect((await move(xiangmu02, { rec_id: id, transition: 'reject', rejectReason: '租金偏高' })).body).toMatchObject({ status: 0, detail: '没有权限' });
    // qiye01 holds every node (a full role), the new rights included.
    const approved = await move(qiye01, { rec_id: id, transition: 'approve' });
    expect(approved.body).toMatchObject({ status: 1, data: { status: '3' } });
    expect((await move(xiangmu02, { rec_id: id, transition: 'offHire', offHireDate: '2026-11-30' })).body).toMatchObject({ status: 1, data: { status: '4' } });
    expect((await move(xiangmu02, { rec_id: id, transition: 'archive' })).body).toMatchObject({ status: 0, detail: '没有权限' });
    expect((await move(qiye01, { rec_id: id, transition: 'archive' })).body).toMatchObject({ status: 1, data: { status: '5' } });
  });

  it('shows the rights by their Chinese names in the role editor’s tree', async () => {
    const tree = await call<MenuNode[]>(app, 'GET', MENU_TREE_PATH, { token: qiye01 });
    const flat = (nodes: readonly MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
    const titles = Object.fromEntries(flat(tree.body.data!).filter((n) => n.id.startsWith('contract.lease:')).map((n) => [n.id, n.title]));
    expect(titles).toMatchObject({ 'contract.lease:submit': '提交审批', 'contract.lease:approve': '审批', 'contract.lease:archive': '归档' });
  });
});

describe('grants in schemas/menus.json', () => {
  const grantsOf = async (role: string) =>
    (await sql<{ node_id: string }>`select g.node_id from role_grants g join roles r on r.id = g.role_id where r.name = ${role} and g.node_id like 'contract.lease%' order by 1`.execute(ctx!.db)).rows.map((r) => r.node_id);

  it('are given to the roles they name, with the listed actions', async () => {
    expect(await grantsOf('项目成员')).toEqual(['contract.lease', 'contract.lease:add', 'contract.lease:edit', 'contract.lease:search', 'contract.lease:submit']);
    expect(await grantsOf('企业查看员')).toEqual(['contract.lease', 'contract.lease:search']);
    expect(await grantsOf('项目管理员')).toEqual(expect.arrayContaining(['contract.lease:approve', 'contract.lease:archive', 'contract.lease:viewIdNumber']));
  });

  it('are given once: a grant an administrator removed stays removed, a role made later gets them', async () => {
    await sql`delete from role_grants where node_id = 'contract.lease:edit' and role_id in (select id from roles where name = '项目成员')`.execute(ctx!.db);
    const company = await ctx!.db.selectFrom('companies').select('id').where('name', '=', '内江建工路桥工程有限公司').executeTakeFirstOrThrow();
    await ctx!.db.insertInto('roles').values({ company_id: company.id, name: '企业查看员' }).execute();
    const added = await applyMenuGrants(ctx!.db, catalog.grants, catalog.menuIds);
    expect(added).toBe(2);
    expect(await grantsOf('项目成员')).toEqual(['contract.lease', 'contract.lease:add', 'contract.lease:search', 'contract.lease:submit']);
    expect(await applyMenuGrants(ctx!.db, catalog.grants, catalog.menuIds)).toBe(0);
  });
});

describe('the system administrator keeps any company’s roles', () => {
  it('is offered every company, switches to a subsidiary and edits a role of it in 角色管理', async () => {
    const admin = await session(app, 'sysadmin');
    const companys = JSON.parse(admin.result.Companys) as Array<{ CompanyID: string; CompanyName: string }>;
    const offered = companys.map((c) => c.CompanyName);
    expect(offered).toEqual(expect.arrayContaining(['内江建工集团有限公司', '内江建工路桥工程有限公司', '内江华鼎商品混凝土有限公司', '四川甜城建设工程监理有限公司']));
    const road = companys.find((c) => c.CompanyName === '内江建工路桥工程有限公司')!;
    expect((await call(app, 'POST', PATHS.switchCompany, { token: admin.token, body: { company_id: road.CompanyID } })).body.status).toBe(1);
    const roles = await call<Row[]>(app, 'GET', endpoint('Role', 'list'), { token: admin.token, query: { index: 0, size: 50 } });
    const member = roles.body.data!.find((r) => r.name === '项目成员');
    expect(member).toBeDefined();
    const ids = await ctx!.db.selectFrom('roles').select(['id', 'company_id']).where('name', '=', '项目成员').execute();
    expect(ids.find((r) => String(r.id) === member!.id)?.company_id).toBe(Number(road.CompanyID));
    const edited = await call<Row>(app, 'POST', endpoint('Role', 'update'), { token: admin.token, body: { ...member, remark: '路桥公司项目成员（系统管理员维护）' } });
    expect(edited.body).toMatchObject({ status: 1, data: { remark: '路桥公司项目成员（系统管理员维护）' } });
    // Not so for a user who is no member there.
    expect((await call(app, 'POST', PATHS.switchCompany, { token: xiangmu01, body: { company_id: road.CompanyID } })).body.status).not.toBe(1);
  });
});

describe('the browser gets the schemas the server runs', () => {
  it('answers a page with its entity and related entities, tagged by the schemas’ version', async () => {
    const reply = await call<LoadedPage>(app, 'GET', META_PATHS.page, { token: xiangmu01, query: { name: 'equipmentLease' } });
    expect(reply.body.status).toBe(1);
    expect(reply.body.data).toMatchObject({ page: { name: 'equipmentLease', title: '设备租赁合同' }, entity: { name: 'EquipmentLease' } });
    expect(Object.keys(reply.body.data!.related ?? {})).toEqual(['LeaseItem']);
    expect(reply.body.data!.page).not.toHaveProperty('$schema');
    const tag = reply.raw.headers.etag as string;
    const version = await call<{ version: string }>(app, 'GET', META_PATHS.version, { token: xiangmu01 });
    expect(tag).toBe(`W/"${version.body.data!.version}"`);
    const again = await app.inject({ method: 'GET', url: `${META_PATHS.page}?name=equipmentLease`, headers: { authorization: `Bearer ${xiangmu01}`, 'if-none-match': tag } });
    expect(again.statusCode).toBe(304);
  });

  it('answers the caller’s menu as login does, from the grants read now', async () => {
    const reply = await call<{ MenuPermissions: string }>(app, 'GET', META_PATHS.menu, { token: xiangmu01 });
    expect(reply.body.status).toBe(1);
    const text = reply.body.data!.MenuPermissions;
    expect(text).toContain('设备租赁合同');
    expect(text).toContain('"PagePermission":"submit"');
    const before = (await session(app, 'xiangmu01')).result.MenuPermissions;
    expect(text).toBe(before);
  });

  it('refuses an unknown page and a caller without a session', async () => {
    expect((await call(app, 'GET', META_PATHS.page, { token: xiangmu01, query: { name: 'nope' } })).body).toMatchObject({ status: 0, detail: '页面不存在' });
    expect((await call(app, 'GET', META_PATHS.page, { query: { name: 'equipmentLease' } })).body.status).not.toBe(1);
    expect((await call(app, 'GET', META_PATHS.page, { token: xiangmu01, query: { name: 'x'.repeat(200) } })).status).toBe(400);
  });
});
