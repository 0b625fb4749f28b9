// What the project management screen derives from the ProjectManagements answer
// (common/screens/project-management.ts): sums over the projects (the schedule in words: shared/project-schedule.tsx).
import type { ProjectSchedule } from '../../../../../../common/screens/project-management';

/** Sum of one figure over the projects. */
export const sumOf = (projects: readonly ProjectSchedule[], key: 'workers' | 'attendedToday' | 'devices'): number =>
  projects.reduce((n, p) => n + p[key], 0);
