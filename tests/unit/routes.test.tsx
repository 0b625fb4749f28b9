// Route construction of §2.1 / §2.2 from the menu tree.
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from './support/providers';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { expandSource, normalizeWire, toLoginForm, toSwitchForm, type MenuNode, type MenuSourceNode } from '../../common/menu-tree';
import menus from '../../schemas/menus.json';
import { buildAppRoutes, buildMenuRoutes } from '../../src/app/router/routes';
import { flattenMenu, pathExistsInMode, visibleMenu } from '../../src/app/router/menu-model';
import { handleOf } from '../../src/app/router/route-handle';

const source = (menus as { menus: MenuSourceNode[] }).menus;
const tree: MenuNode[] = normalizeWire(toLoginForm(expandSource(source)));

/** Every route's absolute path (index routes excluded), depth first. */
function paths(routes: readonly RouteObject[], base = ''): string[] {
  return routes.flatMap((r) => {
    if (r.index) return [];
    const p = r.path?.startsWith('/') ? r.path : `${base === '/' ? '' : base}/${r.path ?? ''}`;
    return [p, ...paths(r.children ?? [], p)];
  });
}

const find = (routes: readonly RouteObject[], fullPath: string): RouteObject | undefined => {
  for (const r of routes) {
    if (handleOf(r.handle)?.fullPath === fullPath && !r.index) return r;
    const hit = find(r.children ?? [], fullPath);
    if (hit) return hit;
  }
  return undefined;
};

const src = (n: Partial<MenuSourceNode> & Pick<MenuSourceNode, 'id' | 'path' | 'title'>): MenuSourceNode => ({ functionType: 0, ...n });
const fromSource = (nodes: MenuSourceNode[]) => normalizeWire(toLoginForm(expandSource(nodes)));

