// Who may call what (§6, docs/api.md outcomes). Routes state their policy in `config`; the guard
// enforces it before validation, so a caller without a session learns nothing about the body rules.
import { PATHS } from '../routes/paths';

export type RoutePolicy = {
  /** Callable without an access token (getToken, login, logout, register). */
  public?: boolean;
  /** System administrators only (§6 IsSystemAdmin), else 402. */
  adminOnly?: boolean;
  /** A grant the role must hold, e.g. a button id `<node>:<action>` (§6), else 402. */
  permission?: string;
  /** A write that stays open in read-only monitoring: the user's own settings, not the company's data. */
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

/** §1 monitoring is read-only: of the mutating calls only these stay open (switching back, reading notices, leaving). */
export const MONITORING_WRITABLE: ReadonlySet<string> = new Set([
  PATHS.switchCompany,
  PATHS.switchProject,
  PATHS.noticeRead,
  PATHS.logout,
  PATHS.modifyPassword,
]);

export const MUTATING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function readPolicy(config: unknown): RoutePolicy {
  const c = (config ?? {}) as Record<string, unknown>;
  return {
    public: c.public === true,
    adminOnly: c.adminOnly === true,
    permission: typeof c.permission === 'string' ? c.permission : undefined,
    monitoringWritable: c.monitoringWritable === true,
    cookieAuth: c.cookieAuth === true,
  };
}
