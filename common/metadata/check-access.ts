// Checks of field permissions and uniqueness rules (docs/metadata.md "Field permissions", "Uniqueness"),
// part of common/metadata/check.ts: what one entity file may say about them, with the menu tree.
import { ACTION_NAMES } from '../constants';
import type { EntityField, EntitySchema } from '../metadata';
import { permissionNode, type MenuSourceNode } from '../menu-tree';
import { fieldByName } from './entity';
import { listZh, noFieldZh, noProjectZh, pointer, type Report } from './problems';

/** Actions of the entity's permission group node, or null when the node is missing (reported elsewhere). */
function groupActions(entity: EntitySchema, menus: readonly MenuSourceNode[] | null): ReadonlySet<string> | null {
  if (!menus) return null;
  const group = permissionNode(menus, entity.permission);
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
      if ((ACTION_NAMES as readonly string[]).includes(action)) report(file, at(key), `"${action}" is a page button; a field permission needs its own action (e.g. viewIdNumber)`, `“${action}”是页面按钮，字段权限需要自己的权限名（如 viewIdNumber、editSalary），请不要用 ${listZh(ACTION_NAMES)}`);
      else if (actions && !actions.has(action)) {
        report(
          file,
          at(key),
          `menu node "${entity.permission.page}" › "${entity.permission.group}" has no "${action}" action (add it to its actions in menus.json)`,
          `菜单节点“${entity.permission.page} › ${entity.permission.group}”下没有“${action}”权限：请在 menus.json 该节点的 actions 中加上它，或改用已有的权限：${listZh(actions)}`,
        );
      }
    }
    if (f.mask !== undefined && f.viewAction === undefined) report(file, at('mask'), 'mask applies to callers without the viewAction: set viewAction', 'mask 用于没有查看权限的角色：请同时设 viewAction');
    if (f.viewAction !== undefined) {
      if (f.type === 'id') report(file, at('viewAction'), 'the id field cannot be hidden', 'id 字段不能隐藏：请去掉 viewAction');
      if (f.lookup) report(file, at('lookup'), 'a field with viewAction cannot be a lookup (its distinct values would be answered to anyone)', '设了 viewAction 的字段不能是 lookup（否则它的取值会回答给任何人）：请去掉 lookup');
      if (f.name === entity.parentField) report(file, at('viewAction'), 'the parentField cannot be hidden', '上级字段（parentField）不能隐藏：请去掉 viewAction');
    }
    checkRequiredHidden(file, f, at, report);
  });
}

/**
 * A required field some role can neither see nor send on create (a viewAction without mask, or an
 * editAction) would make the page impossible to save for that role — unless it declares a `default`,
 * which the server stores for such a caller (server/engine/validator.ts fills an absent field's default
 * on create). That default must itself pass the field's minimum and maximum.
 */
function checkRequiredHidden(file: string, f: EntityField, at: (key: string) => string, report: Report): void {
  if (!f.required || f.readOnly || f.numbering) return;
  const hidden = f.viewAction !== undefined && f.mask === undefined;
  const right = hidden ? f.viewAction : f.editAction;
  if (!hidden && right === undefined) return;
  if (f.default === undefined) {
    const why = hidden ? `needs ${right} to be seen` : `needs ${right} to be written`;
    const whyZh = hidden ? `需要“${right}”权限才能看到` : `需要“${right}”权限才能填写`;
    report(
      file,
      at('required'),
      `field "${f.name}" is required but ${why}: a role without it can never save; declare a "default" (stored for such roles) or drop "required"`,
      `字段“${f.name}”（${f.title}）是必填的，但${whyZh}：没有该权限的角色看不到也填不了它，页面将无法保存。请给字段写一个默认值（"default"，这些角色新增时由服务端填入），或去掉 "required"`,
    );
    return;
  }
  if (typeof f.default !== 'number') return;
  if (f.minimum !== undefined && f.default < f.minimum) {
    report(file, at('default'), `default ${f.default} is below minimum ${f.minimum}`, `默认值 ${f.default} 小于最小值 ${f.minimum}：没有“${right}”权限的角色新增时将无法保存，请改默认值或最小值`);
  }
  if (f.maximum !== undefined && f.default > f.maximum) {
    report(file, at('default'), `default ${f.default} is above maximum ${f.maximum}`, `默认值 ${f.default} 大于最大值 ${f.maximum}：没有“${right}”权限的角色新增时将无法保存，请改默认值或最大值`);
  }
}

/** `unique` rules: stored fields of an engine table; `project` scope needs a project. */
export function checkUnique(file: string, entity: EntitySchema, report: Report): void {
  entity.unique?.forEach((rule, i) => {
    if (entity.platform) report(file, pointer('unique', i), 'unique indexes of a platform table belong in its migration (server/db/migrations)', '平台表的唯一索引写在其迁移脚本中（server/db/migrations）：请去掉');
    rule.fields.forEach((name, j) => {
      const field = fieldByName(entity, name);
      if (!field) report(file, pointer('unique', i, 'fields', j), `unique names unknown field "${name}"`, noFieldZh(entity, name));
      else if (field.virtual || field.type === 'id' || field.type === 'json') report(file, pointer('unique', i, 'fields', j), `field "${name}" cannot be part of a unique rule (virtual, id or json)`, `字段“${name}”不能用于唯一规则（虚拟字段、id 或 json 类型都不行）：请改用其他字段`);
    });
    const hasProject = entity.scope === 'project' || entity.fields.some((f) => f.type === 'project');
    if (rule.scope === 'project' && !hasProject) report(file, pointer('unique', i, 'scope'), `entity ${entity.name} has no project (scope ${entity.scope}, no project field)`, noProjectZh(entity));
  });
}
