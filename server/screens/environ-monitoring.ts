// GET /prod-api/api/TyScreen/EnvironMonitoring: the project environment screen (项目数据大屏 › 环境监测,
// docs/environment.md "Screens") — everything of the Environment screen, plus per project the days of the
// last 30 with a reading over a limit, and the environment alarms of the last 7 days with their handling
// (未处理 / 处理中 / 已处理, who and when: the Alarm workflow).
import { sql } from 'kysely';
import type { EnvironMonitoring } from '../../common/screens/environ-monitoring';
import { byDictionary, nameOf, type ScreenContext } from './context';
import { environment } from './environment';
import { addDays, count, cstDate, cstDay, cstMidnight, iso, isoOrNull, textOf } from './format';
import type { ProjectIds } from './scope';
import { ENV_LIMITS } from '../devices/limits';

export type { EnvironMonitoring };

/** The alarm kinds of the dust and noise monitors. */
export const ENV_ALARM_KINDS = ['pm25', 'pm10', 'tsp', 'noise'] as const;
const KINDS = sql.join(ENV_ALARM_KINDS.map((k) => sql.lit(k)));

/**
 * Per project in scope with a reading in the last 30 China days (today up to now), the days with a reading
 * and those with one over a fixed limit (ENV_LIMITS; noise by the China-time hour): the days before today
 * from rollup_env_day (rollups.ts), today from the raw rows; `source: 'raw'` counts every day from the raw
 * rows, the reference of the rollups' tests.
 */
export async function exceedDays(c: ScreenContext, projects: ProjectIds, source: 'rollups' | 'raw' = 'rollups'): Promise<EnvironMonitoring['exceedDays']> {
  const nowIso = c.now.toISOString();
  const today = cstDate(c.now);
  const hour = sql`extract(hour from e.reading_time at time zone 'Asia/Shanghai')`;
  const noiseLimit = sql`case when ${hour} >= 6 and ${hour} < 22 then ${sql.lit(ENV_LIMITS.noiseDay)} else ${sql.lit(ENV_LIMITS.noiseNight)} end`;
  const pm25 = sql`e.pm25 > ${sql.lit(ENV_LIMITS.pm25)}`;
  const pm10 = sql`e.pm10 > ${sql.lit(ENV_LIMITS.pm10)}`;
  const noise = sql`e.noise > ${noiseLimit}`;
  const day = cstDay(sql.ref('e.reading_time'));
  const result =
    source === 'raw'
      ? await sql<Record<string, unknown>>`
      select p.id as project_id, p.name as project_name,
        count(distinct ${day}) as monitored,
        count(distinct ${day}) filter (where ${pm25} or ${pm10} or ${noise}) as days,
        count(distinct ${day}) filter (where ${pm25}) as pm25,
        count(distinct ${day}) filter (where ${pm10}) as pm10,
        count(distinct ${day}) filter (where ${noise}) as noise
      from ${sql.id(c.t.env)} e join projects p on p.id = e.project_id
      where e.project_id in (${projects}) and e.reading_time >= ${cstMidnight(addDays(today, -29)).toISOString()}::timestamptz and e.reading_time <= ${nowIso}::timestamptz
      group by p.id, p.name order by days desc, p.id`.execute(c.db)
      : await sql<Record<string, unknown>>`
      with d as (
        select r.project_id, r.n_pm25_over > 0 as pm25, r.n_pm10_over > 0 as pm10, r.n_noise_over > 0 as noise
        from rollup_env_day r
        where r.project_id in (${projects}) and r.day >= ${addDays(today, -29)}::date and r.day < ${today}::date and r.n > 0
        union all
        select e.project_id, bool_or(${pm25}), bool_or(${pm10}), bool_or(${noise})
        from ${sql.id(c.t.env)} e
        where e.project_id in (${projects}) and e.reading_time >= ${cstMidnight(today).toISOString()}::timestamptz and e.reading_time <= ${nowIso}::timestamptz
        group by e.project_id
      )
      select p.id as project_id, p.name as project_name, count(*) as monitored,
        count(*) filter (where d.pm25 or d.pm10 or d.noise) as days,
        count(*) filter (where d.pm25) as pm25, count(*) filter (where d.pm10) as pm10, count(*) filter (where d.noise) as noise
      from d join projects p on p.id = d.project_id
      group by p.id, p.name order by days desc, p.id`.execute(c.db);
  return result.rows.map((r) => ({
    projectId: String(r.project_id),
    projectName: textOf(r.project_name),
    monitored: count(r.monitored),
    days: count(r.days),
    pm25: count(r.pm25),
    pm10: count(r.pm10),
    noise: count(r.noise),
  }));
}

export async function environMonitoring(c: ScreenContext, projects: ProjectIds): Promise<EnvironMonitoring> {
  const nowIso = c.now.toISOString();
  const from7 = cstMidnight(addDays(cstDate(c.now), -6)).toISOString();
  const [base, days, alarmRows] = await Promise.all([
    environment(c, projects),
    exceedDays(c, projects),
    // `nulls last` (none is null here): the alarm_time sort index read backwards, at most the 7 days.
    sql<Record<string, unknown>>`
      select a.id, a.alarm_time, p.name as project_name, a.device_code, a.alarm_kind, a.message, a.handle_status, a.handler, a.handled_at
      from ${sql.id(c.t.alarm)} a join projects p on p.id = a.project_id
      where a.project_id in (${projects}) and a.alarm_kind in (${KINDS})
        and a.alarm_time >= ${from7}::timestamptz and a.alarm_time <= ${nowIso}::timestamptz
      order by a.alarm_time desc nulls last, a.id desc limit 30`.execute(c.db),
  ]);
  const alarms = alarmRows.rows.map((r) => ({
    id: String(r.id),
    time: iso(r.alarm_time),
    projectName: textOf(r.project_name),
    deviceCode: textOf(r.device_code),
    kindName: nameOf(c, 'alarmKind', textOf(r.alarm_kind)),
    message: textOf(r.message),
    handleStatus: textOf(r.handle_status),
    handleStatusName: nameOf(c, 'alarmHandleStatus', textOf(r.handle_status)),
    handler: textOf(r.handler),
    handledAt: isoOrNull(r.handled_at),
  }));
  const byState = new Map<string, number>();
  for (const a of alarms) byState.set(a.handleStatus, (byState.get(a.handleStatus) ?? 0) + 1);
  return {
    ...base,
    exceedDays: days,
    alarms,
    handling: byDictionary(c, 'alarmHandleStatus', [...byState].map(([code, n]) => ({ code, n }))),
  };
}
