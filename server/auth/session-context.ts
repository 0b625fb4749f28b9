// What a request knows about its caller once the access token checked out. Kept per request only;
// the session itself lives in the database so any process can serve the next call (architecture §7).
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import type { ScopeSubject } from '../platform/projects';

export type SessionContext = {
  sessionId: number;
  user: UserRow;
  companyId: number;
  projectId: number | null;
  monitoring: boolean;
  originalCompanyId: number | null;
  /** Grants of the role that applies now (the original company's role while monitoring). */
  grants: ReadonlySet<string>;
  /** The client address of this request (request.ip, honouring TRUST_PROXY): the audit trail's. */
  address?: string;
  /**
   * Who the audit trail and the workflow history name instead of the user, for writes no person made: the
   * demo simulator acts with its plant manager's rights and is logged as 设备模拟器 (SIMULATOR_ACTOR).
   */
  actorName?: string;
};

const byRequest = new WeakMap<FastifyRequest, SessionContext>();

export const attachSession = (request: FastifyRequest, session: SessionContext): void => {
  byRequest.set(request, session);
};

/** The caller of a route that requires a session; the guard has run, so absence is a bug. */
export function sessionOf(request: FastifyRequest): SessionContext {
  const session = byRequest.get(request);
  if (!session) throw new Error(`no session attached for ${request.method} ${request.url}`);
  return session;
}

export const scopeOf = (session: SessionContext): ScopeSubject => ({
  userId: session.user.id,
  userAuthType: session.user.user_auth_type,
  authAreaCode: session.user.auth_area_code,
  companyId: session.companyId,
  monitoring: session.monitoring,
});
