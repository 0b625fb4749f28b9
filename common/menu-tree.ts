// The menu / permission tree (§2.1, §3.2, §6): the source form of schemas/menus.json, the two wire
// forms the server sends (login and company switch), one normalised form the client works with, and
// the role filter and button-permission check used on both sides.
import { ALWAYS_KEPT_TITLES, type MenuFunctionType } from './constants';

/** A node of schemas/menus.json. */
export type MenuSourceNode = {
  id: string;
  /** Page-permission name; also the route path segment (may contain '/'). */
  path: string;
  title: string;
  icon?: string;
  /** View path resolved by the client's view registry; absent for a bare layout. */
  view?: string;
  functionType: MenuFunctionType;
  hidden?: boolean;
  redirect?: string;
  /** Button-level action names below this node. */
  actions?: string[];
  /** Chinese names of this node's own actions (field permissions: `viewIdNumber` → 查看身份证号). */
  actionTitles?: Record<string, string>;
  /** Workflow rights of their own, name → Chinese name (提交, 审批 …): button nodes like the actions. */
  rights?: Record<string, string>;
  /** Roles given this page by name, with all or the listed actions and rights (docs/configuring-pages.md "Grants in JSON"). */
  grants?: Record<string, 'all' | string[]>;
  children?: MenuSourceNode[];
};

/** The first non-button source node with `path` in the tree, depth first. */
export function findSourceByPath(nodes: readonly MenuSourceNode[], path: string): MenuSourceNode | undefined {
  for (const n of nodes) {
    if (n.path === path) return n;
    const hit = findSourceByPath(n.children ?? [], path);
    if (hit) return hit;
  }
  return undefined;
}

/** The source node of a permission (its page node, then the group below it), or undefined. */
export const permissionNode = (menus: readonly MenuSourceNode[], ref: { page: string; group: string }): MenuSourceNode | undefined =>
  findSourceByPath(findSourceByPath(menus, ref.page)?.children ?? [], ref.group);

/** The button names below a node: its §6 and field-permission actions, then its workflow rights. */
export const nodeButtons = (n: Pick<MenuSourceNode, 'actions' | 'rights'>): string[] => [...(n.actions ?? []), ...Object.keys(n.rights ?? {})];

/** One role name's grants of the menu's `grants`: the page node ids and their button ids. */
export type MenuGrant = { role: string; nodes: string[] };

/** The `grants` of every node of the source tree, by role name (nodes and buttons in tree order). */
export function menuGrants(nodes: readonly MenuSourceNode[]): MenuGrant[] {
  const byRole = new Map<string, string[]>();
  const walk = (list: readonly MenuSourceNode[]) => {
    for (const n of list) {
      for (const [role, actions] of Object.entries(n.grants ?? {})) {
        const ids = byRole.get(role) ?? [];
        ids.push(n.id, ...(actions === 'all' ? nodeButtons(n) : actions).map((a) => buttonId(n.id, a)));
        byRole.set(role, ids);
      }
      walk(n.children ?? []);
    }
  };
  walk(nodes);
  return [...byRole].map(([role, ids]) => ({ role, nodes: ids }));
}

export type LoginMenuNode = {
  ID: string;
  PagePermission: string;
  TextStr: string;
  IsShowStr: '是' | '否';
  PcImageUrlStr: string;
  NavigatePageUrlPC: string;
  MenuFunctionType: MenuFunctionType;
  TypeStr: '菜单' | '按钮';
  Type: 1 | 2;
  Redirect?: string;
  Children: LoginMenuNode[];
  Permission: string;
};

export type SwitchMenuNode = {
  id: string;
  typeStr: '菜单' | '按钮';
  textStr: string;
  pagePermission: string;
  isShow: 0 | 1;
  navigatePageUrlPC: string;
  navigateUrlPc: string;
  menuFunctionType: MenuFunctionType;
  pcImageUrlStr: string;
  redirect?: string;
  children: SwitchMenuNode[];
};

