// Small helpers the screen modules share: reading SQL values, dictionary labels, percentages and the
// China Standard Time calendar (the sites are in 四川; "today" on a screen is the CST day).
import { sql, type Expression, type RawBuilder } from 'kysely';
import type { EnvLatest } from '../../common/screens/enterprise-overview';
import type { DictOption } from '../../common/wire';

export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
export const count = (v: unknown): number => Number(v ?? 0);
export const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();
export const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
export const textOf = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
export const label = (options: readonly DictOption[], value: string): string => options.find((o) => o.xuHao === value)?.selContent ?? value;

/** A project's latest environment reading (a row with project_id, project_name and env_reading's columns). */
export const envLatestOf = (r: Record<string, unknown>): EnvLatest => ({
  projectId: String(r.project_id),
  projectName: textOf(r.project_name),
  deviceCode: textOf(r.device_code),
  time: iso(r.reading_time),
  pm25: num(r.pm25),
  pm10: num(r.pm10),
  tsp: num(r.tsp),
  noise: num(r.noise),
  temperature: num(r.temperature),
  humidity: num(r.humidity),
  windSpeed: num(r.wind_speed),
  windDirection: num(r.wind_direction),
});

/** `part / whole` as a percentage with one decimal; 0 when there is nothing to divide by. */
export const percent = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

const CST_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The CST calendar day of a moment, as YYYY-MM-DD. */
export const cstDate = (at: Date): string => new Date(at.getTime() + CST_OFFSET_MS).toISOString().slice(0, 10);
/** The moment a CST day (YYYY-MM-DD) begins. */
export const cstMidnight = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - CST_OFFSET_MS);
/** A calendar day moved by `days`. */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** The `n` calendar days ending with `last`, oldest first. */
export const lastDays = (last: string, n: number): string[] => Array.from({ length: n }, (_, i) => addDays(last, i - n + 1));
/** The `n` months (YYYY-MM) ending with the month of `last`, oldest first. */
export function lastMonths(last: string, n: number): string[] {
  const [y, m] = last.split('-').map(Number);
  return Array.from({ length: n }, (_, i) => {
    const k = y * 12 + (m - 1) - (n - 1 - i);
    return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
  });
}

/** The CST calendar day of a timestamptz column, as a SQL date. */
export const cstDay = (column: Expression<unknown> | RawBuilder<unknown>): RawBuilder<string> => sql<string>`(${column} at time zone 'Asia/Shanghai')::date`;
/** A SQL date as YYYY-MM-DD text (both drivers read `date` differently; text does not drift). */
export const dayText = (column: Expression<unknown> | RawBuilder<unknown>): RawBuilder<string> => sql<string>`to_char(${column}, 'YYYY-MM-DD')`;
/** A SQL date or timestamp's CST month as YYYY-MM text. */
export const monthText = (day: Expression<unknown> | RawBuilder<unknown>): RawBuilder<string> => sql<string>`to_char(${day}, 'YYYY-MM')`;
