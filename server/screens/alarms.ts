// Alarms for the screens: the newest alarms matching a condition, with project, device and the Chinese
// names of kind and level (the same item shape as EnterpriseOverview's alarms panel), and the counts of the
// warning screens from the rollups. Monitor_alarm holds the whole history (a million rows and more): counts
// read rollup_alarm_day and rollup_alarm_open (rollups.ts), open alarms the partial indexes on
// `handled = false`, a device's alarms (device_code, project_id, alarm_time) (schemas/entities/monitor-alarm.json).
import { sql, type RawBuilder } from 'kysely';
import type { AlarmItem } from '../../common/screens/alarms';
import { nameOf, type ScreenContext } from './context';
import { addDays, count, cstDate, cstMidnight, dayText, iso, num, textOf } from './format';
import { ROLLUPS } from './rollups';
import type { ProjectIds } from './scope';

/**
 * The newest `limit` alarms of the projects in scope that satisfy `where` (a condition on alias `a`
 * for the alarm and `d` for its device, trusted SQL only).
 */
export async function alarmList(c: ScreenContext, projects: ProjectIds, where: RawBuilder<boolean>, limit: number): Promise<AlarmItem[]> {
  const result = await sql<Record<string, unknown>>`
    select a.id, a.alarm_time, a.project_id, p.name as project_name, a.device_code, d.device_name,
      a.alarm_kind, a.alarm_level, a.message, a.value, a.threshold, a.handled
    from ${sql.id(c.t.alarm)} a
    join projects p on p.id = a.project_id
    left join ${sql.id(c.t.device)} d on d.device_code = a.device_code and d.project_id = a.project_id and d.if_del = 0
    where a.project_id in (${projects}) and ${where}
    order by a.alarm_time desc, a.id desc
    limit ${limit}`.execute(c.db);
  return result.rows.map((r) => toAlarmItem(c, r));
}

/**
 * The newest `limit` unhandled alarms up to now of the projects in scope: the newest of each project through
 * the partial index (project_id, alarm_time) where handled = false, then the newest of those — however many
 * alarms the history holds. The same answer as alarmList with `a.handled = false and a.alarm_time <= now`.
 */
export async function openAlarmList(c: ScreenContext, projects: ProjectIds, limit: number): Promise<AlarmItem[]> {
  const result = await sql<Record<string, unknown>>`
    select a.id, a.alarm_time, a.project_id, p.name as project_name, a.device_code, d.device_name,
      a.alarm_kind, a.alarm_level, a.message, a.value, a.threshold, a.handled
    from projects p
    cross join lateral (
      select * from ${sql.id(c.t.alarm)} x
      where x.project_id = p.id and x.handled = false and x.alarm_time <= ${c.now.toISOString()}::timestamptz
      order by x.alarm_time desc, x.id desc limit ${limit}
    ) a
    left join ${sql.id(c.t.device)} d on d.device_code = a.device_code and d.project_id = a.project_id and d.if_del = 0
    where p.id in (${projects})
    order by a.alarm_time desc, a.id desc
    limit ${limit}`.execute(c.db);
  return result.rows.map((r) => toAlarmItem(c, r));
}

/**
 * The newest `limit` alarms up to now of the devices in scope that satisfy `devices` (a condition on alias
 * `d` for the device, trusted SQL only): the newest of each device through its index, then the newest of
 * those — a scope without such devices reads no alarm. The same answer as alarmList with that condition.
 */
export async function deviceAlarmList(c: ScreenContext, projects: ProjectIds, devices: RawBuilder<boolean>, limit: number): Promise<AlarmItem[]> {
  const result = await sql<Record<string, unknown>>`
    select a.id, a.alarm_time, a.project_id, p.name as project_name, a.device_code, d.device_name,
      a.alarm_kind, a.alarm_level, a.message, a.value, a.threshold, a.handled
    from ${sql.id(c.t.device)} d
    join projects p on p.id = d.project_id
    cross join lateral (
      select * from ${sql.id(c.t.alarm)} x
      where x.device_code = d.device_code and x.project_id = d.project_id and x.alarm_time <= ${c.now.toISOString()}::timestamptz
      order by x.alarm_time desc, x.id desc limit ${limit}
    ) a
    where d.if_del = 0 and d.project_id in (${projects}) and ${devices}
    order by a.alarm_time desc, a.id desc
    limit ${limit}`.execute(c.db);
  return result.rows.map((r) => toAlarmItem(c, r));
}

/** Alarm counts of one group: all, unhandled (handled = false) and handled. */
export type AlarmTally = { day: string; kind: string; n: number; open: number; handled: number };
type TallyKey = 'day' | 'kind';

/** An alarm rollup of rollups.ts by table name (its definition: trusted SQL expressions). */
const rollupOf = (table: string) => ROLLUPS.find((r) => r.table === table)!;

