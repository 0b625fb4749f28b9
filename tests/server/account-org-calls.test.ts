// The §7 calls of issue 14 (docs/api.md "Account and organisation calls"): organisation lists by §3.5
// type (normal and admin-only), a project's participating units, the project list in the order asked
// for, the ERP password change with its repeat field, the employee's own record, the default company of
// the next login, a message to the company's members, and the template page's ProjectName lookup (§7.6) —
// each with its scope, its permission and Chinese answers to bad input.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrgNode, ProjectListItem } from '../../common/wire';
import { call, DEMO_PASSWORD, login, PATHS, session, startApp } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
});

const names = (nodes: OrgNode[] | undefined) => (nodes ?? []).map((n) => n.companyname);
const projectIdOf = async (token: string, no: string): Promise<string> => {
  const list = await call<ProjectListItem[]>(app, 'GET', PATHS.projectList, { token, query: { index: 0, size: 500 } });
  const hit = list.body.data!.find((p) => p.projectPosInfo.projectNo === no);
  if (!hit) throw new Error(`project ${no} not in scope`);
  return hit.projectPosInfo.id;
};

describe('QueryOrgListByType / AdminGetAllQueryOrgListByType', () => {
  it('lists the caller’s organisation of one company type; a wrong type is answered in Chinese', async () => {
    const { token } = await session(app, 'qiye01');
    const plants = await call<OrgNode[]>(app, 'GET', PATHS.orgListByType, { token, query: { type: '13', index: 0, size: 500 } });
    expect(plants.body.status).toBe(1);
    expect(names(plants.body.data)).toEqual(['内江华鼎商品混凝土有限公司']);
    const builders = await call<OrgNode[]>(app, 'GET', PATHS.orgListByType, { token, query: { type: '9' } });
    expect(names(builders.body.data)).toEqual(['内江建工集团有限公司', '内江建工建筑工程有限公司']);
    expect(builders.body.pageInfo?.record_count).toBe(2);
    // Another organisation's supervision company is not the caller's.
    const supervisors = await call<OrgNode[]>(app, 'GET', PATHS.orgListByType, { token, query: { type: '7' } });
    expect(supervisors.body.data).toEqual([]);
    for (const type of ['0', '15', 'abc', '']) {
      const bad = await call(app, 'GET', PATHS.orgListByType, { token, query: { type } });
      expect(bad.body, type).toMatchObject({ status: 0, detail: '请选择正确的单位类型' });
    }
    const project = await session(app, 'xiangmu01');
    const own = await call<OrgNode[]>(app, 'GET', PATHS.orgListByType, { token: project.token, query: { type: '13' } });
    expect(own.body.data).toEqual([]);
  });

  it('the admin variant lists every company of the type, for system administrators only', async () => {
    const { token } = await session(app, 'sysadmin');
    const reply = await call<OrgNode[]>(app, 'GET', PATHS.adminOrgListByType, { token, query: { type: '7', index: 0, size: 1000 } });
    expect(names(reply.body.data)).toEqual(['四川甜城建设工程监理有限公司']);
    expect((await call(app, 'GET', PATHS.adminOrgListByType, { token, query: { type: '99' } })).body.detail).toBe('请选择正确的单位类型');
    const other = await session(app, 'qiye01');
    const refused = await call(app, 'GET', PATHS.adminOrgListByType, { token: other.token, query: { type: '7' } });
    expect(refused.body).toMatchObject({ status: 0, code: 402 });
  });
});

describe('GetOrgListByEngineeringID', () => {
  it('lists a project’s participating units for a user who sees the project, and nothing otherwise', async () => {
    const { token } = await session(app, 'xiangmu01');
    const id = await projectIdOf(token, 'NJJG-2024-001');
    const reply = await call<OrgNode[]>(app, 'GET', PATHS.orgListByProject, { token, query: { EngineeringID: id } });
    expect(reply.body.status).toBe(1);
    expect(reply.body.data!.map((n) => [n.companyname, n.companyType])).toEqual([
      ['四川甜城建设工程监理有限公司', 7],
      ['内江建工建筑工程有限公司', 9],
      ['内江华鼎商品混凝土有限公司', 13],
    ]);
    const stranger = await session(app, 'xiangmu02');
    const refused = await call(app, 'GET', PATHS.orgListByProject, { token: stranger.token, query: { EngineeringID: id } });
    expect(refused.body).toMatchObject({ status: 0, detail: '项目不存在或不在您的权限范围内' });
    expect((await call(app, 'GET', PATHS.orgListByProject, { token, query: { EngineeringID: ' ' } })).body.detail).toBe('请选择项目');
    for (const odd of ['abc', '0', '99999999999', "1' or '1'='1"]) {
      expect((await call(app, 'GET', PATHS.orgListByProject, { token, query: { EngineeringID: odd } })).body.detail, odd).toBe('项目不存在或不在您的权限范围内');
    }
  });
});

