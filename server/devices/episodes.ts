// Alarm episodes (docs/device-ingestion.md): a (device, alarm kind) crossing its threshold opens one Alarm
// (monitor_alarm, recovered_at null) unless one is open; a later reading back under every limit of that
// kind closes it (recovered_at). Decided under a transaction-scoped advisory lock, so several processes
// never open two alarms for one episode.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { dynamicDb } from '../engine/dynamic-db';
import { alarmLevel } from './limits';
import type { IngestStats, Reading } from './reading';
import type { Check } from './thresholds';

const EPISODE_LOCK = 'device alarm episodes';

/** Opens and closes alarm episodes for the checks of a batch (in reading order), counting them in `stats`. */
export async function decideEpisodes(trx: Kysely<Database>, alarmTable: string, batch: Array<{ r: Reading; checks: Check[] }>, stats: IngestStats): Promise<void> {
  const watched = batch.filter((b) => b.checks.length > 0);
  if (watched.length === 0) return;
  await sql`select pg_advisory_xact_lock(hashtext(${EPISODE_LOCK}))`.execute(trx);
  const codes = [...new Set(watched.map((b) => b.r.device.code))];
  const open = await sql<{ id: number | string; device_code: string; alarm_kind: string }>`
    select id, device_code, alarm_kind from ${sql.id(alarmTable)}
    where recovered_at is null and device_code in (${sql.join(codes)})`.execute(trx);
  const openIds = new Map<string, Array<number | string>>();
  for (const a of open.rows) {
    const key = `${a.device_code}\u0000${a.alarm_kind}`;
    openIds.set(key, [...(openIds.get(key) ?? []), a.id]);
  }
  const ddb = dynamicDb(trx);
  for (const { r, checks } of watched) {
    const kinds = new Map<string, Check[]>();
    for (const c of checks) kinds.set(c.alarmKind, [...(kinds.get(c.alarmKind) ?? []), c]);
    for (const [kind, list] of kinds) {
      const key = `${r.device.code}\u0000${kind}`;
      const over = list.find((c) => c.over);
      const ids = openIds.get(key);
      if (over && !ids) {
        const inserted = await ddb
          .insertInto(alarmTable)
          .values({
            company_id: r.device.companyId,
            project_id: r.device.projectId,
            device_code: r.device.code,
            alarm_time: r.at.toISOString(),
            alarm_kind: kind,
            alarm_level: over.level ?? alarmLevel(over.value, over.limit),
            message: over.message,
            value: over.value,
            threshold: over.limit,
            handled: false,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        openIds.set(key, [inserted.id as number]);
        stats.alarmsOpened += 1;
      } else if (!over && ids) {
        await sql`update ${sql.id(alarmTable)} set recovered_at = ${r.at.toISOString()}::timestamptz, updated_at = now()
          where id in (${sql.join(ids)})`.execute(trx);
        openIds.delete(key);
        stats.alarmsClosed += 1;
      }
    }
  }
}
