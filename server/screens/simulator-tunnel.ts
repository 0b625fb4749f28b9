// The demo simulator's tunnels and AI cameras (docs/tunnel.md, docs/ai-recognition.md):
// - tunnel gas and ventilation detectors (device kind tunnelGas) read O₂, CO, CH₄, H₂S, wind speed and
//   temperature each tick, each a mean-reverting walk from the last reading; now and then blasting fumes
//   (CO), a gas pocket (CH₄) or a stopped fan (wind, O₂) arrive and fade, and the thresholds of kind tunnelGas
//   open and close alarm episodes exactly as for a reading that came through device ingestion (same checks,
//   same episodes);
// - positioning readers (kind positioning): the project's tags enter at the portal reader, move to the reader
//   of their face and leave at the portal, by a deterministic shift schedule (day shift 07:30–19:00 on two
//   tags of three, night shift 19:30–07:00 on the third, a day off now and then), so who is inside follows
//   the clock and writing a window again adds only what is missing;
// - AI cameras (video devices with an ingestion key) recognise an event in about one working hour of three
//   (未佩戴安全帽 most often, 烟火 rarely), each an aiEvent Alarm and an AiEvent with a generated snapshot
//   (snapshots.ts), deterministic by camera and hour; events of the past older than two hours are mostly
//   handled (处理) by the site's safety officer.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { storeProjectImage, uploaderOf } from '../devices/ai-events';
import { decideEpisodes } from '../devices/episodes';
import type { IngestStats, KnownDevice, Reading } from '../devices/ingest';
import { Thresholds, type Check } from '../devices/thresholds';
import { dynamicDb } from '../engine/dynamic-db';
import { FILE_PATH } from '../routes/upload';
import { addDays, cstDate, cstMidnight } from './format';
import { demoSnapshot } from './snapshots';
import { type ScreenTables } from './tables';
import { cstHour } from '../devices/limits';

/** A stable 32-bit hash of a text (FNV-1a), for the deterministic schedules. */
export const hashOf = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h >>> 0;
};

const round = (v: number, d = 1): number => Math.round(v * 10 ** d) / 10 ** d;
const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
const gauss = (random: () => number): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

type DeviceRow = { id: string | number; company_id: string | number | null; project_id: string | number; device_code: string; device_kind: string; install_position: string | null; ingest_key: string | null; online: boolean | null };

const devicesOf = async (db: Kysely<Database>, t: ScreenTables, kind: string): Promise<DeviceRow[]> =>
  (
    await sql<DeviceRow>`select d.id, d.company_id, d.project_id, d.device_code, d.device_kind, d.install_position, d.ingest_key, d.online
      from ${sql.id(t.device)} d join projects p on p.id = d.project_id
      where d.if_del = 0 and d.device_kind = ${kind} and p.status = 3 order by d.id`.execute(db)
  ).rows;

const known = (d: DeviceRow): KnownDevice => ({
  id: Number(d.id),
  code: d.device_code,
  kind: d.device_kind,
  companyId: d.company_id === null ? null : Number(d.company_id),
  projectId: Number(d.project_id),
  ingestKey: d.ingest_key,
  hj212Password: null,
  hj212Sources: null,
  pm10Threshold: null,
  noiseDayThreshold: null,
  noiseNightThreshold: null,
});

/** Chance per detector and tick of an event (fumes, a gas pocket, a stopped fan). */
const TUNNEL_EVENT_PROBABILITY = 0.004;

type LastGas = { device_code: string; reading_time: Date | string; o2: number | null; co: number | null; ch4: number | null; h2s: number | null; wind_speed: number | null; temperature: number | null };