describe('WhereProjectListOfOrder', () => {
  it('answers the projects in scope in the order asked for, filtered by name', async () => {
    const { token } = await session(app, 'qiye01');
    const plain = await call<ProjectListItem[]>(app, 'GET', PATHS.projectList, { token, query: { index: 0, size: 500 } });
    const all = plain.body.data!.map((p) => p.projectPosInfo.projectNo);
    const desc = await call<ProjectListItem[]>(app, 'GET', PATHS.projectListOfOrder, { token, query: { orderBy: 'projectNo', order: 'desc', index: 0, size: 500 } });
    expect(desc.body.status).toBe(1);
    expect(desc.body.data!.map((p) => p.projectPosInfo.projectNo)).toEqual([...all].sort().reverse());
    const paged = await call<ProjectListItem[]>(app, 'GET', PATHS.projectListOfOrder, { token, query: { orderBy: 'projectNo', order: 'asc', index: 1, size: 2 } });
    expect(paged.body.data!.map((p) => p.projectPosInfo.projectNo)).toEqual([...all].sort().slice(2, 4));
    expect(paged.body.pageInfo).toMatchObject({ p_index: 1, p_size: 2, record_count: all.length });
    const named = await call<ProjectListItem[]>(app, 'GET', PATHS.projectListOfOrder, { token, query: { projectName: '工程' } });
    expect(named.body.data!.length).toBeGreaterThan(0);
    expect(named.body.data!.every((p) => p.projectPosInfo.projectName.includes('工程'))).toBe(true);
    expect((await call(app, 'GET', PATHS.projectListOfOrder, { token, query: { orderBy: 'password_hash' } })).body.detail).toBe('排序字段不正确');
    expect((await call(app, 'GET', PATHS.projectListOfOrder, { token, query: { orderBy: 'projectName', order: 'up' } })).body.detail).toBe('排序方式只能是asc或desc');
  });

  it('never leaves the caller’s scope, whatever the request names', async () => {
    const { token, result } = await session(app, 'xiangmu02');
    const reply = await call<ProjectListItem[]>(app, 'GET', PATHS.projectListOfOrder, { token, query: { user_id: '1', orderBy: 'projectName', order: 'desc' } });
    expect(reply.body.data!.map((p) => p.projectPosInfo.projectNo)).toEqual(['NJJG-2024-002']);
    expect(result.UserID).not.toBe('1');
  });
});

describe('Employee/ModifyEmployee', () => {
  it('changes the caller’s own record only, with the §5.5 checks', async () => {
    const { token } = await session(app, 'xiangmu01');
    const bad = await call(app, 'POST', PATHS.modifyEmployee, { token, body: { realName: '刘洋', mobile: '1234', email: 'liuyang@njjg.com.cn' } });
    expect(bad.body.status).toBe(0);
    expect(bad.body.detail).toMatch(/手机/);
    const good = await call<{ realName: string; mobile: string }>(app, 'POST', PATHS.modifyEmployee, { token, body: { realName: '刘洋洋', mobile: '13890510099', email: 'liuyang@njjg.com.cn' } });
    expect(good.body).toMatchObject({ status: 1, detail: '保存成功' });
    const info = await call<{ RealName: string; Mobile: string }>(app, 'GET', PATHS.userInfo, { token });
    expect(info.body.data).toMatchObject({ RealName: '刘洋洋', Mobile: '13890510099' });
    // A number written with +86 and spaces or dashes (issue 23) is stored as its 11 digits.
    for (const written of ['+86 138 9051 0097', '0086-138-9051-0097', '8613890510097']) {
      expect((await call(app, 'POST', PATHS.modifyEmployee, { token, body: { realName: '刘洋洋', mobile: written, email: 'liuyang@njjg.com.cn' } })).body.status).toBe(1);
      expect((await call<{ Mobile: string }>(app, 'GET', PATHS.userInfo, { token })).body.data!.Mobile).toBe('13890510097');
    }
    // Naming another user is refused outright (no field names a user), and nothing else changes.
    const admin = await session(app, 'sysadmin');
    const before = (await call<{ RealName: string }>(app, 'GET', PATHS.userInfo, { token: admin.token })).body.data!.RealName;
    const other = await call(app, 'POST', PATHS.modifyEmployee, { token, body: { realName: '张三', mobile: '13890510098', email: 'x@njjg.com.cn', user_id: admin.result.UserID } });
    expect(other.status).toBe(400);
    expect((await call<{ RealName: string }>(app, 'GET', PATHS.userInfo, { token: admin.token })).body.data!.RealName).toBe(before);
  });
});

