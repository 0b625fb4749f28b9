// Route construction of §2.1 / §2.2: a pure function from the session's menu and function type to the
// route table. The router is rebuilt from this whenever they change, so routes are never pushed twice.
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import type { MenuFunctionType } from '../../../common/constants';
import type { MenuNode } from '../../../common/menu-tree';
import { HOME_PATH } from '../../lib/session/actions';
import { FirstScreen, largeScreenRoutes, screenSectionOf } from '../../features/large-screen/routes';
import { RouteError } from '../pages/RouteError';
import { isFullScreenView, resolveView } from '../views';
import { cleanPath, fixedItemsFor, mergeByPath, visibleMenu } from './menu-model';
import { CatchAll } from './CatchAll';
import { RootShell } from './RootShell';
import type { RouteHandle } from './route-handle';
import { ViewElement } from './ViewElement';

// Per-route code splitting (issue 11 delivery): the entry carries React, the router and the session; the
// login page (antd's form and inputs), the back-office layout (menus, header, tabs) and the other account
// pages load when their route is first shown, so a large screen opened directly never loads the form.
const LoginPage = lazy(() => import('../../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const BackOfficeLayout = lazy(() => import('../layout/BackOfficeLayout').then((m) => ({ default: m.BackOfficeLayout })));
const RegisterPage = lazy(() => import('../../features/auth/RegisterPage').then((m) => ({ default: m.RegisterPage })));
const NotFound = lazy(() => import('../pages/NotFound').then((m) => ({ default: m.NotFound })));
const LargeProjectSeen = lazy(() => import('../../features/workbench/LargeProjectSeen').then((m) => ({ default: m.LargeProjectSeen })));
const CheckInfoPage = lazy(() => import('../../features/auth/CheckInfoPage').then((m) => ({ default: m.CheckInfoPage })));
// §2.2 pages reachable without login, through a signed share link (docs/share-links.md).
const SharedCameraPage = lazy(() => import('../../features/share/SharedCameraPage').then((m) => ({ default: m.SharedCameraPage })));
const SharedModelPage = lazy(() => import('../../features/bim/SharedModelPage').then((m) => ({ default: m.SharedModelPage })));
const later = (element: ReactNode) => <Suspense fallback={null}>{element}</Suspense>;

function firstVisibleChild(n: MenuNode, base: string): string | undefined {
  const child = n.children.find((c) => !c.isButton && !c.hidden && cleanPath(c.path));
  return child ? `${base}/${cleanPath(child.path)}` : undefined;
}

function leafElement(n: MenuNode) {
  if (n.redirect) return <Navigate to={n.redirect} replace />;
  return <ViewElement view={n.view ? resolveView(n.view) : undefined} viewKey={n.view} />;
}

/** One menu node → one route; three levels in practice, any depth in principle. */
function routeOf(n: MenuNode, base: string): RouteObject {
  const path = cleanPath(n.path);
  const fullPath = `${base}/${path}`;
  const children = n.children.filter((c) => !c.isButton && cleanPath(c.path));
  const handle: RouteHandle = {
    title: n.title,
    hidden: n.hidden,
    menuId: n.id,
    redirect: n.redirect ?? (n.view ? undefined : firstVisibleChild(n, fullPath)),
    view: n.view || undefined,
    fullScreen: isFullScreenView(n.view),
    fullPath,
    noRedirect: !n.view && !n.redirect && !firstVisibleChild(n, fullPath),
  };
  if (children.length === 0) return { id: `menu:${n.id}:${fullPath}`, path, handle, element: leafElement(n) };
  // A node with children: a bare layout (Outlet) unless it has a view; its own address shows the view,
  // or follows its redirect, or goes to its first visible child.
  const section = n.view ? undefined : screenSectionOf(fullPath);
  const index: RouteObject = n.view
    ? { index: true, element: leafElement(n), handle: { fullPath, fullScreen: handle.fullScreen } }
    : section
      ? // A large-screen section (the screen menu's 数据大屏) opens the first built screen, as its fixed route does.
        { index: true, element: <FirstScreen kind={section} />, handle: { fullPath, fullScreen: true } }
      : handle.redirect
      ? { index: true, element: <Navigate to={handle.redirect} replace /> }
      : { index: true, element: <ViewElement view={undefined} viewKey="" /> };
  return {
    id: `menu:${n.id}:${fullPath}`,
    path,
    handle,
    element: <Outlet />,
    children: [index, ...children.map((c) => routeOf(c, fullPath))],
  };
}

/** The routes inside the back-office layout: the visible menu merged with the fixed items the roles may open. */
export function buildMenuRoutes(menu: readonly MenuNode[], functionType: MenuFunctionType, roles: readonly string[] = []): RouteObject[] {
  return mergeByPath(visibleMenu(menu, functionType), fixedItemsFor(roles)).map((n) => routeOf(n, ''));
}

export function buildAppRoutes(menu: readonly MenuNode[], functionType: MenuFunctionType, roles: readonly string[] = []): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootShell />,
      errorElement: <RouteError />,
      children: [
        { path: '/login', element: later(<LoginPage />), handle: { title: '登录', fullPath: '/login' } },
        { path: '/register', element: later(<RegisterPage />), handle: { title: '注册', fullPath: '/register' } },
        { path: '/checkInfo', element: later(<CheckInfoPage />), handle: { title: '审核信息', fullPath: '/checkInfo' } },
        { path: '/404', element: later(<NotFound />), handle: { title: '404', fullPath: '/404' } },
        { path: '/ysyiframe', element: later(<SharedCameraPage />), handle: { title: '视频播放', fullPath: '/ysyiframe', fullScreen: true } },
        { path: '/ifc', element: later(<SharedModelPage />), handle: { title: 'BIM模型', fullPath: '/ifc', fullScreen: true } },
        // §2.2 /largeProjectseen: the project large screen, or a wall of the user's projects (docs/workbench.md).
        { path: '/largeProjectseen', element: later(<LargeProjectSeen />), handle: { title: '项目大屏', fullPath: '/largeProjectseen', fullScreen: true } },
        // §2.4: the large screens, full screen outside the back-office layout (before it, so they win).
        ...largeScreenRoutes(),
        {
          id: 'layout',
          path: '/',
          element: later(<BackOfficeLayout />),
          errorElement: <RouteError />,
          children: [
            { index: true, element: <Navigate to={HOME_PATH} replace />, handle: { title: '首页', fullPath: '/' } },
            ...buildMenuRoutes(menu, functionType, roles),
          ],
        },
        // Last, so a reload of a deep link that the menu builds is matched before it (§2.2).
        { path: '*', element: <CatchAll /> },
      ],
    },
  ];
}
