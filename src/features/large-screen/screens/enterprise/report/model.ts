// What the report screen derives from the Report answer (common/screens/report.ts): month labels, hours per
// person-day, closing rate and the change against the month before.
import type { ReportFigures } from '../../../../../../common/screens/report';

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
