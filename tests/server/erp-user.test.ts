// §7.2 GetUserInfo, ModifyMyInfo, UpdateUserRedis (company switch and monitoring), UpdateUserProjectID.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeWire, type SwitchMenuNode } from '../../common/menu-tree';
import type { CompanyRef, CompanySwitchResult, ProjectListItem, ProjectSwitchResult, SysNotice, UserProfile } from '../../common/wire';
import { FORMATS } from '../../common/validators';
import { call, PATHS, session, startApp } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
});

const titles = (tree: SwitchMenuNode[]): string[] => normalizeWire(tree).map((n) => n.title);
const buttons = (tree: SwitchMenuNode[]): string[] =>
  normalizeWire(tree).flatMap(function walk(n): string[] {
    return [...(n.isButton ? [n.id] : []), ...n.children.flatMap(walk)];
  });

describe('GetUserInfo and ModifyMyInfo', () => {
  it('returns the profile of the caller', async () => {
    const { token, result } = await session(app, 'jianguan01');
    const reply = await call<UserProfile>(app, 'GET', PATHS.userInfo, { token, query: { fromplat: 'pc', wid: 11 } });
    expect(reply.body.status).toBe(1);
    expect(reply.body.data).toMatchObject({
      UserID: result.UserID,
      UserName: 'jianguan01',
      RealName: '赵磊',
      Mobile: '13890510004',
      CompanyName: '内江市住房和城乡建设局',
      DepartmentName: '建筑市场监管科',
      UserAuthType: '1',
      RoleName: '监管人员',
      CreateTime: '2025-01-06 09:00:00',
    });
    expect(reply.body.data?.LastLoginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('updates the caller’s own details after the §5.5 checks', async () => {
    const { token } = await session(app, 'xiangmu01');
    const bad = [
      [{ realName: 'Liu', mobile: '13900000000', email: '' }, FORMATS.realName.message],
      [{ realName: '刘洋', mobile: '1390000', email: '' }, FORMATS.mobile.message],
      [{ realName: '刘洋', mobile: '13900000000', email: 'not-mail' }, FORMATS.email.message],
    ] as const;
    for (const [form, detail] of bad) {
      expect((await call(app, 'POST', PATHS.modifyMyInfo, { token, body: form })).body).toEqual({ status: 0, detail });
    }
    const good = await call<UserProfile>(app, 'POST', PATHS.modifyMyInfo, {
      token,
      body: { realName: '刘洋洋', mobile: '13900000000', email: 'ly@example.com', fromplat: 'pc', wid: 11 },
    });
    expect(good.body.status).toBe(1);
    expect(good.body.data).toMatchObject({ RealName: '刘洋洋', Mobile: '13900000000', Email: 'ly@example.com' });
    const again = await call<UserProfile>(app, 'GET', PATHS.userInfo, { token });
    expect(again.body.data?.RealName).toBe('刘洋洋');
  });

  it('refuses a field of the wrong type with 400', async () => {
    const { token } = await session(app, 'xiangmu01');
    const reply = await call(app, 'POST', PATHS.modifyMyInfo, { token, body: { realName: '刘洋', mobile: { n: 1 }, email: '' } });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ status: 0, detail: '请求参数格式错误：字段 mobile 类型错误' });
  });
});

describe('UpdateUserRedis', () => {
  it('switches among member companies with the role of each', async () => {
    const { token, result } = await session(app, 'duogongsi');
    const [group, supervision] = JSON.parse(result.Companys) as CompanyRef[];
    const toSupervision = await call<CompanySwitchResult>(app, 'POST', PATHS.switchCompany, {
      token,
      body: { GlobalProjectID: '', company_id: supervision.CompanyID, company_name: supervision.CompanyName, fromplat: 'pc', wid: 11 },
    });
    expect(toSupervision.body.status).toBe(1);
    const data = toSupervision.body.data!;
    expect(data).toMatchObject({
      userID: result.UserID,
      userName: 'duogongsi',
      companyId: supervision.CompanyID,
      companyName: '四川甜城建设工程监理有限公司',
      fullDepartmentPath: supervision.CompanyID,
      monitorShow: false,
      GlobalProjectID: '',
    });
    expect(data.departmentID).toMatch(/^\d+$/);
    expect(data.watchCompanys).toHaveLength(2);
    expect(titles(data.permissions)).not.toContain('系统管理');
    const info = await call<UserProfile>(app, 'GET', PATHS.userInfo, { token });
    expect(info.body.data).toMatchObject({ CompanyName: '四川甜城建设工程监理有限公司', RoleName: '监理工程师', DepartmentName: '总监办' });

    const back = await call<CompanySwitchResult>(app, 'POST', PATHS.switchCompany, { token, body: { company_id: group.CompanyID } });
    expect(titles(back.body.data!.permissions)).toContain('系统管理');
  });

  it('refuses a company the user does not belong to and changes nothing', async () => {
    const { token, result } = await session(app, 'qiye01');
    const gov = (await session(app, 'jianguan01')).result.CompanyId;
    for (const company_id of [gov, '999999', 'abc']) {
      const reply = await call(app, 'POST', PATHS.switchCompany, { token, body: { company_id } });
      expect(reply.body).toEqual({ status: 0, detail: '您不是该单位的成员' });
    }
    const info = await call<UserProfile>(app, 'GET', PATHS.userInfo, { token });
    expect(info.body.data?.CompanyName).toBe(result.CompanyName);
  });

  it('lets a system administrator switch to any company', async () => {
    const { token } = await session(app, 'sysadmin');
    const gov = (await session(app, 'jianguan01')).result.CompanyId;
    const reply = await call<CompanySwitchResult>(app, 'POST', PATHS.switchCompany, { token, body: { company_id: gov } });
    expect(reply.body.data).toMatchObject({ companyId: gov, companyName: '内江市住房和城乡建设局', departmentID: '' });
  });

  it('refuses monitoring a company that is not on the watch list', async () => {
    const { token, result } = await session(app, 'duogongsi');
    const supervision = (JSON.parse(result.Companys) as CompanyRef[])[1];
    const reply = await call(app, 'POST', PATHS.switchCompany, { token, body: { company_id: supervision.CompanyID, monitor: 1 } });
    expect(reply.body).toEqual({ status: 0, detail: '该单位不在您的监视列表中' });
    const plain = await session(app, 'qiye01');
    const none = await call(app, 'POST', PATHS.switchCompany, { token: plain.token, body: { company_id: result.watchCompanys[0].companyID, monitor: 1 } });
    expect(none.body.status).toBe(0);
  });

  it('monitoring is read-only until the user switches back', async () => {
    const { token, result } = await session(app, 'duogongsi');
    const watched = result.watchCompanys.find((w) => w.companyName === '内江华鼎商品混凝土有限公司')!;
    const enter = await call<CompanySwitchResult>(app, 'POST', PATHS.switchCompany, {
      token,
      body: { company_id: watched.companyID, company_name: watched.companyName, monitor: 1 },
    });
    expect(enter.body.status).toBe(1);
    expect(enter.body.data).toMatchObject({ companyId: watched.companyID, monitorShow: true });
    // Only read buttons stay in the monitoring menu.
    const monitorButtons = buttons(enter.body.data!.permissions);
    expect(monitorButtons.length).toBeGreaterThan(0);
    expect(monitorButtons.every((id) => /:(search|export)$/.test(id))).toBe(true);

    // Reads work, and show the watched company's projects.
    const projects = await call<ProjectListItem[]>(app, 'GET', PATHS.projectList, { token, query: { index: 0, size: 500 } });
    expect(projects.body.data?.map((p) => p.projectPosInfo.projectName)).toEqual(['华鼎商砼搅拌站技改项目']);

    // Writes other than the allowed ones are refused with 402.
    const write = await call(app, 'POST', PATHS.modifyMyInfo, { token, body: { realName: '周强', mobile: '13890510007', email: '' } });
    expect(write.body).toEqual({ status: 0, code: 402, detail: '监视模式下只能查看，不能修改数据' });
    const notices = await call<SysNotice[]>(app, 'GET', PATHS.noticeList, { token, query: { sysNoticeIsRead: '0' } });
    const del = await call(app, 'POST', PATHS.noticeDelete, { token, body: { id: notices.body.data![0].id } });
    expect(del.body.code).toBe(402);
    // Reading a notice and choosing a project stay allowed.
    expect((await call(app, 'POST', PATHS.noticeRead, { token, body: { id: notices.body.data![0].id } })).body.status).toBe(1);
    const pick = await call<ProjectSwitchResult>(app, 'POST', PATHS.switchProject, {
      token,
      body: { GlobalProjectID: projects.body.data![0].projectPosInfo.id },
    });
    expect(pick.body.data?.projectName).toBe('华鼎商砼搅拌站技改项目');

    // Exit monitoring: back to the original company, writable again.
    const exit = await call<CompanySwitchResult>(app, 'POST', PATHS.switchCompany, { token, body: { company_id: result.CompanyId, monitor: 0 } });
    expect(exit.body.data).toMatchObject({ companyId: result.CompanyId, monitorShow: false });
    const writeAgain = await call(app, 'POST', PATHS.modifyMyInfo, { token, body: { realName: '周强', mobile: '13890510007', email: '' } });
    expect(writeAgain.body.status).toBe(1);
  });

  it('refuses a body without company_id with 400', async () => {
    const { token } = await session(app, 'qiye01');
    const reply = await call(app, 'POST', PATHS.switchCompany, { token, body: { GlobalProjectID: '' } });
    expect(reply.status).toBe(400);
    expect(reply.body.detail).toBe('请求参数格式错误：缺少字段 company_id');
  });
});

describe('UpdateUserProjectID', () => {
  it('switches to a project in scope and refuses one outside it', async () => {
    const { token } = await session(app, 'xiangmu01');
    const list = await call<ProjectListItem[]>(app, 'GET', PATHS.projectList, { token });
    const mine = list.body.data!.map((p) => p.projectPosInfo);
    const target = mine[1];
    const ok = await call<ProjectSwitchResult>(app, 'POST', PATHS.switchProject, { token, body: { GlobalProjectID: target.id } });
    expect(ok.body).toEqual({ status: 1, detail: '', data: { GlobalProjectID: target.id, projectName: target.projectName } });

    const everyone = await call<ProjectListItem[]>(app, 'GET', PATHS.projectList, { token: (await session(app, 'sysadmin')).token });
    const foreign = everyone.body.data!.find((p) => !mine.some((m) => m.id === p.projectPosInfo.id))!;
    const refused = await call(app, 'POST', PATHS.switchProject, { token, body: { GlobalProjectID: foreign.projectPosInfo.id } });
    expect(refused.body).toEqual({ status: 0, detail: '项目不存在或不在您的权限范围内' });
    const cleared = await call<ProjectSwitchResult>(app, 'POST', PATHS.switchProject, { token, body: { GlobalProjectID: '' } });
    expect(cleared.body.data).toEqual({ GlobalProjectID: '', projectName: '' });
  });
});
