// Session transitions of §4 against a stubbed server.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { expandSource, toSwitchForm } from '../../common/menu-tree';
import type { CompanySwitchResult } from '../../common/wire';
import { installHttpUi } from '../../src/lib/http/client';
import {
  applyLoginResult,
  enterMonitor,
  exitMonitor,
  login,
  logout,
  page,
  safeRedirect,
  switchCompany,
  switchProject,
} from '../../src/lib/session/actions';
import { sessionStore } from '../../src/lib/session/store';
import { json, queryOf, strictUi, stubFetch } from './support/strict';
import { MENU_SOURCE, loginResult, resetBrowserState } from './support/session';

const realPage = { ...page };
beforeEach(() => {
  resetBrowserState();
  installHttpUi(strictUi([]));
  page.assign = vi.fn();
  page.reload = vi.fn();
  page.currentPath = () => '/projectManage/crmProject?x=1';
});
afterEach(() => {
  Object.assign(page, realPage);
  vi.unstubAllGlobals();
});

const switchAnswer = (over: Partial<CompanySwitchResult> = {}): CompanySwitchResult => ({
  permissions: toSwitchForm(expandSource(MENU_SOURCE.filter((m) => m.id === 'home'))),
  userID: 'u1',
  userName: 'duogongsi',
  fullDepartmentPath: 'root,c2',
  departmentID: 'd2',
  watchCompanys: [{ companyID: 'w1', companyName: '监视甲公司' }],
  companyId: 'c2',
  companyName: '第二公司',
  monitorShow: false,
  GlobalProjectID: '',
  ...over,
});

describe('login', () => {
  it('fetches the service token, posts the form and stores identity, company, token and menu', async () => {
    const calls = stubFetch([
      { method: 'GET', path: '/prod-apicore/api/token/getToken', reply: () => json({ status: 1, code: 0, detail: '', data: 'svc-9' }) },
      { method: 'POST', path: '/prod-apicore/web/login', reply: () => json({ status: 1, detail: '', data: loginResult() }) },
    ]);
    localStorage.setItem('curMenuFunctionType', '1');
    await expect(login({ userName: 'qiye01', password: 'Demo@1234' }, '/userManage/icons')).resolves.toEqual({ ok: true });

    const form = Object.fromEntries(new URLSearchParams(String(calls[1].body)));
    expect(form).toMatchObject({ grant_type: 'password', loginType: '1', userName: 'qiye01', password: 'Demo@1234' });
    expect(Object.fromEntries(queryOf(calls[1].url))).toEqual({ token: 'svc-9', fromplat: 'pc', wid: '11' });

    expect(Cookies.get('token')).toBe('svc-9');
    expect(Cookies.get('access_token')).toBe('acc-1');
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}').UserName).toBe('qiye01');
    expect(localStorage.getItem('COMPANY_Id')).toBe('c1');
    expect(localStorage.getItem('COMPANY_name')).toBe('蜀建集团有限公司');
    expect(localStorage.getItem('curMenuFunctionType')).toBe('0');
    const s = sessionStore.get();
    expect(s.token).toBe('acc-1');
    expect(s.functionType).toBe(0);
    expect(s.menu.map((m) => m.path)).toContain('projectManage');
    expect(s.nav?.to).toBe('/userManage/icons');
  });

  it('returns the server detail when status is not 1 and stores nothing', async () => {
    Cookies.set('token', 'svc-1');
    stubFetch([{ method: 'POST', path: '/prod-apicore/web/login', reply: () => json({ status: 0, detail: '用户名或密码错误' }) }]);
    await expect(login({ userName: 'qiye01', password: 'bad' })).resolves.toEqual({ ok: false, detail: '用户名或密码错误' });
    expect(Cookies.get('access_token')).toBeUndefined();
    expect(sessionStore.get().userInfo).toBeNull();
  });

  it('only follows same-site redirects', () => {
    expect(safeRedirect('/x?y=1')).toBe('/x?y=1');
    expect(safeRedirect('//evil.example')).toBe('/backHome');
    expect(safeRedirect('https://evil.example')).toBe('/backHome');
    expect(safeRedirect(null)).toBe('/backHome');
    expect(safeRedirect('/login?redirect=/x')).toBe('/backHome');
  });
});

describe('logout', () => {
  it('calls /web/logout, clears the session and goes to /login with the current path', async () => {
    applyLoginResult(loginResult());
    localStorage.setItem('PROJECT_ID', 'p1');
    const calls = stubFetch([{ method: 'POST', path: '/prod-apicore/web/logout', reply: () => json({ status: 1, detail: '' }) }]);
    await logout();
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.Authorization).toBe('Bearer acc-1');
    expect(Cookies.get('access_token')).toBeUndefined();
    for (const k of ['userInfo', 'COMPANY_Id', 'COMPANY_name', 'PROJECT_ID']) expect(localStorage.getItem(k)).toBeNull();
    const s = sessionStore.get();
    expect([s.token, s.userInfo, s.menu, s.roles]).toEqual([undefined, null, [], []]);
    expect(s.nav?.to).toBe(`/login?redirect=${encodeURIComponent('/projectManage/crmProject?x=1')}`);
  });

  it('after a password change, ends the session without calling the server', async () => {
    applyLoginResult(loginResult());
    const calls = stubFetch([]);
    await logout({ callServer: false });
    expect(calls).toHaveLength(0);
    expect(sessionStore.get().token).toBeUndefined();
  });
});

