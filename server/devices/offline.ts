// Offline detection (docs/device-ingestion.md): a device online but silent for `afterMs` is marked offline
// and gets one `offline` Alarm (设备离线); its next reading or heartbeat marks it online again (ingest.ts)
// and closes that alarm. The flip is one UPDATE … WHERE online, so with several processes each device is
// flipped — and alarmed — once.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { dynamicDb } from '../engine/dynamic-db';
import type { DeviceTables } from './tables';

export async function markOffline(db: Kysely<Database>, tables: DeviceTables, afterMs: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - afterMs).toISOString();
  return db.transaction().execute(async (trx) => {
    const gone = await sql<{ device_code: string; company_id: number | null; project_id: number; last_seen_at: Date | string }>`
      update ${sql.id(tables.device)} set online = false, updated_at = ${now.toISOString()}::timestamptz
      where if_del = 0 and online = true and last_seen_at < ${cutoff}::timestamptz
      returning device_code, company_id, project_id, last_seen_at`.execute(trx);
    if (gone.rows.length === 0) return 0;
    const minutes = Math.round(afterMs / 60_000);
    await dynamicDb(trx as unknown as Kysely<Database>)
      .insertInto(tables.alarm)
      .values(
        gone.rows.map((d) => ({
          company_id: d.company_id,
          project_id: d.project_id,
          device_code: d.device_code,
          alarm_time: now.toISOString(),
          alarm_kind: 'offline',
          alarm_level: '3',
          message: `设备超过${minutes}分钟未上报数据`,
          handled: false,
        })),
      )
      .execute();
    return gone.rows.length;
  });
}

/** Runs markOffline every `everyMs` (default a minute); a failure is logged, not fatal. */
export function startOfflineSweep(
  db: Kysely<Database>,
  tables: DeviceTables,
  afterMs: number,
  log: { warn: (o: object, msg: string) => void },
  everyMs = 60_000,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => markOffline(db, tables, afterMs)).catch((err: unknown) => log.warn({ err }, 'offline sweep failed'));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
