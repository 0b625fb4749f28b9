// GET /prod-api/api/TyScreen/ScheduleManagement — 进度管理 (ProjectScreen/ScheduleManagement,
// docs/schedule.md, docs/screens-api.md): one project's schedule — planned against actual cumulative
// progress (the S-curve), the tasks by status, milestones, delayed tasks and the tasks of this and next week.
import type { NamedCount } from './basics';

export type ScheduleProject = { id: string; name: string; plannedStart: string | null; plannedEnd: string | null };

export type ScheduleSummary = {
  /** Work tasks (rows without sub-tasks). */
  tasks: number;
  done: number;
  inProgress: number;
  notStarted: number;
  delayed: number;
  milestones: number;
  milestonesDone: number;
  /** Cumulative % by today: planned, and actually done (each task weighted by its planned days), one decimal. */
  plannedPercent: number;
  actualPercent: number;
  /** actualPercent − plannedPercent: negative when behind. */
  deviation: number;
  /** The longest delay of an unfinished task, days. */
  maxDelayDays: number;
};

/** One point of the S-curve: cumulative % planned and done by that day (`actual` null after today). */
export type SchedulePoint = { date: string; planned: number; actual: number | null };

export type MilestoneState = 'done' | 'upcoming' | 'overdue';
export type ScheduleMilestone = {
  id: string;
  code: string;
  name: string;
  plannedDate: string;
  actualDate: string | null;
  state: MilestoneState;
  /** upcoming: days until; overdue: days past; done: days late (0 on time). */
  days: number;
};

export type ScheduleTaskItem = {
  id: string;
  code: string;
  name: string;
  plannedStart: string;
  plannedEnd: string;
  actualStart: string | null;
  actualEnd: string | null;
  progress: number;
  status: string;
  statusName: string;
  delayDays: number;
  milestone: boolean;
  responsibleUnit: string;
  responsiblePerson: string;
};

export type ScheduleManagement = {
  updatedAt: string;
  today: string;
  project: ScheduleProject | null;
  summary: ScheduleSummary;
  /** Work tasks per scheduleStatus code, in dictionary order with zeros. */
  byStatus: NamedCount[];
  curve: SchedulePoint[];
  milestones: ScheduleMilestone[];
  /** Unfinished late tasks, longest delay first (at most 30). */
  delayed: ScheduleTaskItem[];
  /** Work tasks planned to run during this week (Monday to Sunday, CST), by planned start (at most 30). */
  thisWeek: ScheduleTaskItem[];
  /** Work tasks planned to start or to finish next week, by planned start (at most 30). */
  nextWeek: ScheduleTaskItem[];
};
