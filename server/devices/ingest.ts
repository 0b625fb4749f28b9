// The one way device data enters (docs/device-ingestion.md): the HJ 212 listener and the HTTP endpoint both
// hand readings to an Ingest, which writes them in small batches (one insert per table, one device update,
// one alarm pass per flush) and resolves each submit once its batch is committed, so an acknowledgement is
// sent only for stored data. Alarms follow episodes (episodes.ts).
import { BlockList } from 'node:net';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { dynamicDb } from '../engine/dynamic-db';
import { enqueueDust } from '../push/outbox';
import { storeAiEvents } from './ai-events';
import { parseSourceList } from './hj212/access';
import { decideEpisodes } from './episodes';
import { markSeen, storeIntervals, type IntervalUpload } from './intervals';
import type { IngestStats, KnownDevice, Reading } from './reading';
import { READING_KIND_OF, type DeviceTables } from './tables';
import { faultCheck, Thresholds } from './thresholds';

export type { DeviceEvent, IngestStats, KnownDevice, Reading } from './reading';

/** What became of a reading: stored, or a copy of one stored before (answered all the same). */
export type Stored = 'stored' | 'duplicate';

export type IngestOptions = {
  /** Longest wait before a batch is written; default 100 ms. */
  flushMs?: number;
  /** A batch this large is written at once; default 500. */
  maxBatch?: number;
  /** How long a device lookup is cached; default 10 s. */
  deviceTtlMs?: number;
  /** How long thresholds are cached; default 30 s. */
  thresholdTtlMs?: number;
};


type DeviceRow = {
  id: number | string;
  device_code: string;
  device_kind: string;
  company_id: number | string | null;
  project_id: number | string;
  ingest_key: string | null;
  hj212_password: string | null;
  hj212_sources: string | null;
  pm10_threshold: number | string | null;
  noise_day_threshold: number | string | null;
  noise_night_threshold: number | string | null;
};

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** env_reading's unique key (device, QN, time) of a row written or returned. */
const envKey = (r: Record<string, unknown>): string =>
  `${String(r.device_code)}\u0000${String(r.qn ?? '')}\u0000${new Date(r.reading_time as string | Date).getTime()}`;

type Pending = { reading: Reading; resolve: (s: Stored) => void; reject: (e: unknown) => void };

