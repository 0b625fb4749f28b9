// The menu the user sees for the current function type (§2.1) and the fixed routes that always exist
// inside the layout (§2.2). Pure functions: the router and the sidebar derive everything from these.
import { FUNCTION_TYPE_BACKEND, type MenuFunctionType } from '../../../common/constants';
import { menuForFunctionType, type MenuNode } from '../../../common/menu-tree';
import { isBuilt } from '../../features/large-screen/screen-targets';
import { screenPathOfViewKey } from '../../features/large-screen/screens';
import { HOME_PATH } from '../../lib/session/actions';

const node = (n: Partial<MenuNode> & Pick<MenuNode, 'id' | 'path' | 'title'>): MenuNode => ({
  icon: '',
  view: '',
  functionType: FUNCTION_TYPE_BACKEND,
  hidden: false,
  isButton: false,
  children: [],
  ...n,
});

/** §2.1: with no menu permissions, a single 首页 item that redirects to the back-home page. */
export const DEFAULT_HOME_ITEM: MenuNode = node({
  id: '__default_home',
  path: 'home',
  title: '首页',
  icon: 'HomeOutlined',
  redirect: HOME_PATH,
});

/** §2.1 / §6 route role metadata: the roles of src/lib/session/store.ts rolesOf ('admin', or the user kind). */
export const ROLE_ADMIN = 'admin';
export const ROLE_ENTERPRISE = 'authType:0';
export const ROLE_GOVERNMENT = 'authType:1';
export const ROLE_PROJECT = 'authType:2';
export const EVERY_USER_KIND: readonly string[] = [ROLE_ENTERPRISE, ROLE_GOVERNMENT, ROLE_PROJECT];

/** A hand-written route: a menu node with the roles that may open it ('admin' opens every one). */
export type FixedItem = Omit<MenuNode, 'children'> & { roles: readonly string[]; children: FixedItem[] };

const fixed = (n: Partial<Omit<FixedItem, 'children'>> & Pick<MenuNode, 'id' | 'path' | 'title'> & { children?: FixedItem[] }): FixedItem => ({
  ...node({ ...n, children: [] }),
  roles: n.roles ?? EVERY_USER_KIND,
  children: n.children ?? [],
});

/** §2.2: /backHome, /MyAccount/index and /MessageNotification/MessageNotifications always exist, for every user kind. */
export const FIXED_ITEMS: readonly FixedItem[] = [
  fixed({ id: 'fixed:backHome', path: 'backHome', title: '首页', icon: 'HomeOutlined', view: 'home/BackHome' }),
  fixed({
    id: 'fixed:MyAccount',
    path: 'MyAccount',
    title: '我的账户',
    children: [fixed({ id: 'fixed:MyAccount.index', path: 'index', title: '个人信息', view: 'account/MyAccount' })],
  }),
  fixed({
    id: 'fixed:MessageNotification',
    path: 'MessageNotification',
    title: '消息通知',
    children: [
      fixed({
        id: 'fixed:MessageNotification.list',
        path: 'MessageNotifications',
        title: '系统通知',
        view: 'notices/MessageNotifications',
      }),
    ],
  }),
  // §2.2 /indexHomes (working form) and /DevelopmentConfig (administrators): docs/workbench.md.
  fixed({ id: 'fixed:indexHomes', path: 'indexHomes', title: '工作台', icon: 'DesktopOutlined', view: 'workbench/Workbench' }),
  fixed({ id: 'fixed:DevelopmentConfig', path: 'DevelopmentConfig', title: '运行配置', icon: 'SettingOutlined', view: 'dev-config/DevelopmentConfig', roles: [ROLE_ADMIN] }),
];

/**
 * §2.1 / §6: the 'admin' role gets every hand-written route; other roles only those whose role metadata
 * names one of theirs (a parent left out takes its children with it). Without roles (no session) every
 * route is kept: the guard sends such a visit to /login first.
 */
export function fixedItemsFor(roles: readonly string[], items: readonly FixedItem[] = FIXED_ITEMS): MenuNode[] {
  const all = roles.length === 0 || roles.includes(ROLE_ADMIN);
  return items
    .filter((i) => all || i.roles.some((r) => roles.includes(r)))
    .map(({ roles: _roles, children, ...n }) => ({ ...n, children: fixedItemsFor(roles, children) }));
}

export const cleanPath = (p: string): string => p.replace(/^\/+|\/+$/g, '');

/** Merges trees by path at each level: the first occurrence wins, children are merged (no duplicates). */
export function mergeByPath(...trees: ReadonlyArray<readonly MenuNode[]>): MenuNode[] {
  const out: MenuNode[] = [];
  for (const tree of trees) {
    for (const n of tree) {
      const path = cleanPath(n.path);
      if (!path || n.isButton) continue;
      const i = out.findIndex((o) => o.path === path);
      if (i < 0) out.push({ ...n, path, children: mergeByPath(n.children) });
      else out[i] = { ...out[i], children: mergeByPath(out[i].children, n.children) };
    }
  }
  return out;
}

/**
 * No dead ends: a menu item of a large screen not built yet (`screen:` view without a body in the
 * registry) is left out, and so is a container left without items.
 */
export function withoutUnbuiltScreens(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => {
    if (n.view.startsWith('screen:') && !isBuilt(screenPathOfViewKey(n.view))) return [];
    const children = withoutUnbuiltScreens(n.children);
    const emptied = n.children.some((c) => !c.isButton) && !children.some((c) => !c.isButton) && !n.view && !n.redirect;
    return emptied ? [] : [{ ...n, children }];
  });
}

/** The menu of the current function type, or the default 首页 item when nothing is left (§2.1). */
export function visibleMenu(menu: readonly MenuNode[], functionType: MenuFunctionType): MenuNode[] {
  const filtered = mergeByPath(withoutUnbuiltScreens(menuForFunctionType(menu, functionType)));
  return filtered.some((n) => !n.hidden) ? filtered : [DEFAULT_HOME_ITEM];
}

export type MenuEntry = { node: MenuNode; fullPath: string; parents: MenuNode[] };

/** Every menu node with its absolute path, depth first. */
export function flattenMenu(nodes: readonly MenuNode[], base = '', parents: MenuNode[] = []): MenuEntry[] {
  return nodes.flatMap((n) => {
    const fullPath = `${base}/${cleanPath(n.path)}`;
    return [{ node: n, fullPath, parents }, ...flattenMenu(n.children, fullPath, [...parents, n])];
  });
}

/** Where clicking a menu item goes: its redirect, else its own path. */
export const menuTarget = (e: MenuEntry): string => e.node.redirect ?? e.fullPath;

/** True when `pathname` is a page of the routes built for function type `t` (menu plus the role's fixed items). */
export function pathExistsInMode(menu: readonly MenuNode[], t: MenuFunctionType, pathname: string, roles: readonly string[] = []): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return true;
  return flattenMenu(mergeByPath(visibleMenu(menu, t), fixedItemsFor(roles))).some((e) => e.fullPath === path);
}
