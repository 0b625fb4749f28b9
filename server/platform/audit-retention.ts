// Retention of the audit trail (docs/metadata.md "Audit trail"): rows older than AUDIT_RETENTION_DAYS
// (default 180) are purged in batches on start and daily. Only this purge may delete audit rows: it sets
// zhgd.audit_purge for its own transaction, which the audit_log trigger (migration 005) lets through.
// One process purges at a time (a try-lock per batch; the others skip, there is nothing to wait for).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export const DEFAULT_AUDIT_RETENTION_DAYS = 180;
export const PURGE_BATCH = 5000;
export const PURGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** AUDIT_RETENTION_DAYS as a whole number of days ≥ 1; anything else is refused at start. */
export function auditRetentionDays(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_AUDIT_RETENTION_DAYS;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1 || days > 36_500) throw new Error(`AUDIT_RETENTION_DAYS must be a whole number of days from 1 to 36500, got "${value}"`);
  return days;
}

/** Deletes audit rows older than `days`, `batch` rows per transaction; answers how many went. */
export async function purgeAuditLog(db: Kysely<Database>, days: number, batch: number = PURGE_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await db.transaction().execute(async (trx) => {
      const lock = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext(current_schema() || ':audit_purge')) as locked`.execute(trx);
      if (!lock.rows[0]?.locked) return 0;
      await sql`select set_config('zhgd.audit_purge', 'on', true)`.execute(trx);
      const r = await sql<{ n: number }>`with gone as (
          delete from audit_log where id in (
            select id from audit_log where at < now() - make_interval(days => ${days}) order by at limit ${batch}
          ) returning 1
        ) select count(*)::int as n from gone`.execute(trx);
      return r.rows[0]?.n ?? 0;
    });
    total += removed;
    if (removed < batch) return total;
  }
}
