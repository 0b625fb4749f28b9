// §2.5 large-screen header in the shell: halves, entries of built screens only, 管理后台, 返回, fullscreen (§8 message), F11, clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../support/providers';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ScreenClock } from '../../../src/features/large-screen/components/ScreenClock';
import { ScreenFault } from '../../../src/features/large-screen/components/ScreenFault';
import { LargeScreenShell } from '../../../src/features/large-screen/LargeScreenShell';
import { shownEntries } from '../../../src/features/large-screen/screen-targets';
import { SCREENS } from '../../../src/features/large-screen/screens';
import { installHttpUi } from '../../../src/lib/http/client';
import { applyLoginResult, page } from '../../../src/lib/session/actions';
import { sessionStore } from '../../../src/lib/session/store';
import { json, strictUi, stubFetch } from '../support/strict';
import { loginResult, resetBrowserState } from '../support/session';

function Probe() {
  const { pathname, search } = useLocation();
  return <output data-testid="at">{pathname + search}</output>;
}

function renderShell(at: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <LargeScreenShell />
            <Probe />
          </>
        ),
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </SWRConfig>,
  );
  return router;
}

const at = () => screen.getByTestId('at').textContent;
const menuIds = (name: RegExp) => within(screen.getByRole('navigation', { name })).queryAllByRole('button').map((b) => b.getAttribute('data-menu-id'));
/** The ids the header shows for a set: only entries that open a built screen (screen-targets.ts). */
const shownIds = (level: 'group' | 'project', sortId: number) => shownEntries(level, sortId).map((e) => String(e.id));
const realPage = { ...page };

beforeEach(() => {
  resetBrowserState();
  installHttpUi(strictUi([]));
  applyLoginResult(loginResult());
});
afterEach(() => {
  Object.assign(page, realPage);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'fullscreenEnabled');
  Reflect.deleteProperty(document.documentElement, 'requestFullscreen');
});

