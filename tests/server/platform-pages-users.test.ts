// Issue 4, users, roles, role groups and system notices as JSON pages over platform tables: users are the
// members of the current company (role and department from the membership, the password hashed), the
// audit action passes or rejects a registration (§7.2 AuditUser, button audit on server and client), a
// role's permission tree really changes what its users see and may do, and a published notice reaches the
// unread badge of its company's members only.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import { allIds, hasPermission, normalizeWire, type MenuNode } from '../../common/menu-tree';
import type { SysNotice } from '../../common/wire';
import { DEVICE, endpoint } from './engine-support';
import { call, login, PATHS, session, startApp } from './helpers';

type Row = Record<string, unknown> & { id: string };

const NO_PERMISSION = { status: 0, code: 402, detail: '没有权限' };

let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  app = await startApp();
  admin = (await session(app, 'qiye01')).token;
});
afterAll(async () => {
  await app?.close();
});

const url = (base: string, name: string) => `${API_BASE}/api/${base}/${name}`;
const rows = async (entity: string, token: string, query: Record<string, string | number> = {}) =>
  (await call<Row[]>(app, 'GET', endpoint(entity, 'list'), { token, query: { index: 0, size: 100, ...query } })).body.data ?? [];
const userRow = async (token: string, userName: string) => (await rows('User', token)).find((u) => u.userName === userName);
const menuOf = (jsData: unknown): MenuNode[] => normalizeWire(jsData as never);
const unread = async (token: string) =>
  ((await call<SysNotice[]>(app, 'GET', PATHS.noticeList, { token, query: { index: 0, size: 500, sysNoticeIsRead: '0' } })).body.data ?? []).map((n) => n.title);

