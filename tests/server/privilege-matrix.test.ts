// Issue 9 "Privilege and tenancy": user administration that cannot escalate (docs/security-privilege.md).
// The attacks found first (qiye01 resetting the system administrator's password, locking it out, taking
// over an account of several companies, creating a government user), then the matrix: every demo account
// (and a narrow user administrator) × every privilege-bearing field × create / edit / audit / delete, where
// every refused attempt changes nothing (the rows behind users, memberships, projects, roles and groups
// are compared before and after), and the legitimate administration still works.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import type { ProjectListItem } from '../../common/wire';
import type { AppContext } from '../../server/app-context';
import { call, DEMO_PASSWORD, login, PATHS, session, startApp } from './helpers';

type Row = Record<string, unknown> & { id: string };

const SNAPSHOT_PATH = '/test/privilege-snapshot';

/** Every row that carries a privilege, in a fixed order: what a refused attempt must leave as it was. */
async function snapshotRoute(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get(SNAPSHOT_PATH, { config: { public: true } }, async () => {
    const db = ctx.db;
    return {
      users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
      memberships: await db.selectFrom('memberships').selectAll().orderBy('id').execute(),
      projects: await db.selectFrom('user_projects').selectAll().orderBy('user_id').orderBy('project_id').execute(),
      watch: await db.selectFrom('watch_companies').selectAll().orderBy('user_id').orderBy('company_id').execute(),
      roles: await db.selectFrom('roles').selectAll().orderBy('id').execute(),
      grants: await db.selectFrom('role_grants').selectAll().orderBy('role_id').orderBy('node_id').execute(),
      groups: await db.selectFrom('role_groups').selectAll().orderBy('id').execute(),
      groupRoles: await db.selectFrom('role_group_members').selectAll().orderBy('group_id').orderBy('role_id').execute(),
    };
  });
}

type Snapshot = { users: Array<Record<string, unknown>>; memberships: Array<Record<string, unknown>> };

let app: FastifyInstance;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const roleIds: Record<string, string> = {};

const url = (base: string, name: string) => `${API_BASE}/api/${base}/${name}`;
const USER = {
  create: url('ERPUser', 'CreateUser'),
  edit: url('ERPUser', 'editUser'),
  audit: url('ERPUser', 'AuditUser'),
  delete: url('ERPUser', 'deleteUser'),
  role: url('ERPUser', 'PCUpdateJiaoSe'),
};
const snapshot = async () => (await app.inject({ method: 'GET', url: SNAPSHOT_PATH })).json() as Snapshot & Record<string, unknown>;
const post = (token: string, path: string, body: unknown) => call<Row>(app, 'POST', path, { token, body });
const userOf = async (userName: string) => (await snapshot()).users.find((u) => u.user_name === userName);

const DEMO = ['sysadmin', 'qiye01', 'qiye02', 'jianguan01', 'xiangmu01', 'xiangmu02', 'duogongsi', 'wuquanxian'] as const;
/** A narrow user administrator of the group: users, roles, role groups and project members, few other grants. */
const NARROW = 'juese01';
/** An ordinary member of the group whose role holds only the home page. */
const PLAIN = 'putong01';
const ACTORS = [...DEMO, NARROW] as const;
const TARGETS = [...DEMO, NARROW, PLAIN] as const;
type Actor = (typeof ACTORS)[number];
type Target = (typeof TARGETS)[number];

const NARROW_GRANTS = [
  'home', 'userManage',
  'userManage.user', 'userManage.user:search', 'userManage.user:add', 'userManage.user:edit', 'userManage.user:delete', 'userManage.user:audit',
  'userManage.role', 'userManage.role:search', 'userManage.role:add', 'userManage.role:edit', 'userManage.role:delete',
  'userManage.roleGroup', 'userManage.roleGroup:search', 'userManage.roleGroup:add', 'userManage.roleGroup:edit', 'userManage.roleGroup:delete',
  'projectManage', 'projectManage.crmProject', 'projectManage.crmProject:search', 'projectManage.crmProject:edit',
];

