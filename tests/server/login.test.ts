// §7.2 getToken, login and logout, with every refusal of docs/api.md: wrong password, unknown user,
// missing service token, throttling, unaudited account, non-member company, malformed form.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/constants';
import { normalizeWire, type LoginMenuNode } from '../../common/menu-tree';
import type { CompanyRef, CompanySwitchResult } from '../../common/wire';
import { call, login, PATHS, serviceToken, session, startApp } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
});

describe('getToken', () => {
  it('issues a fresh service token with code 0 each time', async () => {
    const first = await call<string>(app, 'GET', PATHS.getToken, { query: { fromplat: 'pc', wid: 11 } });
    const second = await call<string>(app, 'GET', PATHS.getToken);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 1, code: 0 });
    // Stateless and signed (service-token.test.ts): expiry, nonce, HMAC.
    expect(first.body.data).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/);
    expect(second.body.data).not.toBe(first.body.data);
  });
});

describe('login', () => {
  it('returns the LoginResult of §3.1 for an enterprise user', async () => {
    const reply = await login(app, 'qiye01');
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe(1);
    const r = reply.body.data!;
    expect(r).toMatchObject({
      UserName: 'qiye01',
      CompanyName: '内江建工集团有限公司',
      OrgDataAuthorityType: 1,
      IsSystemAdmin: false,
      UserAuthType: '0',
      AuthProjectID: '',
      menuFunctionType: 0,
      monitorShow: false,
      monitorInfo: null,
      DepartmentName: '工程管理部',
      GlobalProjectID: '',
      watchCompanys: [],
    });
    expect(r.access_token).toBe(r.accessToken);
    expect(r.UserID).toMatch(/^\d+$/);
    expect(r.fullDepartmentPath).toBe(r.CompanyId);
    const menu = JSON.parse(r.MenuPermissions) as LoginMenuNode[];
    expect(menu).toEqual(r.jsData);
    expect(normalizeWire(menu).map((n) => n.title)).toContain('系统管理');
    const companys = JSON.parse(r.Companys) as CompanyRef[];
    expect(companys).toEqual([{ CompanyID: r.CompanyId, CompanyName: '内江建工集团有限公司', FullDepartmentPath: r.CompanyId, UserName: 'qiye01' }]);
  });

  it('names the current company’s 单位类型 (CompanyType), at login and on a company switch (issue 29: the plant’s own wall)', async () => {
    expect((await login(app, 'qiye01')).body.data?.CompanyType).toBe(9);
    expect((await login(app, 'jiaobanzhan01')).body.data?.CompanyType).toBe(13);
    const { token, result } = await session(app, 'duogongsi');
    const companys = JSON.parse(result.Companys) as CompanyRef[];
    const supervision = companys.find((c) => c.CompanyName === '四川甜城建设工程监理有限公司')!;
    const toSupervision = await call<CompanySwitchResult>(app, 'POST', PATHS.switchCompany, { token, body: { company_id: supervision.CompanyID } });
    expect(toSupervision.body.data?.companyType).toBe(7);
    const plant = result.watchCompanys.find((w) => w.companyName === '内江华鼎商品混凝土有限公司')!;
    const monitoring = await call<CompanySwitchResult>(app, 'POST', PATHS.switchCompany, { token, body: { company_id: plant.companyID, monitor: 1 } });
    expect(monitoring.body.data).toMatchObject({ monitorShow: true, companyType: 13 });
  });

  it('gives a project user their first project and a government user their area', async () => {
    const project = (await session(app, 'xiangmu01')).result;
    expect(project.UserAuthType).toBe('2');
    expect(project.AuthProjectID).toMatch(/^\d+$/);
    expect(project.GlobalProjectID).toBe(project.AuthProjectID);
    const gov = (await session(app, 'jianguan01')).result;
    expect(gov).toMatchObject({ UserAuthType: '1', AuthAreaCode: '511000', CompanyName: '内江市住房和城乡建设局' });
  });

  it('lists every company of a multi-company user with its id path, and the watch companies', async () => {
    const r = (await session(app, 'duogongsi')).result;
    const companys = JSON.parse(r.Companys) as CompanyRef[];
    expect(companys.map((c) => c.CompanyName)).toEqual(['内江建工集团有限公司', '四川甜城建设工程监理有限公司']);
    expect(companys.every((c) => c.FullDepartmentPath === c.CompanyID)).toBe(true);
    expect(r.watchCompanys.map((w) => w.companyName)).toEqual(['内江建工路桥工程有限公司', '内江华鼎商品混凝土有限公司']);
  });

  it('logs into a chosen member company, and refuses one the user does not belong to', async () => {
    const first = (await session(app, 'duogongsi')).result;
    const other = (JSON.parse(first.Companys) as CompanyRef[])[1];
    const chosen = await login(app, 'duogongsi', { companyId: other.CompanyID });
    expect(chosen.body.data).toMatchObject({ CompanyId: other.CompanyID, DepartmentName: '总监办' });
    const refused = await login(app, 'qiye01', { companyId: other.CompanyID });
    expect(refused.body).toEqual({ status: 0, detail: '您不是该单位的成员' });
  });

  it('answers a wrong password and an unknown user with the same text', async () => {
    const wrong = await login(app, 'qiye02', { password: 'Wrong@1234', remoteAddress: '10.0.0.2' });
    const unknown = await login(app, 'nobody_here', { remoteAddress: '10.0.0.3' });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ status: 0, detail: MESSAGES.wrongPassword });
    expect(unknown.body).toEqual({ status: 0, detail: MESSAGES.wrongPassword });
  });

  it('requires a valid service token', async () => {
    const missing = await login(app, 'qiye01', { serviceToken: null });
    const forged = await login(app, 'qiye01', { serviceToken: 'not-a-real-token' });
    for (const reply of [missing, forged]) {
      expect(reply.status).toBe(200);
      expect(reply.body.status).toBe(0);
      expect(reply.body.detail).toContain('刷新页面');
    }
  });

  it('also accepts the service token merged into the form body', async () => {
    const token = await serviceToken(app);
    const reply = await call(app, 'POST', PATHS.login, {
      form: { grant_type: 'password', loginType: '1', userName: 'qiye01', password: 'Demo@1234', token, fromplat: 'pc', wid: '11' },
    });
    expect(reply.body.status).toBe(1);
  });

  // The login limits (pair, account, address, trusted proxy) are tested in login-limits.test.ts.

  it('refuses an account that has not passed audit', async () => {
    const registered = await call<{ UserID: string }>(app, 'POST', PATHS.register, {
      body: { userName: 'new_user01', password: 'Abc@12345', realName: '新用户', mobile: '13812345678', companyName: '内江建工集团有限公司' },
    });
    expect(registered.body.status).toBe(1);
    const reply = await login(app, 'new_user01', { password: 'Abc@12345' });
    expect(reply.body.status).toBe(0);
    expect(reply.body.detail).toContain('审核');
  });

  it('refuses a form without a password with a Chinese 400 naming the field', async () => {
    const token = await serviceToken(app);
    const reply = await call(app, 'POST', PATHS.login, { query: { token }, form: { grant_type: 'password', userName: 'qiye01' } });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ status: 0, detail: `${MESSAGES.badRequest}：缺少字段 password` });
  });

  it('refuses an unknown form field', async () => {
    const token = await serviceToken(app);
    const reply = await call(app, 'POST', PATHS.login, { query: { token }, form: { userName: 'qiye01', password: 'x', isAdmin: '1' } });
    expect(reply.status).toBe(400);
    expect(reply.body.detail).toBe(`${MESSAGES.badRequest}：不支持的字段 isAdmin`);
  });
});

describe('logout', () => {
  it('revokes the access token; later calls get 401 and logging out again is harmless', async () => {
    const { token } = await session(app, 'qiye01');
    expect((await call(app, 'GET', PATHS.userInfo, { token })).status).toBe(200);
    const out = await call(app, 'POST', PATHS.logout, { token, body: { fromplat: 'pc', wid: 11 } });
    expect(out.body.status).toBe(1);
    const after = await call(app, 'GET', PATHS.userInfo, { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ status: 0, code: 401, detail: MESSAGES.sessionExpired });
    const again = await call(app, 'POST', PATHS.logout, { token });
    expect(again.body.status).toBe(1);
  });

  it('leaves the other sessions of the same user alone', async () => {
    const a = await session(app, 'sysadmin', { remoteAddress: '10.3.0.1' });
    const b = await session(app, 'sysadmin', { remoteAddress: '10.3.0.1' });
    await call(app, 'POST', PATHS.logout, { token: a.token });
    expect((await call(app, 'GET', PATHS.userInfo, { token: b.token })).status).toBe(200);
  });
});
