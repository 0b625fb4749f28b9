// GET /prod-api/api/TyScreen/Environment: the environment monitoring screen (环境监测, §2.4 environment)
// — the dust and noise monitors: latest reading per project, hourly averages of every metric over 24
// hours, readings over their limits today, today's alarms and 7 daily averages (docs/screens-api.md).
import { sql } from 'kysely';
import type { Environment } from '../../common/screens/environment';
import { byDictionary, type ScreenContext } from './context';
import { count, cstDate, envLatestOf, cstDay, cstMidnight, dayText, iso, lastDays, num, textOf } from './format';
import type { ProjectIds } from './scope';
import { intervalAdjustments } from './env-intervals';
import { ENV_METRICS } from './rollups';
import { CRANE_LIMITS, ENV_LIMITS } from '../devices/limits';

export type { Environment };

/** The environment limits with the crane monitors' wind limit (m/s). */
export const ENVIRONMENT_THRESHOLDS = { ...ENV_LIMITS, windSpeed: CRANE_LIMITS.windSpeed };

const ENV_KINDS = sql.join(['dust', 'noise'].map((k) => sql.lit(k)));

export async function environment(c: ScreenContext, projects: ProjectIds): Promise<Environment> {
  const nowIso = c.now.toISOString();
  const today = cstDate(c.now);
  const todayStart = cstMidnight(today).toISOString();
  const days = lastDays(today, 7);
  const hourOfDay = sql`extract(hour from e.reading_time at time zone 'Asia/Shanghai')`;
  const [deviceRows, latest, trend, exceedRows, alarmRows, dailyRows] = await Promise.all([
    sql<Record<string, unknown>>`
      select count(*) as total, count(*) filter (where d.online) as online,
        count(*) filter (where exists (select 1 from ${sql.id(c.t.alarm)} a where a.device_code = d.device_code and a.project_id = d.project_id and a.handled = false)) as alarm
      from ${sql.id(c.t.device)} d where d.if_del = 0 and d.project_id in (${projects}) and d.device_kind in (${ENV_KINDS})`.execute(c.db),
    environmentLatest(c, projects),
    environmentTrend(c, projects),
    sql<Record<string, unknown>>`
      select count(*) as readings,
        count(*) filter (where e.pm25 > ${ENV_LIMITS.pm25}) as pm25,
        count(*) filter (where e.pm10 > coalesce(d.pm10_threshold, ${ENV_LIMITS.pm10})) as pm10,
        count(*) filter (where e.noise > case when ${hourOfDay} >= 6 and ${hourOfDay} < 22
          then coalesce(d.noise_day_threshold, ${ENV_LIMITS.noiseDay}) else coalesce(d.noise_night_threshold, ${ENV_LIMITS.noiseNight}) end) as noise
      from ${sql.id(c.t.env)} e
      left join ${sql.id(c.t.device)} d on d.device_code = e.device_code and d.project_id = e.project_id and d.if_del = 0
      where e.project_id in (${projects}) and e.reading_time >= ${todayStart}::timestamptz and e.reading_time <= ${nowIso}::timestamptz`.execute(c.db),
    sql<{ code: string; n: unknown }>`
      select a.alarm_kind as code, count(*) as n
      from ${sql.id(c.t.alarm)} a join ${sql.id(c.t.device)} d on d.device_code = a.device_code and d.project_id = a.project_id and d.if_del = 0
      where a.project_id in (${projects}) and d.device_kind in (${ENV_KINDS})
        and a.alarm_time >= ${todayStart}::timestamptz and a.alarm_time <= ${nowIso}::timestamptz
      group by a.alarm_kind`.execute(c.db),
    environmentDaily(c, projects, days),
  ]);

  const d = deviceRows.rows[0] ?? {};
  const e = exceedRows.rows[0] ?? {};
  const daily = new Map(dailyRows.map((r) => [String(r.day), r]));
  return {
    updatedAt: nowIso,
    thresholds: ENVIRONMENT_THRESHOLDS,
    devices: { total: count(d.total), online: count(d.online), offline: count(d.total) - count(d.online), alarm: count(d.alarm) },
    latest,
    trend,
    exceedToday: { readings: count(e.readings), pm25: count(e.pm25), pm10: count(e.pm10), noise: count(e.noise) },
    alarmsToday: byDictionary(c, 'alarmKind', alarmRows.rows).filter((k) => k.count > 0),
    daily: days.map((date) => {
      const r = daily.get(date);
      return { date, pm25: num(r?.pm25), pm10: num(r?.pm10), tsp: num(r?.tsp), noise: num(r?.noise) };
    }),
  };
}

/**
 * Per day of `days` (the last of them today, up to now) the average of each dust and noise metric over the
 * projects in scope: the days before today from rollup_env_day's exact sums (rollups.ts), today from the raw
 * rows, both averaged as numeric (the raw float average rounds to the same tenth); `source: 'raw'` sums
 * every day from the raw rows, the reference of the rollups' tests. A device's day record (CN 2031,
 * env_interval) replaces its readings of that day (env-intervals.ts), on both paths.
 */
