// The per-day rollups (server/screens/rollups.ts) agree with the raw rows: on the seeded demo, after inserts,
// updates that move rows between days, projects and kinds, deletes, soft deletes and closings, and after a
// rebuild; a start on an up-to-date database rebuilds nothing; the 统计报表 call reads them.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRollups, rebuildRollups, ROLLUPS } from '../../server/screens/rollups';
import { alarmTallies, openAlarms, type AlarmTally } from '../../server/screens/alarms';
import { cstDate, cstMidnight, lastDays } from '../../server/screens/format';
import { reportFrom } from '../../server/screens/report';
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
      .filter((r) => Object.entries(r).some(([k, v]) => !['project_id', 'day', 'kind', 'level'].includes(k) && v !== 0))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
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