/** Whom an actor may administer fully (every field, audit, delete); the system administrator: everyone. */
const FULL: Partial<Record<Actor, readonly Target[]>> = {
  qiye01: ['qiye01', 'qiye02', 'wuquanxian', NARROW, PLAIN],
  duogongsi: ['qiye01', 'qiye02', 'wuquanxian', NARROW, PLAIN],
  [NARROW]: [NARROW, PLAIN],
};
/** Accounts of several companies: this company's administrators change only this company's membership. */
const MEMBERSHIP_ONLY: Partial<Record<Actor, readonly Target[]>> = { qiye01: ['duogongsi'], duogongsi: ['duogongsi'] };
const full = (a: Actor, t: Target) => a === 'sysadmin' || (FULL[a] ?? []).includes(t);
const membership = (a: Actor, t: Target) => full(a, t) || (MEMBERSHIP_ONLY[a] ?? []).includes(t);
/** Roles the actor holds every grant of (the enterprise administrators hold the whole menu). */
const holdsAdminRole = (a: Actor) => a === 'sysadmin' || a === 'qiye01' || a === 'duogongsi';

const newUser = (userName: string, over: Record<string, unknown> = {}) => ({
  userName,
  password: 'Pw@2026ab',
  real_name: '测试用户',
  mobile: '13990519999',
  user_auth_type: '0',
  role_id: Number(roleIds.basic),
  department_name: '测试部',
  ...over,
});

beforeAll(async () => {
  app = await startApp({ routes: [snapshotRoute] });
  for (const name of DEMO) tokens[name] = (await session(app, name)).token;
  const sys = tokens.sysadmin;
  const roles = (await call<Row[]>(app, 'GET', url('Role', 'WherePageList'), { token: sys, query: { index: 0, size: 100 } })).body.data ?? [];
  roleIds.enterpriseAdmin = roles.find((r) => r.name === '企业管理员')!.id;
  roleIds.viewer = roles.find((r) => r.name === '企业查看员')!.id;
  roleIds.narrow = (await post(sys, url('Role', 'AddRole'), { role_name: '用户管理员', grants: NARROW_GRANTS })).body.data!.id;
  roleIds.basic = (await post(sys, url('Role', 'AddRole'), { role_name: '普通员工', grants: ['home'] })).body.data!.id;
  for (const [name, role] of [[NARROW, roleIds.narrow], [PLAIN, roleIds.basic]] as const) {
    const made = await post(sys, USER.create, newUser(name, { role_id: Number(role), mobile: name === NARROW ? '13990510101' : '13990510102' }));
    expect(made.body.status).toBe(1);
  }
  tokens[NARROW] = (await session(app, NARROW, { password: 'Pw@2026ab' })).token;
  for (const u of (await snapshot()).users) ids[String(u.user_name)] = String(u.id);
});
afterAll(async () => {
  await app?.close();
});

