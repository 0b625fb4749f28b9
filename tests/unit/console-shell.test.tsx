// docs/console-shell.md: the notice banner's clock (§2.6, §9), notifications bottom-right (§8), route role
// metadata of the hand-written routes (§2.1, §6).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { SWRConfig } from 'swr';
import { NOTICE_BANNER_HIDE_AT_MS, NOTICE_BANNER_SHOW_AT_MS } from '../../common/constants';
import { NOTIFICATION_CONFIG } from '../../src/app/layout/notifications';
import { EVERY_USER_KIND, FIXED_ITEMS, ROLE_ADMIN, ROLE_GOVERNMENT, ROLE_PROJECT, fixedItemsFor, flattenMenu, type FixedItem } from '../../src/app/router/menu-model';
import { buildMenuRoutes } from '../../src/app/router/routes';
import { NoticeBanner } from '../../src/features/notices/NoticeBanner';
import { rolesOf } from '../../src/lib/session/store';
import { ok, stubFetch } from './features/fetchStub';
import { loginResult } from './support/session';

const LIST = '/prod-api/api/SysNotice/GetSysNoticeList';
const notice = (id: string, title: string) => ({ id, title, content: '正文', publisher: '管理员', publishTime: '2026-12-02 09:00', isRead: 0 });

function renderBanner() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <NoticeBanner />
    </SWRConfig>,
  );
}

/** Advances fake time and lets React and the fetch promises settle. */
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: false });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('§2.6 notice banner', () => {
  it('is hidden at first, shows the newest unread notice at 13 s and hides at 50 s, once', async () => {
    const { callsTo } = stubFetch({ [`GET ${LIST}`]: () => ok([notice('n2', '十二月安全检查通知'), notice('n1', '旧通知')]) });
    renderBanner();
    await advance(NOTICE_BANNER_SHOW_AT_MS - 1);
    expect(callsTo('GET', LIST)[0].query.get('sysNoticeIsRead')).toBe('0');
    expect(screen.queryByText(/十二月安全检查通知/)).toBeNull();
    await advance(1);
    expect(screen.getByText(/新通知：十二月安全检查通知/)).toBeTruthy();
    expect(screen.queryByText(/旧通知/)).toBeNull();
    await advance(NOTICE_BANNER_HIDE_AT_MS - NOTICE_BANNER_SHOW_AT_MS - 1);
    expect(screen.getByText(/十二月安全检查通知/)).toBeTruthy();
    await advance(1);
    expect(screen.queryByText(/十二月安全检查通知/)).toBeNull();
    await advance(10 * NOTICE_BANNER_HIDE_AT_MS);
    expect(screen.queryByText(/十二月安全检查通知/)).toBeNull();
  });

  it('shows nothing when no notice is unread', async () => {
    stubFetch({ [`GET ${LIST}`]: () => ok([]) });
    renderBanner();
    await advance(NOTICE_BANNER_SHOW_AT_MS + 1);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(/新通知/)).toBeNull();
  });

  it('查看 marks the notice read and closes the banner', async () => {
    const { callsTo } = stubFetch({
      [`GET ${LIST}`]: () => ok([notice('n2', '十二月安全检查通知')]),
      'POST /prod-api/api/SysNotice/UpdateSysNoticeIsRead': () => ok(null),
      'GET /prod-api/api/SysNotice/GetSysNoticeInfo': () => ok(notice('n2', '十二月安全检查通知')),
    });
    renderBanner();
    await advance(NOTICE_BANNER_SHOW_AT_MS);
    await act(async () => screen.getByRole('button', { name: '查看' }).click());
    await advance(0);
    expect(callsTo('POST', '/prod-api/api/SysNotice/UpdateSysNoticeIsRead')[0].body?.id).toBe('n2');
    expect(screen.queryByText(/新通知：/)).toBeNull();
    expect(callsTo('GET', LIST).length).toBeGreaterThan(1);
  });
});

describe('§8 notifications bottom-right', () => {
  it('the layout App places its notifications bottom-right', async () => {
    vi.useRealTimers();
    let api: ReturnType<typeof AntdApp.useApp> | undefined;
    function Grab() {
      api = AntdApp.useApp();
      return null;
    }
    render(
      <AntdApp component={false} notification={NOTIFICATION_CONFIG}>
        <Grab />
      </AntdApp>,
    );
    act(() => api?.notification.info({ message: '新的报警', description: '塔吊超载' }));
    expect(await screen.findByText('新的报警')).toBeTruthy();
    expect(document.querySelector('.ant-notification-bottomRight')?.textContent).toContain('塔吊超载');
  });
});

describe('§2.1 / §6 route role metadata of the hand-written routes', () => {
  const sample: FixedItem[] = [
    { ...FIXED_ITEMS[0] },
    {
      ...FIXED_ITEMS[0],
      id: 'fixed:config',
      path: 'DevelopmentConfig',
      title: '运行配置',
      roles: [ROLE_ADMIN],
    },
    {
      ...FIXED_ITEMS[0],
      id: 'fixed:area',
      path: 'area',
      title: '监管',
      roles: [ROLE_GOVERNMENT],
      children: [{ ...FIXED_ITEMS[0], id: 'fixed:area.p', path: 'p', title: '项目', roles: [ROLE_PROJECT] }],
    },
  ];
  const pathsOf = (roles: string[]) => flattenMenu(fixedItemsFor(roles, sample)).map((e) => e.fullPath);

  it('every hand-written route carries role metadata', () => {
    // Every user kind, but 运行配置 (/DevelopmentConfig, docs/workbench.md): administrators only.
    for (const e of flattenMenu(FIXED_ITEMS)) expect((e.node as FixedItem).roles, e.fullPath).toEqual(e.fullPath === '/DevelopmentConfig' ? [ROLE_ADMIN] : EVERY_USER_KIND);
    expect(flattenMenu(fixedItemsFor(rolesOf(loginResult({ UserAuthType: '0' })))).map((e) => e.fullPath)).not.toContain('/DevelopmentConfig');
    expect(flattenMenu(fixedItemsFor(rolesOf(loginResult({ IsSystemAdmin: true })))).map((e) => e.fullPath)).toContain('/DevelopmentConfig');
  });

  it("'admin' gets every route; other roles only those naming theirs, a child also by its own", () => {
    expect(pathsOf(rolesOf(loginResult({ IsSystemAdmin: true })))).toEqual(['/backHome', '/DevelopmentConfig', '/area', '/area/p']);
    expect(pathsOf(rolesOf(loginResult({ UserAuthType: '0' })))).toEqual(['/backHome']);
    expect(pathsOf(rolesOf(loginResult({ UserAuthType: '1' })))).toEqual(['/backHome', '/area']);
    expect(pathsOf([ROLE_GOVERNMENT, ROLE_PROJECT])).toEqual(['/backHome', '/area', '/area/p']);
  });

  it('the built routes follow the roles', () => {
    const enterprise = buildMenuRoutes([], 0, rolesOf(loginResult({ UserAuthType: '0' }))).map((r) => r.path);
    expect(enterprise).toEqual(expect.arrayContaining(['backHome', 'MyAccount', 'MessageNotification']));
    const none = buildMenuRoutes([], 0, ['authType:9']).map((r) => r.path);
    expect(none).not.toContain('MyAccount');
  });
});
