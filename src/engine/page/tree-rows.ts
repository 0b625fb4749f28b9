// A tree list (PageSchema list.tree, §3.4): the entity's rows nested by its parentField with the one
// tree helper (common/tree.ts) for antd's tree table (`children`); a row whose parent is not in the list
// (a search hit) becomes a root.
import { buildTree } from '../../../common/tree';
import type { Row } from '../data/data-provider';

/** Rows a tree list fetches at once (the generic list's largest page). */
export const TREE_PAGE_SIZE = 1000;

export function treeRows(rows: readonly Row[], idField: string, parentField: string): Row[] {
  const parent = (r: Row) => (r[parentField] === null || r[parentField] === undefined || r[parentField] === '' ? null : String(r[parentField]));
  return buildTree(rows.map((r) => ({ ...r, id: String(r[idField]), pId: parent(r) })));
}

/** The keys of every row that has children: a tree list opens fully expanded. */
export function parentKeys(rows: readonly Row[], key: (r: Row) => string): string[] {
  return rows.flatMap((r) => {
    const children = (r.children as Row[] | undefined) ?? [];
    return children.length > 0 ? [key(r), ...parentKeys(children, key)] : [];
  });
}
