// The navigation guard of §2.3.
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from './support/providers';
import Cookies from 'js-cookie';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { decideNavigation, WHITELIST } from '../../src/app/router/guard';
import { RouteGuard } from '../../src/app/router/RootShell';
import { applyLoginResult } from '../../src/lib/session/actions';
import { loginResult, resetBrowserState } from './support/session';

describe('decideNavigation', () => {
  const loggedIn = { token: 'acc', hasUserInfo: true };
  const loggedOut = { token: undefined, hasUserInfo: false };

  it('continues with a token and stored user info', () => {
    expect(decideNavigation({ pathname: '/projectManage/crmProject', search: '', ...loggedIn })).toEqual({ action: 'continue', largeScreen: false });
  });

  it('sends a logged-in visit of /login to /backHome with 您已经登录', () => {
    expect(decideNavigation({ pathname: '/login', search: '?redirect=%2Fx', ...loggedIn })).toEqual({
      action: 'redirect',
      to: '/backHome',
      largeScreen: false,
      message: '您已经登录',
    });
  });

  it('sets the large-screen flag for paths containing largescreen, any case', () => {
    expect(decideNavigation({ pathname: '/LargeScreen/EnterpriseScreen/overview', search: '', ...loggedIn }).largeScreen).toBe(true);
    expect(decideNavigation({ pathname: '/a/largescreen', search: '', ...loggedIn }).largeScreen).toBe(true);
    expect(decideNavigation({ pathname: '/backHome', search: '', ...loggedIn }).largeScreen).toBe(false);
  });

  it('lets the whitelist through without a token', () => {
    for (const pathname of WHITELIST) expect(decideNavigation({ pathname, search: '', ...loggedOut }).action).toBe('continue');
  });

  it('redirects anything else to /login with the path and query as redirect', () => {
    expect(decideNavigation({ pathname: '/backHome', search: '?sortId=1', ...loggedOut })).toEqual({
      action: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/backHome?sortId=1')}`,
      largeScreen: false,
    });
  });

  it('treats a token without stored user info as logged out', () => {
    expect(decideNavigation({ pathname: '/backHome', search: '', token: 'acc', hasUserInfo: false }).action).toBe('redirect');
  });
});

function renderGuard(at: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RouteGuard />,
        children: [
          { path: '/login', element: <p>登录页</p> },
          { path: '/backHome', element: <p>首页内容</p> },
          { path: '/LargeScreen/EnterpriseScreen/overview', element: <p>大屏</p> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('RouteGuard', () => {
  beforeEach(() => resetBrowserState());

  it('without a token, redirects to /login?redirect=<path>', async () => {
    const router = renderGuard('/backHome');
    expect(await screen.findByText('登录页')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/backHome')}`);
  });

  it('logged in, /login shows 您已经登录 and goes to /backHome', async () => {
    applyLoginResult(loginResult());
    const router = renderGuard('/login');
    expect(await screen.findByText('首页内容')).toBeTruthy();
    expect(await screen.findByText('您已经登录')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backHome');
  });

  it('stores the large-screen flag in its cookie', async () => {
    applyLoginResult(loginResult());
    renderGuard('/LargeScreen/EnterpriseScreen/overview');
    expect(await screen.findByText('大屏')).toBeTruthy();
    await waitFor(() => expect(Cookies.get('largeScreen')).toBe('1'));
  });
});