export async function environmentDaily(c: ScreenContext, projects: ProjectIds, days: readonly string[], source: 'rollups' | 'raw' = 'rollups'): Promise<Array<Record<string, unknown>>> {
  const nowIso = c.now.toISOString();
  const today = days[days.length - 1];
  const day = dayText(cstDay(sql.ref('e.reading_time')));
  const since = (first: string) =>
    sql`e.project_id in (${projects}) and e.reading_time >= ${cstMidnight(first).toISOString()}::timestamptz and e.reading_time <= ${nowIso}::timestamptz`;
  const sums = (alias: string) => sql.join(ENV_METRICS.map((m) => sql`${sql.ref(`${alias}.n_${m}`)}, ${sql.ref(`${alias}.sum_${m}`)}`));
  const rawSums = (first: string) => sql`
        select ${day}, ${sql.join(ENV_METRICS.map((m) => sql`count(${sql.ref(`e.${m}`)}), sum(${sql.ref(`e.${m}`)}::numeric)`))}
        from ${sql.id(c.t.env)} e where ${since(first)} group by 1`;
  const readings =
    source === 'raw'
      ? rawSums(days[0])
      : sql`
        select ${dayText(sql.ref('r.day'))} as day, ${sums('r')}
        from rollup_env_day r where r.project_id in (${projects}) and r.day >= ${days[0]}::date and r.day < ${today}::date
        union all
        ${rawSums(today)}`;
  const records = intervalAdjustments(c, projects, 'day', ENV_METRICS, cstMidnight(days[0]).toISOString(), nowIso);
  const result = await sql<Record<string, unknown>>`
      select d.day, ${sql.join(ENV_METRICS.map((m) => sql`round(sum(${sql.ref(`d.sum_${m}`)}) / nullif(sum(${sql.ref(`d.n_${m}`)}), 0), 1) as ${sql.id(m)}`))}
      from (
        select * from (${readings}) x(day, ${sql.join(ENV_METRICS.flatMap((m) => [sql.id(`n_${m}`), sql.id(`sum_${m}`)]))})
        union all
        select ${dayText(sql.ref('a.period'))}, ${sql.join(ENV_METRICS.map((m) => sql`${sql.ref(`a.dn_${m}`)}, ${sql.ref(`a.ds_${m}`)}`))}
        from (${records}) a
      ) d group by d.day`.execute(c.db);
  return result.rows;
}

/** The newest dust reading of each project in scope, with its monitor's name (also the project overview's). */
export async function environmentLatest(c: ScreenContext, projects: ProjectIds): Promise<Environment['latest']> {
  const nowIso = c.now.toISOString();
  const result = await sql<Record<string, unknown>>`
      select p.id as project_id, p.name as project_name, r.*
      from projects p
      cross join lateral (
        select e.device_code, d.device_name, e.reading_time, e.pm25, e.pm10, e.tsp, e.noise, e.temperature, e.humidity, e.wind_speed, e.wind_direction
        from ${sql.id(c.t.env)} e
        left join ${sql.id(c.t.device)} d on d.device_code = e.device_code and d.project_id = e.project_id and d.if_del = 0
        where e.project_id = p.id and e.pm10 is not null and e.reading_time <= ${nowIso}::timestamptz
        order by e.reading_time desc limit 1
      ) r
      where p.id in (${projects}) order by p.id`.execute(c.db);
  return result.rows.map((r) => ({ ...envLatestOf(r), deviceName: textOf(r.device_name) }));
}

/** The measurements of the hourly trend (env_reading columns). */
const TREND_METRICS = ['pm25', 'pm10', 'tsp', 'noise', 'temperature', 'humidity', 'wind_speed'] as const;

/**
 * Hourly averages of every measurement over the 24 hours ending with the current one (also the project
 * overview's): a device's hour record (CN 2061, env_interval) replaces its readings of that hour
 * (env-intervals.ts), the other devices' readings are averaged as they are.
 */
export async function environmentTrend(c: ScreenContext, projects: ProjectIds): Promise<Environment['trend']> {
  const current = Math.floor(c.now.getTime() / 3_600_000) * 3_600_000;
  const first = new Date(current - 23 * 3_600_000).toISOString();
  const end = new Date(current + 3_600_000).toISOString();
  const records = intervalAdjustments(c, projects, 'hour', TREND_METRICS, first, end);
  const figure = (m: string) =>
    sql`round((coalesce(${sql.ref(`r.s_${m}`)}, 0) + coalesce(${sql.ref(`a.ds_${m}`)}, 0)) / nullif(coalesce(${sql.ref(`r.n_${m}`)}, 0) + coalesce(${sql.ref(`a.dn_${m}`)}, 0), 0), 1) as ${sql.id(m)}`;
  const result = await sql<Record<string, unknown>>`
      select h.hour, ${sql.join(TREND_METRICS.map(figure))}
      from generate_series(${first}::timestamptz, ${new Date(current).toISOString()}::timestamptz, interval '1 hour') as h(hour)
      left join (
        select date_trunc('hour', e.reading_time) as period,
          ${sql.join(TREND_METRICS.map((m) => sql`count(${sql.ref(`e.${m}`)}) as ${sql.id(`n_${m}`)}, sum(${sql.ref(`e.${m}`)}::numeric) as ${sql.id(`s_${m}`)}`))}
        from ${sql.id(c.t.env)} e
        where e.project_id in (${projects}) and e.reading_time >= ${first}::timestamptz and e.reading_time < ${end}::timestamptz
        group by 1
      ) r on r.period = h.hour
      left join (${records}) a on a.period = h.hour
      order by h.hour`.execute(c.db);
  return result.rows.map((r) => ({
      hour: iso(r.hour),
      pm25: num(r.pm25),
      pm10: num(r.pm10),
      tsp: num(r.tsp),
      noise: num(r.noise),
      temperature: num(r.temperature),
      humidity: num(r.humidity),
      windSpeed: num(r.wind_speed),
    }));
}
