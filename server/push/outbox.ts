// The push outbox (docs/push.md "Outbox"): whoever writes data a platform receives calls enqueuePush with the
// same transaction (or database) it wrote the source row with, so the item exists exactly when the row does.
// One outbox row per item and enabled push configuration of the row's project that has an AppSecret; the
// unique (config, data type, source) key keeps a row written twice from being queued twice.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** pushDataType codes the worker sends (schemas/dictionaries/pushDataType.json). */
export const PUSH_DATA_TYPES = { attendance: '2', dust: '3' } as const;
export type PushDataType = (typeof PUSH_DATA_TYPES)[keyof typeof PUSH_DATA_TYPES];

/** The entity tables of schemas/entities/push-config.json and push-record.json. */
export const PUSH_CONFIG_TABLE = 'push_config';
export const PUSH_RECORD_TABLE = 'push_record';

export type PushItem = { projectId: number | string; sourceId: string; payload: Record<string, unknown> };

/** A source id for content that may be written again (an attendance row closed later): the row id and a digest of what is sent. */
export const contentSourceId = (rowId: number | string, payload: Record<string, unknown>): string =>
  `${rowId}-${createHash('sha1').update(JSON.stringify(payload)).digest('hex').slice(0, 16)}`;

/** Queues the items for every enabled configuration of their projects sending this data type; returns the rows queued. */
export async function enqueuePush(db: Kysely<Database>, dataType: PushDataType, items: readonly PushItem[]): Promise<number> {
  if (items.length === 0) return 0;
  const projects = [...new Set(items.map((i) => String(i.projectId)))];
  const configs = (
    await sql<{ id: string | number; project_id: string | number }>`
      select id, project_id from ${sql.id(PUSH_CONFIG_TABLE)}
      where if_del = 0 and enabled = true and data_type = ${dataType} and coalesce(app_secret, '') <> ''
        and project_id in (${sql.join(projects.map(Number))})`.execute(db)
  ).rows;
  if (configs.length === 0) return 0;
  const values = [];
  for (const item of items) {
    for (const c of configs) {
      if (String(c.project_id) !== String(item.projectId)) continue;
      values.push(sql`(${Number(c.id)}, ${Number(item.projectId)}, ${dataType}, ${item.sourceId.slice(0, 40)}, ${JSON.stringify(item.payload)}::jsonb)`);
    }
  }
  if (values.length === 0) return 0;
  const inserted = await sql`insert into push_outbox (config_id, project_id, data_type, source_id, payload)
    values ${sql.join(values)} on conflict (config_id, data_type, source_id) do nothing`.execute(db);
  return Number(inserted.numAffectedRows ?? 0);
}

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const numOrNull = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

/** An attendance row (column names) and its worker's ID number → the item sent to a real-name labour platform. */
export function attendancePayload(row: Record<string, unknown>, idCardNo: string | null): Record<string, unknown> {
  const workDate = row.work_date instanceof Date ? row.work_date.toISOString().slice(0, 10) : String(row.work_date ?? '').slice(0, 10);
  return {
    recordId: String(row.id),
    workerId: String(row.worker_id),
    workerName: row.worker_name ?? null,
    idCardNo,
    teamName: row.team_name ?? null,
    jobType: row.job_type ?? null,
    workDate,
    inTime: iso(row.in_time),
    outTime: iso(row.out_time),
    workHours: numOrNull(row.work_hours),
    deviceName: row.device_name ?? null,
  };
}

/** Queues attendance rows (column names, with id): reads their workers' ID numbers in the same transaction. */
export async function enqueueAttendance(db: Kysely<Database>, workerTable: string, rows: ReadonlyArray<Record<string, unknown>>): Promise<number> {
  if (rows.length === 0) return 0;
  const workerIds = [...new Set(rows.map((r) => Number(r.worker_id)).filter((n) => Number.isSafeInteger(n)))];
  const ids = new Map<string, string | null>();
  if (workerIds.length > 0) {
    const found = await sql<{ id: string | number; id_card_no: string | null }>`
      select id, id_card_no from ${sql.id(workerTable)} where id in (${sql.join(workerIds)})`.execute(db);
    for (const w of found.rows) ids.set(String(w.id), w.id_card_no);
  }
  return enqueuePush(
    db,
    PUSH_DATA_TYPES.attendance,
    rows.map((r) => {
      const payload = attendancePayload(r, ids.get(String(r.worker_id)) ?? null);
      return { projectId: r.project_id as number, sourceId: contentSourceId(String(r.id), payload), payload };
    }),
  );
}

/** Dust readings (column names, with id) of dust monitors → items for a 扬尘 monitoring platform. */
export async function enqueueDust(db: Kysely<Database>, rows: ReadonlyArray<Record<string, unknown>>): Promise<number> {
  const dust = rows.filter((r) => r.pm10 !== undefined && r.pm10 !== null);
  return enqueuePush(
    db,
    PUSH_DATA_TYPES.dust,
    dust.map((r) => ({
      projectId: r.project_id as number,
      sourceId: String(r.id),
      payload: {
        readingId: String(r.id),
        deviceCode: r.device_code,
        readingTime: iso(r.reading_time),
        pm25: numOrNull(r.pm25),
        pm10: numOrNull(r.pm10),
        tsp: numOrNull(r.tsp),
        noise: numOrNull(r.noise),
        temperature: numOrNull(r.temperature),
        humidity: numOrNull(r.humidity),
        windSpeed: numOrNull(r.wind_speed),
        windDirection: numOrNull(r.wind_direction),
      },
    })),
  );
}
