// The projects a user may see (docs/api.md WhereProjectList): enterprise users the projects of the
// current company and its subsidiaries, project users their linked projects (§6 AuthProjectID),
// government users the projects inside their administrative area (AuthAreaCode).
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database, ProjectRow } from '../db/schema';
import { subtreeIds } from './companies';

export type ScopeSubject = {
  userId: number;
  userAuthType: '0' | '1' | '2';
  authAreaCode: string;
  companyId: number;
  /** Monitoring looks at a watched company as that company sees itself (§1). */
  monitoring: boolean;
};

type ProjectQuery = SelectQueryBuilder<Database, 'projects', object>;

/**
 * Administrative-division codes are six digits with trailing `00` pairs for higher levels, so the
 * area a code covers is its prefix without them: 511000 (内江市) covers 5110xx, 510000 covers 51xxxx.
 */
export function areaPrefix(code: string): string {
  if (!/^\d{2,6}$/.test(code)) return '';
  let prefix = code;
  while (prefix.length > 2 && prefix.endsWith('00')) prefix = prefix.slice(0, -2);
  return prefix;
}

function inScope(db: Kysely<Database>, query: ProjectQuery, who: ScopeSubject): ProjectQuery {
  if (who.monitoring || who.userAuthType === '0') {
    return query.where('projects.company_id', 'in', subtreeIds(db, who.companyId));
  }
  if (who.userAuthType === '2') {
    return query.where('projects.id', 'in', (qb) =>
      qb.selectFrom('user_projects').select('project_id').where('user_id', '=', who.userId),
    );
  }
  const prefix = areaPrefix(who.authAreaCode);
  // No area means no projects, never all of them. The prefix is digits only, so no LIKE escaping.
  if (!prefix) return query.where(sql<boolean>`false`);
  return query.where('projects.area_code', 'like', `${prefix}%`);
}

/** Ids of the projects in scope as a subquery, for tables that name a project (docs/metadata.md scope). */
export const projectIdsInScope = (db: Kysely<Database>, who: ScopeSubject) =>
  inScope(db, db.selectFrom('projects'), who).select('projects.id');

export async function projectsInScope(
  db: Kysely<Database>,
  who: ScopeSubject,
  page: { index: number; size: number },
): Promise<{ rows: ProjectRow[]; total: number }> {
  const base = inScope(db, db.selectFrom('projects'), who);
  const counted = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
  const rows = await base
    .selectAll('projects')
    .orderBy('projects.id')
    .limit(page.size)
    .offset(page.index * page.size)
    .execute();
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function projectInScope(db: Kysely<Database>, who: ScopeSubject, projectId: number): Promise<ProjectRow | null> {
  const row = await inScope(db, db.selectFrom('projects'), who)
    .selectAll('projects')
    .where('projects.id', '=', projectId)
    .executeTakeFirst();
  return row ?? null;
}

/** The first project in scope, the default for a project user (§2.6). */
export async function firstProjectInScope(db: Kysely<Database>, who: ScopeSubject): Promise<ProjectRow | null> {
  return (await projectsInScope(db, who, { index: 0, size: 1 })).rows[0] ?? null;
}

/** The columns WhereProjectListOfOrder may sort by (docs/api.md), by their wire names. */
export const PROJECT_SORTS = { id: 'id', projectName: 'name', projectNo: 'project_no', status: 'status', startDate: 'start_date', createdAt: 'created_at' } as const;
export type ProjectSort = { field: keyof typeof PROJECT_SORTS; order: 'asc' | 'desc' };

/** Projects in scope sorted as asked (id breaks ties), optionally those whose name holds `name`. */
export async function projectsInScopeSorted(
  db: Kysely<Database>,
  who: ScopeSubject,
  page: { index: number; size: number },
  sort: ProjectSort,
  name: string,
): Promise<{ rows: ProjectRow[]; total: number }> {
  let base = inScope(db, db.selectFrom('projects'), who);
  if (name) base = base.where(sql<boolean>`strpos(projects.name, ${name}) > 0`);
  const counted = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
  const rows = await base
    .selectAll('projects')
    .orderBy(`projects.${PROJECT_SORTS[sort.field]}`, sort.order)
    .orderBy('projects.id', sort.order)
    .limit(page.size)
    .offset(page.index * page.size)
    .execute();
  return { rows, total: Number(counted?.n ?? 0) };
}
