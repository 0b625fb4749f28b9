// GET /prod-api/api/TyScreen/ProjectOverview: the project screen's landing view (项目概况, §2.4
// ProjectScreen/projectOverview) for one project — pjctid1's, else the first in scope (docs/screens-api.md).
// The panels reuse the screens' own aggregates narrowed to that project: workforce (workers.ts), devices
// (device-stats.ts), environment (environment.ts), open hazards (quality-safety.ts, from the rollups) and
// alarms (alarms.ts).
import { sql } from 'kysely';
import type { ProjectOverview, ProjectProfile } from '../../common/screens/project-overview';
import { alarmList } from './alarms';
import { byDictionary, nameOf, type ScreenContext } from './context';
import { deviceStats } from './device-stats';
import { MARKER_STATE } from './enterprise-overview';
import { ENVIRONMENT_THRESHOLDS, environmentLatest, environmentTrend } from './environment';
import { count, cstDate, lastDays, num, percent, textOf } from './format';
import type { ProjectIds } from './scope';
import { HAZARD_CLOSED, openHazardCounts } from './quality-safety';
import { jobTypeAttendance } from './personnel';
import { totalWorkforce, workforceByProject } from './workers';

export type { ProjectOverview };

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

function profileOf(c: ScreenContext, r: Record<string, unknown>): ProjectProfile {
  const today = cstDate(c.now);
  const startDate = r.start_day ? String(r.start_day) : null;
  const endDate = r.end_day ? String(r.end_day) : null;
  const daysElapsed = startDate ? Math.max(0, daysBetween(startDate, today)) : 0;
  const daysTotal = startDate && endDate ? Math.max(1, daysBetween(startDate, endDate)) : null;
  return {
    id: String(r.id),
    no: textOf(r.project_no),
    name: textOf(r.name),
    status: Number(r.status),
    statusName: nameOf(c, 'projectStatus', String(r.status)),
    state: MARKER_STATE[Number(r.status)] ?? 'planning',
    areaName: r.area_code ? nameOf(c, 'adminDivision', String(r.area_code)) : '',
    address: textOf(r.address),
    lng: num(r.lng),
    lat: num(r.lat),
    startDate,
    endDate,
    builderUnit: textOf(r.builder_unit),
    contractorUnit: textOf(r.contractor_unit),
    supervisorUnit: textOf(r.supervisor_unit),
    managerName: textOf(r.manager_name),
    daysElapsed,
    daysTotal,
    timeProgress: daysTotal === null ? null : Math.min(100, percent(daysElapsed, daysTotal)),
  };
}

/**
 * The one project a project screen shows: pjctid1's (the scope is then that project), else the first in the
 * caller's scope; `one` selects it (nothing without a project), `row` is its projects row.
 */
export async function oneProjectOf(c: ScreenContext, projects: ProjectIds): Promise<{ row: Record<string, unknown> | undefined; one: ProjectIds }> {
  const first = await sql<Record<string, unknown>>`
    select *, to_char(start_date, 'YYYY-MM-DD') as start_day, to_char(end_date, 'YYYY-MM-DD') as end_day
    from projects where id in (${projects}) order by id limit 1`.execute(c.db);
  const row = first.rows[0];
  return { row, one: row ? sql`select ${String(row.id)}::bigint` : sql`select null::bigint where false` };
}

export async function projectOverview(c: ScreenContext, projects: ProjectIds): Promise<ProjectOverview> {
  // One project from here on: the first in scope when pjctid1 named none.
  const { row, one } = await oneProjectOf(c, projects);
  const today = cstDate(c.now);
  const days = lastDays(today, 7);
  const [workforce, trendRows, jobRows, devices, envLatest, envTrend, hazardCounts, cameraRows, alarms] = await Promise.all([
    workforceByProject(c, one),
    sql<{ day: string; n: unknown }>`
      select to_char(a.work_date, 'YYYY-MM-DD') as day, count(distinct a.worker_id) as n
      from ${sql.id(c.t.attendance)} a
      where a.project_id in (${one}) and a.work_date >= ${days[0]}::date and a.work_date <= ${today}::date
      group by 1`.execute(c.db),
    jobTypeAttendance(c, one),
    deviceStats(c.db, c.t, one, c.dict('monitorDeviceKind')),
    environmentLatest(c, one),
    environmentTrend(c, one),
    openHazardCounts(c, one),
    sql<{ total: unknown; online: unknown }>`
      select count(*) as total, count(*) filter (where d.online) as online
      from ${sql.id(c.t.device)} d where d.project_id in (${one}) and d.if_del = 0 and d.device_kind = 'video'`.execute(c.db),
    alarmList(c, one, sql<boolean>`true`, 10),
  ]);
  const attended = new Map(trendRows.rows.map((r) => [r.day, count(r.n)]));
  const byStatus = byDictionary(c, 'hazardStatus', hazardCounts.byStatus).filter((s) => s.code !== HAZARD_CLOSED);
  return {
    updatedAt: c.now.toISOString(),
    project: row ? profileOf(c, row) : null,
    workforce: totalWorkforce(workforce),
    attendanceTrend: days.map((date) => ({ date, attended: attended.get(date) ?? 0 })),
    byJobType: jobRows,
    devices,
    environment: { thresholds: ENVIRONMENT_THRESHOLDS, latest: envLatest[0] ?? null, trend: envTrend },
    hazards: {
      open: byStatus.reduce((n, s) => n + s.count, 0),
      overdue: hazardCounts.overdue,
      byStatus,
    },
    cameras: { total: count(cameraRows.rows[0]?.total), online: count(cameraRows.rows[0]?.online) },
    alarms,
  };
}
