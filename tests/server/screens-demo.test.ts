// Demo data dated relative to now (server/screens/demo.ts) and the simulator's site activity
// (simulator-site.ts): hazards moved once by whole days, attendance and passages written from the
// deterministic schedule exactly once, and a demo start that gives the screens live data with the
// simulator off (as the end-to-end suite runs).
import { sql, type Kysely } from 'kysely';
import { isPlate } from '../../common/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../server/app';
import { openDatabase, type DatabaseHandle } from '../../server/db/connect';
import type { Database } from '../../server/db/schema';
import { loadCatalog } from '../../server/platform/catalog';
import { demoShiftDays, prepareDemoData } from '../../server/screens/demo';
import { keepsNoPhoto } from '../../server/screens/demo-photos';
import { typeProblem } from '../../server/engine/upload-rules';
import type { SupervisoryPersonnel } from '../../server/screens/supervisory';
import { addDays, cstDate, cstMidnight } from '../../server/screens/format';
import type { BuildPersonnel } from '../../server/screens/personnel';
import type { QualitySafety } from '../../server/screens/quality-safety';
import type { Environment } from '../../server/screens/environment';
import type { Report } from '../../server/screens/report';
import type { Vehicle } from '../../server/screens/vehicle';
import type { Warning } from '../../server/screens/warning';
import { hazardTick, syncAttendance, syncPassages } from '../../server/screens/simulator-site';
import { fleetOf, passagesOf, shiftOf } from '../../server/screens/site-schedule';
import { screenTables } from '../../server/screens/tables';
import { PROJECTS } from '../../server/seed/demo-data';
import { endpoint } from './engine-support';
import { call, session } from './helpers';
import { screen } from './screens-fixtures';
import { seedRows, startScreensApp } from './screens-support';

const catalog = loadCatalog();
const t = screenTables(catalog);
let handle: DatabaseHandle;
let db: Kysely<Database>;
let seeded: string[];

beforeAll(async () => {
  handle = await openDatabase(process.env.DATABASE_URL ? { kind: 'postgres', url: process.env.DATABASE_URL, isolate: true } : { kind: 'pglite', dataDir: 'memory' });
  db = handle.db;
  seeded = (await prepareDatabase(db, catalog, { seed: true })).entitySeeds?.seeded ?? [];
});
afterAll(() => handle.close());

const count = async (table: string, where = sql`true`) => Number((await sql<{ n: unknown }>`select count(*) as n from ${sql.id(table)} where ${where}`.execute(db)).rows[0].n);
const at = (day: string, hhmm: string) => new Date(cstMidnight(day).getTime() + (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))) * 60_000);

/** Active (status 3) projects with their workers on the roster on `day`, from the database. */
async function rosterOn(day: string) {
  const rows = await sql<{ id: string; project_id: string; area_code: string; name: string }>`
    select w.id::text, w.project_id::text, p.area_code, p.name from ${sql.id(t.worker)} w join projects p on p.id = w.project_id
    where p.status = 3 and w.if_del = 0 and (w.entry_date is null or w.entry_date <= ${day}::date) and (w.exit_date is null or w.exit_date > ${day}::date)`.execute(db);
  return rows.rows;
}

describe('prepareDemoData', () => {
  it('moves the just-seeded hazards by whole days once, so the reference day becomes today', async () => {
    expect(seeded).toContain('Hazard');
    const now = new Date();
    const shift = demoShiftDays(now);
    expect(addDays('2025-07-15', shift)).toBe(cstDate(now));
    await prepareDemoData(db, t, { seeded, backfill: false, now });
    const rows = await sql<{ hazard_no: string; found_at: Date | string; deadline: string }>`
      select hazard_no, found_at, to_char(rectify_deadline, 'YYYY-MM-DD') as deadline from ${sql.id(t.hazard)}`.execute(db);
    const byNo = new Map(rows.rows.map((r) => [r.hazard_no, r]));
    for (const h of seedRows('hazard')) {
      const row = byNo.get(String(h.hazardNo))!;
      expect(new Date(row.found_at).getTime()).toBe(Date.parse(String(h.foundAt)) + shift * 86_400_000);
      expect(row.deadline).toBe(addDays(String(h.rectifyDeadline), shift));
      expect(new Date(row.found_at).getTime()).toBeLessThan(now.getTime());
    }
    // Not seeded at this start: nothing moves again.
    await prepareDemoData(db, t, { seeded: [], backfill: false, now });
    const again = await sql<{ found_at: Date | string }>`select found_at from ${sql.id(t.hazard)} where hazard_no = ${String(seedRows('hazard')[0].hazardNo)}`.execute(db);
    expect(new Date(again.rows[0].found_at).getTime()).toBe(Date.parse(String(seedRows('hazard')[0].foundAt)) + shift * 86_400_000);
  });
});