describe('the attacks of issue 9 are refused and change nothing', () => {
  it('qiye01 cannot reset the system administrator’s password (editUser)', async () => {
    const before = await snapshot();
    const reply = await post(tokens.qiye01, USER.edit, { rec_id: ids.sysadmin, password: 'Hacked@123' });
    expect(reply.body).toEqual({ status: 0, detail: '无权修改系统管理员' });
    expect(await snapshot()).toEqual(before);
    expect((await login(app, 'sysadmin', { password: 'Hacked@123', remoteAddress: '10.9.0.1' })).body.status).toBe(0);
    expect((await login(app, 'sysadmin', { remoteAddress: '10.9.0.2' })).body.status).toBe(1);
  });

  it('qiye01 cannot lock the system administrator out (AuditUser 驳回)', async () => {
    const before = await snapshot();
    const reply = await post(tokens.qiye01, USER.audit, { rec_id: ids.sysadmin, auditStatus: 3 });
    expect(reply.body).toEqual({ status: 0, detail: '无权审核系统管理员' });
    expect(await snapshot()).toEqual(before);
    expect((await login(app, 'sysadmin', { remoteAddress: '10.9.0.3' })).body.status).toBe(1);
  });

  it('qiye01 cannot reset the password of an account that belongs to another company too', async () => {
    const before = await snapshot();
    const reply = await post(tokens.qiye01, USER.edit, { rec_id: ids.duogongsi, password: 'Hacked@123' });
    expect(reply.body).toEqual({ status: 0, detail: '不能修改其他单位用户的密码' });
    expect(await snapshot()).toEqual(before);
    expect((await login(app, 'duogongsi', { password: 'Hacked@123', remoteAddress: '10.9.0.4' })).body.status).toBe(0);
    // Identity and audit status are the account's, not this company's.
    expect((await post(tokens.qiye01, USER.edit, { rec_id: ids.duogongsi, real_name: '改名' })).body).toEqual({ status: 0, detail: '不能修改其他单位用户的姓名' });
    expect((await post(tokens.qiye01, USER.audit, { rec_id: ids.duogongsi, auditStatus: 3 })).body).toEqual({ status: 0, detail: '不能审核其他单位的用户' });
    expect(await snapshot()).toEqual(before);
  });

  it('qiye01 cannot create a government user (userAuthType 1, authAreaCode 511000)', async () => {
    const before = await snapshot();
    const reply = await post(tokens.qiye01, USER.create, newUser('zhengfu01', { user_auth_type: '1', auth_area_code: '511000' }));
    expect(reply.body).toEqual({ status: 0, detail: '无权设置用户类型：政府监管' });
    const area = await post(tokens.qiye01, USER.create, newUser('zhengfu02', { auth_area_code: '511000' }));
    expect(area.body).toEqual({ status: 0, detail: '无权设置监管区域' });
    expect(await snapshot()).toEqual(before);
  });
});

type Attempt = { name: string; allowed: (a: Actor, t: Target) => boolean; send: (a: Actor, t: Target) => Promise<{ status: number; body: { status: number } }> };

/** The edit attempts: each privilege-bearing field, with an escalating value where one exists. */
const EDITS: readonly Attempt[] = [
  { name: 'password', allowed: full, send: (a, t) => post(tokens[a], USER.edit, { rec_id: ids[t], password: 'Taken@2026' }) },
  { name: 'identity (realName)', allowed: full, send: (a, t) => post(tokens[a], USER.edit, { rec_id: ids[t], real_name: '冒名' }) },
  { name: 'userAuthType 1', allowed: (a) => a === 'sysadmin', send: (a, t) => post(tokens[a], USER.edit, { rec_id: ids[t], user_auth_type: '1' }) },
  { name: 'authAreaCode', allowed: (a) => a === 'sysadmin', send: (a, t) => post(tokens[a], USER.edit, { rec_id: ids[t], auth_area_code: '510000' }) },
  {
    name: 'role 企业管理员',
    allowed: (a, t) => membership(a, t) && holdsAdminRole(a),
    send: (a, t) => post(tokens[a], USER.edit, { rec_id: ids[t], role_id: Number(roleIds.enterpriseAdmin) }),
  },
  {
    name: 'role by PCUpdateJiaoSe',
    allowed: (a, t) => membership(a, t) && holdsAdminRole(a),
    send: (a, t) => post(tokens[a], USER.role, { rec_id: ids[t], role_id: Number(roleIds.enterpriseAdmin) }),
  },
  { name: 'companies', allowed: () => false, send: (a, t) => post(tokens[a], USER.edit, { rec_id: ids[t], company_id: '5' }) },
  { name: 'IsSystemAdmin', allowed: () => false, send: (a, t) => post(tokens[a], USER.edit, { rec_id: ids[t], IsSystemAdmin: true, is_system_admin: true }) },
  {
    name: 'projects',
    // A project manager may link itself to a project it already has (nothing changes).
    allowed: (a, t) => full(a, t) || (a === t && a === 'xiangmu01'),
    send: async (a, t) => {
      const projects = (await call<ProjectListItem[]>(app, 'GET', PATHS.projectList, { token: tokens[a], query: { index: 0, size: 1 } })).body.data ?? [];
      const project = projects[0]?.projectPosInfo.id ?? '1';
      return post(tokens[a], url('Project', 'UpdateJoinUser'), { rec_id: project, add: [ids[t]] });
    },
  },
  { name: 'audit', allowed: full, send: (a, t) => post(tokens[a], USER.audit, { rec_id: ids[t], auditStatus: 3 }) },
  {
    name: 'delete',
    allowed: (a, t) => membership(a, t) && a !== t && t !== 'sysadmin',
    send: (a, t) => post(tokens[a], USER.delete, { rec_id: ids[t] }),
  },
];

