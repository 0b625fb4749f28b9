// The answer of GET /prod-api/api/TyScreen/BuildPersonnel (docs/screens-api.md): the personnel screen
// (人员管理). Dates are YYYY-MM-DD (China Standard Time); rates are percentages with one decimal.
import type { NamedCount } from './basics';
import type { ProjectWorkforce, Workforce } from './workforce';

/** A group of the roster (trade, team or unit) with today's attendance of its workers. */
export type GroupAttendance = { name: string; roster: number; attended: number; onSite: number };
export type JobTypeAttendance = GroupAttendance & { code: string };

export type BuildPersonnel = {
  updatedAt: string;
  summary: Workforce & { units: number; teams: number };
  byJobType: JobTypeAttendance[];
  /** Non-zero only. */
  byPersonType: NamedCount[];
  /** At most 20. */
  byTeam: GroupAttendance[];
  byUnit: GroupAttendance[];
  /** 7 days, today last. */
  trend: Array<{ date: string; attended: number; personHours: number }>;
  /** The ten projects with most attendance today. */
  topProjects: ProjectWorkforce[];
  gender: NamedCount[];
  age: NamedCount[];
};
