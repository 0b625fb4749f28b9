// §6 button permissions of a generated page: an action shows only when the session's tree holds it under
// the page's permission node and group (view needs none).
import { hasPermission, type MenuNode } from '../../../common/menu-tree';
import type { EntitySchema, PageSchema, PermissionRef } from '../../../common/metadata';

export type PageAction = 'view' | 'add' | 'edit' | 'audit' | 'delete' | 'search' | 'export' | 'inport';

export const permissionOf = (page: PageSchema, entity: EntitySchema): PermissionRef => page.permission ?? entity.permission;

/** Also answers a field permission's own action (viewIdNumber, field-permissions.ts). */
export function allowedActions(menu: readonly MenuNode[], ref: PermissionRef): (action: PageAction | (string & {})) => boolean {
  return (action) => action === 'view' || hasPermission(menu, ref.page, ref.group, action);
}
