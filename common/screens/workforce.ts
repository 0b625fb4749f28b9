// Real-name figures of a scope (docs/screens-api.md "Workers"): on the roster today, registered (id card
// and photo), attended today, on site now; rates in % with one decimal (0 when dividing by 0).

export type Workforce = { roster: number; registered: number; attended: number; onSite: number; attendanceRate: number; registrationRate: number };

/** A project's figures; `units` = distinct participating units named on its roster. */
export type ProjectWorkforce = Workforce & { projectId: string; projectName: string; units: number };
