// The per-day rollups (server/screens/rollups.ts) agree with the raw rows: on the seeded demo, after inserts,
// updates that move rows between days, projects and kinds, deletes, soft deletes and closings, and after a
// rebuild; a start on an up-to-date database rebuilds nothing; the 统计报表 call reads them; the 环境监测
// exceedance days and the environment screens' daily averages read from rollup_env_day equal those from the
// raw readings.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRollups, rebuildRollups, ROLLUPS } from '../../server/screens/rollups';
import { reportFrom } from '../../server/screens/report';
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

/** Every rollup table's rows, in a stable order, numbers as numbers. */
async function contents(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const def of ROLLUPS) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.id(def.table)} order by 1, 2, 3`.execute(ctx!.db);
    out[def.table] = rows.rows
      .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'day' ? String(v instanceof Date ? v.toISOString().slice(0, 10) : v) : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v])))
      .filter((r) => Object.entries(r).some(([k, v]) => !['project_id', 'day', 'kind'].includes(k) && v !== 0));
  }
  return out;
}

async function expectRollupsMatchRawRows(): Promise<void> {
  const [fromRollups, fromRaw] = await Promise.all([reportFrom(screen(), allProjects, 'rollups'), reportFrom(screen(), allProjects, 'raw')]);
  expect({ ...fromRollups, updatedAt: '' }).toEqual({ ...fromRaw, updatedAt: '' });
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

  it('a rebuild from the raw rows gives the same tables', async () => {
    const before = await contents();
    expect(await rebuildRollups(ctx!.db, ctx!.catalog)).toEqual(ROLLUPS.map((r) => r.table));
    expect(await contents()).toEqual(before);
  });

  it('the 统计报表 call answers from them', async () => {
    const { token } = await session(app, 'sysadmin');
    const reply = await call<{ totals: { personDays: number } }>(app, 'GET', '/prod-api/api/TyScreen/Report', { token });
    expect(reply.body.status).toBe(1);
    const raw = await reportFrom(screen(), allProjects, 'raw');
    expect(reply.body.data!.totals.personDays).toBe(raw.totals.personDays);
  });
});
