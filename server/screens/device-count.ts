// GET /prod-api/api/TyScreen/DeviceCount — the 设备管理 screens (/LargeScreen/devicecount over the caller's
// projects, /ProjectScreen/devicecount narrowed by pjctid1): device counts by kind and project, every
// monitoring device with its state and newest reading, due maintenance (open 保养任务 by state), the last
// days' inspection records and the unhandled alarms. GET DangersTower — the project 特种设备 screens
// (dangersTower, jgddangers): the Danger answer with the cranes' and lifts' ledger entries and their due
// maintenance. Every figure is one SQL aggregate over the projects in scope (docs/screens-api.md).
import { sql, type RawBuilder } from 'kysely';
import type { DangersTower, DeviceCount, DeviceLive, DueMaintenance, DueTask, SpecialLedger } from '../../common/screens/device-count';
import { readingText } from '../hooks/devices/ledger';
import { openAlarmList } from './alarms';
import { nameOf, type ScreenContext } from './context';
import { danger } from './danger';
import { deviceStats, onlineByProject } from './device-stats';
import { addDays, count, cstDate, cstDay, cstMidnight, dayText, isoOrNull, lastDays, num, textOf } from './format';
import type { ProjectIds } from './scope';

export type { DangersTower, DeviceCount };

/** Inspection device types (巡检设备) of the special equipment (server/hooks/devices/ledger.ts). */
export const SPECIAL_TYPES = ['塔式起重机', '施工升降机'] as const;
const LIST_LIMIT = 200;
const TASK_LIMIT = 30;
/** 即将到期 without a plan's own 提前提醒天数 (server/hooks/devices/plans.ts DEFAULT_REMIND_DAYS). */
const REMIND_DAYS = 3;

/**
 * Open maintenance tasks of enabled plans in scope (`where`: a condition on the task's 巡检设备 `m`, trusted
 * SQL only), counted by due state against today (China time), and the tasks done in the last 30 days.
 */
export async function dueMaintenance(c: ScreenContext, projects: ProjectIds, where: RawBuilder<boolean> = sql<boolean>`true`): Promise<DueMaintenance> {
  const today = cstDate(c.now);
  const from = sql`${sql.id(c.t.task)} k
    join ${sql.id(c.t.plan)} pl on pl.id::text = k.plan_id and pl.if_del = 0
    left join ${sql.id(c.t.routInsp)} m on m.id::text = k.device_id and m.if_del = 0
    join projects p on p.id = k.project_id
    where k.project_id in (${projects}) and ${where}`;
  const state = sql<string>`case when k.due_date < ${today}::date then 'overdue'
    when k.due_date <= ${today}::date + coalesce(pl.remind_days, ${REMIND_DAYS}) then 'due' else 'notDue' end`;
  const [counts, tasks] = await Promise.all([
    // Open tasks and those done in 30 days apart, each by the (project_id, status, done_date) index.
    sql<Record<string, unknown>>`
      select o.*, (select count(*) from ${from} and k.status = '2' and k.done_date > ${addDays(today, -30)}::date and k.done_date <= ${today}::date) as done30d
      from (select count(*) as open, count(*) filter (where ${state} = 'overdue') as overdue, count(*) filter (where ${state} = 'due') as due
        from ${from} and k.status = '1' and coalesce(pl.enabled, true)) o`.execute(c.db),
    sql<Record<string, unknown>>`
      select k.id, k.plan_name, coalesce(m.device_name, k.device_name) as device_name, m.device_type, k.project_id, p.name as project_name,
        ${dayText(sql`k.due_date`)} as due_date, ${state} as due_state, (k.due_date - ${today}::date) as days_left
      from ${from} and k.status = '1' and coalesce(pl.enabled, true)
      order by k.due_date, k.id limit ${TASK_LIMIT}`.execute(c.db),
  ]);
  const r = counts.rows[0] ?? {};
  const open = count(r.open);
  const overdue = count(r.overdue);
  const due = count(r.due);
  return {
    open,
    overdue,
    due,
    notDue: open - overdue - due,
    done30d: count(r.done30d),
    tasks: tasks.rows.map(
      (t): DueTask => ({
        id: String(t.id),
        planName: textOf(t.plan_name),
        deviceName: textOf(t.device_name),
        deviceType: textOf(t.device_type),
        projectId: String(t.project_id),
        projectName: textOf(t.project_name),
        dueDate: textOf(t.due_date),
        dueState: textOf(t.due_state) as DueTask['dueState'],
        daysLeft: count(t.days_left),
      }),
    ),
  };
}