/**
 * The rows of `def`'s source that its trigger added and that are stamped after now and before `until`:
 * each key and measure negated, to take them out of the rollup's sums again (normally there are none;
 * read through (project_id, alarm_time) or its partial twin).
 */
function stampedLater(c: ScreenContext, projects: ProjectIds, def: ReturnType<typeof rollupOf>, until: string | null): RawBuilder<unknown> {
  if (def.day === undefined) throw new Error(`${def.table}: an alarm rollup keeps a day`);
  return sql`
    select ${sql.join([
      sql`${dayText(sql.raw(def.day))} as day`,
      ...Object.entries(def.keys).map(([key, value]) => sql`${sql.raw(value)} as ${sql.id(key)}`),
      ...def.measures.map((m) => sql`-(${sql.raw(m.value)}) as ${sql.id(m.column)}`),
    ])}
    from ${sql.id(c.t.alarm)}
    where project_id in (${projects}) and ${sql.raw(def.where)} and alarm_time > ${c.now.toISOString()}::timestamptz
      ${until === null ? sql`` : sql`and alarm_time < ${until}::timestamptz`}`;
}

/**
 * The alarm counts of the projects in scope up to now, from day `from` (China time) to today, per `by`
 * (the kind as the rollup keeps it: '' for none): the per-day rollup (rollup_alarm_day) less
 * today's alarms stamped after now, so they equal the raw rows' `alarm_time <= now`. Groups without any
 * alarm are left out.
 */
export async function alarmTallies(c: ScreenContext, projects: ProjectIds, from: string, by: readonly TallyKey[]): Promise<AlarmTally[]> {
  const def = rollupOf('rollup_alarm_day');
  const today = cstDate(c.now);
  const columns = def.measures.map((m) => m.column);
  const keys = by.map((k) => sql.ref(k));
  const result = await sql<Record<string, unknown>>`
    select ${sql.join([...keys, ...columns.map((m) => sql`sum(${sql.ref(m)}) as ${sql.id(m)}`)])}
    from (
      select ${dayText(sql.ref('r.day'))} as day, r.kind, ${sql.join(columns.map((m) => sql.ref(`r.${m}`)))}
      from ${sql.id(def.table)} r
      where r.project_id in (${projects}) and r.day >= ${from}::date and r.day <= ${today}::date
      union all ${stampedLater(c, projects, def, cstMidnight(addDays(today, 1)).toISOString())}
    ) x
    ${keys.length ? sql`group by ${sql.join(keys)}` : sql``}`.execute(c.db);
  return result.rows
    .map((r) => ({ day: textOf(r.day), kind: textOf(r.kind), n: count(r.n), open: count(r.n_open), handled: count(r.n_handled) }))
    .filter((t) => t.n > 0);
}

/** Unhandled alarms of one kind and level. */
export type OpenAlarms = { kind: string; level: string; n: number };

/**
 * The unhandled alarms of the projects in scope up to now (all history), per kind and level: the counter
 * rollup_alarm_open less the unhandled alarms stamped after now, so they equal the raw rows'
 * `handled = false and alarm_time <= now`. Kinds and levels without any are left out.
 */
export async function openAlarms(c: ScreenContext, projects: ProjectIds): Promise<OpenAlarms[]> {
  const def = rollupOf('rollup_alarm_open');
  const result = await sql<{ kind: string; level: string; n: unknown }>`
    select kind, level, sum(n) as n from (
      select r.kind, r.level, r.n from ${sql.id(def.table)} r where r.project_id in (${projects})
      union all
      select x.kind, x.level, x.n from (${stampedLater(c, projects, def, null)}) x
    ) o
    group by 1, 2`.execute(c.db);
  return result.rows.map((r) => ({ kind: textOf(r.kind), level: textOf(r.level), n: count(r.n) })).filter((o) => o.n > 0);
}

/** Unhandled alarms per kind or level, as `{ code, n }` rows for byDictionary. */
export function openBy(open: readonly OpenAlarms[], key: 'kind' | 'level'): Array<{ code: string; n: number }> {
  const sums = new Map<string, number>();
  for (const o of open) sums.set(o[key], (sums.get(o[key]) ?? 0) + o.n);
  return [...sums].map(([code, n]) => ({ code, n }));
}

export const toAlarmItem = (c: ScreenContext, r: Record<string, unknown>): AlarmItem => ({
  id: String(r.id),
  time: iso(r.alarm_time),
  projectId: String(r.project_id),
  projectName: textOf(r.project_name),
  deviceCode: textOf(r.device_code),
  deviceName: textOf(r.device_name),
  kind: textOf(r.alarm_kind),
  kindName: nameOf(c, 'alarmKind', textOf(r.alarm_kind)),
  level: textOf(r.alarm_level),
  levelName: nameOf(c, 'alarmLevel', textOf(r.alarm_level)),
  message: textOf(r.message),
  value: num(r.value),
  threshold: num(r.threshold),
  handled: r.handled === true,
});
