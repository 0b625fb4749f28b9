// Applies pending migrations on start and records them. The advisory lock keeps two app processes
// starting against the same PostgreSQL schema (architecture §7 scale-out) from migrating at once.
import { sql, type Kysely } from 'kysely';
import type { Migration } from './migrations/types';
import type { Database } from './schema';

export async function migrate(db: Kysely<Database>, migrations: readonly Migration[]): Promise<string[]> {
  await sql`create table if not exists schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`.execute(db);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(current_schema()))`.execute(trx);
    const done = new Set((await trx.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      for (const statement of migration.statements) await sql.raw(statement).execute(trx);
      await trx.insertInto('schema_migrations').values({ name: migration.name }).execute();
      applied.push(migration.name);
    }
    return applied;
  });
}
