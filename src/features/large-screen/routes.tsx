// §2.4 fixed full-screen routes, outside the back-office layout: every registered screen renders the
// shell, section addresses redirect to their first screen. Registered once by src/app/router/routes.tsx.
// The shell loads lazily, so the back office's first load does not carry the dashboards.
import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { SCREENS, SCREEN_REDIRECTS } from './screens';

const Shell = lazy(() => import('./LargeScreenShell').then((m) => ({ default: m.LargeScreenShell })));

function ShellRoute() {
  return (
    <Suspense fallback={<div style={{ position: 'fixed', inset: 0, background: '#020b1a' }} />}>
      <Shell />
    </Suspense>
  );
}

export function largeScreenRoutes(): RouteObject[] {
  return [
    ...Object.entries(SCREEN_REDIRECTS).map(([from, to]) => ({
      path: from,
      element: <Navigate to={to} replace />,
      handle: { fullPath: from, fullScreen: true },
    })),
    ...SCREENS.map((s) => ({
      path: s.path,
      element: <ShellRoute />,
      handle: { title: s.title, fullPath: s.path, fullScreen: true },
    })),
  ];
}
