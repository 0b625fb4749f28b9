// The answer of GET /prod-api/api/TyScreen/QualitySafety (docs/screens-api.md): the quality and safety
// screen (质量安全) over the hazards (安全隐患) of site checks. "Open" = status 1–3, "closed" = 4 已销项,
// "overdue" = open past its rectification deadline. Dates are China Standard Time days.
import type { NamedCount } from './basics';

export type HazardItem = {
  id: string;
  hazardNo: string;
  projectId: string;
  projectName: string;
  hazardType: string;
  typeName: string;
  level: string;
  levelName: string;
  checkKind: string;
  checkKindName: string;
  status: string;
  statusName: string;
  description: string;
  location: string;
  finder: string;
  rectifier: string;
  foundAt: string;
  rectifyDeadline: string | null;
  closedAt: string | null;
  overdue: boolean;
  /** Whole days past the deadline (0 when not overdue). */
  overdueDays: number;
};

export type HazardSummary = {
  total: number;
  open: number;
  closed: number;
  overdue: number;
  foundToday: number;
  /** closed / total, %. */
  rectifyRate: number;
  /** Closed on or before the deadline / closed, %. */
  onTimeRate: number;
};

export type QualitySafety = {
  updatedAt: string;
  summary: HazardSummary;
  byStatus: NamedCount[];
  byType: Array<NamedCount & { open: number }>;
  byLevel: NamedCount[];
  byCheckKind: NamedCount[];
  byProject: Array<{ projectId: string; projectName: string; total: number; open: number; overdue: number }>;
  trend: Array<{ date: string; found: number; closed: number }>;
  openList: HazardItem[];
};
