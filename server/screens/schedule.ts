// GET /prod-api/api/TyScreen/ScheduleManagement — 进度管理 (§2.4 ProjectScreen/ScheduleManagement,
// docs/schedule.md) for one project: pjctid1's (refused out of scope), else the first project in scope
// that has a schedule. One query reads the project's tasks (a few hundred at most); the figures are
// derived from them with the back office's own status rule (common/schedule.ts).
import { sql } from 'kysely';
import { daysBetween, SCHEDULE_STATUS, scheduleStatus } from '../../common/schedule';
import type { MilestoneState, ScheduleManagement, ScheduleMilestone, SchedulePoint, ScheduleTaskItem } from '../../common/screens/schedule';
import { byDictionary, nameOf, type ScreenContext } from './context';
import { addDays, cstDate, textOf } from './format';
import type { ProjectIds } from './scope';

export type { ScheduleManagement };

const LIST_LIMIT = 30;
/** At most this many points on the S-curve (plus today). */
const CURVE_POINTS = 48;

type Task = ScheduleTaskItem & { leaf: boolean };

const round1 = (n: number): number => Math.round(n * 10) / 10;
const clamp01 = (n: number): number => Math.max(0, Math.min(1, n));

/** Weight of a work task: its planned days. */
const weightOf = (t: Task): number => Math.max(1, daysBetween(t.plannedStart, t.plannedEnd) + 1);

/** Share of a task planned done by the end of `day`: linear over its planned days. */
const plannedShare = (t: Task, day: string): number => clamp01((daysBetween(t.plannedStart, day) + 1) / weightOf(t));

/**
 * Share actually done by the end of `day` (≤ today): the task's progress spread evenly from its actual start
 * to its actual end (or today while unfinished). No daily history is kept, so the curve up to today is this
 * reconstruction; today's point is exact.
 */
function actualShare(t: Task, day: string, today: string): number {
  const done = Math.min(100, t.progress) / 100;
  // Progress without a recorded start counts from today.
  if (!t.actualStart || t.actualStart > today) return day >= today ? done : 0;
  const end = t.actualEnd && t.actualEnd < today ? t.actualEnd : today;
  const span = Math.max(1, daysBetween(t.actualStart, end) + 1);
  return clamp01((daysBetween(t.actualStart, day) + 1) / span) * done;
}

function weighted(tasks: readonly Task[], share: (t: Task) => number): number {
  const total = tasks.reduce((n, t) => n + weightOf(t), 0);
  return total > 0 ? round1((tasks.reduce((n, t) => n + weightOf(t) * share(t), 0) / total) * 100) : 0;
}

function curveOf(tasks: readonly Task[], today: string): SchedulePoint[] {
  if (tasks.length === 0) return [];
  const first = tasks.reduce((d, t) => (t.plannedStart < d ? t.plannedStart : d), tasks[0].plannedStart);
  const last = tasks.reduce((d, t) => (t.plannedEnd > d ? t.plannedEnd : d), tasks[0].plannedEnd);
  const span = Math.max(1, daysBetween(first, last));
  const step = Math.max(7, Math.ceil(span / CURVE_POINTS));
  const days = new Set<string>();
  for (let i = 0; i < span; i += step) days.add(addDays(first, i));
  days.add(last);
  if (today > first && today < last) days.add(today);
  return [...days].sort().map((date) => ({
    date,
    planned: weighted(tasks, (t) => plannedShare(t, date)),
    actual: date <= today ? weighted(tasks, (t) => actualShare(t, date, today)) : null,
  }));
}

/** Monday of the CST week of `day`. */
const mondayOf = (day: string): string => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

