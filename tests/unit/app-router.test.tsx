// The router is rebuilt from session state: login, function-type switch and logout each land on the
// address they asked for, with the routes of the new state, and routes are never duplicated.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from './support/providers';
import { AppRouter } from '../../src/app/router/AppRouter';
import { installHttpUi } from '../../src/lib/http/client';
import { applyLoginResult, chooseFunctionType, logout, page } from '../../src/lib/session/actions';
import { requestNavigation } from '../../src/lib/session/store';
import { strictUi, stubFetch } from './support/strict';
import { loginResult, resetBrowserState } from './support/session';

vi.mock('../../src/features/notices/useUnreadNoticeCount', () => ({
  useUnreadNoticeCount: () => ({ count: 0, refresh: () => undefined }),
}));

const realPage = { ...page };
beforeEach(() => {
  resetBrowserState();
  installHttpUi(strictUi([]));
  stubFetch([]);
  window.history.replaceState(null, '', '/projectManage/crmProject');
});
afterEach(() => {
  Object.assign(page, realPage);
  vi.unstubAllGlobals();
});

it('logs in to the redirect, switches function type and logs out, rebuilding the router each time', async () => {
  render(
    <AppProviders>
      <AppRouter />
    </AppProviders>,
  );
  // Logged out: the guard sends the deep link to /login with it as redirect.
  expect(await screen.findByRole('button', { name: /登\s*录/ })).toBeTruthy();
  expect(window.location.pathname + window.location.search).toBe(`/login?redirect=${encodeURIComponent('/projectManage/crmProject')}`);

  act(() => {
    requestNavigation('/projectManage/crmProject');
    applyLoginResult(loginResult());
  });
  await waitFor(() => expect(document.title).toBe('项目列表 - 项目平台'));
  expect(window.location.pathname).toBe('/projectManage/crmProject');
  // The back-office layout is its own lazy chunk (issue 11 delivery): its menu shows once that has loaded.
  expect((await screen.findAllByText('项目列表', {}, { timeout: 10_000 })).length).toBeGreaterThan(0);

  act(() => {
    requestNavigation('/ProjectScreen/projectManagements');
    chooseFunctionType(1);
  });
  // Every screen of §2.4 is built (issue 15): the screen's own body opens inside the real header.
  await waitFor(() => expect(document.querySelector('.ls-body')).toBeTruthy());
  expect(screen.queryByText('未找到该大屏')).toBeNull();
  expect(window.location.pathname).toBe('/ProjectScreen/projectManagements');
  // Full screen: the large-screen header, no back-office header.
  expect(screen.getByRole('button', { name: /管理后台/ })).toBeTruthy();
  expect(screen.queryByRole('button', { name: /数据大屏/ })).toBeNull();

  page.currentPath = () => '/MyAccount/index';
  await act(() => logout({ callServer: false }));
  expect(await screen.findByRole('button', { name: /登\s*录/ })).toBeTruthy();
  expect(window.location.search).toBe(`?redirect=${encodeURIComponent('/MyAccount/index')}`);
  // Four lazy chunks (login, back-office layout, generated page, large-screen shell) load in this one flow.
}, 30_000);
