// The answer of GET /prod-api/api/TyScreen/Warning (docs/screens-api.md): the warning centre screen
// (预警中心). Ids are strings, times ISO 8601 UTC, dates China Standard Time days.
import type { AlarmItem } from './alarms';
import type { NamedCount } from './basics';
import type { HazardItem } from './quality-safety';

export type Warning = {
  updatedAt: string;
  summary: { unhandled: number; today: number; todayUnhandled: number; overdueHazards: number };
  /** Every alarm level of §3.5 (1 市级, 2 区县级, 3 固定源), zeros included. */
  unhandledByLevel: NamedCount[];
  /** Non-zero only. */
  unhandledByKind: NamedCount[];
  trend: Array<{ date: string; total: number; handled: number }>;
  /** The 50 newest alarms, handled or not. */
  alarms: AlarmItem[];
  /** Overdue hazards, the longest overdue first (at most 20; the count is in `summary`). */
  overdueHazards: HazardItem[];
};