describe('demo worker photos', () => {
  type WorkerPhoto = { id: string; gender: string | null; photo: string | null; company_id: number; project_no: string };
  const workers = async () =>
    (
      await sql<WorkerPhoto>`select w.id::text as id, w.gender, w.photo, p.company_id, p.project_no
        from ${sql.id(t.worker)} w join projects p on p.id = w.project_id order by w.id`.execute(db)
    ).rows;

  it('gives about nine in ten just-seeded workers a portrait stored as an upload of their company, once', async () => {
    expect(seeded).toContain('Worker');
    await prepareDemoData(db, t, { seeded: ['Worker'], backfill: false });
    const all = await workers();
    const without = all.filter((w) => !w.photo);
    expect(without.map((w) => w.id)).toEqual(all.filter((w) => keepsNoPhoto(w.id)).map((w) => w.id));
    expect(without.length / all.length).toBeGreaterThan(0.05);
    expect(without.length / all.length).toBeLessThan(0.15);
    // scattered over the projects, not one project without photos
    expect(new Set(without.map((w) => w.project_no)).size).toBeGreaterThan(2);

    const files = await db.selectFrom('uploaded_files').selectAll().execute();
    const byUrl = new Map(files.map((f) => [`/prod-api/api/Upload/File/${f.id}`, f]));
    for (const w of all.filter((x) => x.photo)) {
      const file = byUrl.get(w.photo!);
      expect(file, w.photo!).toBeTruthy();
      // served only inside its company (server/routes/upload.ts): the worker's project's company
      expect(file!.company_id).toBe(w.company_id);
      expect(file!.file_name).toContain(w.gender === '2' ? 'female' : 'male');
    }
    const used = new Set(all.map((w) => w.photo).filter(Boolean));
    expect(files.filter((f) => used.has(`/prod-api/api/Upload/File/${f.id}`))).toHaveLength(files.length);
    for (const f of files) {
      expect(f).toMatchObject({ upload_type: 'image', content_type: 'image/png' });
      expect(f.size).toBeLessThan(8 * 1024);
      expect(typeProblem('image', f.file_name, Buffer.from(f.data))).toBeNull();
    }
    // A second start, or Worker not seeded now: nothing more is stored, nobody changes.
    expect((await prepareDemoData(db, t, { seeded: ['Worker'], backfill: false })).photos).toEqual({ workers: without.length, withPhoto: 0, files: 0 });
    expect((await prepareDemoData(db, t, { seeded: [], backfill: false })).photos).toBeNull();
    expect(await workers()).toEqual(all);
    expect(await db.selectFrom('uploaded_files').select('id').execute()).toHaveLength(files.length);
  });
});

