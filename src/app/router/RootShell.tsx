// The root route: applies the §2.3 guard, the page title (§2.2: route title - 项目平台) and scroll-to-top.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { PLATFORM_TITLE } from '../../../common/constants';
import { setLargeScreenFlag } from '../../lib/session/actions';
import { useSession } from '../../lib/session/store';
import { lacksDataAuthority } from '../pages/data-authority';
import { WHITELIST, decideNavigation } from './guard';
import { handleOf } from './route-handle';
import { useMessage } from '../../lib/ui/message';

// Loaded only for a user without data authority (issue 11: the login page carries only what it uses).
const NoDataAuthority = lazy(() => import('../pages/NoDataAuthority').then((m) => ({ default: m.NoDataAuthority })));

export function pageTitle(routeTitle: string | undefined): string {
  return routeTitle ? `${routeTitle} - ${PLATFORM_TITLE}` : PLATFORM_TITLE;
}

function usePageTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().map((m) => handleOf(m.handle)?.title).find(Boolean);
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}

function useScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo?.(0, 0);
    document.getElementById('app-main')?.scrollTo?.(0, 0);
  }, [pathname]);
}

export function RouteGuard() {
  const location = useLocation();
  const token = useSession((s) => s.token);
  const userInfo = useSession((s) => s.userInfo);
  const hasUserInfo = userInfo !== null;
  const largeScreen = useSession((s) => s.largeScreen);
  const message = useMessage();
  const decision = decideNavigation({ pathname: location.pathname, search: location.search, token, hasUserInfo });
  const shownFor = useRef<string | null>(null);

  useEffect(() => {
    if (decision.largeScreen !== largeScreen) setLargeScreenFlag(decision.largeScreen);
  }, [decision.largeScreen, largeScreen]);

  const info = decision.action === 'redirect' ? decision.message : undefined;
  useEffect(() => {
    // Once per navigation, also under StrictMode's double effects.
    if (info && shownFor.current !== location.key) {
      shownFor.current = location.key;
      void message.info(info);
    }
  }, [info, location.key, message]);

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  // No data authority: one page instead of every module failing on its own (back office and screens).
  if (token && userInfo && lacksDataAuthority(userInfo) && !WHITELIST.includes(location.pathname)) {
    return (
      <Suspense fallback={null}>
        <NoDataAuthority info={userInfo} />
      </Suspense>
    );
  }
  return <Outlet />;
}

export function RootShell() {
  usePageTitle();
  useScrollToTop();
  return <RouteGuard />;
}