/** One reading per online tunnel detector at `now` (skipped when it read within `minGapMs`); the readings written. */
export async function tunnelGasTick(db: Kysely<Database>, t: ScreenTables, o: { now: Date; random: () => number; minGapMs?: number }): Promise<number> {
  const devices = (await devicesOf(db, t, 'tunnelGas')).filter((d) => d.online === true);
  if (devices.length === 0) return 0;
  const nowIso = o.now.toISOString();
  const last = new Map(
    (
      await sql<LastGas>`select distinct on (device_code) device_code, reading_time, o2, co, ch4, h2s, wind_speed, temperature
        from ${sql.id(t.tunnelGas)} where device_code in (${sql.join(devices.map((d) => d.device_code))}) and reading_time <= ${nowIso}::timestamptz
        order by device_code, reading_time desc, id desc`.execute(db)
    ).rows.map((r) => [r.device_code, r]),
  );
  const random = o.random;
  const hour = cstHour(o.now) + o.now.getUTCMinutes() / 60;
  const working = hour >= 7 && hour < 23;
  const readings: Reading[] = [];
  const rows: Array<Record<string, unknown>> = [];
  for (const d of devices) {
    const prev = last.get(d.device_code);
    if (prev && (o.minGapMs ?? 0) > 0 && o.now.getTime() - new Date(prev.reading_time).getTime() < (o.minGapMs ?? 0)) continue;
    const event = random() < TUNNEL_EVENT_PROBABILITY ? (['fumes', 'fumes', 'pocket', 'fan'] as const)[Math.floor(random() * 4)] : null;
    const walk = (p: number | null | undefined, base: number, pull: number, sd: number, lo: number, hi: number, spike: number, digits = 1) =>
      round(clamp((p ?? base) + pull * (base - (p ?? base)) + sd * gauss(random) + spike, lo, hi), digits);
    const windSpeed = walk(prev?.wind_speed, 0.9, 0.3, 0.06, 0, 6, event === 'fan' ? -0.85 : 0, 2);
    const co = walk(prev?.co, working ? 9 : 4, 0.25, 1.2, 0, 300, event === 'fumes' ? 20 + 20 * random() : 0);
    const ch4 = walk(prev?.ch4, 0.05, 0.3, 0.015, 0, 5, event === 'pocket' ? 0.5 + 0.3 * random() : 0, 2);
    const h2s = walk(prev?.h2s, 0.4, 0.3, 0.12, 0, 50, event === 'fumes' ? 2 * random() : 0);
    // Oxygen sinks where the air stands still and fumes displace it.
    const o2 = round(clamp(20.8 - Math.max(0, 0.5 - windSpeed) * 2 - co * 0.004 + 0.05 * gauss(random), 15, 21.5));
    const temperature = walk(prev?.temperature, 21 + 2 * Math.sin((Math.PI * (hour - 9)) / 12), 0.3, 0.2, -10, 60, 0);
    const values = { o2, co, ch4, h2s, windSpeed, temperature };
    rows.push({ company_id: d.company_id, project_id: d.project_id, device_code: d.device_code, reading_time: nowIso, o2, co, ch4, h2s, wind_speed: windSpeed, temperature });
    readings.push({ device: known(d), at: o.now, values });
  }
  if (rows.length === 0) return 0;
  const thresholds = new Thresholds(db, t.threshold);
  const checks: Array<{ r: Reading; checks: Check[] }> = [];
  for (const r of readings) checks.push({ r, checks: await thresholds.check(r.device, r.values, r.at) });
  const stats: IngestStats = { readings: 0, duplicates: 0, heartbeats: 0, events: 0, alarmsOpened: 0, alarmsClosed: 0, batches: 0 };
  await db.transaction().execute(async (trx) => {
    await dynamicDb(trx).insertInto(t.tunnelGas).values(rows).execute();
    await sql`update ${sql.id(t.device)} set last_seen_at = ${nowIso}::timestamptz where id in (${sql.join(readings.map((r) => r.device.id))})`.execute(trx);
    await decideEpisodes(trx, t.alarm, checks, stats);
  });
  return rows.length;
}

/** CST days from the day before `from` (night shifts) to the day of `to`. */
function shiftDays(from: Date, to: Date): string[] {
  const out: string[] = [];
  for (let d = addDays(cstDate(from), -1); d <= cstDate(to); d = addDays(d, 1)) out.push(d);
  return out;
}

const at = (day: string, minutes: number): Date => new Date(cstMidnight(day).getTime() + minutes * 60_000);

