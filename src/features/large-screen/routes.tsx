// §2.4 fixed full-screen routes, outside the back-office layout: every registered screen renders the
// shell, section addresses redirect to their first screen. Registered once by src/app/router/routes.tsx.
// The shell loads lazily, so the back office's first load does not carry the dashboards.
import { lazy, Suspense } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { useSession } from '../../lib/session/store';
import { firstBuiltScreen, firstBuiltScreenOfKind } from './screen-targets';
import type { MenuKind } from './menus';
import { SCREENS, SCREEN_REDIRECTS, type ScreenSection } from './screens';

const Shell = lazy(() => import('./LargeScreenShell').then((m) => ({ default: m.LargeScreenShell })));

function ShellRoute() {
  return (
    <Suspense fallback={<div style={{ position: 'fixed', inset: 0, background: '#020b1a' }} />}>
      <Shell />
    </Suspense>
  );
}

/** A section address opens the first built screen of its kind ('user': the signed-in user's). */
export function FirstScreen({ kind }: { kind: ScreenSection }) {
  const authType = useSession((s) => s.userInfo?.UserAuthType);
  const companyType = useSession((s) => s.userInfo?.CompanyType);
  const projectId = useSession((s) => s.project?.id ?? s.userInfo?.AuthProjectID) || undefined;
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const pj = query.get('pjctid1') ?? (kind === 'project' || (kind === 'user' && authType === '2') ? projectId : undefined);
  if (kind.startsWith('/')) return <Navigate to={`${kind}${search}`} replace />;
  const to = kind === 'user' ? firstBuiltScreen(authType, pj, undefined, companyType) : firstBuiltScreenOfKind(kind as MenuKind, pj);
  return <Navigate to={to} replace />;
}

/** The section kind of an address (/LargeScreen, /LargeScreen/EnterpriseScreen, …), or undefined. */
export function screenSectionOf(path: string): ScreenSection | undefined {
  const p = path.replace(/\/+$/, '').toLowerCase();
  const hit = Object.keys(SCREEN_REDIRECTS).find((k) => k.toLowerCase() === p);
  return hit ? SCREEN_REDIRECTS[hit] : undefined;
}

export function largeScreenRoutes(): RouteObject[] {
  return [
    ...Object.entries(SCREEN_REDIRECTS).map(([from, kind]) => ({
      path: from,
      element: <FirstScreen kind={kind} />,
      handle: { fullPath: from, fullScreen: true },
    })),
    ...SCREENS.map((s) => ({
      path: s.path,
      element: <ShellRoute />,
      handle: { title: s.title, fullPath: s.path, fullScreen: true },
    })),
  ];
}
