// What the project management screen derives from the ProjectManagements answer
// (common/screens/project-management.ts): a project's schedule in words and sums over the projects.
import type { ProjectSchedule } from '../../../../../../common/screens/project-management';

/** §3.5 project status codes the schedule text depends on. */
const PLANNED = new Set([1, 2]);
const FINISHED = 4;

/** The schedule of a project in words: elapsed share when planned, else days since the start. */
export function scheduleText(p: Pick<ProjectSchedule, 'status' | 'startDate' | 'daysElapsed' | 'elapsedPercent'>): string {
  if (p.status === FINISHED) return '已竣工';
  if (PLANNED.has(p.status)) return p.startDate ? `计划 ${p.startDate} 开工` : '未定开工日期';
  if (p.elapsedPercent !== null) return `工期已过 ${p.elapsedPercent}%`;
  return p.startDate ? `已开工 ${p.daysElapsed} 天` : '未定开工日期';
}

/** Sum of one figure over the projects. */
export const sumOf = (projects: readonly ProjectSchedule[], key: 'workers' | 'attendedToday' | 'devices'): number =>
  projects.reduce((n, p) => n + p[key], 0);