describe('routes from the menu tree', () => {
  it('builds three levels with path = page-permission name, children relative', () => {
    const all = paths(buildMenuRoutes(tree, 0));
    expect(all).toContain('/projectManage/crmProject');
    expect(all).toContain('/deviceManagement/deviceManage/Maintenance/template');
    expect(all).toContain('/userManage/icons');
  });

  it('mode 0 skips function-type-1 items; mode 1 skips type-0 items but keeps 我的账户 and 消息通知', () => {
    const backend = paths(buildMenuRoutes(tree, 0));
    expect(backend.some((p) => p.startsWith('/LargeScreen'))).toBe(false);
    const screen = paths(buildMenuRoutes(tree, 1));
    expect(screen).toContain('/LargeScreen/EnterpriseScreen/overview');
    expect(screen).not.toContain('/projectManage/crmProject');
    expect(screen).toContain('/MyAccount/index');
    expect(screen).toContain('/MessageNotification/MessageNotifications');
    const titles = visibleMenu(tree, 1).map((n) => n.title);
    expect(titles).toEqual(['我的账户', '消息通知', '数据大屏']);
  });

  it('works the same from the company-switch wire form', () => {
    const switched = normalizeWire(toSwitchForm(expandSource(source)));
    expect(paths(buildMenuRoutes(switched, 0))).toEqual(paths(buildMenuRoutes(tree, 0)));
  });

  it('keeps hidden items as routes, flagged hidden, and out of the visible menu', () => {
    const menu = fromSource([
      src({ id: 'a', path: 'orders', title: '订单', children: [src({ id: 'a1', path: 'list', title: '订单列表', view: 'page:orders' }), src({ id: 'a2', path: 'detail', title: '订单详情', view: 'page:orderDetail', hidden: true })] }),
    ]);
    const routes = buildMenuRoutes(menu, 0);
    expect(handleOf(find(routes, '/orders/detail')?.handle)).toMatchObject({ hidden: true, title: '订单详情' });
    const shownPaths = flattenMenu(visibleMenu(menu, 0)).filter((e) => !e.node.hidden).map((e) => e.fullPath);
    expect(shownPaths).toEqual(['/orders', '/orders/list']);
  });

  it('with no menu permissions: a single 首页 item redirecting to /backHome, fixed routes still there', () => {
    expect(visibleMenu([], 0).map((n) => [n.title, n.redirect])).toEqual([['首页', '/backHome']]);
    const fixed = ['/backHome', '/MyAccount', '/MyAccount/index', '/MessageNotification', '/MessageNotification/MessageNotifications', '/indexHomes'];
    // Without roles (no session yet) every fixed route, 运行配置 included (the guard sends such a visit to /login).
    expect(paths(buildMenuRoutes([], 0))).toEqual(['/home', ...fixed, '/DevelopmentConfig']);
    // A user of any kind keeps the 工作台 (docs/workbench.md); only an administrator also has 运行配置.
    expect(paths(buildMenuRoutes([], 0, ['authType:2']))).toEqual(['/home', ...fixed]);
    expect(paths(buildMenuRoutes([], 0, ['admin']))).toEqual(['/home', ...fixed, '/DevelopmentConfig']);
  });

  it('never duplicates the fixed routes the menu also holds, nor on rebuild', () => {
    const once = paths(buildMenuRoutes(tree, 0));
    expect(new Set(once).size).toBe(once.length);
    expect(once.filter((p) => p === '/backHome')).toHaveLength(1);
    expect(once.filter((p) => p === '/MyAccount/index')).toHaveLength(1);
    expect(paths(buildMenuRoutes(tree, 0))).toEqual(once);
    const app = buildAppRoutes(tree, 0);
    const again = buildAppRoutes(tree, 0);
    expect(paths(again)).toEqual(paths(app));
  });

  it('adds the catch-all last, after the layout routes', () => {
    const root = buildAppRoutes(tree, 0)[0];
    const children = root.children ?? [];
    expect(children[children.length - 1].path).toBe('*');
    const paths = children.map((c) => c.path ?? '');
    // §2.4: the large screens are fixed routes before the layout, so they win over the menu's copies.
    expect(paths.filter((p) => !/Screen|ReadyMixPlantManagement|InspectionInstitute/.test(p))).toEqual(['/login', '/register', '/checkInfo', '/404', '/ysyiframe', '/ifc', '/largeProjectseen', '/', '*']);
    expect(paths.indexOf('/LargeScreen/EnterpriseScreen/overview')).toBeLessThan(paths.indexOf('/'));
    expect(paths).toContain('/ProductionScreen');
    expect(paths).toContain('/InspectionInstitute/SampleManagement');
  });

  it('knows which addresses exist per function type', () => {
    expect(pathExistsInMode(tree, 0, '/projectManage/crmProject')).toBe(true);
    expect(pathExistsInMode(tree, 1, '/projectManage/crmProject')).toBe(false);
    expect(pathExistsInMode(tree, 1, '/MyAccount/index')).toBe(true);
    expect(pathExistsInMode([], 0, '/backHome')).toBe(true);
  });
});

function renderAt(menu: MenuNode[], at: string) {
  const router = createMemoryRouter([{ path: '/', children: buildMenuRoutes(menu, 0) }, { path: '*', element: <p>404</p> }], {
    initialEntries: [at],
  });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('rendering menu routes', () => {
  it('an unregistered view key renders 该页面尚未配置 with the key and 返回首页', async () => {
    renderAt(fromSource([src({ id: 'x', path: 'x', title: 'X', children: [src({ id: 'y', path: 'y', title: 'Y', view: 'page:notYet' })] })]), '/x/y');
    expect(await screen.findByText('该页面尚未配置')).toBeTruthy();
    expect(screen.getByText(/page:notYet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回首页' })).toBeTruthy();
  });

  it('honours redirects, and a bare layout goes to its first visible child', async () => {
    const menu = fromSource([
      src({ id: 'r', path: 'old', title: '旧入口', redirect: '/x/y' }),
      src({ id: 'x', path: 'x', title: 'X', children: [src({ id: 'h', path: 'h', title: 'H', view: 'page:h', hidden: true }), src({ id: 'y', path: 'y', title: 'Y', view: 'page:y' })] }),
    ]);
    const router = renderAt(menu, '/old');
    expect(await screen.findByText(/page:y/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/x/y');
    await act(() => router.navigate('/x'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/x/y'));
  });

  it('the default 首页 item redirects to /backHome', async () => {
    const router = renderAt([], '/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/backHome'));
  });
});
