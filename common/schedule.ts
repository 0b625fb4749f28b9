// 项目进度计划 (docs/schedule.md): a task's status and delay, derived from its dates and progress against
// today (China Standard Time). One rule for the back office (the ScheduleTask hook fills the virtual
// fields), the 进度管理 screen and the Gantt.

/** Codes of the scheduleStatus dictionary. */
export const SCHEDULE_STATUS = { notStarted: '1', inProgress: '2', done: '3', delayed: '4' } as const;
export type ScheduleStatusCode = (typeof SCHEDULE_STATUS)[keyof typeof SCHEDULE_STATUS];
export const SCHEDULE_STATUS_NAMES: Readonly<Record<ScheduleStatusCode, string>> = { '1': '未开始', '2': '进行中', '3': '已完成', '4': '已延期' };

export type ScheduleDates = {
  plannedStart: string;
  plannedEnd: string;
  actualStart?: string | null;
  actualEnd?: string | null;
  progress?: number | null;
};

const DAY_MS = 86_400_000;
const day = (v: string | null | undefined): string | null => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);

/** Whole days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) / DAY_MS);
}

/**
 * 已完成 when the progress is 100 or the task has an actual end (delay: how late it finished); else 已延期
 * when today is past the planned end (delay counted from it) or past the planned start without any start
 * (delay counted from the planned start); else 进行中 once started (an actual start or some progress);
 * else 未开始.
 */
export function scheduleStatus(t: ScheduleDates, today: string): { status: ScheduleStatusCode; delayDays: number } {
  const plannedStart = day(t.plannedStart);
  const plannedEnd = day(t.plannedEnd);
  const actualEnd = day(t.actualEnd);
  const progress = Number(t.progress ?? 0);
  if (progress >= 100 || actualEnd) {
    return { status: SCHEDULE_STATUS.done, delayDays: actualEnd && plannedEnd ? Math.max(0, daysBetween(plannedEnd, actualEnd)) : 0 };
  }
  const started = day(t.actualStart) !== null || progress > 0;
  if (plannedEnd && today > plannedEnd) return { status: SCHEDULE_STATUS.delayed, delayDays: daysBetween(plannedEnd, today) };
  if (!started && plannedStart && today > plannedStart) return { status: SCHEDULE_STATUS.delayed, delayDays: daysBetween(plannedStart, today) };
  return { status: started ? SCHEDULE_STATUS.inProgress : SCHEDULE_STATUS.notStarted, delayDays: 0 };
}
