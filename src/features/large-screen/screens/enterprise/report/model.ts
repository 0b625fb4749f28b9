// The answer of GET /prod-api/api/TyScreen/Report (docs/screens-api.md, server/screens/report.ts) as the
// browser reads it: the last 12 China Standard Time months, the current one last.

export type ReportFigures = {
  personDays: number;
  personHours: number;
  alarms: number;
  hazardsFound: number;
  hazardsClosed: number;
  vehiclesIn: number;
  vehiclesOut: number;
};

export type ReportMonth = ReportFigures & { month: string };

export type ReportAlarmKind = { code: string; name: string; counts: number[] };

export type Report = {
  updatedAt: string;
  months: ReportMonth[];
  /** `counts` align with `months`; kinds without alarms in the period are left out. */
  alarmsByKind: ReportAlarmKind[];
  totals: ReportFigures;
};

export type FigureKey = keyof ReportFigures;

/** `2026-01` → `1月` (axis labels; the table and tooltips name the year). */
export const monthLabel = (month: string): string => `${Number(month.slice(5, 7))}月`;

/** `2026-01` → `2026年1月`. */
export const monthTitle = (month: string): string => `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`;

/** Hours worked per attendance person-day (one decimal); null for a month without attendance. */
export const hoursPerDay = (m: Pick<ReportFigures, 'personDays' | 'personHours'>): number | null =>
  m.personDays === 0 ? null : Math.round((m.personHours / m.personDays) * 10) / 10;

/** Closed over found as a percentage with one decimal (0 when nothing was found), at most 100. */
export const closingRate = (found: number, closed: number): number => (found <= 0 ? 0 : Math.min(100, Math.round((closed / found) * 1000) / 10));

/** Change of `now` against `before` in percent with one decimal; null when there is nothing to compare with. */
export const changePercent = (now: number, before: number): number | null => (before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10);
