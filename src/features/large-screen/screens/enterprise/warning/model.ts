// The answer of GET /prod-api/api/TyScreen/Warning (docs/screens-api.md, server/screens/warning.ts) as
// the browser reads it. Ids are strings, times ISO 8601 UTC, dates China Standard Time days.
import { percentOf } from '../../../kit/format';
import type { OverviewAlarm } from '../../../shared/model';

export type NamedCount = { code: string; name: string; count: number };

export type WarningAlarm = OverviewAlarm;

export type OverdueHazard = {
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
  /** Whole days past the deadline. */
  overdueDays: number;
};

export type Warning = {
  updatedAt: string;
  summary: { unhandled: number; today: number; todayUnhandled: number; overdueHazards: number };
  /** Every alarm level of §3.5 (1 市级, 2 区县级, 3 固定源), zeros included. */
  unhandledByLevel: NamedCount[];
  /** Non-zero only. */
  unhandledByKind: NamedCount[];
  trend: Array<{ date: string; total: number; handled: number }>;
  /** The 50 newest alarms, handled or not. */
  alarms: WarningAlarm[];
  /** The longest overdue first, at most 20 (the count is in `summary`). */
  overdueHazards: OverdueHazard[];
};

/** §3.5 alarm levels: tile tone and chart colour, most severe first. */
export const LEVEL_STYLE: Record<string, { tone: 'red' | 'amber' | 'blue'; color: string }> = {
  1: { tone: 'red', color: '#ff4d6d' },
  2: { tone: 'amber', color: '#ffc53d' },
  3: { tone: 'blue', color: '#4d94ff' },
};

/** Handled over raised in percent with one decimal (0 when nothing was raised). */
export const handledRate = (total: number, handled: number): number => percentOf(handled, total);
