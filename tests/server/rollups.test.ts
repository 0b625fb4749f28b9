// The rollups (server/screens/rollups.ts) agree with the raw rows: on the seeded demo, after inserts, updates
// that move rows between days, projects and kinds, deletes, soft deletes and closings, and after a rebuild; a
// start on an up-to-date database rebuilds nothing; the 统计报表 call reads them. The screens that read them
// (统计报表, 质量安全, 质量安全检查, 检测机构) answer the same from the rollups as from the raw rows, over all
// projects and over one; a check's failed_count (COUNTERS) follows its items; the 环境监测 exceedance days
// and the environment screens' daily averages read from rollup_env_day equal those from the raw readings; the
// plant screens' volumes, trend and materials read from rollup_batch_day (kept per company) equal the raw rows'.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRollups, rebuildRollups, ROLLUPS } from '../../server/screens/rollups';
import { alarmTallies, openAlarms, type AlarmTally } from '../../server/screens/alarms';
import { aiRecognition } from '../../server/screens/ai-recognition';
import { openHazardCounts, qualitySafetyFrom } from '../../server/screens/quality-safety';
import { reportFrom } from '../../server/screens/report';
import { siteChecksFrom } from '../../server/screens/site-checks';
import { testingFrom } from '../../server/screens/testing';
import { exceedDays } from '../../server/screens/environ-monitoring';
import { environmentDaily } from '../../server/screens/environment';
import { cstDate, cstMidnight, lastDays } from '../../server/screens/format';
import { batchDays, plantBatchDaysFrom, plantConsumption, plantDaily, plantStockMoves, plantVolumes, type PlantQuery } from '../../server/screens/plant-aggregates';
import { screenTables } from '../../server/screens/tables';
import type { AppContext } from '../../server/app-context';
import type { ScreenContext } from '../../server/screens/context';
import { call, session, startApp } from './helpers';

let app: FastifyInstance;
let ctx: AppContext | undefined;
const capture: FastifyPluginAsync<{ ctx: AppContext }> = async (_api, options) => {
  ctx = options.ctx;
};

const screen = (): ScreenContext => ({ db: ctx!.db, t: screenTables(ctx!.catalog), dict: (n) => ctx!.catalog.dictionaries.get(n) ?? [], now: new Date() });
const allProjects = sql`select id from projects`;