describe('ERPUser/PCUpdateDefaultUser', () => {
  it('sets the company the next login lands in, among the caller’s companies', async () => {
    const first = await login(app, 'duogongsi');
    const { token } = await session(app, 'duogongsi');
    const companies = JSON.parse(first.body.data!.Companys) as Array<{ CompanyID: string; CompanyName: string }>;
    const other = companies.find((c) => c.CompanyName !== first.body.data!.CompanyName)!;
    const set = await call<{ companyId: string; companyName: string }>(app, 'POST', PATHS.updateDefaultUser, { token, body: { company_id: other.CompanyID } });
    expect(set.body).toMatchObject({ status: 1, detail: '默认单位设置成功', data: { companyId: other.CompanyID, companyName: other.CompanyName } });
    expect((await login(app, 'duogongsi')).body.data!.CompanyName).toBe(other.CompanyName);

    const admin = await session(app, 'sysadmin');
    const all = await call<OrgNode[]>(app, 'GET', PATHS.adminOrgList, { token: admin.token, query: { index: 0, size: 1000 } });
    const bureau = all.body.data!.find((c) => c.companyname === '内江市住房和城乡建设局')!;
    expect((await call(app, 'POST', PATHS.updateDefaultUser, { token, body: { company_id: bureau.id } })).body.detail).toBe('您不是该单位的成员');
    expect((await call(app, 'POST', PATHS.updateDefaultUser, { token, body: { company_id: '999999' } })).body.detail).toBe('单位不存在');
    expect((await call(app, 'POST', PATHS.updateDefaultUser, { token, body: { company_id: 'abc' } })).body.detail).toBe('单位不存在');
    const cleared = await call(app, 'POST', PATHS.updateDefaultUser, { token, body: { company_id: '' } });
    expect(cleared.body).toMatchObject({ status: 1, detail: '已取消默认单位' });
    expect((await login(app, 'duogongsi')).body.data!.CompanyName).toBe(first.body.data!.CompanyName);
  });
});

describe('TySendMessage/SendMessage', () => {
  it('publishes a message to the company’s members, for a role that may publish notices', async () => {
    const { token } = await session(app, 'qiye01');
    for (const [body, detail] of [
      [{ title: ' ', content: '请各项目部于周五前完成自查' }, '请输入消息标题'],
      [{ title: '长'.repeat(101), content: '内容' }, '消息标题不能超过100个字'],
      [{ title: '安全检查通知', content: '' }, '请输入消息内容'],
      [{ title: '安全检查通知', content: '字'.repeat(2001) }, '消息内容不能超过2000个字'],
    ] as const) {
      expect((await call(app, 'POST', PATHS.sendMessage, { token, body })).body).toMatchObject({ status: 0, detail });
    }
    const sent = await call<{ id: string }>(app, 'POST', PATHS.sendMessage, { token, body: { title: '汛期安全检查通知', content: '请各项目部于本周五前完成汛期安全自查并上报。' } });
    expect(sent.body).toMatchObject({ status: 1, detail: '发送成功' });
    // A member of a subsidiary sees it among the unread notices.
    const member = await session(app, 'xiangmu01');
    const unread = await call<Array<{ title: string }>>(app, 'GET', PATHS.noticeList, { token: member.token, query: { index: 0, size: 500, sysNoticeIsRead: '0' } });
    expect(unread.body.data!.map((n) => n.title)).toContain('汛期安全检查通知');
    // Another organisation does not.
    const outsider = await session(app, 'jianguan01');
    const theirs = await call<Array<{ title: string }>>(app, 'GET', PATHS.noticeList, { token: outsider.token, query: { index: 0, size: 500 } });
    expect(theirs.body.data!.map((n) => n.title)).not.toContain('汛期安全检查通知');
    // The view-only enterprise user may not publish.
    const viewer = await session(app, 'qiye02');
    const refused = await call(app, 'POST', PATHS.sendMessage, { token: viewer.token, body: { title: '测试', content: '测试' } });
    expect(refused.body).toMatchObject({ status: 0, code: 402 });
  });

  it('refuses a JSON number or true/false for its text fields (issue 23: {"title":12345} was a notice titled 12345)', async () => {
    const { token } = await session(app, 'qiye01');
    for (const [body, field] of [
      [{ title: 12345, content: '请各项目部完成自查' }, 'title'],
      [{ title: '安全检查通知', content: 2026 }, 'content'],
      [{ title: true, content: '请各项目部完成自查' }, 'title'],
    ] as const) {
      const reply = await call(app, 'POST', PATHS.sendMessage, { token, body });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ status: 0, detail: `请求参数格式错误：字段 ${field} 类型错误` });
    }
    const notices = await call<Array<{ title: string }>>(app, 'GET', PATHS.noticeList, { token, query: { index: 0, size: 500 } });
    expect(notices.body.data!.map((n) => n.title)).not.toContain('12345');
    // Digits typed as text are a title like any other, in a JSON body and in a form (which holds only text).
    expect((await call(app, 'POST', PATHS.sendMessage, { token, body: { title: '12345', content: '数字标题' } })).body).toMatchObject({ status: 1 });
    expect((await call(app, 'POST', PATHS.sendMessage, { token, form: { title: '67890', content: '表单提交' } })).body).toMatchObject({ status: 1 });
  });
});

