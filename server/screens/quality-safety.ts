// GET /prod-api/api/TyScreen/QualitySafety: the quality and safety screen (质量安全, §2.4 qualitySafety)
// over the hazards of site checks (schemas/entities/hazard.json): counts by status, type, level and check
// kind, rectification and on-time rates, overdue hazards, a 30-day trend of found vs closed and the newest
// open hazards (docs/screens-api.md). "Overdue": not closed and the rectification deadline is before today.
import { sql, type RawBuilder } from 'kysely';
import type { HazardItem, HazardSummary, QualitySafety } from '../../common/screens/quality-safety';
import { byDictionary, nameOf, type ScreenContext } from './context';
import { count, cstDate, cstDay, dayText, iso, isoOrNull, lastDays, percent, textOf } from './format';
import type { ProjectIds } from './scope';

/** hazardStatus code of a closed (销项) hazard. */
export const HAZARD_CLOSED = '4';

export type { QualitySafety };

/** Condition on alias `h`: hazards of the projects in scope, not deleted. */
export const hazardsInScope = (projects: ProjectIds): RawBuilder<boolean> => sql<boolean>`h.if_del = 0 and h.project_id in (${projects})`;

/** Condition on alias `h`: open and past its deadline on `today`. */
export const overdueOn = (today: string): RawBuilder<boolean> =>
  sql<boolean>`h.status <> ${HAZARD_CLOSED} and h.rectify_deadline < ${today}::date`;

/** Hazards of the projects in scope that satisfy `where`, in `order` (trusted SQL), as items. */
export async function hazardList(c: ScreenContext, projects: ProjectIds, where: RawBuilder<boolean>, order: RawBuilder<unknown>, limit: number): Promise<HazardItem[]> {
  const today = cstDate(c.now);
  const result = await sql<Record<string, unknown>>`
    select h.*, p.name as project_name, ${dayText(sql.ref('h.rectify_deadline'))} as deadline,
      greatest(0, ${today}::date - h.rectify_deadline) as days_past
    from ${sql.id(c.t.hazard)} h join projects p on p.id = h.project_id
    where ${hazardsInScope(projects)} and ${where}
    order by ${order} limit ${limit}`.execute(c.db);
  return result.rows.map((r) => {
    const status = textOf(r.status);
    const overdue = status !== HAZARD_CLOSED && r.deadline !== null && String(r.deadline) < today;
    return {
      id: String(r.id),
      hazardNo: textOf(r.hazard_no),
      projectId: String(r.project_id),
      projectName: textOf(r.project_name),
      hazardType: textOf(r.hazard_type),
      typeName: nameOf(c, 'hazardType', textOf(r.hazard_type)),
      level: textOf(r.level),
      levelName: nameOf(c, 'hazardLevel', textOf(r.level)),
      checkKind: textOf(r.check_kind),
      checkKindName: nameOf(c, 'checkKind', textOf(r.check_kind)),
      status,
      statusName: nameOf(c, 'hazardStatus', status),
      description: textOf(r.description),
      location: textOf(r.location),
      finder: textOf(r.finder),
      rectifier: textOf(r.rectifier),
      foundAt: iso(r.found_at),
      rectifyDeadline: r.deadline === null ? null : String(r.deadline),
      closedAt: isoOrNull(r.closed_at),
      overdue,
      overdueDays: overdue ? count(r.days_past) : 0,
    };
  });
}

