// The monitors' own hour and day figures in the environment screens' series (docs/device-ingestion.md
// "Interval records on the screens"): where a device sent a valid (flag N) HJ 212 hour record (CN 2061)
// for an hour, or a day record (CN 2031) for a China-time day, its record's average replaces the average of
// its real-time readings of that period and metric, weighing as many readings as it replaces (at least
// one: a device that sends records only counts once per period); every other device's readings are
// aggregated as before. The adjustment rows below are added to the real-time sums (n, sum) per period.
// Identifiers come from the checked entity tables and the fixed metric lists, quoted with sql.id / sql.ref.
import { sql, type RawBuilder } from 'kysely';
import type { ScreenContext } from './context';
import type { ProjectIds } from './scope';

/** env_reading column → the env_interval factor it is (hj212/mapping.ts field names). */
export const FACTOR_OF: Readonly<Record<string, string>> = {
  pm25: 'pm25', pm10: 'pm10', tsp: 'tsp', noise: 'noise', temperature: 'temperature', humidity: 'humidity', wind_speed: 'windSpeed',
};

/**
 * Per period (`hour`: date_trunc hour; `day`: China date) and metric, the change the records make to the
 * readings' count and sum: columns `period`, `dn_<metric>`, `ds_<metric>` for each of `metrics`.
 */
export function intervalAdjustments(
  c: ScreenContext,
  projects: ProjectIds,
  kind: 'hour' | 'day',
  metrics: readonly string[],
  from: string,
  to: string,
): RawBuilder<Record<string, unknown>> {
  const factors = sql.join(metrics.map((m) => sql.lit(FACTOR_OF[m])));
  const period = kind === 'hour' ? sql`date_trunc('hour', i.data_time)` : sql`(i.data_time at time zone 'Asia/Shanghai')::date`;
  const start = kind === 'hour' ? sql`r.period` : sql`(r.period::timestamp at time zone 'Asia/Shanghai')`;
  const length = kind === 'hour' ? sql`interval '1 hour'` : sql`interval '1 day'`;
  const value = sql`case r.factor ${sql.join(metrics.map((m) => sql`when ${sql.lit(FACTOR_OF[m])} then e.${sql.ref(m)}`), sql` `)} end`;
  const per = (m: string, what: 'dn' | 'ds') => {
    const expr = what === 'dn' ? sql`greatest(a.n, 1) - a.n` : sql`greatest(a.n, 1) * a.avg_value::numeric - a.s`;
    return sql`sum(case when a.factor = ${sql.lit(FACTOR_OF[m])} then ${expr} else 0 end) as ${sql.id(`${what}_${m}`)}`;
  };
  return sql<Record<string, unknown>>`
    select a.period, ${sql.join(metrics.flatMap((m) => [per(m, 'dn'), per(m, 'ds')]))}
    from (
      select r.period, r.factor, r.avg_value, count(${value}) as n, coalesce(sum((${value})::numeric), 0) as s
      from (
        select i.device_code, i.project_id, ${period} as period, i.factor, i.avg_value
        from ${sql.id(c.t.envInterval)} i
        where i.project_id in (${projects}) and i.interval_kind = ${kind} and i.data_flag = 'N' and i.avg_value is not null
          and i.factor in (${factors}) and i.data_time >= ${from}::timestamptz and i.data_time < ${to}::timestamptz
      ) r
      left join ${sql.id(c.t.env)} e on e.device_code = r.device_code and e.project_id = r.project_id
        and e.reading_time >= ${start} and e.reading_time < ${start} + ${length}
      group by r.device_code, r.project_id, r.period, r.factor, r.avg_value
    ) a
    group by a.period`;
}
