// The answers of GET /prod-api/api/TyScreen/SupervisoryOverview and SupervisoryPersonnel
// (docs/screens-api.md): the supervision screens of government users (监管大屏), over the projects inside
// their AuthAreaCode, grouped by district (area code) and by enterprise.
import type { NamedCount, ProjectState, StatusCount } from './basics';
import type { DeviceCounts } from './devices';
import type { ProjectWorkforce, Workforce } from './workforce';

/** Projects, roster and attendance of one district. */
export type DistrictCounts = { areaCode: string; areaName: string; projects: number; inProgress: number; roster: number; attended: number };

/** As EnterpriseOverview's markers, with the district and the owning company for the map's project card. */
export type SupervisedMarker = {
  id: string;
  title: string;
  lng: number;
  lat: number;
  status: number;
  state: ProjectState;
  areaName: string;
  companyName: string;
};

export type SupervisoryOverview = {
  updatedAt: string;
  projects: { total: number; byStatus: StatusCount[] };
  byDistrict: DistrictCounts[];
  markers: SupervisedMarker[];
  /** Companies owning projects in the area; participating units named on the rosters. */
  enterprises: { total: number; participatingUnits: number };
  workers: Workforce;
  alarms: { unhandled: number; today: number; unhandledByLevel: NamedCount[] };
  hazards: { open: number; overdue: number; rectifyRate: number };
  devices: DeviceCounts;
};

/** A project's real-name figures; `units` = participating units named on its roster. */
export type SupervisedProject = ProjectWorkforce & { companyName: string; areaCode: string; areaName: string; status: number; statusName: string };

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
