// The seeded demo database as a PGlite dump (global-setup.ts builds it, startApp loads it).
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely } from 'kysely';
import { prepareDatabase } from '../../server/app';
import type { Database } from '../../server/db/schema';
import { PGliteDialect } from '../../server/db/pglite-dialect';
import { auditRetentionDays } from '../../server/platform/audit-retention';
import { loadCatalog } from '../../server/platform/catalog';

/** What buildApp's start writes into an empty in-memory database (prepareDatabase, demo seed), dumped. */
export async function buildSnapshot(): Promise<Blob> {
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  try {
    await prepareDatabase(db, loadCatalog(), { seed: true, auditRetentionDays: auditRetentionDays(process.env.AUDIT_RETENTION_DAYS) });
    return await pglite.dumpDataDir('none');
  } finally {
    await db.destroy();
  }
}

let loaded: Blob | undefined;
/** The dump of this run, read once per worker. */
export function snapshotBlob(file: string): Blob {
  loaded ??= new Blob([readFileSync(file)]);
  return loaded;
}
