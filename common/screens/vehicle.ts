// The answer of GET /prod-api/api/TyScreen/Vehicle (docs/screens-api.md): the vehicle screen (车辆管理) over
// the gate passages (车辆出入记录) of the projects in scope. "Today" is the China Standard Time day; "on
// site" = plates whose newest passage of the last 24 hours is an entry.
import type { NamedCount } from './basics';

export type PassageItem = {
  id: string;
  time: string;
  projectId: string;
  projectName: string;
  plateNo: string;
  vehicleType: string;
  typeName: string;
  /** passageDirection: in 进场, out 出场. */
  direction: string;
  directionName: string;
  gateName: string;
  washed: boolean;
  uploadStatus: string;
  uploadStatusName: string;
  photo: string;
};

export type VehicleSummary = { inToday: number; outToday: number; onSite: number; unwashedToday: number; uploadFailedToday: number };

export type Vehicle = {
  updatedAt: string;
  summary: VehicleSummary;
  byType: Array<{ code: string; name: string; in: number; out: number }>;
  byProject: Array<{ projectId: string; projectName: string; in: number; out: number; onSite: number }>;
  /** 24 hourly buckets ending with the current hour. */
  hourly: Array<{ hour: string; in: number; out: number }>;
  uploadStatus: NamedCount[];
  latest: PassageItem[];
};