/** Every rollup table's rows without the emptied ones (all measures 0), in a stable order, numbers as numbers. */
async function contents(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const def of ROLLUPS) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.id(def.table)}`.execute(ctx!.db);
    out[def.table] = rows.rows
      .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'day' ? String(v instanceof Date ? v.toISOString().slice(0, 10) : v) : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v])))
      .filter((r) => def.measures.some((m) => r[m.column] !== 0))
      .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  }
  return out;
}

/** Each check's failed_count against its failing items counted. */
const failedCounts = async () =>
  (await sql<{ id: string; kept: number | null; counted: number }>`select c.id::text as id, c.failed_count as kept,
    (select count(*)::int from site_check_item i where i.check_id = c.id::text and i.if_del = 0 and i.result = '2') as counted
    from site_check c order by c.id`.execute(ctx!.db)).rows;

const SCREENS = [reportFrom, qualitySafetyFrom, siteChecksFrom, testingFrom] as const;

async function expectRollupsMatchRawRows(projects = allProjects): Promise<void> {
  for (const from of SCREENS) {
    const c = screen();
    const [fromRollups, fromRaw] = await Promise.all([from(c, projects, 'rollups'), from(c, projects, 'raw')]);
    expect({ ...fromRollups, updatedAt: '' }).toEqual({ ...fromRaw, updatedAt: '' });
  }
  for (const r of await failedCounts()) expect(r.kept, `site_check ${r.id}`).toBe(r.counted);
}

beforeAll(async () => {
  app = await startApp({ routes: [capture] });
});
afterAll(() => app?.close());

describe('per-day rollups', () => {
  it('hold the seeded demo exactly as the raw rows do, and a second start rebuilds nothing', async () => {
    const report = await reportFrom(screen(), allProjects, 'rollups');
    expect(report.totals.personDays).toBeGreaterThan(0);
    expect(report.totals.alarms).toBeGreaterThan(0);
    await expectRollupsMatchRawRows();
    expect(await ensureRollups(ctx!.db, ctx!.catalog)).toEqual([]);
  });

  it('follow inserts, updates across days, projects and kinds, deletes, soft deletes and closings', async () => {
    const db = ctx!.db;
    const [p1, p2] = (await sql<{ id: number }>`select id from projects order by id limit 2`.execute(db)).rows.map((r) => r.id);
    // A batch of attendance in one statement (one aggregate), then moves and a delete.
    await sql`insert into attendance_record (project_id, company_id, worker_id, worker_name, team_name, job_type, work_date, work_hours)
      select ${p1}, 1, 1, '汇总测试' || g, '钢筋班', '01', current_date - (g % 20), 8 + (g % 3) from generate_series(1, 300) g`.execute(db);
    await sql`update attendance_record set project_id = ${p2}, work_date = work_date - 40 where worker_name like '汇总测试1%'`.execute(db);
    await sql`update attendance_record set work_hours = 4.5 where worker_name = '汇总测试7'`.execute(db);
    await sql`delete from attendance_record where worker_name like '汇总测试2%'`.execute(db);
    // Alarms of several kinds, one re-kinded; passages in and out, one reversed.
    await sql`insert into monitor_alarm (project_id, device_code, alarm_kind, alarm_level, alarm_time, message)
      select ${p1}, 'HZ-TEST', case when g % 2 = 0 then 'dust' else 'crane' end, '1', now() - make_interval(hours => g * 7), '汇总测试' || g
      from generate_series(1, 60) g`.execute(db);
    await sql`update monitor_alarm set alarm_kind = 'aiEvent' where message = '汇总测试3'`.execute(db);
    await sql`insert into vehicle_passage (project_id, plate_no, vehicle_type, direction, pass_time)
      select ${p2}, '川K汇' || g, '01', case when g % 3 = 0 then 'out' else 'in' end, now() - make_interval(hours => g * 5) from generate_series(1, 40) g`.execute(db);
    await sql`update vehicle_passage set direction = 'out' where plate_no = '川K汇1'`.execute(db);
    // Hazards: one soft-deleted, one closed today.
    const hazards = (await sql<{ id: number }>`select id from hazard where if_del = 0 and status <> '4' order by id limit 2`.execute(db)).rows;
    expect(hazards.length).toBe(2);
    await sql`update hazard set if_del = 1 where id = ${hazards[0].id}`.execute(db);
    await sql`update hazard set status = '4', closed_at = now() where id = ${hazards[1].id}`.execute(db);

    await expectRollupsMatchRawRows();
  });

  it('follow hazards, checks with their items and samples written, moved, closed, reported and deleted', async () => {
    const db = ctx!.db;
    const [p1, p2] = (await sql<{ id: number }>`select id from projects order by id limit 2`.execute(db)).rows.map((r) => r.id);
    const one = sql`select ${p1}::bigint`;
    // Hazards over 60 days, types, levels, kinds and states, then moved, closed, reopened and deleted.
    await sql`insert into hazard (project_id, hazard_no, hazard_type, level, check_kind, description, found_at, rectify_deadline, status, closed_at)
      select ${p1}, 'YH-RU-' || g, (1 + g % 11)::text, (1 + g % 3)::text, (1 + g % 6)::text, '汇总测试' || g,
        now() - make_interval(hours => g * 9), current_date + (g % 15) - 7, (1 + g % 4)::text,
        case when g % 4 = 3 then now() - make_interval(hours => g * 4) end
      from generate_series(1, 160) g`.execute(db);
    await sql`update hazard set project_id = ${p2}, found_at = found_at - interval '20 days' where hazard_no like 'YH-RU-1%'`.execute(db);
    await sql`update hazard set status = '4', closed_at = now() where hazard_no like 'YH-RU-2%' and status <> '4'`.execute(db);
    await sql`update hazard set status = '2', closed_at = null where hazard_no in ('YH-RU-3', 'YH-RU-7')`.execute(db);
    await sql`update hazard set rectify_deadline = current_date - 30, hazard_type = '11', level = '3' where hazard_no like 'YH-RU-4%'`.execute(db);
    await sql`update hazard set if_del = 1 where hazard_no like 'YH-RU-5%'`.execute(db);
    await sql`delete from hazard where hazard_no like 'YH-RU-6%'`.execute(db);

    // Checks of both categories with items; items failed, passed, moved between checks, deleted; checks moved and deleted.
    const checks = (await sql<{ id: string }>`insert into site_check (project_id, check_no, category, check_kind, check_method, check_date, inspector, location)
      select case when g % 3 = 0 then ${p2}::bigint else ${p1}::bigint end, 'JC-RU-' || g, (1 + g % 2)::text, (1 + g % 6)::text, (1 + g % 3)::text,
        current_date - (g % 40), '检查员', '部位' || g
      from generate_series(1, 30) g returning id::text`.execute(db)).rows.map((r) => r.id);
    await sql`insert into site_check_item (project_id, check_id, item_name, result, seq)
      select c.project_id, c.id::text, '检查项' || (g % 7), case when (g + c.id) % 3 = 0 then '2' else '1' end, g
      from site_check c cross join generate_series(1, 6) g where c.check_no like 'JC-RU-%'`.execute(db);
    await sql`update site_check_item set result = '2' where check_id = ${checks[0]}`.execute(db);
    await sql`update site_check_item set result = '1' where check_id = ${checks[1]}`.execute(db);
    await sql`update site_check_item set check_id = ${checks[2]} where check_id = ${checks[3]} and seq <= 3`.execute(db);
    await sql`update site_check_item set if_del = 1 where check_id = ${checks[4]} and seq = 1`.execute(db);
    await sql`delete from site_check_item where check_id = ${checks[5]} and result = '2'`.execute(db);
    await sql`update site_check set category = case category when '1' then '2' else '1' end, check_date = check_date - 3 where id in (${checks[6]}, ${checks[7]})`.execute(db);
    await sql`update site_check set project_id = ${p2}, check_kind = '6' where id = ${checks[8]}`.execute(db);
    await sql`update site_check set if_del = 1 where id = ${checks[9]}`.execute(db);
    await sql`delete from site_check where id = ${checks[10]}`.execute(db);
    // Items written before their check (an import): the check starts from their count.
    const next = (await sql<{ id: string }>`select (max(id) + 1000)::text as id from site_check`.execute(db)).rows[0].id;
    await sql`insert into site_check_item (project_id, check_id, item_name, result, seq) values (${p1}, ${next}, '先导入项', '2', 1), (${p1}, ${next}, '先导入项', '1', 2)`.execute(db);
    await sql`insert into site_check (id, project_id, check_no, category, check_kind, check_method, check_date, inspector, location)
      values (${next}, ${p1}, 'JC-RU-IMPORT', '2', '1', '2', current_date, '检查员', '导入')`.execute(db);

    // Samples through the workflow's states, reported qualified and not, moved, deleted.
    await sql`insert into witness_sample (project_id, sample_no, material_kind, location, quantity, sampler, witness, sampled_at, seal_no, institution, status)
      select case when g % 4 = 0 then ${p2}::bigint else ${p1}::bigint end, 'YP-RU-' || g, (1 + g % 10)::text, '部位', 1, '取样人', '见证人',
        now() - make_interval(hours => g * 11), 'FY-RU-' || g, (array['NJJC', 'HXJC', 'ZCJC'])[1 + g % 3], (1 + g % 3)::text
      from generate_series(1, 90) g`.execute(db);
    await sql`update witness_sample set status = '4', report_no = 'BG-' || sample_no, report_date = current_date - (id % 20)::int,
      conclusion = case when id % 5 = 0 then '2' else '1' end where sample_no like 'YP-RU-1%'`.execute(db);
    await sql`update witness_sample set sampled_at = sampled_at - interval '35 days', project_id = ${p1}, institution = 'NJJC' where sample_no like 'YP-RU-2%'`.execute(db);
    await sql`update witness_sample set conclusion = '2', report_date = current_date where sample_no = 'YP-RU-10'`.execute(db);
    await sql`update witness_sample set if_del = 1 where sample_no like 'YP-RU-3%'`.execute(db);
    await sql`delete from witness_sample where sample_no like 'YP-RU-4%'`.execute(db);

    await expectRollupsMatchRawRows();
    await expectRollupsMatchRawRows(one);
    expect((await failedCounts()).find((r) => r.id === next)).toMatchObject({ kept: 1, counted: 1 });
  });

  it('rollup_env_day: the exceedance days and daily averages follow inserts, moves across days, hours and projects, and deletes', async () => {
    const db = ctx!.db;
    const [p1, p2] = (await sql<{ id: number }>`select id from projects order by id limit 2`.execute(db)).rows.map((r) => r.id);
    const numbers = (rows: Array<Record<string, unknown>>) =>
      rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'day' || v === null ? v : Number(v)]))).sort((a, b) => String(a.day).localeCompare(String(b.day)));
    const expectSameDays = async () => {
      const c = screen();
      const [fromRollups, fromRaw] = [await exceedDays(c, allProjects), await exceedDays(c, allProjects, 'raw')];
      expect(fromRollups).toEqual(fromRaw);
      const days = lastDays(cstDate(c.now), 7);
      expect(numbers(await environmentDaily(c, allProjects, days))).toEqual(numbers(await environmentDaily(c, allProjects, days, 'raw')));
      return fromRollups;
    };
    await expectSameDays();
    // Every 5 hours over 40 days: PM2.5 over now and then, PM10 over or missing, noise between the night and day limits.
    await sql`insert into env_reading (project_id, company_id, device_code, reading_time, pm25, pm10, noise)
      select ${p1}, (select company_id from projects where id = ${p1}), '汇总测试-ENV', now() - make_interval(hours => g * 5),
        case when g % 7 = 0 then 80 else 30 end, case when g % 11 = 0 then 160 when g % 2 = 0 then null else 60 end, 50 + g % 25
      from generate_series(1, 200) g`.execute(db);
    const after = await expectSameDays();
    expect(after.find((d) => d.projectId === String(p1))?.noise).toBeGreaterThan(0);
    // Across projects and days, by an hour (the noise limit is the hour's), values changed, a part deleted.
    await sql`update env_reading set project_id = ${p2}, reading_time = reading_time - interval '3 days' where device_code = '汇总测试-ENV' and pm25 = 80`.execute(db);
    await sql`update env_reading set reading_time = reading_time + interval '1 hour' where device_code = '汇总测试-ENV' and pm10 = 60`.execute(db);
    await sql`update env_reading set noise = 40, pm25 = 90 where device_code = '汇总测试-ENV' and noise > 70`.execute(db);
    await sql`delete from env_reading where device_code = '汇总测试-ENV' and reading_time < now() - interval '20 days'`.execute(db);
    await expectSameDays();
  });

  it('count alarms unhandled and handled, open ones by kind and level, and move one when it is handled', async () => {
    const db = ctx!.db;
    /** Per project, day and kind, and open per project, kind and level: the rollups' figures and the raw rows'. */
    const alarmCounts = async () => {
      const rolled = await sql<Record<string, unknown>>`select project_id::text as p, to_char(day, 'YYYY-MM-DD') as d, kind,
        n::int as n, n_open::int as open, n_handled::int as handled from rollup_alarm_day where n <> 0 order by 1, 2, 3`.execute(db);
      const raw = await sql<Record<string, unknown>>`select project_id::text as p, to_char((alarm_time at time zone 'Asia/Shanghai')::date, 'YYYY-MM-DD') as d,
        coalesce(alarm_kind, '') as kind, count(*)::int as n,
        count(*) filter (where handled = false)::int as open, count(*) filter (where handled)::int as handled
        from monitor_alarm where project_id is not null and alarm_time is not null group by 1, 2, 3 order by 1, 2, 3`.execute(db);
      // The open counter: per project, kind and level.
      const counter = await sql<Record<string, unknown>>`select project_id::text as p, kind, level, n::int as n from rollup_alarm_open where n <> 0 order by 1, 2, 3`.execute(db);
      const rawOpen = await sql<Record<string, unknown>>`select project_id::text as p, coalesce(alarm_kind, '') as kind, coalesce(alarm_level, '') as level, count(*)::int as n
        from monitor_alarm where handled = false and project_id is not null and alarm_time is not null group by 1, 2, 3 order by 1, 2, 3`.execute(db);
      expect(counter.rows).toEqual(rawOpen.rows);
      return { rolled: rolled.rows, raw: raw.rows };
    };
    const [p1] = (await sql<{ id: number }>`select id from projects order by id limit 1`.execute(db)).rows.map((r) => r.id);
    await sql`insert into monitor_alarm (project_id, device_code, alarm_kind, alarm_level, alarm_time, message, handled)
      select ${p1}, 'HZ-OPEN', 'dust', (1 + g % 3)::text, now() - make_interval(days => g % 4), '处理测试' || g, false
      from generate_series(1, 12) g`.execute(db);
    const before = await alarmCounts();
    expect(before.rolled).toEqual(before.raw);
    const open = () => sql<{ n: number }>`select coalesce(sum(n_open), 0)::int as n from rollup_alarm_day where project_id = ${p1} and kind = 'dust'`.execute(db);
    const counted = () => sql<{ n: number }>`select coalesce(sum(n), 0)::int as n from rollup_alarm_open where project_id = ${p1} and kind = 'dust'`.execute(db);
    const openBefore = (await open()).rows[0].n;
    expect((await counted()).rows[0].n).toBe(openBefore);
    // Handled through the same statement the 处理完成 hook runs (server/hooks/alarm.ts), one and then a batch.
    await sql`update monitor_alarm set handled = true, handle_status = '2', handled_at = now() where message = '处理测试1'`.execute(db);
    expect((await open()).rows[0].n).toBe(openBefore - 1);
    await sql`update monitor_alarm set handled = true, handle_status = '2', handled_at = now() where message like '处理测试1_'`.execute(db);
    expect((await open()).rows[0].n).toBe(openBefore - 4);
    expect((await counted()).rows[0].n).toBe(openBefore - 4);
    // A level changed and one deleted: still the raw rows' figures.
    await sql`update monitor_alarm set alarm_level = '3' where message = '处理测试2'`.execute(db);
    await sql`delete from monitor_alarm where message = '处理测试5'`.execute(db);
    const after = await alarmCounts();
    expect(after.rolled).toEqual(after.raw);
  });

  it('answer the warning screens\' counts as the raw rows up to now do, alarms stamped later today left out', async () => {
    const db = ctx!.db;
    // Noon of today (China time) as "now", with alarms an hour before and after it and one in three days.
    const today = cstDate(new Date());
    const noon = new Date(cstMidnight(today).getTime() + 12 * 3_600_000);
    const c = { ...screen(), now: noon };
    const [p1] = (await sql<{ id: number }>`select id from projects order by id limit 1`.execute(db)).rows.map((r) => r.id);
    await sql`insert into monitor_alarm (project_id, device_code, alarm_kind, alarm_level, alarm_time, message, handled)
      select ${p1}, 'HZ-LATER', 'noise', '2', ${noon.toISOString()}::timestamptz + make_interval(mins => g * 20), '稍后测试' || g, g % 2 = 0
      from generate_series(-3, 3) g`.execute(db);
    await sql`insert into monitor_alarm (project_id, device_code, alarm_kind, alarm_level, alarm_time, message, handled)
      values (${p1}, 'HZ-LATER', 'noise', '1', ${noon.toISOString()}::timestamptz + interval '3 days', '稍后测试', false)`.execute(db);
    const raw = async (group: string, from: string | null) =>
      (
        await sql<Record<string, unknown>>`select ${sql.raw(group)} as g, count(*)::int as n, count(*) filter (where handled = false)::int as open,
          count(*) filter (where handled)::int as handled
          from monitor_alarm where project_id in (${allProjects}) and alarm_time <= ${noon.toISOString()}::timestamptz
            ${from ? sql`and alarm_time >= ${cstMidnight(from).toISOString()}::timestamptz` : sql``}
          group by 1`.execute(db)
      ).rows.sort((a, b) => String(a.g).localeCompare(String(b.g)));
    const tallied = (rows: AlarmTally[], key: (t: AlarmTally) => string) =>
      rows.map((t) => ({ g: key(t), n: t.n, open: t.open, handled: t.handled })).sort((a, b) => a.g.localeCompare(b.g));
    const open = (await openAlarms(c, allProjects)).map((o) => ({ g: `${o.kind}/${o.level}`, n: o.n })).sort((a, b) => a.g.localeCompare(b.g));
    const rawOpen = (await raw(`coalesce(alarm_kind, '') || '/' || coalesce(alarm_level, '')`, null)).filter((r) => Number(r.open) > 0).map((r) => ({ g: r.g, n: r.open }));
    expect(open).toEqual(rawOpen);
    const week = lastDays(today, 7);
    const byDay = await alarmTallies(c, allProjects, week[0], ['day']);
    expect(tallied(byDay, (t) => t.day)).toEqual(await raw(`to_char((alarm_time at time zone 'Asia/Shanghai')::date, 'YYYY-MM-DD')`, week[0]));
    const [todays] = await alarmTallies(c, allProjects, today, []);
    expect(todays.n).toBe((await raw(`'all'`, today))[0].n);
  });

  it('answer open hazards by status and the overdue ones (deadline before today) as the raw rows do', async () => {
    const db = ctx!.db;
    const c = screen();
    const today = cstDate(c.now);
    const [p1] = (await sql<{ id: number }>`select id from projects order by id limit 1`.execute(db)).rows.map((r) => r.id);
    // Open ones due yesterday, today, tomorrow and without a deadline, a closed overdue one, a deleted one.
    await sql`insert into ${sql.id(c.t.hazard)} (project_id, if_del, hazard_no, status, found_at, rectify_deadline)
      values (${p1}, 0, 'YH-OD-1', '1', now(), ${today}::date - 1), (${p1}, 0, 'YH-OD-2', '2', now(), ${today}::date),
        (${p1}, 0, 'YH-OD-3', '3', now(), ${today}::date + 1), (${p1}, 0, 'YH-OD-4', '1', now(), null),
        (${p1}, 0, 'YH-OD-5', '4', now(), ${today}::date - 5), (${p1}, 1, 'YH-OD-6', '1', now(), ${today}::date - 5)`.execute(db);
    for (const projects of [allProjects, sql`select ${p1}::bigint`]) {
      const raw = await sql<{ code: string; n: number; overdue: number }>`
        select status as code, count(*)::int as n, count(*) filter (where rectify_deadline < ${today}::date)::int as overdue
        from ${sql.id(c.t.hazard)} where if_del = 0 and status <> '4' and project_id in (${projects}) group by 1 order by 1`.execute(db);
      const rolled = await openHazardCounts(c, projects);
      expect(rolled.byStatus.map((s) => ({ code: String(s.code), n: Number(s.n) })).sort((a, b) => a.code.localeCompare(b.code)))
        .toEqual(raw.rows.map((r) => ({ code: r.code, n: r.n })));
      expect(rolled.overdue).toBe(raw.rows.reduce((n, r) => n + r.overdue, 0));
    }
    await sql`delete from ${sql.id(c.t.hazard)} where hazard_no like 'YH-OD-%'`.execute(db);
  });

  it('rollup_batch_day, kept per company: the plant screens\' volumes, trend and materials follow inserts, moves across days and companies, and deletes', async () => {
    const db = ctx!.db;
    const [c1, c2] = (await sql<{ id: number }>`select id from companies order by id limit 2`.execute(db)).rows.map((r) => Number(r.id));
    const expectPlantRollupsMatchRawRows = async () => {
      for (const companies of [[c1], [c1, c2], [c2]]) {
        const q: PlantQuery = { db, companies, now: new Date() };
        // The screen reads the days once for the four panels (from the earliest any of them needs).
        const shared: PlantQuery = { ...q, batchDays: batchDays(q, plantBatchDaysFrom(q.now)) };
        for (const f of [plantVolumes, plantDaily, plantStockMoves, plantConsumption] as const) {
          const raw = await f({ ...q, source: 'raw' });
          expect(await f(q), `${f.name} of ${companies.join(',')}`).toEqual(raw);
          expect(await f(shared), `${f.name} of ${companies.join(',')}, days read once`).toEqual(raw);
        }
      }
    };
    // Batches every 5 hours over 50 days (some today, some alarmed, odd weights), then moved, re-weighed and deleted.
    await sql`insert into batch_record (company_id, task_id, order_id, line_no, strength_grade, batch_no, batch_time, volume,
        cement_set, cement_actual, sand_set, sand_actual, water_set, water_actual, max_deviation, alarm)
      select ${c1}, 'RU-T', 'RU-O', '1', 'C30', g, now() - make_interval(hours => g * 5), 1.5 + (g % 4) * 0.25,
        720, 720.3 + g % 7, 1560, 1555.1, 330, 331 + g % 2, 0.5, g % 9 = 0
      from generate_series(0, 240) g`.execute(db);
    const month = await plantVolumes({ db, companies: [c1], now: new Date() });
    expect(month.month).toBeGreaterThan(0);
    expect((await plantDaily({ db, companies: [c1], now: new Date() })).filter((d) => d.batches > 0).length).toBeGreaterThan(20);
    await expectPlantRollupsMatchRawRows();
    await sql`update batch_record set company_id = ${c2}, batch_time = batch_time - interval '3 days' where task_id = 'RU-T' and batch_no % 5 = 0`.execute(db);
    await sql`update batch_record set cement_actual = 700, alarm = true where task_id = 'RU-T' and batch_no % 7 = 1`.execute(db);
    await sql`delete from batch_record where task_id = 'RU-T' and batch_no % 11 = 3`.execute(db);
    await expectPlantRollupsMatchRawRows();
  });

  it('rollup_ai_day: the AI screen\'s week and cameras follow events written, handled, moved and deleted', async () => {
    const db = ctx!.db;
    const c = screen();
    const [p1, p2] = (await sql<{ id: number }>`select id from projects order by id limit 2`.execute(db)).rows.map((r) => r.id);
    const cameras = (await sql<{ project_id: number; device_code: string }>`select project_id, device_code from monitor_device
      where device_kind = 'video' and if_del = 0 and project_id in (${p1}, ${p2}) order by id limit 3`.execute(db)).rows;
    expect(cameras.length).toBeGreaterThan(0);
    const expectSame = async () => {
      for (const projects of [allProjects, sql`select ${p1}::bigint`, sql`select ${p2}::bigint`]) {
        const [fromRollups, fromRaw] = await Promise.all([aiRecognition(c, projects), aiRecognition(c, projects, 'raw')]);
        expect(fromRollups).toEqual(fromRaw);
      }
    };
    // Events every 3 hours over 10 days on each camera (one without a camera code), a third handled.
    for (const [i, cam] of cameras.entries()) {
      await sql`insert into ai_event (project_id, company_id, device_code, event_time, event_type, message, handle_status)
        select ${cam.project_id}, 1, case when g = 5 then null else ${cam.device_code} end, now() - make_interval(hours => g * 3 + ${i}), 'helmet', '汇总测试AI', case when g % 3 = 0 then '2' else '0' end
        from generate_series(0, 80) g`.execute(db);
    }
    const week = await aiRecognition(c, allProjects);
    expect(week.summary.week).toBeGreaterThan(cameras.length * 40);
    expect(week.cameras.some((x) => x.week > 0 && x.week > x.today)).toBe(true);
    await expectSame();
    await sql`update ai_event set handle_status = '2' where message = '汇总测试AI' and handle_status = '0' and id % 4 = 0`.execute(db);
    await sql`update ai_event set event_time = event_time - interval '2 days', project_id = ${p2} where message = '汇总测试AI' and id % 5 = 0`.execute(db);
    await sql`delete from ai_event where message = '汇总测试AI' and id % 7 = 0`.execute(db);
    await expectSame();
  });

  it('a rebuild from the raw rows gives the same tables and counters', async () => {
    const before = await contents();
    const counters = await failedCounts();
    // A counter written around the triggers is set right again.
    await sql`update site_check set failed_count = 99 where id = (select min(id) from site_check)`.execute(ctx!.db);
    expect(await rebuildRollups(ctx!.db, ctx!.catalog)).toEqual(ROLLUPS.map((r) => r.table));
    expect(await contents()).toEqual(before);
    expect(await failedCounts()).toEqual(counters);
  });

  it('the 统计报表 call answers from them', async () => {
    const { token } = await session(app, 'sysadmin');
    const reply = await call<{ totals: { personDays: number } }>(app, 'GET', '/prod-api/api/TyScreen/Report', { token });
    expect(reply.body.status).toBe(1);
    const raw = await reportFrom(screen(), allProjects, 'raw');
    expect(reply.body.data!.totals.personDays).toBe(raw.totals.personDays);
  });
});
