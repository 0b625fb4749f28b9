// The grants schemas/menus.json gives roles by name (docs/configuring-pages.md "Grants in JSON"), each
// applied once per role: this ledger remembers what was given, so a grant an administrator takes away in
// 角色管理 is not given again at the next start, and a role made later still gets it. Static DDL.
import type { Migration } from './types';

export const menuGrants: Migration = {
  name: '013-menu-grants',
  statements: [
    `create table menu_grants_applied (
      role_id integer not null references roles(id) on delete cascade,
      node_id text not null,
      applied_at timestamptz not null default now(),
      primary key (role_id, node_id)
    )`,
  ],
};
