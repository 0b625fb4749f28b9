// Dictionary options that name their parent (an entity dictionary with parentField) → the nested data
// antd's TreeSelect draws, built with the one tree helper of §3.4 (common/tree.ts).
import { buildTree, type TreeNode } from '../../../common/tree';
import type { DictOptionItem } from '../dictionary/dictionary-ref';

export type OptionNode = { value: string; title: string; children?: OptionNode[] };

type Flat = { id: string; pId: string | null; title: string };

const toNodes = (nodes: ReadonlyArray<TreeNode<Flat>>): OptionNode[] =>
  nodes.map((n) => ({ value: n.id, title: n.title, ...(n.children?.length ? { children: toNodes(n.children) } : {}) }));

export function optionTree(options: readonly DictOptionItem[]): OptionNode[] {
  return toNodes(buildTree(options.map((o) => ({ id: o.value, pId: o.parent ?? null, title: o.label }))));
}
