// What every route module needs, handed over explicitly when it is registered (no global state).
import type { Kysely } from 'kysely';
import type { LoginPolicy } from './auth/login-limits';
import type { Database } from './db/schema';
import type { LiveSchemas } from './platform/live-schemas';
import type { Catalog } from './platform/catalog';

export type AppContext = {
  db: Kysely<Database>;
  catalog: Catalog;
  /** Lifetime of an access token (12 h in production, shorter in the expiry test). */
  sessionTtlMs: number;
  /** Generic lists past this many rows answer the planner's estimate (default 100,000; tests set a small one). */
  estimateCountAbove?: number;
  /** Engine writes record audit rows (default on); off only for bench:audit's baseline. */
  auditTrail?: boolean;
  /** Validators compile on first use (BuildOptions.lazyValidators, the server tests). */
  lazyValidators?: boolean;
  /** Login limits (server/auth/login-limits.ts); default DEFAULT_LOGIN_POLICY. */
  loginPolicy?: LoginPolicy;
  /** The schemas' version and the catalog pages are applied to in place (server/platform/live-schemas.ts). */
  liveSchemas: LiveSchemas;
};
