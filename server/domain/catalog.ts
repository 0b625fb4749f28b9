// The metadata the server reads at start from schemas/: the menu tree (§2.1, §3.2) and the code
// tables (§3.5). Read once; a malformed file stops the start with its name.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DictOption } from '../../common/wire';
import { allIds, expandSource, type MenuNode, type MenuSourceNode } from '../../common/menu-tree';

export type Catalog = {
  /** The whole menu tree with actions expanded into button nodes. */
  menu: MenuNode[];
  /** Every node and button id of `menu`. */
  menuIds: ReadonlySet<string>;
  /** Dictionary name → options in wire form. */
  dictionaries: ReadonlyMap<string, DictOption[]>;
};

export const SCHEMAS_DIR = fileURLToPath(new URL('../../schemas/', import.meta.url));

type DictionaryFile = { name: string; title: string; options: Array<{ value: string; label: string }> };

export function loadCatalog(dir: string = SCHEMAS_DIR): Catalog {
  const menuFile = join(dir, 'menus.json');
  const source = readJson(menuFile) as { menus?: unknown };
  if (!Array.isArray(source.menus)) throw new Error(`${menuFile}: "menus" must be an array`);
  checkMenuNodes(source.menus, menuFile);
  const menu = expandSource(source.menus as MenuSourceNode[]);

  const dictionaries = new Map<string, DictOption[]>();
  const dictDir = join(dir, 'dictionaries');
  for (const file of readdirSync(dictDir).filter((f) => f.endsWith('.json')).sort()) {
    const path = join(dictDir, file);
    const dict = readJson(path) as Partial<DictionaryFile>;
    if (typeof dict.name !== 'string' || !Array.isArray(dict.options)) throw new Error(`${path}: needs "name" and "options"`);
    dictionaries.set(
      dict.name,
      dict.options.map((o) => ({ xuHao: String(o.value), selContent: String(o.label) })),
    );
  }
  return { menu, menuIds: new Set(allIds(menu)), dictionaries };
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
}

function checkMenuNodes(nodes: unknown[], file: string, seen = new Set<string>()): void {
  for (const node of nodes) {
    const n = node as Partial<MenuSourceNode>;
    if (typeof n.id !== 'string' || typeof n.path !== 'string' || typeof n.title !== 'string') {
      throw new Error(`${file}: every menu node needs string id, path and title (${JSON.stringify(node).slice(0, 80)})`);
    }
    if (seen.has(n.id)) throw new Error(`${file}: duplicate menu id ${n.id}`);
    seen.add(n.id);
    if (n.children) checkMenuNodes(n.children, file, seen);
  }
}
