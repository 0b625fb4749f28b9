// §2.6 header: buttons by UserAuthType, function type switch, user menu entries, large-screen target.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from './support/providers';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { UserAuthType } from '../../common/constants';
import { HeaderBar } from '../../src/app/layout/HeaderBar';
import { largeScreenPath } from '../../src/app/layout/screen-links';
import { userMenuKeys } from '../../src/app/layout/UserMenu';
import { installHttpUi } from '../../src/lib/http/client';
import { applyLoginResult } from '../../src/lib/session/actions';
import { sessionStore } from '../../src/lib/session/store';
import { json, strictUi, stubFetch } from './support/strict';
import { loginResult, resetBrowserState } from './support/session';

vi.mock('../../src/features/notices/useUnreadNoticeCount', () => ({
  useUnreadNoticeCount: () => ({ count: 3, refresh: () => undefined }),
}));

beforeEach(() => {
  resetBrowserState();
  installHttpUi(strictUi([]));
});
afterEach(() => vi.unstubAllGlobals());

function renderHeader(at = '/projectManage/crmProject') {
  const router = createMemoryRouter([{ path: '*', element: <HeaderBar /> }], { initialEntries: [at] });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </SWRConfig>,
  );
  return router;
}

const BUTTONS: Record<UserAuthType, [string, string]> = {
  '0': ['企业管理后台', '企业大屏'],
  '1': ['监管后台', '监管大屏'],
  '2': ['项目后台', '项目大屏'],
};
const ALL_LABELS = Object.values(BUTTONS).flat();

describe('header buttons per UserAuthType', () => {
  it.each(Object.entries(BUTTONS))('type %s shows %j only', (type, labels) => {
    stubFetch([]);
    applyLoginResult(loginResult({ UserAuthType: type as UserAuthType }));
    renderHeader();
    for (const label of ALL_LABELS) {
      const shown = labels.includes(label);
      expect(!!screen.queryByRole('button', { name: label }), `${label}`).toBe(shown);
    }
    expect(screen.getByRole('button', { name: labels[0] }).getAttribute('aria-pressed')).toBe('true');
  });

  it('the screen button sets function type 1, the backend button 0, both stored in curMenuFunctionType', async () => {
    const user = userEvent.setup();
    stubFetch([{ method: 'GET', path: '/prod-api/api/Project/WhereProjectList', reply: () => json({ status: 1, detail: '', data: [] }) }]);
    applyLoginResult(loginResult({ UserAuthType: '0' }));
    renderHeader('/MyAccount/index');
    await user.click(screen.getByRole('button', { name: '企业大屏' }));
    expect(sessionStore.get().functionType).toBe(1);
    expect(localStorage.getItem('curMenuFunctionType')).toBe('1');
    // The screen button opens the user's kind's §2.4 landing screen (工程概况), never a placeholder.
    expect(sessionStore.get().nav?.to).toBe('/LargeScreen/EnterpriseScreen/engineering');
    expect(await screen.findByText('暂无项目')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '企业管理后台' }));
    expect(sessionStore.get().functionType).toBe(0);
    expect(localStorage.getItem('curMenuFunctionType')).toBe('0');
  });

  it('leaves a page the back-office function type lacks for /backHome', async () => {
    const user = userEvent.setup();
    stubFetch([{ method: 'GET', path: '/prod-api/api/Project/WhereProjectList', reply: () => json({ status: 1, detail: '', data: [] }) }]);
    applyLoginResult(loginResult({ UserAuthType: '0' }));
    sessionStore.set({ functionType: 1 });
    renderHeader('/LargeScreen/EnterpriseScreen/overview');
    await user.click(screen.getByRole('button', { name: '企业管理后台' }));
    expect(sessionStore.get().nav?.to).toBe('/backHome');
  });

  it('shows a single project as plain text and several as a 请选择项目 select defaulting to the first', async () => {
    const item = (id: string, name: string) => ({ projectPosInfo: { id, projectName: name, projectNo: `NO-${id}` } });
    let list = [item('p1', '一号楼')];
    stubFetch([
      { method: 'GET', path: '/prod-api/api/Project/WhereProjectList', reply: () => json({ status: 1, detail: '', data: list }) },
      { method: 'POST', path: '/prod-api/api/ERPUser/UpdateUserProjectID', reply: (c) => json({ status: 1, detail: '', data: { GlobalProjectID: JSON.parse(String(c.body)).GlobalProjectID, projectName: '' } }) },
    ]);
    applyLoginResult(loginResult({ UserAuthType: '2' }));
    sessionStore.set({ functionType: 1 });
    renderHeader('/backHome');
    expect(await screen.findByText('一号楼')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('PROJECT_ID')).toBe('p1'));

    cleanup();
    resetBrowserState();
    list = [item('p1', '一号楼'), item('p2', '二号楼')];
    applyLoginResult(loginResult({ UserAuthType: '2' }));
    sessionStore.set({ functionType: 1 });
    renderHeader('/backHome');
    const select = await screen.findByRole('combobox', { name: '切换项目' });
    expect(select).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('PROJECT_ID')).toBe('p1'));
    expect(localStorage.getItem('PROJECT_name')).toBe('一号楼');
  });

  it('shows the monitoring indicator and the unread badge', () => {
    stubFetch([]);
    applyLoginResult(loginResult());
    sessionStore.set((s) => ({ userInfo: s.userInfo && { ...s.userInfo, monitorShow: true, monitorInfo: { id: 'w1', name: '监视甲公司' } } }));
    renderHeader();
    expect(screen.getByText('监视模式：监视甲公司')).toBeTruthy();
    expect(screen.getByLabelText('消息通知，未读 3 条')).toBeTruthy();
  });
});

describe('user menu', () => {
  it('offers 进入监视 only with watch companies and not monitoring; 退出登录 hidden while monitoring', () => {
    const base = loginResult();
    expect(userMenuKeys(base)).toEqual(['password', 'profile', 'logout']);
    const watcher = loginResult({ watchCompanys: [{ companyID: 'w1', companyName: '甲' }] });
    expect(userMenuKeys(watcher)).toEqual(['password', 'profile', 'monitor', 'logout']);
    expect(userMenuKeys({ ...watcher, monitorShow: true })).toEqual(['password', 'profile', 'exitMonitor']);
  });

  it('opens with the Chinese entries', async () => {
    const user = userEvent.setup();
    stubFetch([]);
    applyLoginResult(loginResult({ watchCompanys: [{ companyID: 'w1', companyName: '甲' }] }));
    renderHeader();
    await user.click(screen.getByRole('button', { name: /用户菜单$/ }));
    const menu = await screen.findByRole('menu');
    for (const label of ['修改密码', '个人信息', '进入监视', '退出登录']) expect(within(menu).getByText(label)).toBeTruthy();
    expect(within(menu).queryByText('退出监视')).toBeNull();
  });
});

it('switch-to-large-screen targets the first built screen per UserAuthType (§2.4 queries)', () => {
  // §2.4: /LargeScreen is EnterpriseScreen/engineering.
  expect(largeScreenPath('0', 'p7')).toBe('/LargeScreen/EnterpriseScreen/engineering');
  expect(largeScreenPath('1', undefined)).toBe('/LargeScreen/SupervisoryScreen/overview?sortId=101');
  expect(largeScreenPath('2', 'p7')).toBe('/LargeScreen/ProjectScreen/projectOverview?sortId=21&pjctid1=p7');
});
