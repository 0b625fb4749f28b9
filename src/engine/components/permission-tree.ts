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
