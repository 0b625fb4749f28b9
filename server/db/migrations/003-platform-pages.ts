// What the platform pages of issue 4 need of the identity tables (docs/decisions.md "Platform tables"):
// a project's builder, contractor and supervisor units and its joined organisations (§7.4 GetProjectOrgs /
// UpdateJoinOrgList), role and role-group remarks, the "every node, now and later" mark of full roles,
// and the publishing company of a system notice. Static DDL; nothing here comes from input.
import type { Migration } from './types';

export const platformPages: Migration = {
  name: '003-platform-pages',
  statements: [
    `alter table projects add column builder_unit text not null default ''`,
    `alter table projects add column contractor_unit text not null default ''`,
    `alter table projects add column supervisor_unit text not null default ''`,
    `create table project_orgs (
      project_id integer not null references projects(id) on delete cascade,
      company_id integer not null references companies(id) on delete cascade,
      primary key (project_id, company_id)
    )`,
    `create index project_orgs_company_idx on project_orgs(company_id)`,
    `create index memberships_company_idx on memberships(company_id)`,
    `alter table roles add column remark text not null default ''`,
    `alter table roles add column all_nodes boolean not null default false`,
    // Roles seeded as "every node" were stored as the nodes of their day: a role holding every node any
    // role holds is such a role, and from now on gets the nodes menus.json adds (server/platform/full-roles.ts).
    `update roles set all_nodes = true where id in (
      select role_id from role_grants where node_id <> '*' group by role_id
      having count(*) = (select count(distinct node_id) from role_grants where node_id <> '*')
    )`,
    `alter table role_groups add column remark text not null default ''`,
    // Null: a platform-wide notice (every user); else seen by members of that company and its subsidiaries.
    `alter table system_notices add column company_id integer references companies(id) on delete cascade`,
    `create index system_notices_company_idx on system_notices(company_id)`,
  ],
};
