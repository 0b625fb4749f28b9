// Workflow rights of their own (docs/metadata.md "Workflows") and grants in JSON (docs/configuring-pages.md
// "Grants in JSON"), part of common/metadata/check.ts. A transition's `action` is a §6 page button or a
// right the entity's menu node declares in `rights` with its Chinese name (提交审批, 审批, 归档 …), so
// 角色管理 shows and grants it like any button; `grants` give a page node's buttons to roles by name.
import { ACTION_NAMES } from '../constants';
import type { EntitySchema } from '../metadata';
import { nodeButtons, permissionNode, type MenuSourceNode } from '../menu-tree';
import { listZh, pointer, type Report } from './problems';

const isPageButton = (name: string): boolean => (ACTION_NAMES as readonly string[]).includes(name);

/** A transition naming a right of its own needs that right on the entity's menu node. */
export function checkWorkflowRights(file: string, entity: EntitySchema, menus: readonly MenuSourceNode[] | null, report: Report): void {
  if (!menus || !entity.workflow) return;
  const group = permissionNode(menus, entity.permission);
  if (!group) return;
  const node = `${entity.permission.page} › ${entity.permission.group}`;
  entity.workflow.transitions.forEach((t, i) => {
    if (isPageButton(t.action) || group.rights?.[t.action]) return;
    report(
      file,
      pointer('workflow', 'transitions', i, 'action'),
      `transition "${t.name}" needs the right "${t.action}", which menu node "${node}" does not declare in rights`,
      `流转“${t.name}”（${t.label}）需要自有权限“${t.action}”，但菜单节点“${node}”的 rights 中没有它：请在 schemas/menus.json 该节点加上 "rights": { "${t.action}": "${t.label}" }（现有权限：${listZh(nodeButtons(group))}）`,
    );
  });
}

/** One menu node: rights are named apart from its actions; grants name a page node and only its buttons. */
export function checkNodeRights(file: string, node: MenuSourceNode, at: string, report: Report): void {
  const actions = new Set(node.actions ?? []);
  for (const name of Object.keys(node.rights ?? {})) {
    if (isPageButton(name) || actions.has(name) || name === 'exportPersonalData' || /^(view|edit)[A-Z]/.test(name)) {
      report(
        file,
        `${at}/rights/${pointer(name).slice(1)}`,
        `right "${name}" is a page button, an action of the node or a field permission's name`,
        `自有权限“${name}”与页面按钮、该节点的 actions 或字段权限的命名重复：请另取一个名字（如 submit、approve、archive）`,
      );
    }
  }
  if (!node.grants) return;
  if (!node.view) report(file, `${at}/grants`, 'grants belong on a page node (one with a view)', 'grants 只能写在页面节点上（有 view 的节点）');
  const buttons = nodeButtons(node);
  for (const [role, granted] of Object.entries(node.grants)) {
    if (granted === 'all') continue;
    granted.forEach((action, i) => {
      if (buttons.includes(action)) return;
      report(
        file,
        `${at}/grants/${pointer(role).slice(1)}/${i}`,
        `grant of "${role}" names "${action}", which the node does not list in actions or rights`,
        `给角色“${role}”的权限“${action}”不在该节点的 actions 或 rights 中，可选：${listZh(buttons)}`,
      );
    });
  }
}
