// The answer of GET /prod-api/api/TyScreen/ProjectManagements (docs/screens-api.md), as the browser reads
// it. Ids are strings, dates YYYY-MM-DD (China Standard Time).
import type { MarkerState } from '../../../map';
import type { StatusCount } from '../../../shared/model';

export type ProjectSchedule = {
  id: string;
  projectNo: string;
  name: string;
  status: number;
  statusName: string;
  state: Exclude<MarkerState, 'pointing'>;
  companyId: string;
  companyName: string;
  areaCode: string;
  areaName: string;
  address: string;
  lng: number;
  lat: number;
  managerName: string;
  startDate: string | null;
  endDate: string | null;
  daysElapsed: number;
  plannedDays: number | null;
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
  byArea: Array<{ areaCode: string; areaName: string; count: number; inProgress: number }>;
  byCompany: Array<{ companyId: string; companyName: string; count: number; inProgress: number }>;
  projects: ProjectSchedule[];
};

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
