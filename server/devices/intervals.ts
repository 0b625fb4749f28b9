// Writes HJ 212 interval records (env_interval, hj212/intervals.ts) and signs of life. An interval upload's
// records go in one statement with the device's last-seen update, idempotent on env_interval's unique key
// (device, kind, period start, factor): a retransmitted or re-sent record is answered and not stored again.
// Interval records raise no alarm: exceedances and faults come from the real-time readings (ingest.ts).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { dynamicDb } from '../engine/dynamic-db';
import type { IntervalKind, IntervalRecord } from './hj212/intervals';
import type { KnownDevice } from './reading';
import type { DeviceTables } from './tables';

export type IntervalUpload = { device: KnownDevice; kind: IntervalKind; at: Date; qn?: string; records: readonly IntervalRecord[] };

/** Marks devices seen now (online) and closes their open 设备离线 alarms, inside `db` (a transaction or not). */
export async function markSeen(db: Kysely<Database>, tables: DeviceTables, devices: readonly KnownDevice[]): Promise<void> {
  if (devices.length === 0) return;
  const nowIso = new Date().toISOString();
  await sql`update ${sql.id(tables.device)} set last_seen_at = ${nowIso}::timestamptz, online = true
    where id in (${sql.join([...new Set(devices.map((d) => d.id))])})`.execute(db);
  await sql`update ${sql.id(tables.alarm)} set recovered_at = ${nowIso}::timestamptz, updated_at = ${nowIso}::timestamptz
    where alarm_kind = 'offline' and recovered_at is null and device_code in (${sql.join([...new Set(devices.map((d) => d.code))])})`.execute(db);
}

/** Stores an interval upload; answers how many of its records were new (0: a copy of one stored before). */
export async function storeIntervals(db: Kysely<Database>, tables: DeviceTables, upload: IntervalUpload): Promise<number> {
  const { device, kind, at, qn, records } = upload;
  const rows = records.map((r) => ({
    company_id: device.companyId,
    project_id: device.projectId,
    device_code: device.code,
    interval_kind: kind,
    data_time: at.toISOString(),
    factor: r.factor,
    avg_value: r.avg ?? null,
    min_value: r.min ?? null,
    max_value: r.max ?? null,
    cou_value: r.cou ?? null,
    data_flag: r.flag,
    qn: qn ?? null,
  }));
  return db.transaction().execute(async (trx) => {
    const stored = rows.length === 0 ? [] : await dynamicDb(trx).insertInto(tables.interval).values(rows).onConflict((oc) => oc.doNothing()).returning('id').execute();
    await markSeen(trx, tables, [device]);
    return stored.length;
  });
}