describe('site schedule', () => {
  // A Tuesday far from the seeded attendance days.
  const day = '2030-03-05';

  it('clocks workers in and out on schedule, once', async () => {
    const roster = await rosterOn(day);
    expect(roster.length).toBeGreaterThan(50);
    const morning = at(day, '07:30');
    const plans = roster.map((w) => ({ w, plan: shiftOf(w.id, day) }));
    const inBy = (when: Date) => plans.filter((p) => p.plan && p.plan.inTime <= when).length;

    expect(await syncAttendance(db, t, morning, morning)).toEqual({ inserted: inBy(morning), closed: 0 });
    const onSite = await count(t.attendance, sql`work_date = ${day}::date and out_time is null`);
    expect(onSite).toBe(inBy(morning));

    const evening = at(day, '20:00');
    expect(await syncAttendance(db, t, evening, evening)).toEqual({ inserted: inBy(evening) - inBy(morning), closed: inBy(morning) });
    expect(await count(t.attendance, sql`work_date = ${day}::date and out_time is null`)).toBe(0);
    expect(await count(t.attendance, sql`work_date = ${day}::date and work_hours > 0`)).toBe(inBy(evening));
    // Most of the roster works on a weekday; a second run writes nothing.
    expect(inBy(evening) / roster.length).toBeGreaterThan(0.75);
    expect(await syncAttendance(db, t, evening, evening)).toEqual({ inserted: 0, closed: 0 });
  });

  it('leaves earlier days that already have attendance alone and fills the others', async () => {
    const seededDays = new Set(seedRows('attendance-record').map((a) => `${a.projectNo}/${String(a.workDate)}`));
    const first = [...seededDays].map((k) => k.split('/')[1]).sort()[0];
    const before = await sql<{ k: string; n: unknown }>`
      select p.project_no || '/' || to_char(a.work_date, 'YYYY-MM-DD') as k, count(*) as n
      from ${sql.id(t.attendance)} a join projects p on p.id = a.project_id group by 1`.execute(db);
    // The day before the seeded days has no attendance: every active project gets its day. "Now" is the
    // next morning before anyone clocks in, so the seeded days are earlier days.
    const before1 = addDays(first, -1);
    await syncAttendance(db, t, cstMidnight(before1), at(addDays(first, 1), '05:00'));
    const after = await sql<{ k: string; n: unknown }>`
      select p.project_no || '/' || to_char(a.work_date, 'YYYY-MM-DD') as k, count(*) as n
      from ${sql.id(t.attendance)} a join projects p on p.id = a.project_id group by 1`.execute(db);
    const was = new Map(before.rows.map((r) => [r.k, Number(r.n)]));
    for (const r of after.rows) if (seededDays.has(r.k)) expect(Number(r.n)).toBe(was.get(r.k));
    const active = PROJECTS.filter((p) => p.status === 3).map((p) => p.no);
    expect(after.rows.filter((r) => r.k.endsWith(before1)).map((r) => r.k.split('/')[0]).sort()).toEqual([...active].sort());
    for (const r of after.rows.filter((x) => x.k.endsWith(before1))) expect(Number(r.n)).toBeGreaterThan(5);
  });

  it('writes the planned vehicle passages of a day once', async () => {
    const projects = await sql<{ id: string; area_code: string; name: string }>`select id::text, area_code, name from projects where status = 3`.execute(db);
    const planned = projects.rows.flatMap((p) => passagesOf(p.id, day, fleetOf(p.id, p.area_code, p.name.includes('搅拌站'))));
    expect(planned.length).toBeGreaterThan(40);
    expect(planned.filter((p) => p.direction === 'in').length).toBe(planned.filter((p) => p.direction === 'out').length);
    const from = cstMidnight(day);
    const noon = at(day, '12:00');
    expect(await syncPassages(db, t, from, noon)).toBe(planned.filter((p) => p.time <= noon).length);
    expect(await syncPassages(db, t, from, at(day, '23:59'))).toBe(planned.filter((p) => p.time > noon).length);
    expect(await syncPassages(db, t, from, at(day, '23:59'))).toBe(0);
    const plates = await sql<{ plate_no: string }>`select distinct plate_no from ${sql.id(t.vehicle)}`.execute(db);
    // The area's prefix and the §5.5 plate rule the passage's own form checks (common/validators.ts).
    for (const r of plates.rows) expect([r.plate_no, isPlate(r.plate_no)]).toEqual([expect.stringMatching(/^川[KC]/), true]);
  });
});

describe('hazard simulation', () => {
  const day = '2030-03-06';

  it('finds hazards on active projects in working hours and moves open ones towards closed', async () => {
    const active = PROJECTS.filter((p) => p.status === 3).length;
    expect(await hazardTick(db, t, { now: at(day, '20:00'), random: () => 0, intervalMs: 10_000 })).toEqual({ found: 0, moved: 0 });
    expect(await hazardTick(db, t, { now: at(day, '10:00'), random: () => 0.999, intervalMs: 10_000 })).toEqual({ found: 0, moved: 0 });

    const openBefore = await sql<{ id: string; status: string }>`
      select h.id::text, h.status from ${sql.id(t.hazard)} h join projects p on p.id = h.project_id
      where h.if_del = 0 and h.status <> '4' and p.status = 3`.execute(db);
    const result = await hazardTick(db, t, { now: at(day, '10:00'), random: () => 0, intervalMs: 10_000 });
    expect(result).toEqual({ found: active, moved: openBefore.rows.length + active });
    const found = await sql<Record<string, unknown>>`
      select h.*, p.project_no from ${sql.id(t.hazard)} h join projects p on p.id = h.project_id where h.found_at = ${at(day, '10:00').toISOString()}::timestamptz`.execute(db);
    expect(found.rows).toHaveLength(active);
    for (const h of found.rows) {
      expect(h).toMatchObject({ status: '2', check_kind: '1' });
      expect(String(h.hazard_no)).toMatch(new RegExp(`^YH-${String(h.project_no).replace(/-/g, '')}-\\d{3}$`));
      const officers = seedRows('worker').filter((w) => w.projectNo === h.project_no && ['1009', '1010'].includes(String(w.personType))).map((w) => w.workerName);
      if (officers.length > 0) expect(officers).toContain(h.finder);
    }
    const closed = openBefore.rows.filter((h) => h.status === '3').map((h) => h.id);
    if (closed.length > 0) {
      const rows = await sql<{ status: string; closed_at: unknown }>`select status, closed_at from ${sql.id(t.hazard)} where id = ${closed[0]}`.execute(db);
      expect(rows.rows[0].status).toBe('4');
      expect(new Date(rows.rows[0].closed_at as string).getTime()).toBe(at(day, '10:00').getTime());
    }
  });
});