describe('users: members of the current company (scope "members")', () => {
  it('lists the group’s members with role and department from their membership, never a password', async () => {
    const list = await rows('User', admin);
    expect(list.map((u) => u.userName).sort()).toEqual(['duogongsi', 'qiye01', 'qiye02', 'sysadmin', 'wuquanxian']);
    const qiye02 = list.find((u) => u.userName === 'qiye02')!;
    expect(qiye02).toMatchObject({ realName: '陈静', departmentName: '设备物资部', auditStatus: 2, labels: { roleId: '企业查看员' } });
    expect(list.every((u) => !('password' in u))).toBe(true);
    // A subsidiary's members are that company's business.
    expect(list.some((u) => u.userName === 'xiangmu01')).toBe(false);
  });

  it('creates a user who can log in with the password given; the role must be the company’s', async () => {
    const roles = await rows('Role', admin);
    const viewer = roles.find((r) => r.name === '企业查看员')!;
    const body = { userName: 'caiwu_01', password: 'Cw@2026x', real_name: '林芳', mobile: '13990510011', email: 'linfang@njjg.com.cn', user_auth_type: '0', role_id: Number(viewer.id), department_name: '财务部' };
    const created = await call<Row>(app, 'POST', url('ERPUser', 'CreateUser'), { token: admin, body });
    expect(created.body).toMatchObject({ status: 1, data: { userName: 'caiwu_01', auditStatus: 2, roleId: Number(viewer.id), departmentName: '财务部' } });
    expect(created.body.data).not.toHaveProperty('password');
    const logged = await login(app, 'caiwu_01', { password: 'Cw@2026x' });
    expect(logged.body.status).toBe(1);

    const again = await call(app, 'POST', url('ERPUser', 'CreateUser'), { token: admin, body });
    expect(again.body).toEqual({ status: 0, detail: '用户名已存在' });
    const short = await call(app, 'POST', url('ERPUser', 'CreateUser'), { token: admin, body: { ...body, userName: 'caiwu_02', password: '12345' } });
    expect(short.body).toEqual({ status: 0, detail: '密码不能少于6位数!' });
    // The platform's 系统管理员 role (no company) and another company's role are not this company's.
    const foreign = await call(app, 'POST', url('ERPUser', 'CreateUser'), { token: admin, body: { ...body, userName: 'caiwu_03', role_id: 1 } });
    expect(foreign.body).toEqual({ status: 0, detail: '所选角色不存在或无权访问' });
    expect(await userRow(admin, 'caiwu_03')).toBeUndefined();
  });

  it('changes a user’s role and department (editUser) and a password reset ends their sessions', async () => {
    const user = (await userRow(admin, 'caiwu_01'))!;
    const { token } = await session(app, 'caiwu_01', { password: 'Cw@2026x' });
    const roles = await rows('Role', admin);
    const full = roles.find((r) => r.name === '企业管理员')!;
    const edited = await call<Row>(app, 'POST', url('ERPUser', 'editUser'), { token: admin, body: { rec_id: user.id, roleId: Number(full.id), departmentName: '财务管理部' } });
    expect(edited.body.data).toMatchObject({ roleId: Number(full.id), departmentName: '财务管理部', labels: { roleId: '企业管理员' } });
    expect((await call(app, 'GET', endpoint('User', 'list'), { token, query: { index: 0, size: 1 } })).body.status).toBe(1);
    await call(app, 'POST', url('ERPUser', 'editUser'), { token: admin, body: { rec_id: user.id, password: 'Cw@2026y' } });
    expect((await call(app, 'GET', endpoint('User', 'list'), { token, query: { index: 0, size: 1 } })).status).toBe(401);
    expect((await login(app, 'caiwu_01', { password: 'Cw@2026y' })).body.status).toBe(1);
  });

  it('changes only the role with PCUpdateJiaoSe (a named patch, button edit)', async () => {
    const user = (await userRow(admin, 'caiwu_01'))!;
    const viewerRole = (await rows('Role', admin)).find((r) => r.name === '企业查看员')!;
    const changed = await call<Row>(app, 'POST', url('ERPUser', 'PCUpdateJiaoSe'), { token: admin, body: { rec_id: user.id, role_id: Number(viewerRole.id) } });
    expect(changed.body).toMatchObject({ status: 1, data: { roleId: Number(viewerRole.id), departmentName: '财务管理部', labels: { roleId: '企业查看员' } } });
    const other = await call(app, 'POST', url('ERPUser', 'PCUpdateJiaoSe'), { token: admin, body: { rec_id: user.id, roleId: Number(viewerRole.id), realName: '改名' } });
    expect(other.status).toBe(400);
    expect(other.body.detail).toBe('请求参数格式错误：不支持的字段 realName');
    expect((await call(app, 'POST', url('ERPUser', 'PCUpdateJiaoSe'), { token: admin, body: { rec_id: user.id } })).body).toEqual({ status: 0, detail: '请选择角色' });
    const viewer = (await session(app, 'qiye02')).token;
    expect((await call(app, 'POST', url('ERPUser', 'PCUpdateJiaoSe'), { token: viewer, body: { rec_id: user.id, roleId: 1 } })).body).toEqual(NO_PERMISSION);
  });

  it('deletes a user from the company; not oneself, and not without the delete button', async () => {
    const me = (await userRow(admin, 'qiye01'))!;
    expect((await call(app, 'POST', url('ERPUser', 'deleteUser'), { token: admin, body: { rec_id: me.id } })).body).toEqual({ status: 0, detail: '不能删除当前登录的用户' });
    const user = (await userRow(admin, 'caiwu_01'))!;
    const viewer = (await session(app, 'qiye02')).token;
    expect((await call(app, 'POST', url('ERPUser', 'deleteUser'), { token: viewer, body: { rec_id: user.id } })).body).toEqual(NO_PERMISSION);
    expect((await call(app, 'POST', url('ERPUser', 'deleteUser'), { token: admin, body: { rec_id: user.id } })).body.status).toBe(1);
    expect(await userRow(admin, 'caiwu_01')).toBeUndefined();
    expect((await login(app, 'caiwu_01', { password: 'Cw@2026y' })).body.detail).toBe('用户名或密码错误');
  });
});