/** Total, open, closed, overdue, found today and the two rates of the hazards in scope. */
export async function hazardSummary(c: ScreenContext, projects: ProjectIds): Promise<HazardSummary> {
  const today = cstDate(c.now);
  const result = await sql<Record<string, unknown>>`
    select count(*) as total,
      count(*) filter (where h.status = ${HAZARD_CLOSED}) as closed,
      count(*) filter (where ${overdueOn(today)}) as overdue,
      count(*) filter (where ${cstDay(sql.ref('h.found_at'))} = ${today}::date) as found_today,
      count(*) filter (where h.status = ${HAZARD_CLOSED} and h.closed_at is not null
        and ${cstDay(sql.ref('h.closed_at'))} <= h.rectify_deadline) as on_time
    from ${sql.id(c.t.hazard)} h where ${hazardsInScope(projects)}`.execute(c.db);
  const r = result.rows[0] ?? {};
  const total = count(r.total);
  const closed = count(r.closed);
  return {
    total,
    open: total - closed,
    closed,
    overdue: count(r.overdue),
    foundToday: count(r.found_today),
    rectifyRate: percent(closed, total),
    onTimeRate: percent(count(r.on_time), closed),
  };
}

export async function qualitySafety(c: ScreenContext, projects: ProjectIds): Promise<QualitySafety> {
  const today = cstDate(c.now);
  const days = lastDays(today, 30);
  const groupBy = (column: 'status' | 'hazard_type' | 'level' | 'check_kind') =>
    sql<{ code: string; n: unknown; open: unknown }>`
      select h.${sql.ref(column)} as code, count(*) as n, count(*) filter (where h.status <> ${HAZARD_CLOSED}) as open
      from ${sql.id(c.t.hazard)} h where ${hazardsInScope(projects)} group by 1`.execute(c.db);
  const [summary, statuses, types, levels, kinds, perProject, found, closed, openList] = await Promise.all([
    hazardSummary(c, projects),
    groupBy('status'),
    groupBy('hazard_type'),
    groupBy('level'),
    groupBy('check_kind'),
    sql<Record<string, unknown>>`
      select p.id, p.name, count(h.id) as total, count(h.id) filter (where h.status <> ${HAZARD_CLOSED}) as open,
        count(h.id) filter (where ${overdueOn(today)}) as overdue
      from projects p left join ${sql.id(c.t.hazard)} h on h.project_id = p.id and h.if_del = 0
      where p.id in (${projects}) group by p.id, p.name order by p.id`.execute(c.db),
    sql<{ day: string; n: unknown }>`
      select ${dayText(cstDay(sql.ref('h.found_at')))} as day, count(*) as n from ${sql.id(c.t.hazard)} h
      where ${hazardsInScope(projects)} and ${cstDay(sql.ref('h.found_at'))} between ${days[0]}::date and ${today}::date group by 1`.execute(c.db),
    sql<{ day: string; n: unknown }>`
      select ${dayText(cstDay(sql.ref('h.closed_at')))} as day, count(*) as n from ${sql.id(c.t.hazard)} h
      where ${hazardsInScope(projects)} and h.status = ${HAZARD_CLOSED}
        and ${cstDay(sql.ref('h.closed_at'))} between ${days[0]}::date and ${today}::date group by 1`.execute(c.db),
    hazardList(c, projects, sql<boolean>`h.status <> ${HAZARD_CLOSED}`, sql`h.found_at desc, h.id desc`, 20),
  ]);
  const openByType = new Map(types.rows.map((r) => [String(r.code), count(r.open)]));
  const foundByDay = new Map(found.rows.map((r) => [r.day, count(r.n)]));
  const closedByDay = new Map(closed.rows.map((r) => [r.day, count(r.n)]));
  return {
    updatedAt: c.now.toISOString(),
    summary,
    byStatus: byDictionary(c, 'hazardStatus', statuses.rows),
    byType: byDictionary(c, 'hazardType', types.rows).map((t) => ({ ...t, open: openByType.get(t.code) ?? 0 })),
    byLevel: byDictionary(c, 'hazardLevel', levels.rows),
    byCheckKind: byDictionary(c, 'checkKind', kinds.rows),
    byProject: perProject.rows.map((r) => ({
      projectId: String(r.id),
      projectName: textOf(r.name),
      total: count(r.total),
      open: count(r.open),
      overdue: count(r.overdue),
    })),
    trend: days.map((date) => ({ date, found: foundByDay.get(date) ?? 0, closed: closedByDay.get(date) ?? 0 })),
    openList,
  };
}