describe('a demo start with the simulator off', () => {
  it('gives every screen data of today and of the recent past', async () => {
    const started = Date.now();
    const app = await startScreensApp({ simulator: false, demoData: true });
    try {
      const token = (await session(app, 'qiye01')).token;
      const [people, quality, env, vehicle, warning, report] = await Promise.all([
        screen<BuildPersonnel>(app, token, 'BuildPersonnel'),
        screen<QualitySafety>(app, token, 'QualitySafety'),
        screen<Environment>(app, token, 'Environment'),
        screen<Vehicle>(app, token, 'Vehicle'),
        screen<Warning>(app, token, 'Warning'),
        screen<Report>(app, token, 'Report'),
      ]);
      // Everyone on an active project's roster scheduled to clock in by the start has, and nobody later
      // than the call: the bounds are the schedule at the start and now.
      const today = cstDate(new Date(started));
      if (cstDate(new Date()) !== today) return;
      const admin = (await session(app, 'sysadmin')).token;
      const list = await call<Array<{ id: string; projectId: string; entryDate: string | null; exitDate: string | null; labels: Record<string, string> }>>(
        app, 'GET', endpoint('Worker', 'list'), { token: admin, query: { index: 0, size: 1000 } });
      const active = new Set(PROJECTS.filter((p) => p.status === 3).map((p) => p.name));
      const rostered = list.body.data!.filter(
        (w) => active.has(w.labels.projectId) && (!w.entryDate || w.entryDate <= today) && (!w.exitDate || w.exitDate > today),
      );
      const clockedIn = (by: number) => rostered.filter((w) => (shiftOf(w.id, today)?.inTime.getTime() ?? Infinity) <= by).length;
      expect(people.summary.attended).toBeGreaterThanOrEqual(clockedIn(started));
      expect(people.summary.attended).toBeLessThanOrEqual(clockedIn(Date.now()));
      expect(people.summary.roster).toBeGreaterThan(0);
      expect(people.trend.filter((d) => d.attended > 0).length).toBeGreaterThanOrEqual(6);
      expect(quality.trend.some((d) => d.found > 0)).toBe(true);
      expect(quality.openList.length).toBeGreaterThan(0);
      expect(Date.parse(quality.openList[0].foundAt)).toBeGreaterThan(Date.now() - 10 * 86_400_000);
      expect(env.trend.filter((h) => h.pm10 !== null).length).toBeGreaterThanOrEqual(23);
      expect(env.latest.some((l) => Date.parse(l.time) > Date.now() - 3_600_000)).toBe(true);
      expect(vehicle.hourly.reduce((n, h) => n + h.in, 0)).toBeGreaterThan(0);
      expect(vehicle.latest.length).toBe(20);
      expect(warning.overdueHazards.length).toBeGreaterThan(0);
      expect(report.totals.personDays).toBeGreaterThan(0);
      expect(report.totals.vehiclesIn).toBeGreaterThan(0);
      expect(report.totals.hazardsFound).toBe(seedRows('hazard').length);

      // 实名制登记: most seeded workers have a photo, which their company's users can open.
      const supervised = await screen<SupervisoryPersonnel>(app, (await session(app, 'jianguan01')).token, 'SupervisoryPersonnel');
      expect(supervised.summary.registrationRate).toBeGreaterThan(80);
      expect(supervised.summary.registrationRate).toBeLessThan(97);
      const ownWorkers = await call<Array<{ photo: string | null }>>(app, 'GET', endpoint('Worker', 'list'), { token, query: { index: 0, size: 50 } });
      const photo = ownWorkers.body.data!.find((w) => w.photo)!.photo!;
      const file = await app.inject({ method: 'GET', url: photo, headers: { authorization: `Bearer ${token}` } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(typeProblem('image', 'photo.png', file.rawPayload)).toBeNull();
    } finally {
      await app.close();
    }
  }, 300_000); // a whole first start (migrations, demo seed, backfill): under a minute alone, minutes on a loaded CI machine
});
