// The answer of GET /prod-api/api/TyScreen/BuildPersonnel (docs/screens-api.md), as the browser reads it.
// Dates are YYYY-MM-DD (China Standard Time); rates are percentages with one decimal.

export type NamedCount = { code: string; name: string; count: number };

export type Workforce = { roster: number; registered: number; attended: number; onSite: number; attendanceRate: number; registrationRate: number };

export type GroupAttendance = { name: string; roster: number; attended: number; onSite: number };

export type ProjectWorkforce = Workforce & { projectId: string; projectName: string; units: number };

export type BuildPersonnel = {
  updatedAt: string;
  summary: Workforce & { units: number; teams: number };
  byJobType: Array<GroupAttendance & { code: string }>;
  byPersonType: NamedCount[];
  byTeam: GroupAttendance[];
  byUnit: GroupAttendance[];
  trend: Array<{ date: string; attended: number; personHours: number }>;
  topProjects: ProjectWorkforce[];
  gender: NamedCount[];
  age: NamedCount[];
};
