// GET /prod-api/api/TyScreen/ProjectManagements: the project management screen (项目管理, §2.4
// projectManagements) — projects by status, district and company, and every project with its schedule
// (days elapsed, planned duration and elapsed share) and workforce (docs/screens-api.md).
import { sql } from 'kysely';
import type { ProjectManagements, ProjectSchedule } from '../../common/screens/project-management';
import { nameOf, type ScreenContext } from './context';
import { count, cstDate, dayText, textOf } from './format';
import { MARKER_STATE } from './enterprise-overview';
import type { ProjectIds } from './scope';
import { workforceByProject } from './workers';

export type { ProjectManagements };

const DAY_MS = 86_400_000;
const days = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** Schedule figures of a project as of `today` (all dates YYYY-MM-DD). */
export function schedule(status: number, start: string | null, end: string | null, today: string) {
  const until = status === 4 && end ? end : today;
  const daysElapsed = start ? Math.max(0, days(start, until < start ? start : until)) : 0;
  const plannedDays = start && end ? Math.max(0, days(start, end)) : null;
  let elapsedPercent: number | null = null;
  if (status === 4) elapsedPercent = 100;
  else if (plannedDays !== null) elapsedPercent = plannedDays === 0 ? 100 : Math.min(100, Math.round((daysElapsed / plannedDays) * 1000) / 10);
  return { daysElapsed, plannedDays, elapsedPercent };
}

export async function projectManagements(c: ScreenContext, projects: ProjectIds): Promise<ProjectManagements> {
  const today = cstDate(c.now);
  const [rows, workforce] = await Promise.all([
    sql<Record<string, unknown>>`
      select p.id, p.project_no, p.name, p.status, p.company_id, co.name as company_name, p.area_code, p.address, p.lng, p.lat,
        p.manager_name, ${dayText(sql.ref('p.start_date'))} as start_date, ${dayText(sql.ref('p.end_date'))} as end_date,
        (select count(*) from ${sql.id(c.t.device)} d where d.project_id = p.id and d.if_del = 0) as devices
      from projects p left join companies co on co.id = p.company_id
      where p.id in (${projects}) order by p.id`.execute(c.db),
    workforceByProject(c, projects),
  ]);
  const people = new Map(workforce.map((w) => [w.projectId, w]));
  const list: ProjectSchedule[] = rows.rows.map((r) => {
    const id = String(r.id);
    const status = Number(r.status);
    const start = r.start_date === null ? null : String(r.start_date);
    const end = r.end_date === null ? null : String(r.end_date);
    const w = people.get(id);
    return {
      id,
      projectNo: textOf(r.project_no),
      name: textOf(r.name),
      status,
      statusName: nameOf(c, 'projectStatus', String(status)),
      state: MARKER_STATE[status] ?? 'planning',
      companyId: String(r.company_id),
      companyName: textOf(r.company_name),
      areaCode: textOf(r.area_code),
      areaName: r.area_code ? nameOf(c, 'adminDivision', String(r.area_code)) : '',
      address: textOf(r.address),
      lng: Number(r.lng),
      lat: Number(r.lat),
      managerName: textOf(r.manager_name),
      startDate: start,
      endDate: end,
      ...schedule(status, start, end, today),
      workers: w?.roster ?? 0,
      attendedToday: w?.attended ?? 0,
      units: w?.units ?? 0,
      devices: count(r.devices),
    };
  });

  const tally = <K extends string>(key: (p: ProjectSchedule) => K) => {
    const out = new Map<K, { count: number; inProgress: number; first: ProjectSchedule }>();
    for (const p of list) {
      const k = key(p);
      const entry = out.get(k) ?? { count: 0, inProgress: 0, first: p };
      entry.count++;
      if (p.status === 3) entry.inProgress++;
      out.set(k, entry);
    }
    return [...out.values()].sort((a, b) => b.count - a.count || Number(a.first.id) - Number(b.first.id));
  };

  return {
    updatedAt: c.now.toISOString(),
    total: list.length,
    byStatus: [1, 2, 3, 4, 5].map((status) => ({
      status,
      name: nameOf(c, 'projectStatus', String(status)),
      count: list.filter((p) => p.status === status).length,
    })),
    byArea: tally((p) => p.areaCode).map((e) => ({ areaCode: e.first.areaCode, areaName: e.first.areaName, count: e.count, inProgress: e.inProgress })),
    byCompany: tally((p) => p.companyId).map((e) => ({ companyId: e.first.companyId, companyName: e.first.companyName, count: e.count, inProgress: e.inProgress })),
    projects: list,
  };
}
