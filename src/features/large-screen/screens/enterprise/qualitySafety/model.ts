// The answer of GET /prod-api/api/TyScreen/QualitySafety (docs/screens-api.md, server/screens/
// quality-safety.ts), as the browser reads it: the hazards (安全隐患) of site checks. "Open" = status 1–3,
// "closed" = 4 已销项, "overdue" = open past its rectification deadline. Dates are China Standard Time days.

export type NamedCount = { code: string; name: string; count: number };

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

/** hazardStatus codes (1 待整改, 2 整改中, 3 待复查, 4 已销项) and their colours. */
export const STATUS_COLORS: Record<string, string> = { '1': '#ff4d6d', '2': '#ffc53d', '3': '#1ec8ff', '4': '#22e3a5' };

/** hazardLevel codes (1 一般, 2 较大, 3 重大) and their colours. */
export const LEVEL_COLORS: Record<string, string> = { '1': '#4d94ff', '2': '#ff9f40', '3': '#ff4d6d' };