/** The one form the client works with, whichever wire form it came in. */
export type MenuNode = {
  id: string;
  path: string;
  title: string;
  icon: string;
  view: string;
  functionType: MenuFunctionType;
  hidden: boolean;
  isButton: boolean;
  redirect?: string;
  children: MenuNode[];
};

export const BUTTON_ID_SEPARATOR = ':';
export const buttonId = (parentId: string, action: string): string => `${parentId}${BUTTON_ID_SEPARATOR}${action}`;

/** Source tree → normalised tree, with `actions` expanded into button nodes. */
export function expandSource(nodes: readonly MenuSourceNode[]): MenuNode[] {
  return nodes.map((n) => ({
    id: n.id,
    path: n.path,
    title: n.title,
    icon: n.icon ?? '',
    view: n.view ?? '',
    functionType: n.functionType,
    hidden: n.hidden ?? false,
    isButton: false,
    redirect: n.redirect,
    children: [
      ...expandSource(n.children ?? []),
      ...nodeButtons(n).map((a) => ({
        id: buttonId(n.id, a),
        path: a,
        title: n.rights?.[a] ?? n.actionTitles?.[a] ?? a,
        icon: '',
        view: '',
        functionType: n.functionType,
        hidden: true,
        isButton: true,
        children: [],
      })),
    ],
  }));
}

/** Every node id of a tree, depth first. */
export function allIds(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((n) => [n.id, ...allIds(n.children)]);
}

/**
 * Keeps the nodes a role was granted. A granted node keeps its ancestors; a granted page or group does
 * not grant the buttons below it (buttons are granted one by one). `'*'` grants everything. An alias —
 * a hidden node without a view whose `redirect` names another menu address (e.g. §2.5's
 * /carmanage/tankerCar → /concretePlant/car) — is never granted itself: it comes with its target.
 */
export function filterByGrants(nodes: readonly MenuNode[], grants: ReadonlySet<string>): MenuNode[] {
  const direct = keepGranted(nodes, grants, () => false);
  const targets = new Set(fullPaths(direct, '').map((p) => p.toLowerCase()));
  return keepGranted(nodes, grants, (n) => isAlias(n) && targets.has(aliasTarget(n)));
}

/**
 * The menu address an alias stands for, lower case: its redirect without a query — an alias may open its
 * target with a search already made (/pName/constructionManagement → 项目列表 with 项目状态 在建).
 */