/** The positioning readings of the active projects' tags between `from` and `to` that are missing; the number written. */
export async function syncTunnelPositions(db: Kysely<Database>, t: ScreenTables, from: Date, to: Date): Promise<number> {
  const readers = await devicesOf(db, t, 'positioning');
  if (readers.length === 0) return 0;
  const byProject = new Map<string, DeviceRow[]>();
  for (const r of readers) byProject.set(String(r.project_id), [...(byProject.get(String(r.project_id)) ?? []), r]);
  const tags = (
    await sql<{ project_id: string | number; company_id: string | number | null; tag_code: string }>`
      select project_id, company_id, tag_code from ${sql.id(t.positionTag)}
      where if_del = 0 and enabled = true and project_id in (${sql.join([...byProject.keys()])}) order by project_id, tag_code`.execute(db)
  ).rows;
  const existing = new Set(
    (
      await sql<{ device_code: string; tag_code: string; reading_time: Date | string }>`select device_code, tag_code, reading_time from ${sql.id(t.tunnelPosition)}
        where project_id in (${sql.join([...byProject.keys()])}) and reading_time >= ${from.toISOString()}::timestamptz and reading_time <= ${to.toISOString()}::timestamptz`.execute(db)
    ).rows.map((r) => `${r.device_code}\u0000${r.tag_code}\u0000${new Date(r.reading_time).getTime()}`),
  );
  const rows: Array<Record<string, unknown>> = [];
  const days = shiftDays(from, to);
  for (const [projectId, list] of byProject) {
    const portals = list.filter((r) => (r.install_position ?? '').endsWith('洞口'));
    const faces = list.filter((r) => !portals.includes(r));
    if (portals.length === 0) continue;
    const mine = tags.filter((g) => String(g.project_id) === projectId);
    for (const [i, tag] of mine.entries()) {
      const face = faces.length > 0 ? faces[i % faces.length] : null;
      const side = (face?.install_position ?? '').includes('出口') ? '出口' : '进口';
      const portal = portals.find((p) => (p.install_position ?? '').includes(side)) ?? portals[0];
      const night = i % 3 === 2;
      for (const day of days) {
        const h = hashOf(`${tag.tag_code}/${day}`);
        if (h % 9 === 0) continue; // a day off
        const start = (night ? 19 * 60 + 30 : 7 * 60 + 30) + (h % 20);
        const end = (night ? 31 * 60 : 19 * 60) - ((h >>> 8) % 25);
        const events: Array<[DeviceRow, 'in' | 'out', Date]> = [[portal, 'in', at(day, start)]];
        if (face) events.push([face, 'in', at(day, start + 8 + ((h >>> 4) % 8))]);
        events.push([portal, 'out', at(day, end)]);
        for (const [reader, direction, when] of events) {
          if (when < from || when > to) continue;
          const key = `${reader.device_code}\u0000${tag.tag_code}\u0000${when.getTime()}`;
          if (existing.has(key)) continue;
          existing.add(key);
          rows.push({ company_id: tag.company_id, project_id: tag.project_id, device_code: reader.device_code, reading_time: when.toISOString(), tag_code: tag.tag_code, direction });
        }
      }
    }
  }
  for (let i = 0; i < rows.length; i += 500) await dynamicDb(db).insertInto(t.tunnelPosition).values(rows.slice(i, i + 500)).execute();
  if (rows.length > 0) {
    const seen = [...new Set(rows.map((r) => r.device_code as string))];
    await sql`update ${sql.id(t.device)} set last_seen_at = greatest(coalesce(last_seen_at, 'epoch'), ${to.toISOString()}::timestamptz)
      where if_del = 0 and device_code in (${sql.join(seen)})`.execute(db);
  }
  return rows.length;
}

/** Event types by weight (aiEventType). */
const AI_TYPES: ReadonlyArray<[string, number]> = [['helmet', 35], ['vest', 25], ['intrusion', 15], ['smoking', 10], ['climbing', 10], ['fire', 5]];
const AI_LABELS: Readonly<Record<string, string>> = { helmet: '未佩戴安全帽', vest: '未穿反光衣', smoking: '现场吸烟', fire: '烟火', intrusion: '危险区域闯入', climbing: '违规攀爬' };
const pickType = (h: number): string => {
  let n = h % 100;
  for (const [type, weight] of AI_TYPES) {
    if (n < weight) return type;
    n -= weight;
  }
  return 'helmet';
};