describe('large-screen header', () => {
  it('every screen of §2.4 has its body (issue 15: no placeholder left)', () => {
    expect(SCREENS.filter((s) => !s.body).map((s) => s.path)).toEqual([]);
  });

  it('an address that names no screen shows 未找到该大屏 inside the header, never a blank wall', () => {
    stubFetch([]);
    renderShell('/LargeScreen/EnterpriseScreen/noSuchScreen?sortId=1');
    expect(screen.getByRole('main').textContent).toContain('未找到该大屏');
    expect(screen.getByText('请从顶部导航选择要查看的大屏')).toBeTruthy();
    expect(screen.queryByText('大屏加载失败')).toBeNull();
    expect(menuIds(/左/)).toEqual(['1', '2', '3', '4']);
  });

  it('a body that failed to render says 大屏加载失败 and offers 重新加载', () => {
    render(<ScreenFault title="工程概况" kind="failed" />);
    expect(screen.getByRole('status').textContent).toContain('大屏加载失败');
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
  });

  it('shows the group-level set in two halves around the title', () => {
    stubFetch([]);
    renderShell('/LargeScreen/EnterpriseScreen/engineering?sortId=1');
    expect(menuIds(/左/)).toEqual(['1', '2', '3', '4']);
    expect(menuIds(/右/)).toEqual(['5', '6', '7', '8']);
    expect(screen.getByRole('heading', { name: '企业数据大屏' })).toBeTruthy();
    expect(screen.getByRole('main', { name: '工程概况' })).toBeTruthy();
  });

  it('shows the project-level set for id > 10, with the project selector and name (sortId 21)', async () => {
    stubFetch([
      {
        method: 'GET',
        path: '/prod-api/api/Project/WhereProjectList',
        reply: () => json({ status: 1, detail: '', data: [] }),
      },
    ]);
    sessionStore.set({ project: { id: 'p1', no: 'P1', name: '滨江一号项目' } });
    renderShell('/LargeScreen/ProjectScreen/projectOverview?sortId=21&id=11');
    expect([...menuIds(/左/), ...menuIds(/右/)]).toEqual(shownIds('project', 21));
    expect(screen.getByText('滨江一号项目')).toBeTruthy();
    expect(await screen.findByText('暂无项目')).toBeTruthy();
  });

  it('without sortId the header follows the screen family: a supervisory address is 监管数据大屏, a project one 项目数据大屏', async () => {
    stubFetch([
      {
        method: 'GET',
        path: '/prod-api/api/Project/WhereProjectList',
        reply: () => json({ status: 1, detail: '', data: [] }),
      },
    ]);
    sessionStore.set({ project: { id: 'p1', no: 'P1', name: '滨江一号项目' } });
    renderShell('/LargeScreen/ProjectScreen/tunnelManager');
    expect(screen.getByRole('heading', { name: '项目数据大屏' })).toBeTruthy();
    expect([...menuIds(/左/), ...menuIds(/右/)]).toEqual(shownIds('project', 21));
    expect(screen.getByText('滨江一号项目')).toBeTruthy();
    expect(await screen.findByText('暂无项目')).toBeTruthy();
  });

  it('a project header leaves out 混凝土 and 隧道管理 when the project has nothing there, but never the entry being shown', async () => {
    const features = { tunnel: false, concrete: false };
    const calls = stubFetch([
      { method: 'GET', path: '/prod-api/api/Project/WhereProjectList', reply: () => json({ status: 1, detail: '', data: [] }) },
      { method: 'GET', path: '/prod-api/api/TyScreen/ProjectFeatures', reply: () => json({ status: 1, detail: '', data: features }) },
    ]);
    sessionStore.set({ project: { id: 'p1', no: 'P1', name: '滨江一号项目' } });
    renderShell('/LargeScreen/ProjectScreen/projectOverview?sortId=21&id=11&pjctid1=p1');
    const all = shownIds('project', 21);
    expect(all).toEqual(expect.arrayContaining(['18', '22']));
    await vi.waitFor(() => expect([...menuIds(/左/), ...menuIds(/右/)]).toEqual(all.filter((id) => id !== '18' && id !== '22')));
    expect(calls.find((c) => c.url.includes('ProjectFeatures'))?.url).toContain('pjctid1=p1');
  });

  it('on 隧道管理 of a project without a tunnel the entry stays (the wall says 本项目无隧道), 混凝土 goes', async () => {
    stubFetch([
      { method: 'GET', path: '/prod-api/api/Project/WhereProjectList', reply: () => json({ status: 1, detail: '', data: [] }) },
      { method: 'GET', path: '/prod-api/api/TyScreen/ProjectFeatures', reply: () => json({ status: 1, detail: '', data: { tunnel: false, concrete: false } }) },
    ]);
    sessionStore.set({ project: { id: 'p1', no: 'P1', name: '滨江一号项目' } });
    renderShell('/LargeScreen/ProjectScreen/tunnelManager?sortId=21&id=22&pjctid1=p1');
    await vi.waitFor(() => expect([...menuIds(/左/), ...menuIds(/右/)]).toEqual(shownIds('project', 21).filter((id) => id !== '18')));
    expect(screen.getByRole('button', { name: '隧道管理' }).getAttribute('aria-current')).toBe('page');
  });

  it('an explicit sortId wins over the family', () => {
    stubFetch([]);
    renderShell('/LargeScreen/ProjectScreen/tunnelManager?sortId=1');
    expect(screen.getByRole('heading', { name: '企业数据大屏' })).toBeTruthy();
    expect(menuIds(/左/)).toEqual(['1', '2', '3', '4']);
  });

  it('entries open built screens with their id, and the current one is highlighted', async () => {
    stubFetch([]);
    const user = userEvent.setup();
    renderShell('/LargeScreen/EnterpriseScreen/overview?sortId=1');
    expect(screen.getByRole('button', { name: '项目概况' }).getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByRole('button', { name: '人员管理' }));
    expect(at()).toBe('/LargeScreen/EnterpriseScreen/buildPersonnel?sortId=1&id=3');
    expect(screen.getByRole('button', { name: '人员管理' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: '项目概况' }).getAttribute('aria-current')).toBeNull();
  });

  it('the supervisory header offers only built screens, 项目概况 first', () => {
    stubFetch([]);
    renderShell('/LargeScreen/SupervisoryScreen/overview?sortId=101');
    expect(screen.getByRole('heading', { name: '监管数据大屏' })).toBeTruthy();
    expect([...menuIds(/左/), ...menuIds(/右/)]).toEqual(shownIds('group', 101));
    expect(screen.getByRole('button', { name: '项目概况' }).getAttribute('aria-current')).toBe('page');
    for (const e of shownEntries('group', 101)) expect(SCREENS.find((s) => s.path === e.url)?.body, e.label).toBeDefined();
  });

  it('管理后台 goes to the current entry’s back-office path, or /backHome', async () => {
    stubFetch([]);
    const user = userEvent.setup();
    renderShell('/ProjectScreen/engineering?id=1');
    await user.click(screen.getByRole('button', { name: /管理后台/ }));
    expect(at()).toBe('/projectManage/crmProject');
  });

  it('管理后台 falls back to /backHome when the entry has no back-office path', async () => {
    stubFetch([]);
    const user = userEvent.setup();
    renderShell('/LargeScreen/EnterpriseScreen/danger?id=5');
    await user.click(screen.getByRole('button', { name: /管理后台/ }));
    expect(at()).toBe('/backHome');
  });

  it('the user menu loads with its first click and opens then: 修改密码 opens the dialog, and the same button opens the menu again', async () => {
    stubFetch([]);
    const user = userEvent.setup();
    renderShell('/LargeScreen/EnterpriseScreen/engineering?sortId=1');
    await user.click(screen.getByRole('button', { name: /用户菜单$/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['修改密码', '退出登录']);
    await user.click(within(menu).getByText('修改密码'));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    // The dropdown stays mounted: the same button toggles it from now on.
    await user.click(screen.getByRole('button', { name: /用户菜单$/ }));
    expect(within(await screen.findByRole('menu')).getByText('退出登录')).toBeTruthy();
  });

  it('shows 返回 only for job_namehome=006', () => {
    stubFetch([]);
    renderShell('/LargeScreen/EnterpriseScreen/overview?job_namehome=006');
    expect(screen.getByRole('button', { name: /返回/ })).toBeTruthy();
  });

  it('hides 返回 otherwise', () => {
    stubFetch([]);
    renderShell('/LargeScreen/EnterpriseScreen/overview?job_namehome=005');
    expect(screen.queryByRole('button', { name: /返回/ })).toBeNull();
  });

  it('says 您的浏览器版本过低，不支持全屏浏览 when the Fullscreen API is missing (button and F11)', async () => {
    stubFetch([]);
    const user = userEvent.setup();
    renderShell('/LargeScreen/EnterpriseScreen/overview');
    await user.click(screen.getByRole('button', { name: '全屏' }));
    expect(await screen.findByText('您的浏览器版本过低，不支持全屏浏览')).toBeTruthy();
  });

  it('F11 (code 122) toggles fullscreen and the concrete screen switches to the production screen', async () => {
    stubFetch([]);
    const request = vi.fn(async () => undefined);
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
    Object.defineProperty(document.documentElement, 'requestFullscreen', { configurable: true, value: request });
    renderShell('/ProjectScreen/concrete?id=18');
    const event = new KeyboardEvent('keydown', { keyCode: 122, cancelable: true } as KeyboardEventInit);
    await act(async () => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(request).toHaveBeenCalledTimes(1);
    expect(at()).toBe('/ProductionScreen?id=18');
  });

  it('refresh reloads the page after 500 ms', () => {
    stubFetch([]);
    const reload = vi.fn();
    page.reload = reload;
    renderShell('/LargeScreen/EnterpriseScreen/overview');
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    vi.advanceTimersByTime(499);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('the address’s project and the plant’s set (issue 29)', () => {
  const item = (id: string, name: string) => ({ projectPosInfo: { id, projectName: name, projectNo: `NO-${id}` }, status: 3, address: '', lng: 0, lat: 0, companyId: '1', areaCode: '' });
  const twoProjects = () =>
    stubFetch([
      {
        method: 'GET',
        path: '/prod-api/api/Project/WhereProjectList',
        reply: () => json({ status: 1, detail: '', data: [item('p1', '滨江一号项目'), item('p8', '内自同城化示范项目')] }),
      },
    ]);

  it('pjctid1 wins over the session’s project in the title and the picker', async () => {
    twoProjects();
    sessionStore.set({ project: { id: 'p1', no: 'NO-p1', name: '滨江一号项目' } });
    renderShell('/LargeScreen/ProjectScreen/tunnelManager?pjctid1=p8&id=22');
    await vi.waitFor(() => expect(document.querySelector('.ls-title-project')?.textContent).toBe('内自同城化示范项目'));
    const picker = await screen.findByRole('combobox', { name: '切换项目' });
    const shown = picker.closest('.ant-select')?.querySelector('.ant-select-selection-item');
    expect(shown?.textContent).toBe('内自同城化示范项目');
    expect(screen.queryByText('滨江一号项目')).toBeNull();
  });

  it('a pjctid1 outside the user’s projects names no other project', async () => {
    twoProjects();
    sessionStore.set({ project: { id: 'p1', no: 'NO-p1', name: '滨江一号项目' } });
    renderShell('/LargeScreen/ProjectScreen/tunnelManager?pjctid1=p99&id=22');
    const picker = await screen.findByRole('combobox', { name: '切换项目' });
    expect(picker.closest('.ant-select')?.querySelector('.ant-select-selection-item')).toBeNull();
    expect(document.querySelector('.ls-title-project')).toBeNull();
    expect(screen.queryByText('滨江一号项目')).toBeNull();
  });

  it('without pjctid1 the session’s project is shown, as before', async () => {
    twoProjects();
    sessionStore.set({ project: { id: 'p1', no: 'NO-p1', name: '滨江一号项目' } });
    renderShell('/LargeScreen/ProjectScreen/tunnelManager?id=22');
    const picker = await screen.findByRole('combobox', { name: '切换项目' });
    await vi.waitFor(() => expect(picker.closest('.ant-select')?.querySelector('.ant-select-selection-item')?.textContent).toBe('滨江一号项目'));
  });

  it('a plant screen shows the plant’s set under the enterprise title, its own entry current', () => {
    stubFetch([]);
    renderShell('/LargeScreen/MixingPlant');
    expect([...menuIds(/左/), ...menuIds(/右/)]).toEqual(['31', '32', '33', '34', '35']);
    expect(screen.getByRole('heading', { name: '企业数据大屏' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '搅拌站管理' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: '搅拌站视频' }));
    expect(at()).toBe('/ReadyMixPlantManagement/ReadyMixStationVideo?id=35');
    expect([...menuIds(/左/), ...menuIds(/右/)]).toEqual(['31', '32', '33', '34', '35']);
  });
});

describe('clock', () => {
  it('shows date, time and weekday and ticks every second', () => {
    vi.useFakeTimers();
    // China time whatever the zone the tests run in.
    vi.setSystemTime(new Date('2026-01-05T08:30:59+08:00'));
    render(<ScreenClock />);
    expect(screen.getByText('08:30:59')).toBeTruthy();
    expect(screen.getByText('2026-01-05')).toBeTruthy();
    expect(screen.getByText('星期一')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('08:31:00')).toBeTruthy();
  });
});
