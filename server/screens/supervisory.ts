// GET /prod-api/api/TyScreen/SupervisoryOverview and SupervisoryPersonnel: the supervision screens of
// government users (监管大屏, §2.4 SupervisoryScreen overview and personnel). The scope is whatever the
// caller's is — for a government user the projects inside AuthAreaCode (server/screens/scope.ts) — so the
// answers group by district (area code) and by enterprise (docs/screens-api.md).
import { sql } from 'kysely';
import type { DistrictCounts, SupervisoryOverview, SupervisoryPersonnel } from '../../common/screens/supervisory';
import type { ProjectWorkforce } from '../../common/screens/workforce';
import { alarmTallies, openAlarms, openBy } from './alarms';
import { byDictionary, nameOf, type ScreenContext } from './context';
import { deviceStats } from './device-stats';
import { MARKER_STATE } from './enterprise-overview';
import { count, cstDate, dayText, lastDays, textOf } from './format';
import { hazardSummary } from './quality-safety';
import type { ProjectIds } from './scope';
import { rosterToday, totalWorkforce, workforceByProject } from './workers';

type ProjectInfo = { id: string; name: string; status: number; companyId: string; companyName: string; areaCode: string; areaName: string; lng: number; lat: number };

export type { SupervisoryOverview, SupervisoryPersonnel };

async function projectInfo(c: ScreenContext, projects: ProjectIds): Promise<ProjectInfo[]> {
  const result = await sql<Record<string, unknown>>`
    select p.id, p.name, p.status, p.company_id, co.name as company_name, p.area_code, p.lng, p.lat
    from projects p left join companies co on co.id = p.company_id where p.id in (${projects}) order by p.id`.execute(c.db);
  return result.rows.map((r) => ({
    id: String(r.id),
    name: textOf(r.name),
    status: Number(r.status),
    companyId: String(r.company_id),
    companyName: textOf(r.company_name),
    areaCode: textOf(r.area_code),
    areaName: r.area_code ? nameOf(c, 'adminDivision', String(r.area_code)) : '',
    lng: Number(r.lng),
    lat: Number(r.lat),
  }));
}

function byDistrict(info: readonly ProjectInfo[], people: ReadonlyMap<string, ProjectWorkforce>): DistrictCounts[] {
  const out = new Map<string, DistrictCounts>();
  for (const p of info) {
    const d = out.get(p.areaCode) ?? { areaCode: p.areaCode, areaName: p.areaName, projects: 0, inProgress: 0, roster: 0, attended: 0 };
    d.projects++;
    if (p.status === 3) d.inProgress++;
    d.roster += people.get(p.id)?.roster ?? 0;
    d.attended += people.get(p.id)?.attended ?? 0;
    out.set(p.areaCode, d);
  }
  return [...out.values()].sort((a, b) => a.areaCode.localeCompare(b.areaCode));
}

export async function supervisoryOverview(c: ScreenContext, projects: ProjectIds): Promise<SupervisoryOverview> {
  const nowIso = c.now.toISOString();
  const today = cstDate(c.now);
  const [info, people, units, open, todays, hazards, devices] = await Promise.all([
    projectInfo(c, projects),
    workforceByProject(c, projects),
    sql<{ n: unknown }>`with w as (${rosterToday(c, projects)}) select count(distinct nullif(w.unit_name, '')) as n from w`.execute(c.db),
    // Alarm counts from the rollups (alarms.ts).
    openAlarms(c, projects),
    alarmTallies(c, projects, today, []),
    hazardSummary(c, projects),
    deviceStats(c.db, c.t, projects, c.dict('monitorDeviceKind')),
  ]);
  const peopleById = new Map(people.map((p) => [p.projectId, p]));
  return {
    updatedAt: nowIso,
    projects: {
      total: info.length,
      byStatus: [1, 2, 3, 4, 5].map((status) => ({ status, name: nameOf(c, 'projectStatus', String(status)), count: info.filter((p) => p.status === status).length })),
    },
    byDistrict: byDistrict(info, peopleById),
    markers: info.map((p) => ({
      id: p.id,
      title: p.name,
      lng: p.lng,
      lat: p.lat,
      status: p.status,
      state: MARKER_STATE[p.status] ?? 'planning',
      areaName: p.areaName,
      companyName: p.companyName,
    })),
    enterprises: { total: new Set(info.map((p) => p.companyId)).size, participatingUnits: count(units.rows[0]?.n) },
    workers: totalWorkforce(people),
    alarms: {
      unhandled: open.reduce((n, o) => n + o.n, 0),
      today: todays[0]?.n ?? 0,
      unhandledByLevel: byDictionary(c, 'alarmLevel', openBy(open, 'level')),
    },
    hazards: { open: hazards.open, overdue: hazards.overdue, rectifyRate: hazards.rectifyRate },
    devices: { total: devices.total, online: devices.online, offline: devices.offline, alarm: devices.alarm },
  };
}

export async function supervisoryPersonnel(c: ScreenContext, projects: ProjectIds): Promise<SupervisoryPersonnel> {
  const today = cstDate(c.now);
  const days = lastDays(today, 7);
  const [info, people, units, jobs, trend] = await Promise.all([
    projectInfo(c, projects),
    workforceByProject(c, projects),
    sql<{ n: unknown }>`with w as (${rosterToday(c, projects)}) select count(distinct nullif(w.unit_name, '')) as n from w`.execute(c.db),
    sql<{ code: string | null; n: unknown }>`
      with w as (${rosterToday(c, projects)}) select nullif(w.job_type, '') as code, count(*) as n from w group by 1`.execute(c.db),
    sql<{ day: string; n: unknown }>`
      select ${dayText(sql.ref('a.work_date'))} as day, count(distinct a.worker_id) as n from ${sql.id(c.t.attendance)} a
      where a.project_id in (${projects}) and a.work_date between ${days[0]}::date and ${today}::date group by a.work_date`.execute(c.db),
  ]);
  const peopleById = new Map(people.map((p) => [p.projectId, p]));
  const perDay = new Map(trend.rows.map((r) => [r.day, count(r.n)]));
  return {
    updatedAt: c.now.toISOString(),
    summary: { ...totalWorkforce(people), projects: people.filter((p) => p.roster > 0).length, units: count(units.rows[0]?.n) },
    projects: info.map((p) => ({
      ...peopleById.get(p.id)!,
      companyName: p.companyName,
      areaCode: p.areaCode,
      areaName: p.areaName,
      status: p.status,
      statusName: nameOf(c, 'projectStatus', String(p.status)),
    })),
    byDistrict: byDistrict(info, peopleById),
    byJobType: byDictionary(c, 'jobType', jobs.rows).filter((j) => j.count > 0),
    trend: days.map((date) => ({ date, attended: perDay.get(date) ?? 0 })),
  };
}
