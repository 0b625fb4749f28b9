// What the real-name registration screen derives from the SupervisoryPersonnel answer
// (common/screens/supervisory.ts): the projects with workers, most first.
import type { SupervisedProject } from '../../../../../../common/screens/supervisory';

/** Projects with workers on the roster, most workers first. */
export const staffedProjects = (projects: readonly SupervisedProject[]): SupervisedProject[] =>
  projects.filter((p) => p.roster > 0).sort((a, b) => b.roster - a.roster || a.projectName.localeCompare(b.projectName, 'zh-CN'));
