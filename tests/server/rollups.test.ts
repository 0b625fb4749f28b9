// The rollups (server/screens/rollups.ts) agree with the raw rows: on the seeded demo, after inserts, updates
// that move rows between days, projects and kinds, deletes, soft deletes and closings, and after a rebuild; a
// start on an up-to-date database rebuilds nothing; the 统计报表 call reads them. The screens that read them
// (统计报表, 质量安全, 质量安全检查, 检测机构) answer the same from the rollups as from the raw rows, over all
// projects and over one; a check's failed_count (COUNTERS) follows its items; the 环境监测 exceedance days
// and the environment screens' daily averages read from rollup_env_day equal those from the raw readings.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRollups, rebuildRollups, ROLLUPS } from '../../server/screens/rollups';
import { qualitySafetyFrom } from '../../server/screens/quality-safety';
import { reportFrom } from '../../server/screens/report';
import { siteChecksFrom } from '../../server/screens/site-checks';
import { testingFrom } from '../../server/screens/testing';
import { exceedDays } from '../../server/screens/environ-monitoring';
import { environmentDaily } from '../../server/screens/environment';
import { cstDate, lastDays } from '../../server/screens/format';
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
