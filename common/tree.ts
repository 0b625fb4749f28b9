// Builds trees from flat lists by id and parent id (§3.4), one helper for every tree in the product.

export type FlatNode = { id: string | number; pId?: string | number | null };

/** A node of a built tree: the item plus its children under `K`, recursively. */
export type TreeNode<T, K extends string = 'children'> = T & { [P in K]?: Array<TreeNode<T, K>> };

export function buildTree<T extends FlatNode, K extends string = 'children'>(
  items: readonly T[],
  childrenKey: K = 'children' as K,
): Array<TreeNode<T, K>> {
  type Node = T & Record<string, unknown>;
  const byId = new Map<string, Node>();
  for (const item of items) byId.set(String(item.id), { ...item } as Node);
  const roots: Node[] = [];
  for (const node of byId.values()) {
    const parentKey = node.pId === null || node.pId === undefined ? '' : String(node.pId);
    const parent = parentKey ? byId.get(parentKey) : undefined;
    if (parent && parent !== node) {
      const list = (parent[childrenKey] as Node[] | undefined) ?? [];
      list.push(node);
      (parent as Record<string, unknown>)[childrenKey] = list;
    } else {
      roots.push(node);
    }
  }
  return roots as Array<TreeNode<T, K>>;
}

/** The ids from the root to the node with `id` (inclusive), or [] when absent. */
export function pathTo<T extends FlatNode>(items: readonly T[], id: string | number): string[] {
  const byId = new Map(items.map((i) => [String(i.id), i]));
  const path: string[] = [];
  let cur = byId.get(String(id));
  const seen = new Set<string>();
  while (cur && !seen.has(String(cur.id))) {
    seen.add(String(cur.id));
    path.unshift(String(cur.id));
    cur = cur.pId === null || cur.pId === undefined ? undefined : byId.get(String(cur.pId));
  }
  return path;
}
