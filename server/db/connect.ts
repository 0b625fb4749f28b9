// Opens the database the app runs on: embedded PGlite (a data folder, or in memory) by default, or a
// PostgreSQL server when a URL is given (architecture §2). With `isolate`, a PostgreSQL connection gets
// a fresh schema of its own, dropped on close, so test files can share one database in parallel.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir: string | 'memory' }
  | { kind: 'postgres'; url: string; isolate?: boolean; schema?: string };

export type DatabaseHandle = {
  db: Kysely<Database>;
  /** Where the data lives, for the start-up log (never the password of a URL). */
  describe: string;
  close: () => Promise<void>;
};

const ISOLATED_SCHEMA = /^t_[0-9a-f]{16}$/;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'pglite') return openPglite(options.dataDir);
  if (options.schema) return openPostgresShared(options.url, options.schema);
  return openPostgres(options.url, options.isolate ?? false);
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  if (dataDir !== 'memory') mkdirSync(dataDir, { recursive: true });
  const pglite = dataDir === 'memory' ? await PGlite.create() : await PGlite.create(dataDir);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, describe: dataDir === 'memory' ? 'PGlite (内存)' : `PGlite ${dataDir}`, close: () => db.destroy() };
}

async function openPostgres(url: string, isolate: boolean): Promise<DatabaseHandle> {
  const schema = isolate ? `t_${randomBytes(8).toString('hex')}` : null;
  if (schema) await runAdmin(url, (client) => client.query(`create schema ${pg.escapeIdentifier(checked(schema))}`));
  const handle = postgresPool(url, schema);
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
async function openPostgresShared(url: string, schema: string): Promise<DatabaseHandle> {
  await runAdmin(url, (client) =>
    // Two starts may create it at the same moment: the loser's unique violation means it exists.
    client.query(`create schema if not exists ${pg.escapeIdentifier(checked(schema))}`).catch((error: { code?: string }) => {
      if (error.code !== '23505' && error.code !== '42P06') throw error;
    }),
  );
  const handle = postgresPool(url, schema);
  return { ...handle, close: () => handle.db.destroy() };
}

/** Drops a schema made for `schema` above (tests). */
export const dropSchema = (url: string, schema: string): Promise<void> =>
  runAdmin(url, (client) => client.query(`drop schema if exists ${pg.escapeIdentifier(checked(schema))} cascade`));

function postgresPool(url: string, schema: string | null): Omit<DatabaseHandle, 'close'> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${checked(schema)}` } : {}),
  });
  // An idle client dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL idle connection error: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const where = new URL(url);
  return { db, describe: `PostgreSQL ${where.hostname}:${where.port || '5432'}${where.pathname}${schema ? ` (schema ${schema})` : ''}` };
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
