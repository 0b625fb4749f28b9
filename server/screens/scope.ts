// The projects a screen aggregates over: those in the caller's scope (server/platform/projects.ts —
// enterprise users their company and its subsidiaries, project users their projects, government users
// their area), narrowed to one project when the screen names it (§2.4 pjctid1).
import { sql, type Kysely } from 'kysely';
import type { SessionContext } from '../auth/session-context';
import { scopeOf } from '../auth/session-context';
import type { Database } from '../db/schema';
import { parseId } from '../platform/ids';
import { projectIdsInScope, projectInScope } from '../platform/projects';
import { companyProjects, type ScreenCompanyQuery } from './company-scope';
import { OutOfScope, type ProjectIds } from './out-of-scope';

export { OutOfScope, type ProjectIds };

/** `company`: §2.4 enterpid1 / poctent1 / governmentid1, narrowing to the caller's projects of that company (company-scope.ts). */
export async function screenProjects(
  db: Kysely<Database>,
  session: SessionContext,
  projectId?: string | number | null,
  company: ScreenCompanyQuery = {},
): Promise<ProjectIds> {
  const who = scopeOf(session);
  const ofCompany = await companyProjects(db, who, company);
  const raw = projectId === undefined || projectId === null ? '' : String(projectId);
  if (raw.trim() === '') return ofCompany ?? projectIdsInScope(db, who);
  // Exactly the digits of a project id (server/platform/ids.ts): " 1", "1e0" or "0x1" name no project.
  const id = parseId(raw);
  const project = id === null ? null : await projectInScope(db, who, id);
  if (!project) throw new OutOfScope();
  if (ofCompany) {
    const inCompany = await sql`select 1 from projects where id = ${project.id} and id in (${ofCompany})`.execute(db);
    if (inCompany.rows.length === 0) throw new OutOfScope();
  }
  return sql`select ${project.id}::bigint`;
}