describe('matrix: every account × every target × every privilege-bearing field, edit / audit / delete', () => {
  it('refuses every attempt the rules refuse, and the refused attempts change nothing', async () => {
    const leaks: string[] = [];
    for (const actor of ACTORS) {
      for (const target of TARGETS) {
        const refused = EDITS.filter((e) => !e.allowed(actor, target));
        if (refused.length === 0) continue;
        const before = await snapshot();
        for (const attempt of refused) {
          const reply = await attempt.send(actor, target);
          if (reply.body.status === 1) leaks.push(`${actor} → ${target}: ${attempt.name} answered status 1`);
          if (reply.status >= 500) leaks.push(`${actor} → ${target}: ${attempt.name} answered ${reply.status}`);
        }
        const after = await snapshot();
        if (JSON.stringify(after) !== JSON.stringify(before)) leaks.push(`${actor} → ${target}: refused attempts changed data`);
      }
    }
    expect(leaks).toEqual([]);
  });
});

/** The create attempts: a new user carrying a privilege the actor does not hold. */
const CREATES: ReadonlyArray<{ name: string; allowed: (a: Actor) => boolean; body: (n: string) => Record<string, unknown> }> = [
  { name: 'userAuthType 1 + area', allowed: (a) => a === 'sysadmin', body: (n) => newUser(n, { user_auth_type: '1', auth_area_code: '511000' }) },
  { name: 'authAreaCode', allowed: (a) => a === 'sysadmin', body: (n) => newUser(n, { auth_area_code: '511000' }) },
  { name: 'role 企业管理员', allowed: holdsAdminRole, body: (n) => newUser(n, { role_id: Number(roleIds.enterpriseAdmin) }) },
  { name: 'companies', allowed: () => false, body: (n) => newUser(n, { company_id: '5' }) },
  { name: 'IsSystemAdmin', allowed: () => false, body: (n) => newUser(n, { IsSystemAdmin: true }) },
  { name: 'projects', allowed: () => false, body: (n) => newUser(n, { user_auth_type: '2', projects: ['1'] }) },
];

describe('matrix: every account × every privilege-bearing field, create', () => {
  it('refuses to create a user holding what the creator does not hold; nothing is created', async () => {
    const leaks: string[] = [];
    let n = 0;
    for (const actor of ACTORS) {
      const before = await snapshot();
      for (const attempt of CREATES.filter((c) => !c.allowed(actor))) {
        const reply = await post(tokens[actor], USER.create, attempt.body(`matrix_${++n}`));
        if (reply.body.status === 1 || reply.status >= 500) leaks.push(`${actor}: create with ${attempt.name} answered ${reply.status}/${reply.body.status}`);
      }
      if (JSON.stringify(await snapshot()) !== JSON.stringify(before)) leaks.push(`${actor}: refused creates changed data`);
    }
    expect(leaks).toEqual([]);
  });
});

