// The logic of the PermissionTree editor (a role's §6 grants: page → function group → buttons), kept
// apart from antd so it can be tested: the tree's titles, and what checking or unchecking a node grants.
// Grants are node ids; a granted node keeps its ancestors (common/menu-tree filterByGrants), so
// checking a node also checks its ancestors and everything below it; unchecking takes away the node and
// everything below it, and a container (a menu node without a view of its own) left with nothing
// checked below it goes too. Ids that are not in the tree (nodes the editor does not hold) stay as they are.
import type { MenuNode } from '../../../common/menu-tree';

/** §6 button names in Chinese. */
export const ACTION_TITLES: Readonly<Record<string, string>> = {
  add: '新增',
  edit: '编辑',
  delete: '删除',
  search: '查询',
  audit: '审核',
  export: '导出',
  inport: '导入',
  delivery: '发货',
};

/** `isNew`: added to the menu after the role was last saved (the role's `newNodes`), marked 新 in the editor. */
export type PermissionNode = { key: string; title: string; isButton: boolean; isNew: boolean; children: PermissionNode[] };

const NONE: ReadonlySet<string> = new Set();

export const toPermissionNodes = (nodes: readonly MenuNode[], fresh: ReadonlySet<string> = NONE): PermissionNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: n.isButton ? (ACTION_TITLES[n.path] ?? n.title) : n.title,
    isButton: n.isButton,
    isNew: fresh.has(n.id),
    children: toPermissionNodes(n.children, fresh),
  }));

/** The node ids of a `newNodes` value (JSON text or an array, as the form holds it); anything else is none. */
export function newNodeIds(value: unknown): Set<string> {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return new Set();
    }
  }
  return new Set(Array.isArray(list) ? list.map(String) : []);
}

type Index = { node: Map<string, MenuNode>; parent: Map<string, MenuNode> };

function indexOf(tree: readonly MenuNode[]): Index {
  const index: Index = { node: new Map(), parent: new Map() };
  const walk = (nodes: readonly MenuNode[], parent?: MenuNode) => {
    for (const n of nodes) {
      index.node.set(n.id, n);
      if (parent) index.parent.set(n.id, parent);
      walk(n.children, n);
    }
  };
  walk(tree);
  return index;
}

const below = (n: MenuNode): string[] => n.children.flatMap((c) => [c.id, ...below(c)]);

/** The grants after (un)checking node `id` of `tree`. */
export function toggleGrant(tree: readonly MenuNode[], grants: readonly string[], id: string, checked: boolean): string[] {
  const index = indexOf(tree);
  const node = index.node.get(id);
  if (!node) return [...grants];
  const next = new Set(grants);
  if (checked) {
    next.add(id);
    below(node).forEach((c) => next.add(c));
    for (let p = index.parent.get(id); p; p = index.parent.get(p.id)) next.add(p.id);
  } else {
    next.delete(id);
    below(node).forEach((c) => next.delete(c));
    for (let p = index.parent.get(id); p; p = index.parent.get(p.id)) {
      if (p.view || below(p).some((c) => next.has(c))) break;
      next.delete(p.id);
    }
  }
  return [...next];
}

/** Every node of the tree, for 全选. Ids outside the tree stay. */
export const grantAll = (tree: readonly MenuNode[], grants: readonly string[]): string[] => [...new Set([...grants, ...indexOf(tree).node.keys()])];

/** No node of the tree, for 清空. Ids outside the tree stay. */
export function grantNone(tree: readonly MenuNode[], grants: readonly string[]): string[] {
  const inTree = indexOf(tree).node;
  return grants.filter((g) => !inTree.has(g));
}

// ---- the matrix view of the same tree: pages as rows grouped by area, actions as columns ----

/** Column order of the matrix: the §6 buttons first, any other action after them in tree order. */
export const ACTION_ORDER: readonly string[] = ['search', 'add', 'edit', 'delete', 'audit', 'export', 'inport'];

