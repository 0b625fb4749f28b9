// The answers of GET /prod-api/api/TyScreen/Slag (渣土监管, §2.4 ProjectScreen/slagSupervision) and
// GET ProjectCar (车辆管理, ProjectScreen/car) over the projects in scope (docs/spoil.md, docs/screens-api.md).
// "Today" is the China Standard Time day.
import type { NamedCount } from './basics';
import type { PassageItem, Vehicle } from './vehicle';

export type SpoilTripItem = {
  id: string;
  tripNo: string;
  plateNo: string;
  projectName: string;
  exitTime: string;
  arrivedAt: string | null;
  siteName: string;
  /** spoilWashResult: 1 合格, 2 不合格, 0 无记录. */
  washResult: string;
  weight: number | null;
  permitted: boolean;
  violationCount: number;
  /** spoilTripStatus: 1 运输中, 2 已到场. */
  status: string;
  statusName: string;
};

export type SpoilViolationItem = {
  id: string;
  violationNo: string;
  plateNo: string;
  projectName: string;
  kind: string;
  kindName: string;
  occurredAt: string;
  description: string;
  /** spoilViolationStatus: 1 待处理, 2 处理中, 3 已处理, 4 已撤销. */
  status: string;
  statusName: string;
};

export type SpoilPermitItem = {
  id: string;
  permitNo: string;
  projectName: string;
  haulerName: string;
  siteName: string;
  validTo: string;
  /** spoilPermitValidity: 1 有效, 2 未生效, 3 已过期, 4 已注销. */
  validity: string;
  validityName: string;
  trucks: number;
  daysLeft: number;
};

export type SpoilSiteItem = { id: string; siteName: string; projectName: string; capacity: number; usedVolume: number; status: string; statusName: string; tripsToday: number };

export type SpoilSummary = {
  trucks: number;
  trucksOnline: number;
  validPermits: number;
  /** Valid permits ending within 7 days. */
  expiringPermits: number;
  tripsToday: number;
  arrivedToday: number;
  violationsToday: number;
  openViolations: number;
};

export type Slag = {
  updatedAt: string;
  summary: SpoilSummary;
  /** Violations of the last 30 days by kind (spoilViolationKind order). */
  byKind: NamedCount[];
  /** The last 7 days, oldest first. */
  trend: Array<{ day: string; trips: number; violations: number }>;
  permits: SpoilPermitItem[];
  sites: SpoilSiteItem[];
  trips: SpoilTripItem[];
  violations: SpoilViolationItem[];
};

/** 车辆管理 of one project: the gate (Vehicle), its spoil trucks and violations, and the concrete tankers. */
export type ProjectCar = Vehicle & {
  spoil: SpoilSummary;
  trips: SpoilTripItem[];
  violations: SpoilViolationItem[];
  tankers: { inToday: number; outToday: number; latest: PassageItem[] };
};
