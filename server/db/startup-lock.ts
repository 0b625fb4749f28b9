// One database-wide lock around everything a start writes (migrations, seeds, entity tables, demo data),
// so any number of processes can start at once on the same PostgreSQL schema: the first does the work,
// the others wait, then find it done. A session-level advisory lock on one connection taken from the pool
// for the whole start (Kysely's pool would otherwise hand each query a different connection); the work
// runs on that same connection. PGlite is one connection, so there the lock is trivially held.
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** Distinct from the migration transaction's lock key (server/db/migrate.ts). */
const KEY = sql`hashtext(current_schema() || ':startup')`;

export function withStartupLock<T>(db: Kysely<Database>, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${KEY})`.execute(conn);
    try {
      return await work(conn);
    } finally {
      await sql`select pg_advisory_unlock(${KEY})`.execute(conn);
    }
  });
}
