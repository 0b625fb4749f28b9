// The demo simulator's site activity: attendance and vehicle passages written from the deterministic
// schedule (site-schedule.ts) up to "now", and hazards found and rectified at random. Only projects under
// construction (status 3) are active. Writing a window again adds only what is missing, so ticks, the
// start-up backfill and several processes do not double the rows.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { dynamicDb } from '../engine/dynamic-db';
import { enqueueAttendance } from '../push/outbox';
import { addDays, cstDate, cstMidnight } from './format';
import { HAZARD_CLOSED } from './quality-safety';
import { fleetOf, passagesOf, shiftOf } from './site-schedule';
import { HAZARD_CATALOGUE } from './simulator-hazards';
import type { ScreenTables } from './tables';

type Project = { id: string | number; company_id: string | number; project_no: string; area_code: string; name: string };

const BATCH = 500;
async function insertAll(db: Kysely<Database>, table: string, rows: Array<Record<string, unknown>>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await dynamicDb(db).insertInto(table).values(rows.slice(i, i + BATCH)).execute();
}

const activeProjects = async (db: Kysely<Database>): Promise<Project[]> =>
  (await sql<Project>`select id, company_id, project_no, area_code, name from projects where status = 3 order by id`.execute(db)).rows;

/** CST days from the day of `from` to the day of `to`, inclusive. */
function daysBetween(from: Date, to: Date): string[] {
  const out: string[] = [];
  for (let d = cstDate(from); d <= cstDate(to); d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * Attendance of the active projects' rostered workers from the day of `from` to `now`: today's rows
 * appear at each worker's clock-in time and are closed at the clock-out time. An earlier day is written
 * only for a project that has no attendance at all that day, so imported or seeded days stay as they are.
 */
export async function syncAttendance(db: Kysely<Database>, t: ScreenTables, from: Date, now: Date): Promise<{ inserted: number; closed: number }> {
  const projects = await activeProjects(db);
  if (projects.length === 0) return { inserted: 0, closed: 0 };
  const days = daysBetween(from, now);
  const today = cstDate(now);
  const ids = sql.join(projects.map((p) => p.id));
  const workers = (
    await sql<Record<string, unknown> & { id: string | number; project_id: string | number }>`
      select w.id, w.project_id, w.company_id, w.worker_name, w.team_name, w.job_type,
        to_char(w.entry_date, 'YYYY-MM-DD') as entry_date, to_char(w.exit_date, 'YYYY-MM-DD') as exit_date
      from ${sql.id(t.worker)} w where w.if_del = 0 and w.project_id in (${ids})`.execute(db)
  ).rows;
  const existing = (
    await sql<{ id: string | number; worker_id: string | number; project_id: string | number; day: string; in_time: Date | string | null; out_time: unknown }>`
      select id, worker_id, project_id, to_char(work_date, 'YYYY-MM-DD') as day, in_time, out_time from ${sql.id(t.attendance)}
      where project_id in (${ids}) and work_date between ${days[0]}::date and ${today}::date`.execute(db)
  ).rows;
  const busyDays = new Set(existing.filter((r) => r.day !== today).map((r) => `${r.project_id}/${r.day}`));
  const todays = new Map(existing.filter((r) => r.day === today).map((r) => [String(r.worker_id), r]));

  const inserts: Array<Record<string, unknown>> = [];
  let closed = 0;
  for (const day of days) {
    for (const w of workers) {
      const entry = w.entry_date as string | null;
      const exit = w.exit_date as string | null;
      if ((entry && entry > day) || (exit && exit <= day)) continue;
      if (day !== today && busyDays.has(`${w.project_id}/${day}`)) continue;
      const plan = shiftOf(w.id, day);
      if (!plan || plan.inTime > now) continue;
      const done = plan.outTime <= now;
      const row = day === today ? todays.get(String(w.id)) : undefined;
      if (row) {
        // Close the simulator's own open row (recognised by its clock-in time) once the shift is over.
        if (done && row.out_time === null && row.in_time !== null && new Date(row.in_time).getTime() === plan.inTime.getTime()) {
          // The clock-out is pushed like the clock-in (docs/push.md): queued in the update's transaction.
          await db.transaction().execute(async (trx) => {
            const updated = await sql<Record<string, unknown>>`update ${sql.id(t.attendance)} set out_time = ${plan.outTime.toISOString()}::timestamptz, work_hours = ${plan.workHours},
              updated_at = now() where id = ${row.id} and out_time is null returning *`.execute(trx);
            await enqueueAttendance(trx, t.worker, updated.rows);
          });
          closed++;
        }
        continue;
      }
      inserts.push({
        company_id: w.company_id,
        project_id: w.project_id,
        worker_id: w.id,
        worker_name: w.worker_name,
        team_name: w.team_name,
        job_type: w.job_type,
        work_date: day,
        in_time: plan.inTime.toISOString(),
        out_time: done ? plan.outTime.toISOString() : null,
        device_name: plan.deviceName,
        work_hours: done ? plan.workHours : null,
      });
    }
  }
  // Earlier days are history (backfill); today's rows are pushed, queued in their insert's transaction (docs/push.md).
  await insertAll(db, t.attendance, inserts.filter((r) => r.work_date !== today));
  const live = inserts.filter((r) => r.work_date === today);
  for (let i = 0; i < live.length; i += BATCH) {
    await db.transaction().execute(async (trx) => {
      const stored = await dynamicDb(trx).insertInto(t.attendance).values(live.slice(i, i + BATCH)).returningAll().execute();
      await enqueueAttendance(trx, t.worker, stored);
    });
  }
  return { inserted: inserts.length, closed };
}

/** Vehicle passages of the active projects with a time in (from, now], those not written yet. */
export async function syncPassages(db: Kysely<Database>, t: ScreenTables, from: Date, now: Date): Promise<number> {
  const projects = await activeProjects(db);
  if (projects.length === 0) return 0;
  const existing = await sql<{ project_id: string | number; plate_no: string; direction: string; pass_time: Date | string }>`
    select project_id, plate_no, direction, pass_time from ${sql.id(t.vehicle)}
    where project_id in (${sql.join(projects.map((p) => p.id))})
      and pass_time > ${from.toISOString()}::timestamptz and pass_time <= ${now.toISOString()}::timestamptz`.execute(db);
  const seen = new Set(existing.rows.map((r) => `${r.project_id}/${r.plate_no}/${r.direction}/${new Date(r.pass_time).getTime()}`));
  const rows: Array<Record<string, unknown>> = [];
  for (const p of projects) {
    const fleet = fleetOf(p.id, p.area_code, p.name.includes('搅拌站'));
    for (const day of daysBetween(from, now)) {
      for (const pass of passagesOf(p.id, day, fleet)) {
        if (pass.time <= from || pass.time > now || seen.has(`${p.id}/${pass.plateNo}/${pass.direction}/${pass.time.getTime()}`)) continue;
        rows.push({
          company_id: p.company_id,
          project_id: p.id,
          plate_no: pass.plateNo,
          vehicle_type: pass.vehicleType,
          direction: pass.direction,
          pass_time: pass.time.toISOString(),
          gate_name: pass.gateName,
          washed: pass.washed,
          upload_status: pass.uploadStatus,
        });
      }
    }
  }
  await insertAll(db, t.vehicle, rows);
  return rows.length;
}

export type HazardTickOptions = { now: Date; random: () => number; intervalMs: number };

/** Mean time a hazard stays in each open status before moving on (hazardStatus 1 → 2 → 3 → 4). */
const STATUS_MEAN_MS: Record<string, number> = { '1': 4 * 3_600_000, '2': 24 * 3_600_000, '3': 6 * 3_600_000 };
/** New hazards per active project and working day (08:00–18:00 CST). */
const HAZARDS_PER_DAY = 2;

/**
 * During working hours, now and then a site check finds a hazard on an active project, and open hazards
 * move through rectification to closed (销项). Returns how many were found and how many moved.
 */
export async function hazardTick(db: Kysely<Database>, t: ScreenTables, o: HazardTickOptions): Promise<{ found: number; moved: number }> {
  const hour = (o.now.getUTCHours() + 8) % 24;
  if (hour < 8 || hour >= 18) return { found: 0, moved: 0 };
  const nowIso = o.now.toISOString();
  let found = 0;
  for (const p of await activeProjects(db)) {
    if (o.random() >= (HAZARDS_PER_DAY * o.intervalMs) / (10 * 3_600_000)) continue;
    const n = await sql<{ n: unknown }>`select count(*) as n from ${sql.id(t.hazard)} where project_id = ${p.id}`.execute(db);
    // The project's safety or quality officers find it; a team leader rectifies it (生产经理 when none).
    const people = await sql<{ worker_name: string; person_type: string }>`
      select worker_name, person_type from ${sql.id(t.worker)}
      where project_id = ${p.id} and if_del = 0 and exit_date is null and person_type in ('1009', '1010', '1022', '1030')`.execute(db);
    const pick = (types: string[], fallback: string) => {
      const names = people.rows.filter((w) => types.includes(w.person_type)).map((w) => w.worker_name);
      return names.length > 0 ? names[Math.floor(o.random() * names.length)] : fallback;
    };
    const item = HAZARD_CATALOGUE[Math.floor(o.random() * HAZARD_CATALOGUE.length)];
    const level = o.random() < 0.85 ? '1' : o.random() < 0.9 ? '2' : '3';
    await dynamicDb(db)
      .insertInto(t.hazard)
      .values({
        company_id: p.company_id,
        project_id: p.id,
        hazard_no: `YH-${p.project_no.replace(/[^A-Za-z0-9]/g, '').slice(0, 20)}-${String(Number(n.rows[0]?.n ?? 0) + 1).padStart(3, '0')}`,
        hazard_type: item.type,
        level,
        check_kind: o.random() < 0.6 ? '1' : '4',
        description: item.description,
        location: item.location,
        found_at: nowIso,
        finder: pick(['1010', '1009'], '安全员'),
        rectify_deadline: addDays(cstDate(o.now), level === '1' ? 3 : level === '2' ? 7 : 15),
        rectifier: pick(['1022', '1030'], '班组长'),
        status: '1',
      })
      .execute();
    found++;
  }
  const open = await sql<{ id: string | number; status: string }>`
    select h.id, h.status from ${sql.id(t.hazard)} h join projects p on p.id = h.project_id
    where h.if_del = 0 and h.status <> ${HAZARD_CLOSED} and p.status = 3 and h.found_at <= ${nowIso}::timestamptz`.execute(db);
  let moved = 0;
  for (const h of open.rows) {
    const mean = STATUS_MEAN_MS[h.status];
    if (!mean || o.random() >= o.intervalMs / mean) continue;
    const next = String(Number(h.status) + 1);
    await sql`update ${sql.id(t.hazard)} set status = ${next}, updated_at = now(),
      closed_at = ${next === HAZARD_CLOSED ? nowIso : null}::timestamptz where id = ${h.id}`.execute(db);
    moved++;
  }
  return { found, moved };
}

/** The start of the CST day `days` before `now`'s day, for backfill windows. */
export const daysBack = (now: Date, days: number): Date => cstMidnight(addDays(cstDate(now), -days));
