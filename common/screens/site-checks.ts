// The answer of GET /prod-api/api/TyScreen/SiteChecks (docs/quality-safety-checks.md "Screens"): the project
// screens 质量管理 (quality), 安全管理 (security) and 质量安全 (qualitySafe) over the 质量检查 / 安全检查 of the
// projects in scope, their 检查整改 notices and (安全) the hazards. Days are China Standard Time, YYYY-MM-DD.
import type { NamedCount } from './basics';
import type { HazardItem, HazardSummary } from './quality-safety';

/** One check as the 最新检查 table lists it. */
export type CheckListItem = {
  id: string;
  checkNo: string;
  projectId: string;
  projectName: string;
  checkKindName: string;
  checkMethodName: string;
  checkDate: string;
  inspector: string;
  location: string;
  /** Failing items (不合格项); 0 = 合格. */
  failed: number;
};

/** An open 检查整改 notice (待回复, 已回复, 退回整改). */
export type CheckNoticeItem = {
  id: string;
  noticeNo: string;
  projectName: string;
  status: string;
  statusName: string;
  deadline: string;
  overdue: boolean;
  overdueDays: number;
  problems: string;
  issuedBy: string;
};

export type CheckNoticeStats = {
  byStatus: NamedCount[];
  total: number;
  open: number;
  closed: number;
  /** Open past the deadline. */
  overdue: number;
  /** closed / total, %. */
  closeRate: number;
  list: CheckNoticeItem[];
};

/** The checks of one category (质量检查 or 安全检查). */
export type CheckCategoryStats = {
  total: number;
  passed: number;
  failed: number;
  /** Checks without a failing item / checks, %. */
  passRate: number;
  failedItems: number;
  /** Checks of the last 30 days. */
  last30d: number;
  byKind: NamedCount[];
  byMethod: NamedCount[];
  /** The most frequent failing items by name. */
  topFailed: Array<{ name: string; count: number }>;
  trend: Array<{ date: string; passed: number; failed: number }>;
  checks: CheckListItem[];
  notices: CheckNoticeStats;
};

export type SiteChecks = {
  updatedAt: string;
  quality: CheckCategoryStats;
  safety: CheckCategoryStats;
  hazards: HazardSummary;
  openHazards: HazardItem[];
};