export const aliasTarget = (n: Pick<MenuNode, 'redirect'>): string => (n.redirect ?? '').split(/[?#]/, 1)[0].toLowerCase();

/** A hidden redirect node standing for another menu address (see filterByGrants). */
export const isAlias = (n: MenuNode): boolean => n.hidden && !n.view && !n.isButton && n.children.length === 0 && Boolean(n.redirect?.startsWith('/'));

function keepGranted(nodes: readonly MenuNode[], grants: ReadonlySet<string>, aliasKept: (n: MenuNode) => boolean): MenuNode[] {
  const all = grants.has('*');
  const out: MenuNode[] = [];
  for (const n of nodes) {
    const children = keepGranted(n.children, grants, aliasKept);
    if (all || (isAlias(n) ? aliasKept(n) : grants.has(n.id)) || children.length > 0) out.push({ ...n, children });
  }
  return out;
}

function fullPaths(nodes: readonly MenuNode[], base: string): string[] {
  return nodes.flatMap((n) => {
    const path = `${base}/${n.path.replace(/^\/+/, '')}`;
    return [path, ...fullPaths(n.children, path)];
  });
}

/** The tree without its aliases: what a role editor offers (aliases follow their targets). */
export const withoutAliases = (nodes: readonly MenuNode[]): MenuNode[] =>
  nodes.filter((n) => !isAlias(n)).map((n) => ({ ...n, children: withoutAliases(n.children) }));

export function toLoginForm(nodes: readonly MenuNode[]): LoginMenuNode[] {
  return nodes.map((n) => ({
    ID: n.id,
    PagePermission: n.path,
    TextStr: n.title,
    IsShowStr: n.hidden ? '否' : '是',
    PcImageUrlStr: n.icon,
    NavigatePageUrlPC: n.view,
    MenuFunctionType: n.functionType,
    TypeStr: n.isButton ? '按钮' : '菜单',
    Type: n.isButton ? 2 : 1,
    ...(n.redirect ? { Redirect: n.redirect } : {}),
    Children: toLoginForm(n.children),
    Permission: n.children.filter((c) => c.isButton).map((c) => c.path).join(','),
  }));
}

export function toSwitchForm(nodes: readonly MenuNode[]): SwitchMenuNode[] {
  return nodes.map((n) => ({
    id: n.id,
    typeStr: n.isButton ? '按钮' : '菜单',
    textStr: n.title,
    pagePermission: n.path,
    isShow: n.hidden ? 0 : 1,
    navigatePageUrlPC: n.view,
    navigateUrlPc: n.view,
    menuFunctionType: n.functionType,
    pcImageUrlStr: n.icon,
    ...(n.redirect ? { redirect: n.redirect } : {}),
    children: toSwitchForm(n.children),
  }));
}

type AnyWireNode = Partial<LoginMenuNode> & Partial<SwitchMenuNode> & { isShowStr?: string; IsShow?: number };

/** Either wire form → normalised. Hidden: IsShowStr 否, or isShow not equal to 1 (§2.1). */
export function normalizeWire(nodes: readonly AnyWireNode[] | null | undefined): MenuNode[] {
  return (nodes ?? []).map((w) => {
    const isLogin = w.PagePermission !== undefined || w.TextStr !== undefined;
    const typeStr = isLogin ? w.TypeStr : w.typeStr;
    const hidden = isLogin ? (w.IsShowStr ?? w.isShowStr) === '否' : Number(w.isShow ?? w.IsShow ?? 1) !== 1;
    return {
      id: String((isLogin ? w.ID : w.id) ?? ''),
      path: String((isLogin ? w.PagePermission : w.pagePermission) ?? ''),
      title: String((isLogin ? w.TextStr : w.textStr) ?? ''),
      icon: String((isLogin ? w.PcImageUrlStr : w.pcImageUrlStr) ?? ''),
      view: String((isLogin ? w.NavigatePageUrlPC : (w.navigatePageUrlPC ?? w.navigateUrlPc)) ?? ''),
      functionType: Number((isLogin ? w.MenuFunctionType : w.menuFunctionType) ?? 0) === 1 ? 1 : 0,
      hidden,
      isButton: typeStr === '按钮',
      redirect: (isLogin ? w.Redirect : w.redirect) || undefined,
      children: normalizeWire((isLogin ? w.Children : w.children) as AnyWireNode[] | undefined),
    };
  });
}

/**
 * The menu for one function type (§2.1): in mode 0 items of type 1 are skipped, otherwise items of
 * type 0; 我的账户 and 消息通知 are always kept. Buttons are not menu items.
 */
export function menuForFunctionType(nodes: readonly MenuNode[], mode: MenuFunctionType): MenuNode[] {
  const keep = (n: MenuNode) =>
    !n.isButton && (n.functionType === mode || (ALWAYS_KEPT_TITLES as readonly string[]).includes(n.title));
  return nodes.filter(keep).map((n) => ({ ...n, children: menuForFunctionType(n.children, mode) }));
}

function findByPath(nodes: readonly MenuNode[], path: string): MenuNode | undefined {
  for (const n of nodes) {
    if (!n.isButton && n.path === path) return n;
    const hit = findByPath(n.children, path);
    if (hit) return hit;
  }
  return undefined;
}

/** §6: the tree holds `action` under page `page` and function group `group`. */
export function hasPermission(nodes: readonly MenuNode[], page: string, group: string, action: string): boolean {
  const pageNode = findByPath(nodes, page);
  const groupNode = pageNode && findByPath(pageNode.children, group);
  return !!groupNode?.children.some((c) => c.isButton && c.path === action);
}