describe('AuditUser: the audit action passes or rejects a registration', () => {
  const applicant = { userName: 'shenqing01', password: 'Sq@123456', realName: '何琳', mobile: '13912340001', companyName: '内江建工集团有限公司' };

  it('a registered account waits, is listed as 未审核, and logs in once passed', async () => {
    expect((await call(app, 'POST', PATHS.register, { body: applicant })).body.status).toBe(1);
    expect((await login(app, applicant.userName, { password: applicant.password })).body.detail).toBe('账号正在审核中，审核通过后才能登录');
    const pending = await rows('User', admin, { filters: JSON.stringify([{ field: 'auditStatus', operator: 'eq', value: '1' }]) });
    expect(pending.map((u) => u.userName)).toEqual([applicant.userName]);
    const id = pending[0].id;

    // The viewer has no audit button: refused on the server as in the UI.
    const viewer = (await session(app, 'qiye02')).token;
    expect((await call(app, 'POST', url('ERPUser', 'AuditUser'), { token: viewer, body: { rec_id: id, auditStatus: 2 } })).body).toEqual(NO_PERMISSION);
    // Only the audit values (2 通过, 3 驳回), only the audit field.
    expect((await call(app, 'POST', url('ERPUser', 'AuditUser'), { token: admin, body: { rec_id: id, auditStatus: 0 } })).body).toEqual({ status: 0, detail: '审核状态的取值无效' });
    const extra = await call(app, 'POST', url('ERPUser', 'AuditUser'), { token: admin, body: { rec_id: id, auditStatus: 2, realName: '改名' } });
    expect(extra.status).toBe(400);

    const rejected = await call<Row>(app, 'POST', url('ERPUser', 'AuditUser'), { token: admin, body: { rec_id: id, audit_status: '3' } });
    expect(rejected.body).toMatchObject({ status: 1, detail: '审核成功', data: { auditStatus: 3 } });
    expect((await login(app, applicant.userName, { password: applicant.password })).body.detail).toBe('账号审核未通过，请联系管理员');
    const passed = await call<Row>(app, 'POST', url('ERPUser', 'AuditUser'), { token: admin, body: { rec_id: id, auditStatus: 2 } });
    expect(passed.body.data).toMatchObject({ auditStatus: 2, realName: '何琳' });
    expect((await login(app, applicant.userName, { password: applicant.password })).body.status).toBe(1);
  });

  it('the 巡检设备 audit grant works through the same action (AuditDevice)', async () => {
    const device = (await rows(DEVICE, admin))[0];
    const reply = await call<Row>(app, 'POST', url('RoutInspManage', 'AuditDevice'), { token: admin, body: { rec_id: device.id, audit_status: '3' } });
    expect(reply.body).toMatchObject({ status: 1, data: { auditStatus: '3' } });
    // auditStatus is set by the audit action only: an edit leaves it alone.
    await call(app, 'POST', endpoint(DEVICE, 'update'), { token: admin, body: { rec_id: device.id, audit_status: '2' } });
    expect((await call<Row>(app, 'GET', endpoint(DEVICE, 'detail'), { token: admin, query: { rec_id: device.id } })).body.data?.auditStatus).toBe('3');
    const viewer = (await session(app, 'qiye02')).token;
    expect((await call(app, 'POST', url('RoutInspManage', 'AuditDevice'), { token: viewer, body: { rec_id: device.id, audit_status: '2' } })).body).toEqual(NO_PERMISSION);
  });
});

