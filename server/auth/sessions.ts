// Access-token sessions (architecture §6): stored by token hash, 12 h lifetime, revoked on logout and
// on password change. Every lookup goes to the database, so sessions survive restarts and scale out.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ALL } from '../platform/permissions';
import type { SessionContext } from './session-context';
import { newToken, tokenHash } from './tokens';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export async function createSession(
  db: Kysely<Database>,
  start: { userId: number; companyId: number; projectId: number | null },
  ttlMs: number = SESSION_TTL_MS,
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: tokenHash(token),
      user_id: start.userId,
      company_id: start.companyId,
      project_id: start.projectId,
      expires_at: new Date(Date.now() + ttlMs),
    })
    .execute();
  return token;
}

/**
 * The session of an access token with its user and grants, in one indexed query (token_hash is unique;
 * memberships by (user_id, company_id); role_grants by role_id): every request pays one round trip, and
 * a logout or password change (revoked_at) takes effect on the very next request, in every process.
 */
export async function loadSession(db: Kysely<Database>, token: string): Promise<SessionContext | null> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('u')
    .select((eb) => [
      's.id as session_id',
      's.company_id as session_company_id',
      's.project_id as session_project_id',
      's.monitoring as session_monitoring',
      's.original_company_id as session_original_company_id',
      // The grants of the role that applies now: the original company's while monitoring (grantsIn).
      sql<string[]>`array(${eb
        .selectFrom('memberships as m')
        .innerJoin('role_grants as g', 'g.role_id', 'm.role_id')
        .select('g.node_id')
        .whereRef('m.user_id', '=', 'u.id')
        .where(
          'm.company_id',
          '=',
          sql<number>`case when s.monitoring and s.original_company_id is not null then s.original_company_id else s.company_id end`,
        )})`.as('session_grants'),
    ])
    .where('s.token_hash', '=', tokenHash(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return null;
  const {
    session_id,
    session_company_id,
    session_project_id,
    session_monitoring,
    session_original_company_id,
    session_grants,
    ...user
  } = row;
  return {
    sessionId: session_id,
    user,
    companyId: session_company_id,
    projectId: session_project_id,
    monitoring: session_monitoring,
    originalCompanyId: session_original_company_id,
    grants: user.is_system_admin ? new Set([ALL]) : new Set(session_grants),
  };
}

export async function updateSession(
  db: Kysely<Database>,
  sessionId: number,
  change: { companyId?: number; projectId?: number | null; monitoring?: boolean; originalCompanyId?: number | null },
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({
      ...(change.companyId !== undefined ? { company_id: change.companyId } : {}),
      ...(change.projectId !== undefined ? { project_id: change.projectId } : {}),
      ...(change.monitoring !== undefined ? { monitoring: change.monitoring } : {}),
      ...(change.originalCompanyId !== undefined ? { original_company_id: change.originalCompanyId } : {}),
    })
    .where('id', '=', sessionId)
    .execute();
}

export async function revokeSessionByToken(db: Kysely<Database>, token: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash(token))
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllSessions(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
