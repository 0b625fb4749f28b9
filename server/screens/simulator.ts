// Demo-mode device simulator: every interval it appends realistic readings for each online device
// (diurnal noise, PM drifting as a mean-reverting random walk, crane load cycles), now and then takes a
// device offline or back online, and raises an Alarm when a limit is passed. Everything lives in the
// database: the previous reading is read back for the random walk, and a device that already reported
// within the interval is skipped, so several processes running the simulator do not double the data.
// Each tick also moves the sites along (simulator-site.ts): attendance, vehicle passages and hazards; and the
// tunnels and AI cameras (simulator-tunnel.ts): gas and ventilation readings, people entering and leaving by
// their positioning tags, AI events with snapshots.
// With a `feed` (server/devices/sim-feed.ts, on in `npm start`) live readings enter as real devices send
// them — HJ 212 frames over TCP for dust and noise monitors, signed HTTP for cranes, lifts and gas detectors
// (可燃气体 %LEL, O₂ %VOL, CO and H₂S ppm, a gas pocket now and then crossing the thresholds) — and their
// alarms come from the ingestion's thresholds and episodes; what the feed cannot deliver (no listener, a
// device without an ingestion key) and the backfill of the past are written directly, as before.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ReadingFeed, SimRow } from '../devices/sim-feed';
import { dynamicDb } from '../engine/dynamic-db';
import { enqueueDust } from '../push/outbox';
import type { PlantSimulator, PlantTickReport } from './simulator-plant';
import { daysBack, hazardTick, syncAttendance, syncPassages } from './simulator-site';
import { syncAiEvents, syncTunnelPositions, tunnelGasTick } from './simulator-tunnel';
import { type ScreenTables } from './tables';
import { CRANE_LIMITS, ENV_LIMITS, GAS_LIMITS, alarmLevel, isDaytime, cstHour } from '../devices/limits';

export type SimulatorOptions = {
  /** Tick interval; default 10 s. */
  intervalMs?: number;
  /** Readings older than this are pruned; default 7 days. */
  retentionDays?: number;
  /**
   * On start, fill the last hours with readings when the last hour has none (trends have data), and the
   * missing attendance and vehicle passages of the last 7 days (backfill); default 24, 0 = no backfill.
   */
  backfillHours?: number;
  /** Chance per device and tick of going offline (or back online); default 0.01. */
  toggleProbability?: number;
  random?: () => number;
  /** Live readings through the devices' doors (sim-feed.ts) instead of direct writes; buildApp makes it from `feedDevices`. */
  feed?: ReadingFeed;
  /** buildApp: feed live readings through the HJ 212 listener (when on) and the signed HTTP endpoint. */
  feedDevices?: boolean;
  /** The ready-mix plants run along (simulator-plant.ts); buildApp makes it. */
  plant?: PlantSimulator;
};

export type TickOptions = {
  now?: Date;
  random?: () => number;
  /** Whether devices may go offline/online in this tick. */
  toggle?: boolean;
  toggleProbability?: number;
  /** Skip devices whose newest reading is younger than this (another process already wrote). */
  minGapMs?: number;
  retentionDays?: number | null;
  /** Whether the sites move too (attendance, vehicle passages, hazards); default true. */
  site?: boolean;
  /** The tick interval, for the rate of random site events; default 10 s. */
  intervalMs?: number;
  /** Deliver readings through the devices' doors (SimulatorOptions.feed). */
  feed?: ReadingFeed;
  /** Run the plants one step too (with `site`). */
  plant?: PlantSimulator;
};

export type TickReport = {
  envReadings: number;
  craneReadings: number;
  /** Gas detector readings (可燃气体, 氧气, 一氧化碳, 硫化氢). */
  gasReadings: number;
  alarms: number;
  toggled: number;
  pruned: number;
  /** Attendance rows written (clock-ins) and closed (clock-outs). */
  attendance: number;
  clockOuts: number;
  passages: number;
  hazardsFound: number;
  hazardsMoved: number;
  /** Readings delivered through the feed (HJ 212 / HTTP) rather than written directly. */
  fed: number;
  /** What the plants did (simulator-plant.ts), when they ran. */
  plant?: PlantTickReport;
  /** Tunnel gas and ventilation readings, positioning readings and AI events written (simulator-tunnel.ts). */
  tunnelReadings?: number;
  positions?: number;
  aiEvents?: number;
};