describe('roles: the permission tree decides what a role’s users see and may do', () => {
  const DELETE_DEVICE_TYPE = 'deviceLedger.deviceType:delete';

  it('lists the company’s roles with their grants; the menu tree to grant from is the editor’s own', async () => {
    const roles = await rows('Role', admin);
    expect(roles.map((r) => r.name)).toEqual(['企业管理员', '企业查看员']);
    const viewer = roles.find((r) => r.name === '企业查看员')!;
    expect(JSON.parse(String(viewer.grants))).toContain('userManage.role:search');
    const tree = await call<MenuNode[]>(app, 'GET', `${API_BASE}/api/Menu/GetGrantableTree`, { token: (await session(app, 'qiye02')).token });
    const ids = allIds(tree.body.data ?? []);
    expect(ids).toContain('deviceLedger.deviceType:search');
    expect(ids).not.toContain(DELETE_DEVICE_TYPE);
  });

  it('removing 删除 from a role hides the button at the next login and the server refuses the delete', async () => {
    const role = (await rows('Role', admin)).find((r) => r.name === '企业管理员')!;
    const before = await session(app, 'duogongsi');
    expect(hasPermission(menuOf(before.result.jsData), 'deviceLedger', 'deviceType', 'delete')).toBe(true);

    const grants = (JSON.parse(String(role.grants)) as string[]).filter((g) => g !== DELETE_DEVICE_TYPE);
    const saved = await call<Row>(app, 'POST', url('Role', 'UpdateRole'), { token: admin, body: { rec_id: role.id, grants: JSON.stringify(grants) } });
    expect(saved.body.status).toBe(1);
    expect(JSON.parse(String(saved.body.data?.grants))).not.toContain(DELETE_DEVICE_TYPE);

    const after = await session(app, 'duogongsi');
    expect(hasPermission(menuOf(after.result.jsData), 'deviceLedger', 'deviceType', 'delete')).toBe(false);
    expect(hasPermission(menuOf(after.result.jsData), 'deviceLedger', 'deviceType', 'edit')).toBe(true);
    const type = (await rows('DeviceType', after.token))[0];
    const refused = await call(app, 'POST', endpoint('DeviceType', 'delete'), { token: after.token, body: { rec_id: type.id } });
    expect(refused.body).toEqual(NO_PERMISSION);
    expect((await rows('DeviceType', after.token)).some((t) => t.id === type.id)).toBe(true);

    // qiye01's own role lost the button, so qiye01 cannot give it back; the system administrator can.
    const back = { rec_id: role.id, grants: JSON.stringify([...grants, DELETE_DEVICE_TYPE]) };
    expect((await call(app, 'POST', url('Role', 'UpdateRole'), { token: (await session(app, 'qiye01')).token, body: back })).body).toEqual({
      status: 0,
      detail: `不能授予您自己没有的权限：${DELETE_DEVICE_TYPE}`,
    });
    expect((await call(app, 'POST', url('Role', 'UpdateRole'), { token: (await session(app, 'sysadmin')).token, body: back })).body.status).toBe(1);
    expect(hasPermission(menuOf((await session(app, 'duogongsi')).result.jsData), 'deviceLedger', 'deviceType', 'delete')).toBe(true);
  });

  it('refuses unknown nodes and nodes the editor does not hold; role names are unique', async () => {
    const unknown = await call(app, 'POST', url('Role', 'AddRole'), { token: admin, body: { role_name: '测试角色', grants: ['home', 'nope.node'] } });
    expect(unknown.body).toEqual({ status: 0, detail: '权限节点不存在：nope.node' });
    const duplicate = await call(app, 'POST', url('Role', 'AddRole'), { token: admin, body: { role_name: '企业查看员', grants: [] } });
    expect(duplicate.body).toEqual({ status: 0, detail: '角色名称已存在' });
    const roleAdmin = ['userManage', 'userManage.role', 'userManage.role:search', 'userManage.role:edit'];
    const made = await call<Row>(app, 'POST', url('Role', 'AddRole'), { token: admin, body: { role_name: '角色维护员', remark: '只维护角色', grants: roleAdmin } });
    expect(made.body).toMatchObject({ status: 1, data: { name: '角色维护员', remark: '只维护角色' } });
    const roleId = made.body.data!.id;
    expect(JSON.parse(String(made.body.data?.grants)).sort()).toEqual([...roleAdmin].sort());

    // A user of that role may edit roles, but not grant what it does not hold, even to its own role.
    const user = { userName: 'jiaose_01', password: 'Js@2026x', real_name: '唐敏', mobile: '13990510012', user_auth_type: '0', role_id: Number(roleId) };
    expect((await call(app, 'POST', url('ERPUser', 'CreateUser'), { token: admin, body: user })).body.status).toBe(1);
    const editor = (await session(app, 'jiaose_01', { password: 'Js@2026x' })).token;
    const escalate = await call(app, 'POST', url('Role', 'UpdateRole'), { token: editor, body: { rec_id: roleId, grants: [...roleAdmin, 'userManage.role:delete'] } });
    expect(escalate.body).toEqual({ status: 0, detail: '不能授予您自己没有的权限：userManage.role:delete' });
    // Taking away is allowed: the remark changes, the grants it keeps are its own.
    const narrowed = await call<Row>(app, 'POST', url('Role', 'UpdateRole'), { token: editor, body: { rec_id: roleId, remark: '只看角色', grants: roleAdmin.slice(0, 3) } });
    expect(narrowed.body).toMatchObject({ status: 1, data: { remark: '只看角色' } });
    expect((await call(app, 'POST', url('Role', 'UpdateRole'), { token: editor, body: { rec_id: roleId, remark: 'x' } })).body).toEqual(NO_PERMISSION);

    // A role in use stays, and the refusal says what uses it (memberships: docs/security.md "Deletes").
    expect((await call(app, 'POST', url('Role', 'DeleteRole'), { token: admin, body: { rec_id: roleId } })).body).toEqual({ status: 0, detail: '该记录已被其他数据使用：1 名用户' });
  });
});

