// Checks of field permissions and uniqueness rules (docs/metadata.md "Field permissions", "Uniqueness"),
// part of common/metadata/check.ts: what one entity file may say about them, with the menu tree.
import { ACTION_NAMES } from '../constants';
import type { EntitySchema } from '../metadata';
import type { MenuSourceNode } from '../menu-tree';
import { fieldByName } from './entity';
import { pointer } from './problems';

type Report = (file: string, at: string, message: string) => void;

const findByPath = (nodes: readonly MenuSourceNode[], path: string): MenuSourceNode | undefined => {
  for (const n of nodes) {
    if (n.path === path) return n;
    const hit = findByPath(n.children ?? [], path);
    if (hit) return hit;
  }
  return undefined;
};

/** Actions of the entity's permission group node, or null when the node is missing (reported elsewhere). */
function groupActions(entity: EntitySchema, menus: readonly MenuSourceNode[] | null): ReadonlySet<string> | null {
  if (!menus) return null;
  const group = findByPath(findByPath(menus, entity.permission.page)?.children ?? [], entity.permission.group);
  return group ? new Set(group.actions ?? []) : null;
}

/** viewAction / editAction name a button of the entity's group; a masked or protected field keeps no side door open. */
export function checkFieldRights(file: string, entity: EntitySchema, menus: readonly MenuSourceNode[] | null, report: Report): void {
  const actions = groupActions(entity, menus);
  entity.fields.forEach((f, i) => {
    const at = (key: string) => pointer('fields', i, key);
    for (const key of ['viewAction', 'editAction'] as const) {
      const action = f[key];
      if (action === undefined) continue;
      if ((ACTION_NAMES as readonly string[]).includes(action)) report(file, at(key), `"${action}" is a page button; a field permission needs its own action (e.g. viewIdNumber)`);
      else if (actions && !actions.has(action)) {
        report(file, at(key), `menu node "${entity.permission.page}" › "${entity.permission.group}" has no "${action}" action (add it to its actions in menus.json)`);
      }
    }
    if (f.mask !== undefined && f.viewAction === undefined) report(file, at('mask'), 'mask applies to callers without the viewAction: set viewAction');
    if (f.viewAction !== undefined) {
      if (f.type === 'id') report(file, at('viewAction'), 'the id field cannot be hidden');
      if (f.lookup) report(file, at('lookup'), 'a field with viewAction cannot be a lookup (its distinct values would be answered to anyone)');
      if (f.name === entity.parentField) report(file, at('viewAction'), 'the parentField cannot be hidden');
    }
  });
}

/** `unique` rules: stored fields of an engine table; `project` scope needs a project. */
export function checkUnique(file: string, entity: EntitySchema, report: Report): void {
  entity.unique?.forEach((rule, i) => {
    if (entity.platform) report(file, pointer('unique', i), 'unique indexes of a platform table belong in its migration (server/db/migrations)');
    rule.fields.forEach((name, j) => {
      const field = fieldByName(entity, name);
      if (!field) report(file, pointer('unique', i, 'fields', j), `unique names unknown field "${name}"`);
      else if (field.virtual || field.type === 'id' || field.type === 'json') report(file, pointer('unique', i, 'fields', j), `field "${name}" cannot be part of a unique rule (virtual, id or json)`);
    });
    const hasProject = entity.scope === 'project' || entity.fields.some((f) => f.type === 'project');
    if (rule.scope === 'project' && !hasProject) report(file, pointer('unique', i, 'scope'), `entity ${entity.name} has no project (scope ${entity.scope}, no project field)`);
  });
}