describe('the creator’s own authority type and scope (docs/security-privilege.md)', () => {
  it('an enterprise administrator creates enterprise and project users of its company', async () => {
    for (const [name, type] of [['qiye_new1', '0'], ['xiangmu_new1', '2']] as const) {
      const made = await post(tokens.qiye01, USER.create, newUser(name, { user_auth_type: type, mobile: '13990510201' }));
      expect(made.body).toMatchObject({ status: 1, data: { userName: name, userAuthType: type } });
    }
    const s = await snapshot();
    const made = s.users.find((u) => u.user_name === 'xiangmu_new1')!;
    expect(made).toMatchObject({ is_system_admin: false, auth_area_code: '' });
    expect(s.memberships.filter((m) => m.user_id === made.id).map((m) => m.company_id)).toEqual([s.users.find((u) => u.user_name === 'qiye01')!.default_company_id]);
  });

  it('a government user only government users within its own area', async () => {
    // The system administrator makes a government user administrator in the bureau.
    const sys = tokens.sysadmin;
    const bureau = (await login(app, 'jianguan01')).body.data!.CompanyId;
    expect((await call(app, 'POST', PATHS.switchCompany, { token: sys, body: { company_id: bureau } })).body.status).toBe(1);
    const role = await post(sys, url('Role', 'AddRole'), { role_name: '区县管理员', grants: NARROW_GRANTS });
    const made = await post(sys, USER.create, newUser('quxian01', { user_auth_type: '1', auth_area_code: '511011', role_id: Number(role.body.data!.id), mobile: '13990510301' }));
    expect(made.body.status).toBe(1);
    const { token } = await session(app, 'quxian01', { password: 'Pw@2026ab' });

    const before = await snapshot();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ user_auth_type: '0' }, '无权设置用户类型：企业用户'],
      [{ user_auth_type: '2' }, '无权设置用户类型：项目用户'],
      [{ user_auth_type: '1', auth_area_code: '511000' }, '监管区域超出您的管辖范围'],
      [{ user_auth_type: '1', auth_area_code: '511002' }, '监管区域超出您的管辖范围'],
    ];
    for (const [over, detail] of cases) {
      expect((await post(token, USER.create, newUser('quxian_x', { ...over, role_id: Number(role.body.data!.id) }))).body).toEqual({ status: 0, detail });
    }
    // The city-level jianguan01 (511000) is wider than the district administrator (511011).
    expect((await post(token, USER.edit, { rec_id: ids.jianguan01, real_name: '冒名' })).body).toEqual({ status: 0, detail: '无权修改该用户：该用户拥有您没有的监管区域' });
    expect(await snapshot()).toEqual(before);
    const inside = await post(token, USER.create, newUser('quxian02', { user_auth_type: '1', auth_area_code: '511011', role_id: Number(role.body.data!.id), mobile: '13990510302' }));
    expect(inside.body).toMatchObject({ status: 1, data: { userAuthType: '1', authAreaCode: '511011' } });
    expect((await call(app, 'POST', PATHS.switchCompany, { token: sys, body: { company_id: (await login(app, 'qiye01')).body.data!.CompanyId } })).body.status).toBe(1);
  });
});