export async function deviceCount(c: ScreenContext, projects: ProjectIds): Promise<DeviceCount> {
  const nowIso = c.now.toISOString();
  const today = cstDate(c.now);
  const days = lastDays(today, 7);
  const since30 = cstMidnight(addDays(today, -29)).toISOString();
  const since7 = cstMidnight(days[0]).toISOString();
  const newest = (table: string) => sql`(select row_to_json(x) from ${sql.id(table)} x
    where x.device_code = d.device_code and x.project_id = d.project_id and x.reading_time <= ${nowIso}::timestamptz
    order by x.reading_time desc limit 1)`;
  const [devices, online, listRows, maintenance, dayRows, totals, alarms] = await Promise.all([
    deviceStats(c.db, c.t, projects, c.dict('monitorDeviceKind')),
    onlineByProject(c.db, c.t, projects),
    // The newest reading of each device: one index probe (device_code, reading_time) in its kind's table.
    sql<Record<string, unknown>>`
      select d.id, d.device_code, d.device_name, d.device_kind, d.project_id, p.name as project_name, d.online, d.last_seen_at,
        exists (select 1 from ${sql.id(c.t.alarm)} a where a.device_code = d.device_code and a.project_id = d.project_id and a.handled = false) as alarming,
        case when d.device_kind in ('towerCrane', 'lift') then ${newest(c.t.crane)}
             when d.device_kind in ('dust', 'noise') then ${newest(c.t.env)}
             when d.device_kind = 'gas' then ${newest(c.t.gas)} end as reading
      from ${sql.id(c.t.device)} d join projects p on p.id = d.project_id
      where d.if_del = 0 and d.project_id in (${projects})
      order by alarming desc, d.online desc nulls last, d.project_id, d.device_code
      limit ${LIST_LIMIT}`.execute(c.db),
    dueMaintenance(c, projects),
    sql<Record<string, unknown>>`
      select day, sum(inspections) as inspections, sum(failed) as failed, sum(maintained) as maintained from (
        select ${dayText(cstDay(sql.ref('r.record_time')))} as day, count(*) as inspections, count(*) filter (where r.result = '2') as failed, 0 as maintained
        from ${sql.id(c.t.inspRecord)} r
        where r.if_del = 0 and r.project_id in (${projects}) and r.record_time >= ${since7}::timestamptz and r.record_time <= ${nowIso}::timestamptz
        group by 1
        union all
        select ${dayText(sql`k.done_date`)} as day, 0, 0, count(*)
        from ${sql.id(c.t.task)} k
        where k.status = '2' and k.project_id in (${projects}) and k.done_date >= ${days[0]}::date and k.done_date <= ${today}::date
        group by 1
      ) x group by day`.execute(c.db),
    sql<Record<string, unknown>>`
      select
        (select count(*) from ${sql.id(c.t.inspRecord)} r where r.if_del = 0 and r.project_id in (${projects})
          and r.record_time >= ${since30}::timestamptz and r.record_time <= ${nowIso}::timestamptz) as inspections,
        (select count(*) from ${sql.id(c.t.inspRecord)} r where r.if_del = 0 and r.project_id in (${projects}) and r.result = '2'
          and r.record_time >= ${since30}::timestamptz and r.record_time <= ${nowIso}::timestamptz) as failed,
        (select count(*) from ${sql.id(c.t.rectify)} z where z.if_del = 0 and z.project_id in (${projects}) and z.status = '1') as open_rectifications`.execute(c.db),
    openAlarmList(c, projects, 20),
  ]);

  const byDay = new Map(dayRows.rows.map((r) => [textOf(r.day), r]));
  const t = totals.rows[0] ?? {};
  return {
    updatedAt: nowIso,
    devices,
    online,
    list: listRows.rows.map((r): DeviceLive => {
      const kind = textOf(r.device_kind);
      const reading = (typeof r.reading === 'string' ? JSON.parse(r.reading) : r.reading) as Record<string, unknown> | null;
      return {
        id: String(r.id),
        deviceCode: textOf(r.device_code),
        deviceName: textOf(r.device_name),
        kind,
        kindName: nameOf(c, 'monitorDeviceKind', kind),
        projectId: String(r.project_id),
        projectName: textOf(r.project_name),
        online: r.online === true,
        alarming: r.alarming === true,
        lastSeenAt: isoOrNull(r.last_seen_at),
        reading: reading ? readingText(kind, reading) : '',
        readingTime: reading ? isoOrNull(reading.reading_time) : null,
      };
    }),
    maintenance,
    records: {
      days: days.map((day) => {
        const r = byDay.get(day);
        return { day, inspections: count(r?.inspections), failed: count(r?.failed), maintained: count(r?.maintained) };
      }),
      inspections30d: count(t.inspections),
      failed30d: count(t.failed),
      openRectifications: count(t.open_rectifications),
    },
    alarms,
  };
}

export async function dangersTower(c: ScreenContext, projects: ProjectIds): Promise<DangersTower> {
  const types = sql.join(SPECIAL_TYPES.map((x) => sql.lit(x)));
  const [base, ledgerRows, maintenance] = await Promise.all([
    danger(c, projects),
    sql<Record<string, unknown>>`
      select device_no, record_no, model, rated_load, rated_moment, jib_length as reach from ${sql.id(c.t.towerCrane)}
        where if_del = 0 and project_id in (${projects})
      union all
      select device_no, record_no, model, rated_load, null, max_height from ${sql.id(c.t.liftDevice)}
        where if_del = 0 and project_id in (${projects})`.execute(c.db),
    dueMaintenance(c, projects, sql<boolean>`m.device_type in (${types})`),
  ]);
  const ledgers = ledgerRows.rows.map(
    (r): SpecialLedger => ({
      deviceCode: textOf(r.device_no),
      recordNo: textOf(r.record_no),
      model: textOf(r.model),
      ratedLoad: num(r.rated_load),
      ratedMoment: num(r.rated_moment),
      reach: num(r.reach),
    }),
  );
  return { ...base, ledgers, maintenance };
}
