// GET /prod-api/api/TyScreen/QualitySafety: the quality and safety screen (质量安全, §2.4 qualitySafety)
// over the hazards of site checks (schemas/entities/hazard.json): counts by status, type, level and check
// kind, rectification and on-time rates, overdue hazards, a 30-day trend of found vs closed and the newest
// open hazards (docs/screens-api.md). "Overdue": not closed and the rectification deadline is before today.
// The counts are read from the rollups (rollups.ts: hazards by status and type, by level and check kind, open
// ones by deadline, found and closed per day); `qualitySafetyFrom(…, 'raw')` aggregates the raw rows, the
// reference of tests/server/rollups.test.ts. The lists read the rows, newest first along the found_at index.
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

type Source = 'rollups' | 'raw';
type Row = Record<string, unknown>;
type CodeCount = { code: unknown; n: unknown; open?: unknown };

/** Condition on a rollup's alias `r`: rows of the projects in scope. */
const rollupsInScope = (projects: ProjectIds): RawBuilder<boolean> => sql<boolean>`r.project_id in (${projects})`;

/** The open hazards with a deadline before `today` (none: never overdue) from rollup_hazard_open_day, per project when `perProject`. */
const overdueByDeadline = (inScope: RawBuilder<unknown>, today: string, perProject = false) => sql`
  select ${perProject ? sql`r.project_id, ` : sql``}sum(r.n) as overdue from rollup_hazard_open_day r
  where ${inScope} and r.day < ${today}::date${perProject ? sql` group by 1` : sql``}`;

/** The summary's counts: total, closed, overdue, found_today, on_time. */
async function summaryCounts(c: ScreenContext, projects: ProjectIds, source: Source): Promise<Row> {
  const today = cstDate(c.now);
  if (source === 'raw') {
    const result = await sql<Row>`
      select count(*) as total,
        count(*) filter (where h.status = ${HAZARD_CLOSED}) as closed,
        count(*) filter (where ${overdueOn(today)}) as overdue,
        count(*) filter (where ${cstDay(sql.ref('h.found_at'))} = ${today}::date) as found_today,
        count(*) filter (where h.status = ${HAZARD_CLOSED} and h.closed_at is not null
          and ${cstDay(sql.ref('h.closed_at'))} <= h.rectify_deadline) as on_time
      from ${sql.id(c.t.hazard)} h where ${hazardsInScope(projects)}`.execute(c.db);
    return result.rows[0] ?? {};
  }
  // Overdue: open with a deadline before today (rollup_hazard_open_day holds every open hazard by deadline).
  const inScope = rollupsInScope(projects);
  const result = await sql<Row>`
    select t.total, t.closed, t.on_time, coalesce(d.overdue, 0) as overdue, f.found_today
    from (select sum(r.n) as total, sum(r.n_closed) as closed, sum(r.n_on_time) as on_time
        from rollup_hazard_by_type r where ${inScope}) t,
      (${overdueByDeadline(inScope, today)}) d,
      (select sum(r.n) as found_today from rollup_hazard_found_day r where ${inScope} and r.day = ${today}::date) f`.execute(c.db);
  return result.rows[0] ?? {};
}

/** How many hazards of the projects in scope are open past their deadline on today, from rollup_hazard_open_day. */
export async function overdueHazardCount(c: ScreenContext, projects: ProjectIds): Promise<number> {
  const result = await sql<{ overdue: unknown }>`${overdueByDeadline(rollupsInScope(projects), cstDate(c.now))}`.execute(c.db);
  return count(result.rows[0]?.overdue);
}

/** The open hazards of the projects in scope by status (rollup_hazard_by_type), and how many are overdue. */
export async function openHazardCounts(c: ScreenContext, projects: ProjectIds): Promise<{ byStatus: CodeCount[]; overdue: number }> {
  const [statuses, overdue] = await Promise.all([
    sql<CodeCount>`
      select r.status as code, sum(r.n) as n from rollup_hazard_by_type r
      where ${rollupsInScope(projects)} and r.status <> ${HAZARD_CLOSED} group by 1 having sum(r.n) > 0`.execute(c.db),
    overdueHazardCount(c, projects),
  ]);
  return { byStatus: statuses.rows, overdue };
}

