// The one access check in front of every route (docs/api.md outcomes): access token → session (401),
// OrgDataAuthorityType 0 (code 0), monitoring read-only, admin-only and button grants (402). Monitoring
// lets through only the routes that declare themselves reads (or the user's own writes), whatever the
// HTTP method: what a route does is declared per route (policy.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { MESSAGES } from '../../common/constants';
import { fail } from '../../common/envelope';
import type { Database } from '../db/schema';
import { hasGrant } from '../platform/permissions';
import { SERVER_MESSAGES } from '../messages';
import { NO_AUTHORITY_ALLOWED, openInMonitoring, readPolicy, type RoutePolicy } from './policy';
import { attachSession } from './session-context';
import { loadSession } from './sessions';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/** The §3.6 cookie the browser client keeps its access token in (src/lib/storage.ts COOKIE.accessToken). */
export const ACCESS_TOKEN_COOKIE = 'access_token';

/** The access-token cookie, for routes whose policy allows it (`cookieAuth`, GET only). */
export function cookieToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== ACCESS_TOKEN_COOKIE) continue;
    try {
      const value = decodeURIComponent(part.slice(at + 1).trim());
      return value || null;
    } catch {
      return null;
    }
  }
  return null;
}

export type RouteDeclaration = { method: string; url: string; policy: RoutePolicy };
const declarations = new WeakMap<Kysely<Database>, RouteDeclaration[]>();

/** The routes behind the guard of the app over this database, with their declared policies (tests check every read declares itself). */
export const guardedRoutes = (db: Kysely<Database>): readonly RouteDeclaration[] => declarations.get(db) ?? [];

export function installGuard(app: FastifyInstance, db: Kysely<Database>): void {
  const declared: RouteDeclaration[] = [];
  declarations.set(db, declared);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) declared.push({ method, url: route.url, policy: readPolicy(route.config) });
  });

  app.addHook('onRequest', async (request, reply) => {
    const url = request.routeOptions.url;
    // Unknown paths fall through to the not-found handler (404 接口不存在).
    if (!url || request.is404) return;
    const policy = readPolicy(request.routeOptions.config);
    if (policy.public) return;

    // The header wins; the cookie only where a route allows it, and only for reads (no cross-site writes).
    const token = bearerToken(request) ?? (policy.cookieAuth && request.method === 'GET' ? cookieToken(request) : null);
    const session = token ? await loadSession(db, token) : null;
    if (!session) return reply.code(401).send(fail(MESSAGES.sessionExpired, 401));
    attachSession(request, { ...session, address: request.ip });

    if (session.user.org_data_authority_type === 0 && !NO_AUTHORITY_ALLOWED.has(url)) {
      return reply.send(fail(MESSAGES.noPermission, 0));
    }
    if (session.monitoring && !openInMonitoring(policy)) {
      return reply.send(fail(SERVER_MESSAGES.monitoringReadOnly, 402));
    }
    if (policy.adminOnly && !session.user.is_system_admin) return reply.send(fail(MESSAGES.noPermission, 402));
    if (policy.permission && !hasGrant(session.grants, policy.permission)) {
      return reply.send(fail(MESSAGES.noPermission, 402));
    }
  });
}