/** The AI events of the active projects' AI cameras between `from` and `to` that are missing; the number written. */
export async function syncAiEvents(db: Kysely<Database>, t: ScreenTables, from: Date, to: Date): Promise<number> {
  const cameras = (await devicesOf(db, t, 'video')).filter((d) => d.ingest_key);
  if (cameras.length === 0) return 0;
  const existing = new Set(
    (
      await sql<{ device_code: string; event_time: Date | string }>`select device_code, event_time from ${sql.id(t.aiEvent)}
        where device_code in (${sql.join(cameras.map((c) => c.device_code))}) and event_time >= ${from.toISOString()}::timestamptz
          and event_time <= ${to.toISOString()}::timestamptz`.execute(db)
    ).rows.map((r) => `${r.device_code}\u0000${new Date(r.event_time).getTime()}`),
  );
  const snapshots = new Map<string, string | null>();
  let written = 0;
  for (const camera of cameras) {
    const tunnel = (camera.install_position ?? '').includes('隧道');
    for (const day of shiftDays(from, to).slice(1)) {
      for (let hour = 7; hour < 19; hour++) {
        const h = hashOf(`${camera.device_code}/${day}/${hour}`);
        if (h % 3 !== 0) continue;
        const when = new Date(at(day, hour * 60).getTime() + ((h >>> 5) % 3600) * 1000);
        if (when < from || when > to) continue;
        const key = `${camera.device_code}\u0000${when.getTime()}`;
        if (existing.has(key)) continue;
        existing.add(key);
        const type = pickType(h >>> 11);
        const variant = (h >>> 3) % 4;
        const snapKey = `${camera.project_id}/${type}/${variant}/${tunnel}`;
        if (!snapshots.has(snapKey)) snapshots.set(snapKey, await demoSnapshotOf(db, camera, type, variant, tunnel));
        const handled = to.getTime() - when.getTime() > 2 * 3_600_000 && (h >>> 17) % 10 < 8;
        const handledAt = new Date(when.getTime() + (20 + ((h >>> 9) % 40)) * 60_000).toISOString();
        const message = `${camera.install_position ?? camera.device_code}`.slice(0, 100);
        await db.transaction().execute(async (trx) => {
          const alarm = await dynamicDb(trx)
            .insertInto(t.alarm)
            .values({
              company_id: camera.company_id, project_id: camera.project_id, device_code: camera.device_code, alarm_time: when.toISOString(),
              alarm_kind: 'aiEvent', alarm_level: '3', message: `${AI_LABELS[type]}：${message}`, handled, recovered_at: when.toISOString(),
              handle_status: handled ? '2' : '0', handler: handled ? '安全员' : null, handled_at: handled ? handledAt : null, handle_note: handled ? '已现场制止并进行安全教育' : null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await dynamicDb(trx)
            .insertInto(t.aiEvent)
            .values({
              company_id: camera.company_id, project_id: camera.project_id, device_code: camera.device_code, event_time: when.toISOString(),
              event_type: type, message, snapshot: snapshots.get(snapKey) ?? null, alarm_id: alarm.id,
              handle_status: handled ? '2' : '0', handler: handled ? '安全员' : null, handled_at: handled ? handledAt : null, handle_note: handled ? '已现场制止并进行安全教育' : null,
            })
            .execute();
        });
        written += 1;
      }
    }
  }
  return written;
}

/** The stored demo snapshot of a type for a camera's project (stored once, found again by its file name). */
async function demoSnapshotOf(db: Kysely<Database>, camera: DeviceRow, type: string, variant: number, tunnel: boolean): Promise<string | null> {
  const fileName = `AI抓拍示例-${type}-${variant}${tunnel ? '-隧道' : ''}-${camera.project_id}.png`;
  const found = await db.selectFrom('uploaded_files').select('id').where('file_name', '=', fileName).orderBy('id').executeTakeFirst();
  if (found) return `${FILE_PATH}/${found.id}`;
  if ((await uploaderOf(db, camera.company_id === null ? null : Number(camera.company_id))) === null) return null;
  return storeProjectImage(db, camera.company_id === null ? null : Number(camera.company_id), Number(camera.project_id), {
    data: demoSnapshot(type, variant, tunnel),
    contentType: 'image/png',
    fileName,
  });
}
