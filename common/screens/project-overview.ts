// The answer of GET /prod-api/api/TyScreen/ProjectOverview (docs/screens-api.md): the project screen's
// landing view (项目概况, §2.4 ProjectScreen/projectOverview) for one project — the one of pjctid1, else
// the first project in the caller's scope. Ids are strings, times ISO 8601 UTC, days YYYY-MM-DD (CST).
import type { AlarmItem } from './alarms';
import type { NamedCount, ProjectState } from './basics';
import type { DeviceStats } from './devices';
import type { EnvHour, EnvironmentThresholds, EnvProjectReading } from './environment';
import type { JobTypeAttendance } from './personnel';
import type { Workforce } from './workforce';

export type ProjectProfile = {
  id: string;
  no: string;
  name: string;
  status: number;
  statusName: string;
  /** §3.4 map marker state of the status. */
  state: ProjectState;
  areaName: string;
  address: string;
  lng: number | null;
  lat: number | null;
  startDate: string | null;
  endDate: string | null;
  builderUnit: string;
  contractorUnit: string;
  supervisorUnit: string;
  managerName: string;
  /** Days from 开工 to today (0 before the start), of the days from 开工 to 竣工 (null without both dates). */
  daysElapsed: number;
  daysTotal: number | null;
  /** Elapsed share of the planned duration in %, one decimal (null without both dates). */
  timeProgress: number | null;
};

export type ProjectOverview = {
  updatedAt: string;
  /** Null when the caller has no project in scope. */
  project: ProjectProfile | null;
  workforce: Workforce;
  /** Workers attended per day, the last 7 days, today last. */
  attendanceTrend: Array<{ date: string; attended: number }>;
  /** The roster by 工种, most first, with today's attendance and those on site (as BuildPersonnel's). */
  byJobType: JobTypeAttendance[];
  devices: DeviceStats;
  environment: { thresholds: EnvironmentThresholds; latest: EnvProjectReading | null; trend: EnvHour[] };
  /** Hazards not yet 已销项, by 整改状态, and how many are past their 整改期限. */
  hazards: { open: number; overdue: number; byStatus: NamedCount[] };
  cameras: { total: number; online: number };
  /** The 10 newest alarms, handled or not. */
  alarms: AlarmItem[];
};
