// §2.4 query-addressed screens (docs/console-shell.md "Screens addressed by a company"): enterpid1 names a
// company (its own and its subsidiaries' projects), poctent1 a participating unit (参建单位, the projects it
// takes part in), governmentid1 a supervision body (the projects inside its area). The screen then
// covers the caller's projects of that company, never more: the answer is always scope ∩ company. A
// company the caller may not look at is refused like a project outside the scope (OutOfScope).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { companyById, subtreeIds } from '../platform/companies';
import { parseId } from '../platform/ids';
import { areaPrefix, projectIdsInScope, type ScopeSubject } from '../platform/projects';
import { OutOfScope, type ProjectIds } from './out-of-scope';

export type ScreenCompanyQuery = { enterpid1?: string; poctent1?: string; governmentid1?: string };
export const SCREEN_COMPANY_KEYS = ['enterpid1', 'poctent1', 'governmentid1'] as const;

type Named = { key: (typeof SCREEN_COMPANY_KEYS)[number]; id: number };

/** The one company the address names (the first of the three keys given), null when none. */
function namedCompany(q: ScreenCompanyQuery): Named | null {
  for (const key of SCREEN_COMPANY_KEYS) {
    const raw = (q[key] ?? '').trim();
    if (raw === '') continue;
    const id = parseId(raw);
    if (id === null) throw new OutOfScope();
    return { key, id };
  }
  return null;
}

/** The caller looks at the company itself: an enterprise user's own company tree, a supervisor's own area. */
async function ownsCompany(db: Kysely<Database>, who: ScopeSubject, named: Named, area: string): Promise<boolean> {
  if (named.key === 'governmentid1') {
    const own = areaPrefix(who.authAreaCode);
    return who.userAuthType === '1' && !who.monitoring && own !== '' && area.startsWith(own);
  }
  if (named.key === 'enterpid1' && (who.monitoring || who.userAuthType === '0')) {
    const hit = await db.selectFrom('companies').select('id').where('id', '=', named.id).where('id', 'in', subtreeIds(db, who.companyId)).executeTakeFirst();
    return hit !== undefined;
  }
  return false;
}

/**
 * The caller's projects of the named company as a subquery, or null when the address names none.
 * Refused (OutOfScope) when the company does not exist, has no area (governmentid1), or is neither the
 * caller's own (ownsCompany) nor shares a project with the caller's scope.
 */
export async function companyProjects(db: Kysely<Database>, who: ScopeSubject, q: ScreenCompanyQuery): Promise<ProjectIds | null> {
  const named = namedCompany(q);
  if (!named) return null;
  const company = await companyById(db, named.id);
  if (!company) throw new OutOfScope();
  const area = areaPrefix(company.area_code);
  const ofCompany =
    named.key === 'enterpid1'
      ? db.selectFrom('projects').select('projects.id').where('company_id', 'in', subtreeIds(db, named.id))
      : named.key === 'poctent1'
        ? db.selectFrom('project_orgs').select('project_orgs.project_id as id').where('company_id', '=', named.id)
        : area === ''
          ? null
          : db.selectFrom('projects').select('projects.id').where('area_code', 'like', `${area}%`);
  if (!ofCompany) throw new OutOfScope();
  const covered = db.selectFrom('projects').select('projects.id').where('projects.id', 'in', projectIdsInScope(db, who)).where('projects.id', 'in', ofCompany);
  if (!(await ownsCompany(db, who, named, area))) {
    const shared = await covered.limit(1).executeTakeFirst();
    if (!shared) throw new OutOfScope();
  }
  return covered;
}