export async function scheduleManagement(c: ScreenContext, projects: ProjectIds): Promise<ScheduleManagement> {
  const table = sql.id(c.t.scheduleTask);
  const today = cstDate(c.now);
  // The first project in scope with a live task, else the first in scope.
  const picked = await sql<{ id: string; name: string }>`select p.id::text as id, p.name from projects p where p.id in (${projects})
    order by exists (select 1 from ${table} t where t.project_id = p.id and t.if_del = 0) desc, p.id limit 1`.execute(c.db);
  const project = picked.rows[0];
  const rows = project
    ? (
        await sql<Record<string, unknown>>`select t.id::text as id, t.wbs_code, t.task_name, to_char(t.planned_start, 'YYYY-MM-DD') as planned_start,
          to_char(t.planned_end, 'YYYY-MM-DD') as planned_end, to_char(t.actual_start, 'YYYY-MM-DD') as actual_start,
          to_char(t.actual_end, 'YYYY-MM-DD') as actual_end, t.progress, t.milestone, t.responsible_unit, t.responsible_person,
          not exists (select 1 from ${table} k where k.parent_id = t.id and k.if_del = 0) as leaf
          from ${table} t where t.project_id = ${project.id} and t.if_del = 0 order by t.sort_order, t.id`.execute(c.db)
      ).rows
    : [];
  const all: Task[] = rows
    .filter((r) => r.planned_start && r.planned_end)
    .map((r) => {
      const dates = {
        plannedStart: String(r.planned_start),
        plannedEnd: String(r.planned_end),
        actualStart: r.actual_start ? String(r.actual_start) : null,
        actualEnd: r.actual_end ? String(r.actual_end) : null,
        progress: Number(r.progress ?? 0),
      };
      const { status, delayDays } = scheduleStatus(dates, today);
      return {
        id: String(r.id),
        code: textOf(r.wbs_code),
        name: textOf(r.task_name),
        ...dates,
        status,
        statusName: nameOf(c, 'scheduleStatus', status),
        delayDays,
        milestone: r.milestone === true,
        responsibleUnit: textOf(r.responsible_unit),
        responsiblePerson: textOf(r.responsible_person),
        leaf: r.leaf === true,
      };
    });
  const work = all.filter((t) => t.leaf && !t.milestone);
  const item = ({ leaf: _leaf, ...t }: Task): ScheduleTaskItem => t;
  const counts = new Map<string, number>();
  for (const t of work) counts.set(t.status, (counts.get(t.status) ?? 0) + 1);
  const milestones: ScheduleMilestone[] = all
    .filter((t) => t.milestone)
    .map((t) => {
      const done = t.status === SCHEDULE_STATUS.done;
      const state: MilestoneState = done ? 'done' : t.plannedEnd < today ? 'overdue' : 'upcoming';
      return {
        id: t.id,
        code: t.code,
        name: t.name,
        plannedDate: t.plannedEnd,
        actualDate: t.actualEnd,
        state,
        days: state === 'upcoming' ? daysBetween(today, t.plannedEnd) : state === 'overdue' ? daysBetween(t.plannedEnd, today) : t.delayDays,
      };
    })
    .sort((a, b) => (a.plannedDate < b.plannedDate ? -1 : a.plannedDate > b.plannedDate ? 1 : 0));
  const plannedPercent = weighted(work, (t) => plannedShare(t, today));
  const actualPercent = weighted(work, (t) => actualShare(t, today, today));
  const monday = mondayOf(today);
  const inWeek = (from: string, starting: boolean) => {
    const to = addDays(from, 6);
    const within = (d: string) => d >= from && d <= to;
    return work
      .filter((t) => (starting ? within(t.plannedStart) || within(t.plannedEnd) : t.plannedStart <= to && t.plannedEnd >= from))
      .sort((a, b) => (a.plannedStart < b.plannedStart ? -1 : a.plannedStart > b.plannedStart ? 1 : 0))
      .slice(0, LIST_LIMIT)
      .map(item);
  };
  const delayed = all.filter((t) => t.leaf && t.status === SCHEDULE_STATUS.delayed);
  return {
    updatedAt: c.now.toISOString(),
    today,
    project: project
      ? {
          id: project.id,
          name: project.name,
          plannedStart: all.length ? all.reduce((d, t) => (t.plannedStart < d ? t.plannedStart : d), all[0].plannedStart) : null,
          plannedEnd: all.length ? all.reduce((d, t) => (t.plannedEnd > d ? t.plannedEnd : d), all[0].plannedEnd) : null,
        }
      : null,
    summary: {
      tasks: work.length,
      done: counts.get(SCHEDULE_STATUS.done) ?? 0,
      inProgress: counts.get(SCHEDULE_STATUS.inProgress) ?? 0,
      notStarted: counts.get(SCHEDULE_STATUS.notStarted) ?? 0,
      delayed: counts.get(SCHEDULE_STATUS.delayed) ?? 0,
      milestones: milestones.length,
      milestonesDone: milestones.filter((m) => m.state === 'done').length,
      plannedPercent,
      actualPercent,
      deviation: round1(actualPercent - plannedPercent),
      maxDelayDays: delayed.reduce((n, t) => Math.max(n, t.delayDays), 0),
    },
    byStatus: byDictionary(c, 'scheduleStatus', [...counts].map(([code, n]) => ({ code, n }))),
    curve: curveOf(work, today),
    milestones,
    delayed: delayed.sort((a, b) => b.delayDays - a.delayDays).slice(0, LIST_LIMIT).map(item),
    thisWeek: inWeek(monday, false),
    nextWeek: inWeek(addDays(monday, 7), true),
  };
}
