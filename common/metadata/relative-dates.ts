// Dates relative to today in seed rows (docs/metadata.md "Seed rows"), so demo data never goes stale:
//   $today            today's date in China Standard Time (a date field: 2026-11-25; a datetime: 00:00 CST)
//   $today-30d        30 days before today; also +7d, -2w (weeks), +3m (months), -1y (years)
//   $now              the current time (a datetime field; a date field takes its CST day)
//   $now-2h           2 hours before now; also ±Nd, ±Nh, ±Nmin
// Months and years keep the day of the month where it exists, else the month's last day (01-31 +1m → 02-28).
// Everything is counted in China Standard Time (UTC+8, no daylight saving), whatever the server's zone.
import { CST_OFFSET } from './datetime';

const RELATIVE = /^\$(today|now)(?:([+-])(\d{1,6})(d|w|m|y|h|min))?$/;
const CST_MS = 8 * 3600_000;
const DAY_UNITS = new Set(['d', 'w', 'm', 'y']);

/** Whether a seed value is a relative date (and which grammar error it has, if it looks like one). */
export function relativeDateProblem(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('$')) return null;
  const m = RELATIVE.exec(value);
  if (!m) return `"${value}" is not a relative date ($today, $today-30d, $today+2w, $today+3m, $today-1y, $now, $now-2h, $now+30min)`;
  if (m[1] === 'today' && m[4] && !DAY_UNITS.has(m[4])) return `"${value}": $today moves by d, w, m or y (hours and minutes belong to $now)`;
  return null;
}

export const isRelativeDate = (value: unknown): value is string => typeof value === 'string' && RELATIVE.test(value);

const pad = (n: number) => String(n).padStart(2, '0');

/** Shifts a CST wall-clock time (as a UTC Date holding the wall clock) by whole months, clamping the day. */
function addMonths(wall: Date, months: number): Date {
  const out = new Date(wall.getTime());
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const last = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, last));
  return out;
}

/**
 * The value a relative date stands for at `now`: `YYYY-MM-DD` for a date field, an ISO time with +08:00
 * for a datetime field. Other values come back unchanged.
 */
export function resolveRelativeDate(value: unknown, type: 'date' | 'datetime', now: Date = new Date()): unknown {
  if (!isRelativeDate(value)) return value;
  const [, base, sign, amount, unit] = RELATIVE.exec(value) as RegExpExecArray;
  // Wall-clock CST held in a UTC Date, so getUTC* read China's calendar.
  let wall = new Date(now.getTime() + CST_MS);
  if (base === 'today') wall = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()));
  const n = (sign === '-' ? -1 : 1) * Number(amount ?? 0);
  if (unit === 'm') wall = addMonths(wall, n);
  else if (unit === 'y') wall = addMonths(wall, 12 * n);
  else if (unit) wall = new Date(wall.getTime() + n * { d: 86_400_000, w: 7 * 86_400_000, h: 3_600_000, min: 60_000 }[unit as 'd' | 'w' | 'h' | 'min']);
  const date = `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
  if (type === 'date') return date;
  return `${date}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}${CST_OFFSET}`;
}