describe('legitimate administration still works', () => {
  it('qiye01 administers an ordinary member of its company: password, identity, type, role, audit', async () => {
    const t = tokens.qiye01;
    expect((await post(t, USER.edit, { rec_id: ids[PLAIN], password: 'Pt@2026cd', real_name: '王普通' })).body.status).toBe(1);
    expect((await login(app, PLAIN, { password: 'Pt@2026cd' })).body.status).toBe(1);
    expect((await post(t, USER.edit, { rec_id: ids[PLAIN], user_auth_type: '2' })).body).toMatchObject({ status: 1, data: { userAuthType: '2' } });
    expect((await post(t, USER.edit, { rec_id: ids[PLAIN], user_auth_type: '0', role_id: Number(roleIds.viewer) })).body).toMatchObject({ status: 1, data: { roleId: Number(roleIds.viewer) } });
    expect((await post(t, USER.audit, { rec_id: ids[PLAIN], auditStatus: 3 })).body.status).toBe(1);
    expect((await post(t, USER.audit, { rec_id: ids[PLAIN], auditStatus: 2 })).body.status).toBe(1);
    expect((await post(t, USER.role, { rec_id: ids[PLAIN], role_id: Number(roleIds.basic) })).body.status).toBe(1);
    // The browser's edit form sends every field; unchanged identity fields are no change. It reads the
    // record whole (personal=full, as the edit form asks: a detail answers personal numbers masked).
    const row = (await call<Row>(app, 'GET', url('ERPUser', 'GetUserDetail'), { token: t, query: { rec_id: ids.duogongsi, personal: 'full' } })).body.data!;
    const form = { rec_id: row.id, userName: row.userName, real_name: row.realName, mobile: row.mobile, email: row.email, user_auth_type: row.userAuthType, auth_area_code: row.authAreaCode, role_id: row.roleId, department_name: '总经理办公室二' };
    expect((await post(t, USER.edit, form)).body).toMatchObject({ status: 1, data: { departmentName: '总经理办公室二' } });
  });

  it('the narrow administrator resets an ordinary user’s password but cannot hand out the administrator role', async () => {
    expect((await post(tokens[NARROW], USER.edit, { rec_id: ids[PLAIN], password: 'Pt@2026ef', role_id: Number(roleIds.basic) })).body.status).toBe(1);
    expect((await login(app, PLAIN, { password: 'Pt@2026ef' })).body.status).toBe(1);
    const before = await snapshot();
    expect((await post(tokens[NARROW], USER.role, { rec_id: ids[PLAIN], role_id: Number(roleIds.enterpriseAdmin) })).body).toEqual({
      status: 0,
      detail: '不能分配拥有您没有的权限的角色',
    });
    expect((await post(tokens[NARROW], USER.edit, { rec_id: ids.qiye02, password: 'Taken@2026' })).body).toEqual({ status: 0, detail: '无权修改该用户：该用户拥有您没有的权限' });
    expect(await snapshot()).toEqual(before);
  });

  it('the system administrator administers anyone, system administrators included', async () => {
    const sys = tokens.sysadmin;
    expect((await post(sys, USER.edit, { rec_id: ids.qiye01, password: 'Qy@2026gh' })).body.status).toBe(1);
    expect((await login(app, 'qiye01', { password: 'Qy@2026gh' })).body.status).toBe(1);
    expect((await post(sys, USER.edit, { rec_id: ids.qiye01, password: DEMO_PASSWORD })).body.status).toBe(1);
    expect((await post(sys, USER.edit, { rec_id: ids.duogongsi, real_name: '周强' })).body.status).toBe(1);
    expect((await post(sys, USER.audit, { rec_id: ids.qiye02, auditStatus: 3 })).body.status).toBe(1);
    expect((await post(sys, USER.audit, { rec_id: ids.qiye02, auditStatus: 2 })).body.status).toBe(1);
    expect((await post(sys, USER.edit, { rec_id: ids.sysadmin, real_name: '王建国' })).body.status).toBe(1);
    expect((await userOf('qiye02'))?.audit_status).toBe(2);
  });

  it('qiye01 takes an account of several companies out of its company only', async () => {
    const t = (await session(app, 'qiye01')).token;
    expect((await post(t, USER.delete, { rec_id: ids.duogongsi })).body.status).toBe(1);
    const s = await snapshot();
    const left = s.memberships.filter((m) => String(m.user_id) === ids.duogongsi);
    expect(left).toHaveLength(1);
    expect((await login(app, 'duogongsi')).body.status).toBe(1);
  });
});

