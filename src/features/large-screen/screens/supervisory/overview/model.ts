// The answer of GET /prod-api/api/TyScreen/SupervisoryOverview (docs/screens-api.md,
// server/screens/supervisory.ts) as the browser reads it: the government user's area (AuthAreaCode).
import type { MarkerState } from '../../../map';
import type { DistrictCounts, NamedCount, StatusCount, Workforce } from '../../../shared/model';

export type SupervisedMarker = {
  id: string;
  title: string;
  lng: number;
  lat: number;
  status: number;
  state: Exclude<MarkerState, 'pointing'>;
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
  devices: { total: number; online: number; offline: number; alarm: number };
};

/** §3.5 project status → the colour of its map state (筹备 立项 在建 竣工 停工); supervisory.css colours the tiles alike. */
export const STATUS_COLORS: Record<number, string> = { 1: '#b58cff', 2: '#ffc53d', 3: '#2fe08d', 4: '#4d9dff', 5: '#ff5a5f' };

/** §3.5 alarm levels (1 市级, 2 区县级, 3 固定源). */
export const LEVEL_COLORS: Record<string, string> = { 1: '#ff4d6d', 2: '#ffc53d', 3: '#4d94ff' };