export type MatrixColumn = { action: string; title: string };
/** A page: its node id, its title and the trail of containers between the area and it. */
export type MatrixRow = { id: string; title: string; trail: string[]; isNew: boolean; actions: Readonly<Record<string, string>>; newActions: ReadonlySet<string> };
export type MatrixArea = { id: string; title: string; rows: MatrixRow[] };
export type PermissionMatrix = { areas: MatrixArea[]; columns: MatrixColumn[] };

const isPage = (n: MenuNode): boolean => !n.isButton && (n.children.some((c) => c.isButton) || !!n.view);

/** The grantable tree as a matrix: top-level nodes are areas, every page (a view or buttons) is a row. */
export function toPermissionMatrix(tree: readonly MenuNode[], fresh: ReadonlySet<string> = NONE): PermissionMatrix {
  const columns = new Map<string, string>();
  const rowOf = (n: MenuNode, trail: string[]): MatrixRow => {
    const actions: Record<string, string> = {};
    const newActions = new Set<string>();
    for (const b of n.children.filter((c) => c.isButton)) {
      actions[b.path] = b.id;
      if (fresh.has(b.id)) newActions.add(b.path);
      if (!columns.has(b.path)) columns.set(b.path, ACTION_TITLES[b.path] ?? b.title);
    }
    return { id: n.id, title: n.title, trail, isNew: fresh.has(n.id), actions, newActions };
  };
  const rowsBelow = (nodes: readonly MenuNode[], trail: string[]): MatrixRow[] =>
    nodes.flatMap((n) => (n.isButton ? [] : [...(isPage(n) ? [rowOf(n, trail)] : []), ...rowsBelow(n.children, [...trail, n.title])]));
  const areas = tree
    .filter((n) => !n.isButton)
    .map((n) => ({ id: n.id, title: n.title, rows: [...(isPage(n) ? [rowOf(n, [])] : []), ...rowsBelow(n.children, [])] }))
    .filter((a) => a.rows.length > 0);
  const known = ACTION_ORDER.filter((a) => columns.has(a));
  const others = [...columns.keys()].filter((a) => !ACTION_ORDER.includes(a));
  return { areas, columns: [...known, ...others].map((action) => ({ action, title: columns.get(action) ?? action })) };
}

/** Grants `id` alone (with its ancestors, which a granted node needs), not what is below it. */
export function grantOnly(tree: readonly MenuNode[], grants: readonly string[], id: string): string[] {
  const index = indexOf(tree);
  if (!index.node.has(id)) return [...grants];
  const next = new Set(grants);
  next.add(id);
  for (let p = index.parent.get(id); p; p = index.parent.get(p.id)) next.add(p.id);
  return [...next];
}

/** (Un)checks many nodes at once with the rules of toggleGrant, e.g. a column, a row or an area. */
export const toggleGrants = (tree: readonly MenuNode[], grants: readonly string[], ids: readonly string[], checked: boolean): string[] =>
  ids.reduce<string[]>((g, id) => toggleGrant(tree, g, id, checked), [...grants]);

/** Every node id of a row: the page and its buttons. */
export const rowIds = (row: MatrixRow): string[] => [row.id, ...Object.values(row.actions)];

/** How many of `ids` are granted: none, some or all (for a select-all checkbox). */
export function grantState(grants: ReadonlySet<string>, ids: readonly string[]): 'none' | 'some' | 'all' {
  const n = ids.filter((id) => grants.has(id)).length;
  return n === 0 ? 'none' : n === ids.length ? 'all' : 'some';
}

/** The rows whose page, trail or area title holds `query` (case-insensitive); all rows without one. */
export function filterMatrix(matrix: PermissionMatrix, query: string): MatrixArea[] {
  const q = query.trim().toLowerCase();
  if (!q) return matrix.areas;
  return matrix.areas
    .map((a) => (a.title.toLowerCase().includes(q) ? a : { ...a, rows: a.rows.filter((r) => [r.title, ...r.trail].some((t) => t.toLowerCase().includes(q))) }))
    .filter((a) => a.rows.length > 0);
}
