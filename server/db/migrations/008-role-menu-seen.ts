// The menu nodes a role has seen (docs/configuring-pages.md "Grants on an existing database"): the node
// ids of schemas/menus.json when the role was last saved, as JSON text. The role editor marks nodes added
// since then 新 (server/hooks/role.ts). Null until the first start after this migration, which records
// the menu of that day for every role (server/platform/full-roles.ts recordMenuSeen). Static DDL.
import type { Migration } from './types';

export const roleMenuSeen: Migration = {
  name: '008-role-menu-seen',
  statements: [`alter table roles add column menu_seen text`],
};
