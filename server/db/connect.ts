// Opens the database the app runs on: embedded PGlite (a data folder, or in memory) by default, or a
// PostgreSQL server when a URL is given (architecture §2). With `isolate`, a PostgreSQL connection gets
// a fresh schema of its own, dropped on close, so test files can share one database in parallel.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { DatabaseAdmission, pgliteMaxRequests, pgliteMaxWaitMs } from './admission';
import { Mutex } from './mutex';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

/** Called after every query with its SQL and duration (diagnostics, tests counting queries). */
export type QueryLog = (query: { sql: string; ms: number }) => void;

export type DatabaseOptions = (
  /** `snapshot`: an in-memory database starts as this dumped data folder (PGlite dumpDataDir). */
  /** `maxWaitMs`: a request's bound on waiting for PGlite before it is refused (default PGLITE_MAX_WAIT_MS, server/db/admission.ts). */
  | { kind: 'pglite'; dataDir: string | 'memory'; snapshot?: Blob; maxWaitMs?: number }
  | { kind: 'postgres'; url: string; isolate?: boolean; schema?: string }
) & { queryLog?: QueryLog };

/** A dedicated connection that LISTENs on one channel (PostgreSQL only); reconnects itself. */
export type Listener = { close: () => Promise<void> };
export type ListenHandlers = {
  onNotify: (payload: string) => void;
  /** After a reconnect: notifications may have been missed meanwhile. */
  onReconnect: () => void;
  onError: (error: Error) => void;
};
export type Listen = (channel: string, handlers: ListenHandlers) => Promise<Listener>;

export type DatabaseHandle = {
  db: Kysely<Database>;
  /** PostgreSQL: LISTEN on a connection of its own; null on PGlite (one process owns the data). */
  listen: Listen | null;
  /**
   * PGlite: the admission of requests to its one connection (server/db/admission.ts), refused with 503 past
   * a bound instead of queueing without end; null on PostgreSQL (its pool has limits of its own).
   */
  admission: DatabaseAdmission | null;
  /** Where the data lives, for the start-up log (never the password of a URL). */
  describe: string;
  close: () => Promise<void>;
};

const ISOLATED_SCHEMA = /^t_[0-9a-f]{16}$/;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const log = options.queryLog ? kyselyLog(options.queryLog) : undefined;
  if (options.kind === 'pglite') return openPglite(options.dataDir, log, options.snapshot, options.maxWaitMs ?? pgliteMaxWaitMs());
  if (options.schema) return openPostgresShared(options.url, options.schema, log);
  return openPostgres(options.url, options.isolate ?? false, log);
}

type KyselyLog = (event: LogEvent) => void;
const kyselyLog = (queryLog: QueryLog): KyselyLog => (event) => queryLog({ sql: event.query.sql, ms: event.queryDurationMillis });

async function openPglite(dataDir: string, log: KyselyLog | undefined, snapshot: Blob | undefined, maxWaitMs: number): Promise<DatabaseHandle> {
  if (dataDir !== 'memory') mkdirSync(dataDir, { recursive: true });
  // pg_trgm ships with PGlite: trigram indexes for contains-search (server/metadata/table-indexes.ts).
  const extensions = { pg_trgm };
  const pglite =
    dataDir === 'memory' ? await PGlite.create({ extensions, ...(snapshot ? { loadDataDir: snapshot } : {}) }) : await PGlite.create(dataDir, { extensions });
  const mutex = new Mutex();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite, mutex), log });
  const admission = new DatabaseAdmission(mutex, maxWaitMs, pgliteMaxRequests());
  return { db, listen: null, admission, describe: dataDir === 'memory' ? 'PGlite (内存)' : `PGlite ${dataDir}`, close: () => db.destroy() };
}

async function openPostgres(url: string, isolate: boolean, log?: KyselyLog): Promise<DatabaseHandle> {
  const schema = isolate ? `t_${randomBytes(8).toString('hex')}` : null;
  if (schema) await runAdmin(url, (client) => client.query(`create schema ${pg.escapeIdentifier(checked(schema))}`));
  const handle = postgresPool(url, schema, log);
  return {
    ...handle,
    close: async () => {
      await handle.db.destroy();
      if (schema) await runAdmin(url, (client) => client.query(`drop schema ${pg.escapeIdentifier(checked(schema))} cascade`));
    },
  };
}