describe('roles and role groups: nobody edits, deletes or groups a role holding grants they lack', () => {
  it('refuses the narrow administrator on the enterprise administrator role and the groups that hold it', async () => {
    const t = tokens[NARROW];
    const before = await snapshot();
    const admin = roleIds.enterpriseAdmin;
    expect((await post(t, url('Role', 'UpdateRole'), { rec_id: admin, remark: '改' })).body).toEqual({ status: 0, detail: '无权修改该角色：该角色拥有您没有的权限' });
    expect((await post(t, url('Role', 'UpdateRole'), { rec_id: admin, grants: ['home'] })).body).toEqual({ status: 0, detail: '无权修改该角色：该角色拥有您没有的权限' });
    expect((await post(t, url('Role', 'DeleteRole'), { rec_id: admin })).body).toEqual({ status: 0, detail: '无权删除该角色：该角色拥有您没有的权限' });
    const groups = (await call<Row[]>(app, 'GET', url('RoleGroup', 'WherePageList'), { token: t, query: { index: 0, size: 100 } })).body.data ?? [];
    const viewers = groups.find((g) => g.name === '查看组')!;
    expect((await post(t, url('RoleGroup', 'UpdateRoleGroup'), { rec_id: viewers.id, remark: '改' })).body).toEqual({ status: 0, detail: '无权修改该角色组：组内角色拥有您没有的权限' });
    expect((await post(t, url('RoleGroup', 'DeleteRoleGroup'), { rec_id: viewers.id })).body).toEqual({ status: 0, detail: '无权删除该角色组：组内角色拥有您没有的权限' });
    expect((await post(t, url('RoleGroup', 'UpdateGroupRoles'), { rec_id: viewers.id, remove: [roleIds.viewer] })).body).toEqual({ status: 0, detail: '无权修改该角色组：组内角色拥有您没有的权限' });
    expect(await snapshot()).toEqual(before);

    // A group of its own: roles it holds go in, the administrator role does not.
    const mine = await post(t, url('RoleGroup', 'AddRoleGroup'), { group_name: '基础组' });
    expect(mine.body.status).toBe(1);
    expect((await post(t, url('RoleGroup', 'UpdateGroupRoles'), { rec_id: mine.body.data!.id, add: [roleIds.basic] })).body.status).toBe(1);
    const middle = await snapshot();
    expect((await post(t, url('RoleGroup', 'UpdateGroupRoles'), { rec_id: mine.body.data!.id, add: [admin] })).body).toEqual({ status: 0, detail: '无权调整该角色：该角色拥有您没有的权限' });
    expect(await snapshot()).toEqual(middle);
  });

  it('qiye01 cannot put the system administrator on a project', async () => {
    const { token } = await session(app, 'qiye01');
    const projects = (await call<ProjectListItem[]>(app, 'GET', PATHS.projectList, { token, query: { index: 0, size: 1 } })).body.data!;
    const before = await snapshot();
    const reply = await post(token, url('Project', 'UpdateJoinUser'), { rec_id: projects[0].projectPosInfo.id, add: [ids.sysadmin] });
    expect(reply.body).toEqual({ status: 0, detail: '无权调整系统管理员' });
    expect(await snapshot()).toEqual(before);
  });
});

describe('the account calls of issue 14 act on the caller alone (docs/api.md "Account and organisation calls")', () => {
  it('nobody changes another account, a default company outside their companies, or publishes without the button', async () => {
    const sys = tokens.sysadmin;
    const companies = (await call<Array<{ id: string; companyname: string }>>(app, 'GET', PATHS.adminOrgList, { token: sys, query: { index: 0, size: 1000 } })).body.data!;
    const plant = companies.find((c) => c.companyname === '内江华鼎商品混凝土有限公司')!.id;
    const before = await snapshot();
    for (const actor of DEMO.filter((a) => a !== 'sysadmin')) {
      const t = tokens[actor];
      const target = ids.sysadmin ?? '1';
      // No field names another user: naming one is a malformed request (400; 没有权限 first for wuquanxian).
      expect((await post(t, PATHS.modifyEmployee, { realName: '张三', mobile: '13890519999', email: 'z@njjg.com.cn', user_id: target })).body.status, actor).toBe(0);
      expect((await post(t, PATHS.erpModifyPassword, { oldPwd: DEMO_PASSWORD, userPwd: 'Njjg@2099x', userId: target })).body.status, actor).toBe(0);
      expect((await post(t, PATHS.updateDefaultUser, { company_id: plant })).body.status, actor).toBe(0);
      expect((await call(app, 'GET', PATHS.adminOrgListByType, { token: t, query: { type: '13' } })).body.status, actor).toBe(0);
    }
    for (const actor of ['qiye02', 'jianguan01', 'xiangmu01', 'xiangmu02', 'wuquanxian'] as const) {
      expect((await post(tokens[actor], PATHS.sendMessage, { title: '测试', content: '测试' })).body.status, actor).toBe(0);
    }
    expect(await snapshot()).toEqual(before);
  });
});