describe('company switch and monitoring', () => {
  beforeEach(() => {
    applyLoginResult(
      loginResult({
        Companys: JSON.stringify([
          { CompanyID: 'c1', CompanyName: '蜀建集团有限公司', FullDepartmentPath: 'c1', UserName: 'duogongsi' },
          { CompanyID: 'c2', CompanyName: '第二公司', FullDepartmentPath: 'root,c2', UserName: 'duogongsi' },
        ]),
        watchCompanys: [
          { companyID: 'w1', companyName: '监视甲公司' },
          { companyID: 'w2', companyName: '监视乙公司' },
        ],
      }),
    );
  });

  it('stores the company path and name, rewrites user info and menu, and goes to /backHome reloading', async () => {
    const calls = stubFetch([{ method: 'POST', path: '/prod-api/api/ERPUser/UpdateUserRedis', reply: () => json({ status: 1, detail: '', data: switchAnswer() }) }]);
    await switchCompany(['root', 'c2'], '第二公司');
    expect(JSON.parse(String(calls[0].body))).toMatchObject({ company_id: 'c2', company_name: '第二公司', GlobalProjectID: '' });
    expect(localStorage.getItem('COMPANY_Id')).toBe('root,c2');
    expect(localStorage.getItem('COMPANY_name')).toBe('第二公司');
    const stored = JSON.parse(localStorage.getItem('userInfo') ?? '{}');
    expect(stored.CompanyId).toBe('c2');
    expect(JSON.parse(stored.MenuPermissions).map((n: { PagePermission: string }) => n.PagePermission)).toEqual(['backHome']);
    expect(sessionStore.get().menu.map((n) => n.path)).toEqual(['backHome']);
    expect(page.assign).toHaveBeenCalledWith('/backHome');
  });

  it('enters monitoring of the first watch company when none is chosen, and exits back to the original', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    stubFetch([
      {
        method: 'POST',
        path: '/prod-api/api/ERPUser/UpdateUserRedis',
        reply: (call) => {
          const body = JSON.parse(String(call.body)) as Record<string, unknown>;
          bodies.push(body);
          return body.monitor === 1
            ? json({ status: 1, detail: '', data: switchAnswer({ companyId: 'w1', companyName: '监视甲公司', monitorShow: true, watchCompanys: [] }) })
            : json({ status: 1, detail: '', data: switchAnswer({ companyId: 'c1', companyName: '蜀建集团有限公司' }) });
        },
      },
    ]);
    await enterMonitor();
    expect(bodies[0]).toMatchObject({ company_id: 'w1', company_name: '监视甲公司', monitor: 1 });
    let info = sessionStore.get().userInfo;
    expect(info?.monitorShow).toBe(true);
    expect(info?.monitorInfo).toEqual({ id: 'w1', name: '监视甲公司' });
    expect(info?.watchCompanys).toHaveLength(2);
    expect(localStorage.getItem('COMPANY_Id')).toBe('w1');
    expect(JSON.parse(localStorage.getItem('monitorOrigin') ?? '{}')).toEqual({ path: ['c1'], name: '蜀建集团有限公司' });

    await exitMonitor();
    expect(bodies[1]).toMatchObject({ company_id: 'c1', company_name: '蜀建集团有限公司', monitor: 0 });
    info = sessionStore.get().userInfo;
    expect(info?.monitorShow).toBe(false);
    expect(info?.monitorInfo).toBeNull();
    expect(localStorage.getItem('COMPANY_Id')).toBe('c1');
    expect(localStorage.getItem('monitorOrigin')).toBeNull();
    expect(page.assign).toHaveBeenCalledTimes(2);
  });

  it('a refused switch changes nothing', async () => {
    stubFetch([{ method: 'POST', path: '/prod-api/api/ERPUser/UpdateUserRedis', reply: () => json({ status: 0, detail: '您不是该公司成员' }) }]);
    await expect(switchCompany(['c9'], '别家')).rejects.toThrow('您不是该公司成员');
    expect(localStorage.getItem('COMPANY_Id')).toBe('c1');
    expect(page.assign).not.toHaveBeenCalled();
  });
});

it('project switch stores PROJECT_ID, PROJECT_NO and PROJECT_name', async () => {
  applyLoginResult(loginResult({ UserAuthType: '2' }));
  const calls = stubFetch([
    { method: 'POST', path: '/prod-api/api/ERPUser/UpdateUserProjectID', reply: () => json({ status: 1, detail: '', data: { GlobalProjectID: 'p2', projectName: '二号楼' } }) },
  ]);
  await switchProject({ id: 'p2', no: 'XM-002', name: '二号楼' });
  expect(JSON.parse(String(calls[0].body))).toMatchObject({ GlobalProjectID: 'p2' });
  expect([localStorage.getItem('PROJECT_ID'), localStorage.getItem('PROJECT_NO'), localStorage.getItem('PROJECT_name')]).toEqual(['p2', 'XM-002', '二号楼']);
  expect(sessionStore.get().project).toEqual({ id: 'p2', no: 'XM-002', name: '二号楼' });
  expect(sessionStore.get().userInfo?.GlobalProjectID).toBe('p2');
});
