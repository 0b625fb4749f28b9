// Companies form a tree (§3.4); users belong to several (memberships) and may watch others (§1).
import type { Kysely } from 'kysely';
import { pathTo } from '../../common/tree';
import type { CompanyRow, Database } from '../db/schema';

export type Membership = {
  id: number;
  companyId: number;
  companyName: string;
  departmentName: string;
  roleName: string;
};

export type CompanyRef = { id: number; name: string };

export async function companyById(db: Kysely<Database>, id: number): Promise<CompanyRow | null> {
  return (await db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function membershipsOf(db: Kysely<Database>, userId: number): Promise<Membership[]> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .leftJoin('roles as r', 'r.id', 'm.role_id')
    .select(['m.id', 'm.company_id', 'c.name as company_name', 'm.department_name', 'r.name as role_name'])
    .where('m.user_id', '=', userId)
    .orderBy('m.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    companyId: r.company_id,
    companyName: r.company_name,
    departmentName: r.department_name,
    roleName: r.role_name ?? '',
  }));
}

export async function watchCompaniesOf(db: Kysely<Database>, userId: number): Promise<CompanyRef[]> {
  return db
    .selectFrom('watch_companies as w')
    .innerJoin('companies as c', 'c.id', 'w.company_id')
    .select(['c.id', 'c.name'])
    .where('w.user_id', '=', userId)
    .orderBy('c.id')
    .execute();
}

/** The given companies and every ancestor of them, ordered by id. */
export async function withAncestors(db: Kysely<Database>, ids: readonly number[]): Promise<CompanyRow[]> {
  if (ids.length === 0) return [];
  return db
    .withRecursive('up(id)', (qb) =>
      qb
        .selectFrom('companies')
        .select('id')
        .where('id', 'in', ids)
        .union(
          qb
            .selectFrom('companies as parent')
            .innerJoin('companies as child', 'child.parent_id', 'parent.id')
            .innerJoin('up', 'up.id', 'child.id')
            .select('parent.id'),
        ),
    )
    .selectFrom('companies')
    .selectAll('companies')
    .where('companies.id', 'in', (qb) => qb.selectFrom('up').select('up.id'))
    .orderBy('companies.id')
    .execute();
}

/** Ids of a company and all its subsidiaries (§7.3 enterprise project scope). */
export function subtreeIds(db: Kysely<Database>, companyId: number) {
  return db
    .withRecursive('down(id)', (qb) =>
      qb
        .selectFrom('companies')
        .select('id')
        .where('id', '=', companyId)
        .union(qb.selectFrom('companies as c').innerJoin('down', 'down.id', 'c.parent_id').select('c.id')),
    )
    .selectFrom('down')
    .select('down.id');
}

/** FullDepartmentPath: the comma-separated ids from the root company down to this one (§3.6 COMPANY_Id). */
export function fullPathOf(companies: readonly CompanyRow[], companyId: number): string {
  return pathTo(
    companies.map((c) => ({ id: c.id, pId: c.parent_id })),
    companyId,
  ).join(',');
}

export async function fullPath(db: Kysely<Database>, companyId: number): Promise<string> {
  return fullPathOf(await withAncestors(db, [companyId]), companyId);
}