export class Ingest {
  readonly stats: IngestStats = { readings: 0, duplicates: 0, heartbeats: 0, events: 0, alarmsOpened: 0, alarmsClosed: 0, batches: 0 };
  readonly thresholds: Thresholds;
  private readonly devices = new Map<string, { at: number; device: KnownDevice }>();
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private readonly flushMs: number;
  private readonly maxBatch: number;
  private readonly deviceTtlMs: number;
  private readonly refusals = new Map<number, number>();
  private refusalTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    /** The reading tables and their fields with their plausible ranges (the HJ 212 listener checks values against them). */
    readonly tables: DeviceTables,
    options: IngestOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 100;
    this.maxBatch = options.maxBatch ?? 500;
    this.deviceTtlMs = options.deviceTtlMs ?? 10_000;
    this.thresholds = new Thresholds(db, tables.threshold, options.thresholdTtlMs);
  }

  /** The registered (not deleted) device with this code, or null. */
  async device(code: string): Promise<KnownDevice | null> {
    const cached = this.devices.get(code);
    if (cached && Date.now() - cached.at < this.deviceTtlMs) return cached.device;
    const rows = await sql<DeviceRow>`select id, device_code, device_kind, company_id, project_id, ingest_key, hj212_password, hj212_sources,
        pm10_threshold, noise_day_threshold, noise_night_threshold
      from ${sql.id(this.tables.device)} where device_code = ${code} and if_del = 0 order by id limit 1`.execute(this.db);
    const r = rows.rows[0];
    if (!r) {
      this.devices.delete(code);
      return null;
    }
    const device: KnownDevice = {
      id: Number(r.id),
      code: r.device_code,
      kind: r.device_kind,
      companyId: num(r.company_id),
      projectId: Number(r.project_id),
      ingestKey: r.ingest_key,
      hj212Password: r.hj212_password,
      // A list that does not parse (written around the form) admits nobody rather than everybody.
      hj212Sources: r.hj212_sources && r.hj212_sources.trim() !== '' ? (parseSourceList(r.hj212_sources) ?? new BlockList()) : null,
      pm10Threshold: num(r.pm10_threshold),
      noiseDayThreshold: num(r.noise_day_threshold),
      noiseNightThreshold: num(r.noise_night_threshold),
    };
    this.devices.set(code, { at: Date.now(), device });
    return device;
  }

  /** Queues a reading; resolves once it is stored (and its alarms decided), or known as a copy. */
  submit(reading: Reading): Promise<Stored> {
    return new Promise((resolve, reject) => {
      this.queue.push({ reading, resolve, reject });
      if (this.queue.length >= this.maxBatch) this.schedule(0);
      else this.schedule(this.flushMs);
    });
  }

  private schedule(ms: number): void {
    if (this.timer && ms > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  /** Writes what is queued (after any batch being written). */
  flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return this.writing;
    this.writing = this.writing.then(async () => {
      try {
        const duplicates = await this.write(batch.map((p) => p.reading));
        for (const p of batch) p.resolve(duplicates.has(p.reading) ? 'duplicate' : 'stored');
      } catch (error) {
        for (const p of batch) p.reject(error);
      }
    });
    return this.writing;
  }

  /** Stores an HJ 212 minute / hour / day upload (intervals.ts): 'duplicate' when every record was stored before. */
  async intervals(upload: IntervalUpload): Promise<Stored> {
    const stored = await storeIntervals(this.db, this.tables, upload);
    return stored === 0 && upload.records.length > 0 ? 'duplicate' : 'stored';
  }

  /** A sign of life without data (an HJ 212 heartbeat, notification or answer): the device is seen, online. */
  async seen(device: KnownDevice): Promise<void> {
    this.stats.heartbeats += 1;
    await markSeen(this.db, this.tables, [device]);
  }

  /** Counts a refused frame of a device (wrong PW, another address) on its 拒收帧数, written within a second. */
  countRefused(device: KnownDevice): void {
    this.refusals.set(device.id, (this.refusals.get(device.id) ?? 0) + 1);
    this.refusalTimer ??= setTimeout(() => void this.flushRefusals(), 1_000).unref();
  }

  private async flushRefusals(): Promise<void> {
    this.refusalTimer = null;
    const counts = [...this.refusals];
    this.refusals.clear();
    for (const [id, n] of counts) {
      await sql`update ${sql.id(this.tables.device)} set pw_refused = coalesce(pw_refused, 0) + ${n} where id = ${id}`.execute(this.db).catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.refusalTimer) clearTimeout(this.refusalTimer);
    await this.flushRefusals();
    await this.flush();
  }

  /** Writes a batch; answers the readings that were copies of rows already stored (env_reading's unique key). */
  private async write(readings: Reading[]): Promise<Set<Reading>> {
    const byTable = new Map<string, Array<Record<string, unknown>>>();
    const envOf: Reading[] = [];
    const duplicates = new Set<Reading>();
    const eventReadings = readings.filter((r) => r.event);
    const events = eventReadings.map(({ device, at, event }) => ({
      company_id: device.companyId,
      project_id: device.projectId,
      device_code: device.code,
      alarm_time: at.toISOString(),
      alarm_kind: 'aiEvent',
      alarm_level: '3',
      message: `${event!.label}${event!.message ? `：${event!.message}` : ''}`.slice(0, 200),
      handled: false,
      recovered_at: at.toISOString(),
    }));
    this.stats.events += events.length;
    for (const reading of readings) {
      const { device, at, values } = reading;
      const kind = READING_KIND_OF[device.kind];
      if (!kind) {
        this.stats.heartbeats += 1;
        continue;
      }
      const target = this.tables.readings[kind];
      const row: Record<string, unknown> = {
        company_id: device.companyId,
        project_id: device.projectId,
        device_code: device.code,
        reading_time: at.toISOString(),
      };
      for (const [field, value] of Object.entries(values)) {
        const column = target.columns.get(field)?.column;
        if (column && value !== undefined) row[column] = value;
      }
      if (kind === 'env') {
        if (reading.qn) row.qn = reading.qn;
        if (reading.dataFlags) row.data_flags = reading.dataFlags;
        envOf.push(reading);
      }
      const rows = byTable.get(target.table) ?? [];
      rows.push(row);
      byTable.set(target.table, rows);
      this.stats.readings += 1;
    }
    const checks = await Promise.all(
      readings.map(async (r) => ({ r, checks: [...(await this.thresholds.check(r.device, r.values, r.at)), ...(r.faults ? [faultCheck(r.faults)] : [])] })),
    );
    await this.db.transaction().execute(async (trx) => {
      const tdb = dynamicDb(trx as unknown as Kysely<Database>);
      for (const [table, rows] of byTable) {
        if (table !== this.tables.readings.env.table) {
          await tdb.insertInto(table).values(rows).execute();
          continue;
        }
        // A retransmitted HJ 212 frame (same device, QN and data time) is the row stored before: skipped by
        // the unique key, answered all the same. Dust readings join the push outbox in the same transaction (docs/push.md).
        const stored = await tdb.insertInto(table).values(rows).onConflict((oc) => oc.doNothing()).returningAll().execute();
        if (stored.length < rows.length) {
          const kept = new Set(stored.map((r) => envKey(r)));
          rows.forEach((row, i) => {
            if (!kept.has(envKey(row))) duplicates.add(envOf[i]);
          });
        }
        await enqueueDust(trx as unknown as Kysely<Database>, stored);
      }
      if (events.length > 0) {
        const alarmIds = await tdb.insertInto(this.tables.alarm).values(events).returning('id').execute();
        await storeAiEvents(trx as unknown as Kysely<Database>, this.tables.aiEvent, eventReadings, alarmIds.map((a) => String(a.id)));
      }
      // Seen now; back online: an open 设备离线 alarm (offline.ts) is closed.
      await markSeen(trx as unknown as Kysely<Database>, this.tables, readings.map((r) => r.device));
      // A copy decides nothing: its original did.
      await decideEpisodes(trx as unknown as Kysely<Database>, this.tables.alarm, checks.filter((c) => !duplicates.has(c.r)), this.stats);
    });
    this.stats.batches += 1;
    this.stats.readings -= duplicates.size;
    this.stats.duplicates += duplicates.size;
    return duplicates;
  }
}