describe('role groups: roles of a group are a related list', () => {
  it('creates a group, adds and removes the company’s roles, refuses others', async () => {
    const group = await call<Row>(app, 'POST', url('RoleGroup', 'AddRoleGroup'), { token: admin, body: { group_name: '财务组', remark: '财务相关角色' } });
    expect(group.body).toMatchObject({ status: 1, data: { name: '财务组' } });
    const id = group.body.data!.id;
    const roles = await rows('Role', admin);
    const viewer = roles.find((r) => r.name === '企业查看员')!;
    const added = await call<Row[]>(app, 'POST', url('RoleGroup', 'UpdateGroupRoles'), { token: admin, body: { rec_id: id, add: [viewer.id] } });
    expect(added.body.data?.map((r) => r.name)).toEqual(['企业查看员']);
    const foreign = await call(app, 'POST', url('RoleGroup', 'UpdateGroupRoles'), { token: admin, body: { rec_id: id, add: ['1'] } });
    expect(foreign.body).toEqual({ status: 0, detail: '所选组内角色不存在或无权访问' });
    const listed = await call<Row[]>(app, 'GET', url('RoleGroup', 'GetGroupRoles'), { token: admin, query: { rec_id: id } });
    expect(listed.body.data?.map((r) => r.name)).toEqual(['企业查看员']);
    expect((await call(app, 'POST', url('RoleGroup', 'DeleteRoleGroup'), { token: admin, body: { rec_id: id } })).body.status).toBe(1);
    expect((await rows('RoleGroup', admin)).map((g) => g.name)).toEqual(['查看组']);
  });
});

describe('system notices: publish, edit, delete; the unread badge follows', () => {
  it('a published notice is unread for the company’s and its subsidiaries’ members only', async () => {
    const xiangmu01 = (await session(app, 'xiangmu01')).token;
    const jianguan01 = (await session(app, 'jianguan01')).token;
    const before = { admin: await unread(admin), xiangmu01: await unread(xiangmu01), jianguan01: await unread(jianguan01) };

    const published = await call<Row>(app, 'POST', url('SysNotice', 'AddSysNotice'), {
      token: admin,
      body: { title: '关于开展冬季施工安全检查的通知', content: '各项目部：请于本月底前完成冬季施工安全自查。', publisher: '别的单位' },
    });
    expect(published.body).toMatchObject({ status: 1, detail: '保存成功', data: { publisher: '内江建工集团有限公司' } });
    const id = published.body.data!.id;
    expect(await unread(admin)).toEqual(['关于开展冬季施工安全检查的通知', ...before.admin]);
    expect(await unread(xiangmu01)).toHaveLength(before.xiangmu01.length + 1);
    expect(await unread(jianguan01)).toEqual(before.jianguan01);

    // The management list shows the company's notices; the government's page would not.
    expect((await rows('SysNotice', admin)).map((n) => n.title)).toContain('关于开展冬季施工安全检查的通知');
    const edited = await call<Row>(app, 'POST', url('SysNotice', 'UpdateSysNotice'), { token: admin, body: { rec_id: id, title: '关于开展冬季施工安全大检查的通知' } });
    expect(edited.body.data).toMatchObject({ title: '关于开展冬季施工安全大检查的通知', publisher: '内江建工集团有限公司' });
    expect((await call(app, 'POST', url('SysNotice', 'AddSysNotice'), { token: admin, body: { title: '', content: 'x' } })).body).toEqual({ status: 0, detail: '请输入公告标题' });

    expect((await call(app, 'POST', url('SysNotice', 'DeleteSysNotice'), { token: admin, body: { rec_id: id } })).body.status).toBe(1);
    expect(await unread(admin)).toEqual(before.admin);
  });

  it('the viewer role reads the notice page but cannot publish', async () => {
    const viewer = (await session(app, 'qiye02')).token;
    expect((await rows('SysNotice', viewer)).length).toBeGreaterThan(0);
    expect((await call(app, 'POST', url('SysNotice', 'AddSysNotice'), { token: viewer, body: { title: 't', content: 'c' } })).body).toEqual(NO_PERMISSION);
  });
});