type DeviceRow = {
  id: string | number;
  company_id: string | number | null;
  project_id: string | number;
  project_status: number;
  device_code: string;
  device_kind: string;
  online: boolean | null;
  pm10_threshold: number | null;
  noise_day_threshold: number | null;
  noise_night_threshold: number | null;
  ingest_key: string | null;
  /** The device has an HJ 212 access password (the demo's is DEMO_HJ212_PASSWORD). */
  has_hj212_password: boolean;
};
type LastEnv = { device_code: string; reading_time: Date | string; pm10: number | null; wind_speed: number | null; wind_direction: number | null };
type LastGas = { device_code: string; reading_time: Date | string; lel: number | null; co: number | null; h2s: number | null };

/** Each device's newest reading up to now in `table`: its time and `columns`, by device code. */
async function latestReadings<T extends { device_code: string }>(
  db: Kysely<Database>,
  table: string,
  devices: ReadonlyArray<{ device_code: string }>,
  columns: readonly string[],
  nowIso: string,
): Promise<Map<string, T>> {
  if (devices.length === 0) return new Map();
  const rows = await sql<T>`
    select distinct on (device_code) device_code, reading_time, ${sql.join(columns.map((c) => sql.ref(c)))}
    from ${sql.id(table)} where device_code in (${sql.join(devices.map((d) => d.device_code))}) and reading_time <= ${nowIso}::timestamptz
    order by device_code, reading_time desc`.execute(db);
  return new Map(rows.rows.map((r) => [r.device_code, r]));
}

const ENV_KINDS = new Set(['dust', 'noise']);
const CRANE_KINDS = new Set(['towerCrane', 'lift']);
const GAS_KINDS = new Set(['gas']);
/** Chance per gas detector and tick that a gas pocket (combustible gas, or CO from an engine) reaches it. */
const GAS_EVENT_PROBABILITY = 0.004;
/** An alarm of the same device and kind within this window is not raised again. */
const ALARM_QUIET_MS = 30 * 60_000;

const round = (v: number, digits = 1): number => Math.round(v * 10 ** digits) / 10 ** digits;
const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