describe('template lookup with fieldName ProjectName (§7.6)', () => {
  it('answers the projects of the caller’s inspection devices: xuHao the id, selContent the name', async () => {
    const lookup = (token: string) =>
      call<Array<{ xuHao: string; selContent: string }>>(app, 'POST', PATHS.multiSelectList, { token, body: { tableName: 'routInspManage', fieldName: 'ProjectName', size: 999 } });
    const { token } = await session(app, 'qiye01');
    const mine = await lookup(token);
    expect(mine.body.status).toBe(1);
    expect(mine.body.data!.length).toBeGreaterThan(0);
    const inScope = await call<ProjectListItem[]>(app, 'GET', PATHS.projectList, { token, query: { index: 0, size: 500 } });
    const byId = new Map(inScope.body.data!.map((p) => [p.projectPosInfo.id, p.projectPosInfo.projectName]));
    for (const o of mine.body.data!) expect(byId.get(o.xuHao)).toBe(o.selContent);
    const project = await session(app, 'xiangmu02');
    const theirs = await lookup(project.token);
    expect(theirs.body.data!.every((o) => o.selContent === '汉渝大道（东兴段）道路改造工程')).toBe(true);
  });
});

describe('ERPUser/ModifyPwd', () => {
  it('changes the caller’s password with the §5.2 rules and the repeat field; old sessions end', async () => {
    const { token } = await session(app, 'xiangmu02');
    const wrong = await call(app, 'POST', PATHS.erpModifyPassword, { token, body: { oldPwd: 'Wrong@1234', userPwd: 'Njjg@2026x' } });
    expect(wrong.body).toMatchObject({ status: 0, detail: '原始密码错误' });
    const mismatch = await call(app, 'POST', PATHS.erpModifyPassword, { token, body: { oldPwd: DEMO_PASSWORD, userPwd: 'Njjg@2026x', userPwdNew: 'Njjg@2026y' } });
    expect(mismatch.body).toMatchObject({ status: 0, detail: '新密码不一致!' });
    const short = await call(app, 'POST', PATHS.erpModifyPassword, { token, body: { oldPwd: DEMO_PASSWORD, userPwd: 'a1' } });
    expect(short.body).toMatchObject({ status: 0, detail: '密码不能少于6位数!' });
    const done = await call(app, 'POST', PATHS.erpModifyPassword, { token, body: { oldPwd: DEMO_PASSWORD, userPwd: 'Njjg@2026x', userPwdNew: 'Njjg@2026x' } });
    expect(done.body).toMatchObject({ status: 1, detail: '修改成功' });
    expect((await call(app, 'GET', PATHS.userInfo, { token })).status).toBe(401);
    expect((await login(app, 'xiangmu02', { password: 'Njjg@2026x' })).body.status).toBe(1);
  });
});
