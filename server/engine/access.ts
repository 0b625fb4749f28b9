// §6 on the server (architecture §5): the same menu tree the UI gets decides. Reading needs the entity's
// page node (its permission group) in the user's tree; each write needs the button the UI would show
// (add, edit, delete, export, inport, audit) under that page and group. Monitoring is read-only (§1).
import { MESSAGES, type ActionName } from '../../common/constants';
import { hasPermission, type MenuNode } from '../../common/menu-tree';
import type { PermissionRef } from '../../common/metadata';
import type { SessionContext } from '../auth/session-context';
import { ALL, menuFor } from '../platform/permissions';
import { SERVER_MESSAGES } from '../messages';
import { Refusal } from './errors';

/** `transition`: a workflow move; the page is checked first, its own button once the body names it (checkButton). */
export type EngineAction = 'list' | 'detail' | 'create' | 'update' | 'delete' | 'export' | 'import' | 'audit' | 'transition';

/** The §6 button behind each action; reads need only the page. */
const BUTTONS: Readonly<Record<EngineAction, ActionName | null>> = {
  list: null,
  detail: null,
  create: 'add',
  update: 'edit',
  delete: 'delete',
  export: 'export',
  import: 'inport',
  audit: 'audit',
  transition: null,
};

const WRITES: ReadonlySet<EngineAction> = new Set(['create', 'update', 'delete', 'import', 'audit', 'transition']);

function findPage(nodes: readonly MenuNode[], path: string): MenuNode | undefined {
  for (const n of nodes) {
    if (!n.isButton && n.path === path) return n;
    const hit = findPage(n.children, path);
    if (hit) return hit;
  }
  return undefined;
}

/** The group node (the screen) is in the tree under its page node. */
export const hasPageNode = (tree: readonly MenuNode[], { page, group }: PermissionRef): boolean => {
  const pageNode = findPage(tree, page);
  return !!pageNode && findPage(pageNode.children, group) !== undefined;
};

/** Filtered trees kept per menu, keyed by the grant set itself; bounded (a few roles' sets in practice). */
const TREES = new WeakMap<readonly MenuNode[], Map<string, readonly MenuNode[]>>();
const MAX_TREES = 256;

/**
 * The caller's tree, filtered once per distinct grant set rather than per request. The key is the grant
 * set the session query read from role_grants in this very request, so a changed grant is a new key: the
 * next request sees it in every process (revocation stays immediate) and nothing needs invalidating.
 * Callers only read the tree.
 */
export function grantedTree(menu: readonly MenuNode[], grants: ReadonlySet<string>, readOnly: boolean): readonly MenuNode[] {
  let trees = TREES.get(menu);
  if (!trees) TREES.set(menu, (trees = new Map()));
  const key = `${readOnly ? 'r' : 'w'}|${[...grants].sort().join(',')}`;
  const hit = trees.get(key);
  if (hit) return hit;
  if (trees.size >= MAX_TREES) trees.clear();
  const tree = menuFor(menu, grants, readOnly);
  trees.set(key, tree);
  return tree;
}

export function checkAccess(menu: readonly MenuNode[], session: SessionContext, permission: PermissionRef, action: EngineAction): void {
  if (session.monitoring && WRITES.has(action)) throw new Refusal(SERVER_MESSAGES.monitoringReadOnly, 402);
  const tree = grantedTree(menu, session.grants, session.monitoring);
  const button = BUTTONS[action];
  // The administrators' '*' holds every grant (server/platform/permissions.ts hasGrant), buttons included.
  const allowed = button === null ? hasPageNode(tree, permission) : session.grants.has(ALL) || hasPermission(tree, permission.page, permission.group, button);
  if (!allowed) throw new Refusal(MESSAGES.noPermission, 402);
}

/** A button of the entity's page by name (a workflow transition's `action`, a §6 one or a right of its own): 402 没有权限 without it. */
export function checkButton(menu: readonly MenuNode[], session: SessionContext, permission: PermissionRef, button: string): void {
  if (session.monitoring) throw new Refusal(SERVER_MESSAGES.monitoringReadOnly, 402);
  const tree = menuFor(menu, session.grants, session.monitoring);
  if (!(session.grants.has(ALL) || hasPermission(tree, permission.page, permission.group, button))) throw new Refusal(MESSAGES.noPermission, 402);
}