/**
 * Tests only: a named schema (t_ and 16 hex digits) that several apps share, created if missing and left
 * in place on close, so two processes starting together on one fresh schema can be reproduced.
 */
async function openPostgresShared(url: string, schema: string, log?: KyselyLog): Promise<DatabaseHandle> {
  await runAdmin(url, (client) =>
    // Two starts may create it at the same moment: the loser's unique violation means it exists.
    client.query(`create schema if not exists ${pg.escapeIdentifier(checked(schema))}`).catch((error: { code?: string }) => {
      if (error.code !== '23505' && error.code !== '42P06') throw error;
    }),
  );
  const handle = postgresPool(url, schema, log);
  return { ...handle, close: () => handle.db.destroy() };
}

/** Drops a schema made for `schema` above (tests). */
export const dropSchema = (url: string, schema: string): Promise<void> =>
  runAdmin(url, (client) => client.query(`drop schema if exists ${pg.escapeIdentifier(checked(schema))} cascade`));

/**
 * Settings every connection starts with: JIT off — the console's queries are short index reads and rollup
 * sums whose row estimates (a 24-hour series joined by range) can pass jit_above_cost, and compiling one
 * took 185 ms of a 16 ms query at a million rows (docs/screens-api.md) — then the URL's own `options`, then
 * the schema when one is given. pg lets a connection string's `options` win over the config's, so they move
 * from the URL into ours.
 */
function connectionConfig(url: string, schema: string | null): pg.PoolConfig {
  const bare = new URL(url);
  const fromUrl = bare.searchParams.get('options');
  bare.searchParams.delete('options');
  const options = ['-c jit=off', fromUrl, schema ? `-c search_path=${checked(schema)}` : null].filter(Boolean).join(' ');
  return { connectionString: bare.toString(), options };
}

function postgresPool(url: string, schema: string | null, log?: KyselyLog): Omit<DatabaseHandle, 'close'> {
  const config = connectionConfig(url, schema);
  const pool = new pg.Pool({ ...config, max: poolSize() });
  // An idle client dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL idle connection error: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  const where = new URL(url);
  return {
    db,
    listen: (channel, handlers) => listenOn(config, channel, handlers),
    admission: null,
    describe: `PostgreSQL ${where.hostname}:${where.port || '5432'}${where.pathname}${schema ? ` (schema ${schema})` : ''}`,
  };
}

/**
 * Connections per process (DATABASE_POOL_SIZE, default 20). Light queries (the session lookup, a page of a
 * list) then rarely queue behind a few heavy screen aggregations; PostgreSQL's default max_connections
 * (100) leaves room for several processes.
 */
export function poolSize(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.DATABASE_POOL_SIZE ?? 20);
  return Number.isInteger(n) && n >= 1 && n <= 500 ? n : 20;
}

const RECONNECT_MS = 1000;

/** LISTEN on a client outside the pool; a dropped connection is reopened after a second. */
async function listenOn(config: pg.ClientConfig, channel: string, handlers: ListenHandlers): Promise<Listener> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = new pg.Client(config);
    c.on('notification', (n) => {
      if (n.channel === channel) handlers.onNotify(n.payload ?? '');
    });
    c.on('error', (error) => {
      handlers.onError(error);
      reopen(c);
    });
    c.on('end', () => reopen(c));
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await c.end().catch(() => undefined);
      throw error;
    }
    client = c;
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().then(handlers.onReconnect, (error: Error) => {
        handlers.onError(error);
        schedule();
      });
    }, RECONNECT_MS);
  };
  const reopen = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    void c.end().catch(() => undefined);
    schedule();
  };
  await connect();
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}

/** The schema name is generated here, never taken from input; checked anyway before it reaches SQL. */
function checked(schema: string): string {
  if (!ISOLATED_SCHEMA.test(schema)) throw new Error(`invalid schema name ${schema}`);
  return schema;
}

async function runAdmin(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
