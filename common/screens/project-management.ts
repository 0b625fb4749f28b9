// The answer of GET /prod-api/api/TyScreen/ProjectManagements (docs/screens-api.md): the project management
// screen (项目管理). Ids are strings, dates YYYY-MM-DD (China Standard Time).
import type { ProjectState, StatusCount } from './basics';

export type ProjectSchedule = {
  id: string;
  projectNo: string;
  name: string;
  status: number;
  statusName: string;
  state: ProjectState;
  companyId: string;
  companyName: string;
  areaCode: string;
  areaName: string;
  address: string;
  /** Map position (WGS 84), for the project map of the screen. */
  lng: number;
  lat: number;
  managerName: string;
  startDate: string | null;
  endDate: string | null;
  /** Days from the start to today (or to the end of a finished project); 0 before the start. */
  daysElapsed: number;
  /** Days from start to planned end; null without an end date. */
  plannedDays: number | null;
  /** daysElapsed / plannedDays in % (one decimal, at most 100); 100 when finished; null without an end date. */
  elapsedPercent: number | null;
  workers: number;
  attendedToday: number;
  units: number;
  devices: number;
};

export type ProjectManagements = {
  updatedAt: string;
  total: number;
  byStatus: StatusCount[];
  /** Most projects first. */
  byArea: Array<{ areaCode: string; areaName: string; count: number; inProgress: number }>;
  /** Most projects first. */
  byCompany: Array<{ companyId: string; companyName: string; count: number; inProgress: number }>;
  projects: ProjectSchedule[];
};