/** Total, open, closed, overdue, found today and the two rates of the hazards in scope. */
export async function hazardSummary(c: ScreenContext, projects: ProjectIds, source: Source = 'rollups'): Promise<HazardSummary> {
  const r = await summaryCounts(c, projects, source);
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

type Figures = {
  statuses: CodeCount[];
  types: CodeCount[];
  levels: CodeCount[];
  kinds: CodeCount[];
  perProject: Row[];
  found: Array<{ day: string; n: unknown }>;
  closed: Array<{ day: string; n: unknown }>;
};

/** The counts by code, per project and per day of the last 30 days, aggregated from the raw rows. */
async function rawFigures(c: ScreenContext, projects: ProjectIds, days: string[]): Promise<Figures> {
  const today = days[days.length - 1];
  const groupBy = (column: 'status' | 'hazard_type' | 'level' | 'check_kind') =>
    sql<CodeCount>`
      select h.${sql.ref(column)} as code, count(*) as n, count(*) filter (where h.status <> ${HAZARD_CLOSED}) as open
      from ${sql.id(c.t.hazard)} h where ${hazardsInScope(projects)} group by 1`.execute(c.db);
  const results = await Promise.all([
    groupBy('status'),
    groupBy('hazard_type'),
    groupBy('level'),
    groupBy('check_kind'),
    sql<Row>`
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
  ]);
  const [statuses, types, levels, kinds, perProject, found, closed] = results.map((r) => r.rows);
  return { statuses, types, levels, kinds, perProject, found, closed } as Figures;
}

/** The same figures from the rollups (rollups.ts). */
async function rollupFigures(c: ScreenContext, projects: ProjectIds, days: string[]): Promise<Figures> {
  const today = days[days.length - 1];
  const inScope = rollupsInScope(projects);
  const groupBy = (table: 'rollup_hazard_by_type' | 'rollup_hazard_by_level', column: 'status' | 'hazard_type' | 'level' | 'check_kind') =>
    sql<CodeCount>`
      select r.${sql.ref(column)} as code, sum(r.n) as n${table === 'rollup_hazard_by_type' ? sql`, sum(r.n_open) as open` : sql``}
      from ${sql.id(table)} r where ${inScope} group by 1 having sum(r.n) <> 0`.execute(c.db);
  const perDay = (table: 'rollup_hazard_found_day' | 'rollup_hazard_closed_day') =>
    sql<{ day: string; n: unknown }>`
      select ${dayText(sql.ref('r.day'))} as day, sum(r.n) as n from ${sql.id(table)} r
      where ${inScope} and r.day between ${days[0]}::date and ${today}::date group by 1`.execute(c.db);
  const results = await Promise.all([
    groupBy('rollup_hazard_by_type', 'status'),
    groupBy('rollup_hazard_by_type', 'hazard_type'),
    groupBy('rollup_hazard_by_level', 'level'),
    groupBy('rollup_hazard_by_level', 'check_kind'),
    sql<Row>`
      select p.id, p.name, coalesce(t.total, 0) as total, coalesce(t.open, 0) as open, coalesce(d.overdue, 0) as overdue
      from projects p
        left join (select r.project_id, sum(r.n) as total, sum(r.n_open) as open from rollup_hazard_by_type r where ${inScope} group by 1) t
          on t.project_id = p.id
        left join (${overdueByDeadline(inScope, today, true)}) d on d.project_id = p.id
      where p.id in (${projects}) order by p.id`.execute(c.db),
    perDay('rollup_hazard_found_day'),
    perDay('rollup_hazard_closed_day'),
  ]);
  const [statuses, types, levels, kinds, perProject, found, closed] = results.map((r) => r.rows);
  return { statuses, types, levels, kinds, perProject, found, closed } as Figures;
}

/**
 * Open hazards, newest first, along Hazard's partial index of open ones `(found_at, id, project_id)`
 * backwards (found_at is required). Along the found_at sort index, with open hazards a few in a hundred, a
 * project with few open had its whole history read (145 ms at a million).
 */
const NEWEST_FIRST = sql`h.found_at desc, h.id desc`;
const OPEN = sql<boolean>`h.status <> ${HAZARD_CLOSED}`;

/** The newest open hazards: none to look for when the summary counts none open. */
export const openHazards = (c: ScreenContext, projects: ProjectIds, summary: HazardSummary, limit: number): Promise<HazardItem[]> =>
  summary.open > 0 ? hazardList(c, projects, OPEN, NEWEST_FIRST, limit) : Promise.resolve([]);

export const qualitySafety = (c: ScreenContext, projects: ProjectIds): Promise<QualitySafety> => qualitySafetyFrom(c, projects, 'rollups');

/** The screen's answer, its counts read from the rollups (the screen) or aggregated from the raw rows (the reference). */
export async function qualitySafetyFrom(c: ScreenContext, projects: ProjectIds, source: Source): Promise<QualitySafety> {
  const days = lastDays(cstDate(c.now), 30);
  const [summary, f] = await Promise.all([hazardSummary(c, projects, source), (source === 'rollups' ? rollupFigures : rawFigures)(c, projects, days)]);
  const openList = await openHazards(c, projects, summary, 20);
  const openByType = new Map(f.types.map((r) => [textOf(r.code), count(r.open)]));
  const foundByDay = new Map(f.found.map((r) => [r.day, count(r.n)]));
  const closedByDay = new Map(f.closed.map((r) => [r.day, count(r.n)]));
  return {
    updatedAt: c.now.toISOString(),
    summary,
    byStatus: byDictionary(c, 'hazardStatus', f.statuses),
    byType: byDictionary(c, 'hazardType', f.types).map((t) => ({ ...t, open: openByType.get(t.code) ?? 0 })),
    byLevel: byDictionary(c, 'hazardLevel', f.levels),
    byCheckKind: byDictionary(c, 'checkKind', f.kinds),
    byProject: f.perProject.map((r) => ({
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