function gauss(random: () => number): number {
  const u = Math.max(random(), 1e-9);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** §3.5 alarm level by how far the limit is passed: ≥150 % city (1), ≥120 % district (2), else fixed source (3). */
export { alarmLevel };

type NewAlarm = { deviceCode: string; kind: string; value: number; threshold: number; message: string };

/** One simulator step at `now`. */
export async function simulatorTick(db: Kysely<Database>, t: ScreenTables, o: TickOptions = {}): Promise<TickReport> {
  const now = o.now ?? new Date();
  const random = o.random ?? Math.random;
  const nowIso = now.toISOString();
  const report: TickReport = {
    envReadings: 0, craneReadings: 0, gasReadings: 0, alarms: 0, toggled: 0, pruned: 0, attendance: 0, clockOuts: 0, passages: 0, hazardsFound: 0, hazardsMoved: 0, fed: 0,
  };
  const ddb = dynamicDb(db);

  const devices = (
    await sql<DeviceRow>`
      select d.id, d.company_id, d.project_id, p.status as project_status, d.device_code, d.device_kind, d.online,
        d.pm10_threshold, d.noise_day_threshold, d.noise_night_threshold, d.ingest_key, d.hj212_password is not null as has_hj212_password
      from ${sql.id(t.device)} d join projects p on p.id = d.project_id
      where d.if_del = 0 order by d.id`.execute(db)
  ).rows;

  // Devices go offline and come back, only on sites that are not finished or stopped.
  if (o.toggle !== false) {
    const p = o.toggleProbability ?? 0.01;
    for (const d of devices) {
      if (d.project_status > 3 || random() >= p) continue;
      d.online = !d.online;
      await sql`update ${sql.id(t.device)} set online = ${d.online}, updated_at = ${nowIso}::timestamptz where id = ${d.id}`.execute(db);
      report.toggled++;
    }
  }

  const online = devices.filter((d) => d.online === true);
  const envDevices = online.filter((d) => ENV_KINDS.has(d.device_kind));
  const craneDevices = online.filter((d) => CRANE_KINDS.has(d.device_kind));
  const gasDevices = online.filter((d) => GAS_KINDS.has(d.device_kind));
  const lastGas = await latestReadings<LastGas>(db, t.gas, gasDevices, ['lel', 'co', 'h2s'], nowIso);
  const lastEnv = await latestReadings<LastEnv>(db, t.env, envDevices, ['pm10', 'wind_speed', 'wind_direction'], nowIso);
  const lastCrane = new Map<string, Date>();
  if (craneDevices.length > 0) {
    const rows = await sql<{ device_code: string; reading_time: Date | string }>`
      select device_code, max(reading_time) as reading_time from ${sql.id(t.crane)}
      where device_code in (${sql.join(craneDevices.map((d) => d.device_code))}) and reading_time <= ${nowIso}::timestamptz
      group by device_code`.execute(db);
    for (const r of rows.rows) lastCrane.set(r.device_code, new Date(r.reading_time));
  }
  const fresh = (at: Date | string | undefined): boolean =>
    (o.minGapMs ?? 0) > 0 && at !== undefined && now.getTime() - new Date(at).getTime() < (o.minGapMs ?? 0);

  const hour = cstHour(now) + now.getUTCMinutes() / 60;
  const day = isDaytime(now);
  const alarms: Array<NewAlarm & { device: DeviceRow }> = [];
  const envRows: Array<Record<string, unknown>> = [];
  const craneRows: Array<Record<string, unknown>> = [];
  const gasRows: Array<Record<string, unknown>> = [];

  for (const d of envDevices) {
    const last = lastEnv.get(d.device_code);
    if (fresh(last?.reading_time)) continue;
    // Noise: site work by day (peaking early afternoon), quiet at night.
    const noise = round(day ? 52 + 10 * Math.sin((Math.PI * (hour - 6)) / 16) + 3 * gauss(random) : 42 + 2 * gauss(random));
    const row: Record<string, unknown> = { company_id: d.company_id, project_id: d.project_id, device_code: d.device_code, reading_time: nowIso, noise };
    const noiseLimit = day ? (d.noise_day_threshold ?? ENV_LIMITS.noiseDay) : (d.noise_night_threshold ?? ENV_LIMITS.noiseNight);
    if (noise > noiseLimit) {
      alarms.push({ device: d, deviceCode: d.device_code, kind: 'noise', value: noise, threshold: noiseLimit, message: `噪声 ${noise}dB 超过${day ? '昼间' : '夜间'}阈值 ${noiseLimit}dB` });
    }
    if (d.device_kind === 'dust') {
      const prev = last?.pm10 ?? 70;
      const spike = random() < 0.01 ? 80 : 0;
      const pm10 = round(clamp(prev + 0.1 * (75 - prev) + 12 * gauss(random) + spike, 10, 400));
      const wind = round(clamp((last?.wind_speed ?? 2.5) + 0.15 * (2.5 - (last?.wind_speed ?? 2.5)) + 0.8 * gauss(random), 0, 20));
      Object.assign(row, {
        pm10,
        pm25: round(pm10 * (0.5 + 0.1 * random())),
        tsp: round(pm10 * (1.5 + 0.3 * random())),
        temperature: round(24 + 6 * Math.sin((Math.PI * (hour - 9)) / 12) + 0.5 * gauss(random)),
        humidity: round(clamp(72 - 15 * Math.sin((Math.PI * (hour - 9)) / 12) + 2 * gauss(random), 5, 100)),
        wind_speed: wind,
        wind_direction: Math.round((((last?.wind_direction ?? 135) + 20 * gauss(random)) % 360 + 360) % 360),
      });
      const pmLimit = d.pm10_threshold ?? ENV_LIMITS.pm10;
      if (pm10 > pmLimit) alarms.push({ device: d, deviceCode: d.device_code, kind: 'pm10', value: pm10, threshold: pmLimit, message: `PM10 ${pm10}µg/m³ 超过阈值 ${pmLimit}µg/m³` });
      if (wind > CRANE_LIMITS.windSpeed) alarms.push({ device: d, deviceCode: d.device_code, kind: 'wind', value: wind, threshold: CRANE_LIMITS.windSpeed, message: `风速 ${wind}m/s 超过 ${CRANE_LIMITS.windSpeed}m/s` });
    }
    envRows.push(row);
  }

  for (const d of craneDevices) {
    if (fresh(lastCrane.get(d.device_code))) continue;
    // Lifting cycles of about 12 minutes: load rises, is set down, the hook returns empty.
    const phase = Math.abs(Math.sin((2 * Math.PI * now.getTime()) / (12 * 60_000) + d.device_code.length));
    const loadRatio = round(clamp(d.device_kind === 'lift' ? 30 + 50 * random() : 45 + 40 * phase + 4 * gauss(random), 0, 130));
    const wind = round(clamp(2 + Math.abs(3 * gauss(random)), 0, 25));
    const row: Record<string, unknown> = {
      company_id: d.company_id, project_id: d.project_id, device_code: d.device_code, reading_time: nowIso,
      load_ratio: loadRatio, wind_speed: wind,
    };
    if (d.device_kind === 'towerCrane') {
      const momentRatio = round(clamp(loadRatio * 0.85 + 5 * gauss(random), 0, 130));
      Object.assign(row, { moment_ratio: momentRatio, height: round(30 + 20 * random()), radius: round(8 + 42 * random()), tilt: round(0.6 * random(), 2), load_kg: Math.round(loadRatio * 60) });
      if (momentRatio > CRANE_LIMITS.momentRatio) alarms.push({ device: d, deviceCode: d.device_code, kind: 'craneMoment', value: momentRatio, threshold: CRANE_LIMITS.momentRatio, message: `力矩比 ${momentRatio}% 超过 ${CRANE_LIMITS.momentRatio}%` });
    } else {
      Object.assign(row, { floor: 1 + Math.floor(18 * random()), load_kg: Math.round(loadRatio * 20) });
    }
    if (loadRatio > CRANE_LIMITS.loadRatio) alarms.push({ device: d, deviceCode: d.device_code, kind: 'craneLoad', value: loadRatio, threshold: CRANE_LIMITS.loadRatio, message: `载重比 ${loadRatio}% 超过 ${CRANE_LIMITS.loadRatio}%` });
    if (wind > CRANE_LIMITS.windSpeed) alarms.push({ device: d, deviceCode: d.device_code, kind: 'wind', value: wind, threshold: CRANE_LIMITS.windSpeed, message: `风速 ${wind}m/s 超过 ${CRANE_LIMITS.windSpeed}m/s` });
    craneRows.push(row);
  }

  for (const d of gasDevices) {
    const last = lastGas.get(d.device_code);
    if (fresh(last?.reading_time)) continue;
    // Background levels in a basement or shaft, each a mean-reverting walk; now and then a gas pocket
    // (combustible gas) or engine exhaust (CO, H₂S) arrives and fades over the next ticks.
    const pocket = random() < GAS_EVENT_PROBABILITY ? (random() < 0.6 ? 'lel' : 'co') : null;
    const walk = (prev: number | null | undefined, base: number, pull: number, sd: number, lo: number, hi: number, spike: number) =>
      round(clamp((prev ?? base) + pull * (base - (prev ?? base)) + sd * gauss(random) + spike, lo, hi));
    const lel = walk(last?.lel, 2, 0.25, 0.6, 0, 100, pocket === 'lel' ? 30 + 15 * random() : 0);
    const co = walk(last?.co, day ? 6 : 3, 0.25, 1.2, 0, 500, pocket === 'co' ? 25 + 20 * random() : 0);
    const h2s = walk(last?.h2s, 0.3, 0.3, 0.15, 0, 100, pocket === 'co' ? 6 + 8 * random() : 0);
    // Oxygen is displaced by what else is in the air.
    const o2 = round(clamp(20.9 - lel * 0.02 - co * 0.005 + 0.05 * gauss(random), 15, 21.5));
    gasRows.push({ company_id: d.company_id, project_id: d.project_id, device_code: d.device_code, reading_time: nowIso, lel, o2, co, h2s });
    if (lel > GAS_LIMITS.lel) alarms.push({ device: d, deviceCode: d.device_code, kind: 'gas', value: lel, threshold: GAS_LIMITS.lel, message: `可燃气体 ${lel}%LEL 超过阈值 ${GAS_LIMITS.lel}%LEL` });
    else if (co > GAS_LIMITS.co) alarms.push({ device: d, deviceCode: d.device_code, kind: 'gas', value: co, threshold: GAS_LIMITS.co, message: `一氧化碳 ${co}ppm 超过阈值 ${GAS_LIMITS.co}ppm` });
    else if (h2s > GAS_LIMITS.h2s) alarms.push({ device: d, deviceCode: d.device_code, kind: 'gas', value: h2s, threshold: GAS_LIMITS.h2s, message: `硫化氢 ${h2s}ppm 超过阈值 ${GAS_LIMITS.h2s}ppm` });
  }

  report.envReadings = envRows.length;
  report.craneReadings = craneRows.length;
  report.gasReadings = gasRows.length;
  const fed = o.feed
    ? await o.feed.deliver(envRows as SimRow[], craneRows as SimRow[], new Map(online.map((d) => [d.device_code, { code: d.device_code, ingestKey: d.ingest_key, hj212: d.has_hj212_password === true }])), gasRows as SimRow[])
    : new Set<string>();
  report.fed = fed.size;
  const direct = (rows: Array<Record<string, unknown>>) => rows.filter((r) => !fed.has(r.device_code as string));
  const directEnv = direct(envRows);
  const directCrane = direct(craneRows);
  const directGas = direct(gasRows);
  if (directEnv.length > 0) {
    // Dust readings join the push outbox in the same transaction (docs/push.md).
    await db.transaction().execute(async (trx) => {
      const stored = await dynamicDb(trx).insertInto(t.env).values(directEnv).returningAll().execute();
      await enqueueDust(trx, stored);
    });
  }
  if (directCrane.length > 0) await ddb.insertInto(t.crane).values(directCrane).execute();
  if (directGas.length > 0) await ddb.insertInto(t.gas).values(directGas).execute();
  // Devices without readings here (video, weighbridge) report a heartbeat while online.
  const heartbeats = online.filter((d) => !ENV_KINDS.has(d.device_kind) && !CRANE_KINDS.has(d.device_kind) && !GAS_KINDS.has(d.device_kind)).map((d) => d.device_code);
  const reported = [...directEnv, ...directCrane, ...directGas].map((r) => r.device_code as string).concat(heartbeats);
  if (reported.length > 0) {
    await sql`update ${sql.id(t.device)} set last_seen_at = ${nowIso}::timestamptz
      where if_del = 0 and device_code in (${sql.join(reported)})`.execute(db);
  }

  // A fed device's alarms are the ingestion's (thresholds and episodes).
  alarms.splice(0, alarms.length, ...alarms.filter((a) => !fed.has(a.deviceCode)));
  if (alarms.length > 0) {
    const recent = await sql<{ device_code: string; alarm_kind: string }>`
      select distinct device_code, alarm_kind from ${sql.id(t.alarm)}
      where handled = false and alarm_time > ${new Date(now.getTime() - ALARM_QUIET_MS).toISOString()}::timestamptz
        and alarm_time <= ${nowIso}::timestamptz`.execute(db);
    const quiet = new Set(recent.rows.map((r) => `${r.device_code}\u0000${r.alarm_kind}`));
    const rows = alarms
      .filter((a) => {
        const key = `${a.deviceCode}\u0000${a.kind}`;
        if (quiet.has(key)) return false;
        quiet.add(key);
        return true;
      })
      .map((a) => ({
        company_id: a.device.company_id,
        project_id: a.device.project_id,
        device_code: a.deviceCode,
        alarm_time: nowIso,
        alarm_kind: a.kind,
        alarm_level: alarmLevel(a.value, a.threshold),
        message: a.message,
        value: a.value,
        threshold: a.threshold,
        handled: false,
      }));
    if (rows.length > 0) await ddb.insertInto(t.alarm).values(rows).execute();
    report.alarms = rows.length;
  }

  report.tunnelReadings = await tunnelGasTick(db, t, { now, random, minGapMs: o.minGapMs });

  if (o.retentionDays !== null) {
    const before = new Date(now.getTime() - (o.retentionDays ?? 7) * 86_400_000).toISOString();
    for (const table of [t.env, t.crane, t.gas, t.tunnelGas, t.tunnelPosition]) {
      const r = await sql`delete from ${sql.id(table)} where reading_time < ${before}::timestamptz`.execute(db);
      report.pruned += Number(r.numAffectedRows ?? 0);
    }
  }

  if (o.site !== false) {
    const shifts = await syncAttendance(db, t, now, now);
    report.attendance = shifts.inserted;
    report.clockOuts = shifts.closed;
    report.passages = await syncPassages(db, t, new Date(now.getTime() - SITE_WINDOW_MS), now);
    const hazards = await hazardTick(db, t, { now, random, intervalMs: o.intervalMs ?? 10_000 });
    report.hazardsFound = hazards.found;
    report.hazardsMoved = hazards.moved;
    report.positions = await syncTunnelPositions(db, t, new Date(now.getTime() - SITE_WINDOW_MS), now);
    report.aiEvents = await syncAiEvents(db, t, new Date(now.getTime() - SITE_WINDOW_MS), now);
    if (o.plant) report.plant = await o.plant.tick({ now, random, intervalMs: o.intervalMs ?? 10_000 });
  }
  return report;
}

/** Passages of this window before a tick are written if missing (a slow or missed tick loses none). */
const SITE_WINDOW_MS = 30 * 60_000;

export type BackfillOptions = { now?: Date; hours?: number; siteDays?: number; random?: () => number };

/**
 * Fills the recent past so the screens have data on a fresh or idle database: when the last hour has no
 * readings, the last `hours` (24) of device readings at 15-minute steps; always the attendance and
 * vehicle passages of the last `siteDays` (7) days up to now that are missing.
 */
export async function backfill(db: Kysely<Database>, t: ScreenTables, o: BackfillOptions = {}): Promise<void> {
  const now = o.now ?? new Date();
  const hours = o.hours ?? 24;
  const recent = await sql<{ n: string | number }>`
    select count(*) as n from ${sql.id(t.env)} where reading_time > ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz`.execute(db);
  if (hours > 0 && Number(recent.rows[0]?.n ?? 0) === 0) {
    const step = 15 * 60_000;
    for (let at = now.getTime() - hours * 3_600_000; at < now.getTime(); at += step) {
      await simulatorTick(db, t, { now: new Date(at), random: o.random, toggle: false, retentionDays: null, minGapMs: step / 2, site: false });
    }
  }
  const from = daysBack(now, o.siteDays ?? 7);
  await syncAttendance(db, t, from, now);
  await syncPassages(db, t, from, now);
  await syncTunnelPositions(db, t, from, now);
  await syncAiEvents(db, t, from, now);
}

export type Simulator = { stop: () => Promise<void>; tick: (o?: TickOptions) => Promise<TickReport>; plant: PlantSimulator | null };

/**
 * Starts the periodic simulator. Only the timer is per process; ticks never overlap in one process,
 * and a failing tick is logged, not fatal.
 */
export async function startSimulator(
  db: Kysely<Database>,
  t: ScreenTables,
  options: SimulatorOptions,
  log: { warn: (o: unknown, msg: string) => void },
): Promise<Simulator> {
  const intervalMs = options.intervalMs ?? 10_000;
  const base: TickOptions = {
    random: options.random, toggleProbability: options.toggleProbability, retentionDays: options.retentionDays, intervalMs, feed: options.feed, plant: options.plant,
  };
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = (o: TickOptions = {}): Promise<TickReport> => {
    const next = running.then(() => simulatorTick(db, t, { ...base, ...o }));
    running = next.catch(() => undefined);
    return next;
  };

  const backfillHours = options.backfillHours ?? 24;
  if (backfillHours > 0) await backfill(db, t, { hours: backfillHours, random: options.random });

  const timer = setInterval(() => {
    if (stopped) return;
    tick({ minGapMs: intervalMs * 0.8 }).catch((error: unknown) => log.warn({ err: error }, 'simulator tick failed'));
  }, intervalMs);
  timer.unref();
  return {
    tick,
    plant: options.plant ?? null,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
