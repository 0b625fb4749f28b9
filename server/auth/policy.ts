// Who may call what (§6, docs/api.md outcomes). Routes state their policy in `config`; the guard
// enforces it before validation, so a caller without a session learns nothing about the body rules.
import { PATHS } from '../http/paths';

export type RoutePolicy = {
  /** Callable without an access token (getToken, login, logout, register). */
  public?: boolean;
  /** System administrators only (§6 IsSystemAdmin), else 402. */
  adminOnly?: boolean;
  /** A grant the role must hold, e.g. a button id `<node>:<action>` (§6), else 402. */
  permission?: string;
  /**
   * The route changes no data, whatever its HTTP method (a POST read such as WhereMulSelectList): open in
   * read-only monitoring (§1). A route that does not declare it counts as a write there.
   */
  readOnly?: boolean;
  /** Says explicitly that the route writes (e.g. a delete sent as GET); undeclared routes count as writes anyway. */
  writes?: boolean;
  /**
   * A write that stays open in read-only monitoring: the user's own session and settings, not the
   * company's data (switching company or project back, reading a notice, the own password, list columns).
   */
  monitoringWritable?: boolean;
  /**
   * A GET whose address the browser loads by itself (an uploaded image in `<img src>`), which cannot
   * send the bearer header: the access-token cookie the client sets (§3.6 access_token) is accepted too.
   */
  cookieAuth?: boolean;
};

// Routes state their policy in `config`; declared on Fastify's route config so it stays type-checked
// once a plugin (@fastify/multipart) adds keys of its own there.
declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends RoutePolicy {}
}

/** §6: a user with OrgDataAuthorityType 0 may call only these; everything else is code 0 没有权限. */
export const NO_AUTHORITY_ALLOWED: ReadonlySet<string> = new Set([
  PATHS.getToken,
  PATHS.login,
  PATHS.logout,
  PATHS.multiSelectList,
]);

/** §1 monitoring is read-only: a session may call a route there only when the route says so. */
export const openInMonitoring = (policy: RoutePolicy): boolean => policy.readOnly === true || policy.monitoringWritable === true;

export function readPolicy(config: unknown): RoutePolicy {
  const c = (config ?? {}) as Record<string, unknown>;
  return {
    public: c.public === true,
    adminOnly: c.adminOnly === true,
    permission: typeof c.permission === 'string' ? c.permission : undefined,
    readOnly: c.readOnly === true,
    writes: c.writes === true,
    monitoringWritable: c.monitoringWritable === true,
    cookieAuth: c.cookieAuth === true,
  };
}
