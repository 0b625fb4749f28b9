// The answer of GET /prod-api/api/TyScreen/SupervisoryPersonnel (docs/screens-api.md,
// server/screens/supervisory.ts) as the browser reads it: real-name registration (实名制登记) of the area.
import type { DistrictCounts, NamedCount, Workforce } from '../../../shared/model';

export type SupervisedProject = Workforce & {
  projectId: string;
  projectName: string;
  companyName: string;
  areaCode: string;
  areaName: string;
  status: number;
  statusName: string;
  /** Participating units named on the project's roster. */
  units: number;
};

export type SupervisoryPersonnel = {
  updatedAt: string;
  summary: Workforce & { projects: number; units: number };
  /** Every project in scope, also those without workers. */
  projects: SupervisedProject[];
  byDistrict: DistrictCounts[];
  /** Non-zero only; a blank job type comes as 未填写. */
  byJobType: NamedCount[];
  trend: Array<{ date: string; attended: number }>;
};

/** Projects with workers on the roster, most workers first. */
export const staffedProjects = (projects: readonly SupervisedProject[]): SupervisedProject[] =>
  projects.filter((p) => p.roster > 0).sort((a, b) => b.roster - a.roster || a.projectName.localeCompare(b.projectName, 'zh-CN'));
