// China time in the browser (docs/architecture.md "Time"): every day boundary, default range and displayed
// time is Asia/Shanghai's (UTC+8, no daylight saving since 1991: a fixed +8 h is exact), like the server's
// (common/metadata/datetime.ts, whose grammar textMillis reads), whatever zone the PC or the wall display is set to. A PC on UTC must not
// show 13:02 beside a 最近登录 of 21:02, nor stamp a 06:48 reading 12-01 22:48.
//
// The one module of src/ that may read the browser's local date fields (eslint.config.js refuses
// getHours, getDate, new Date(y, m, d), a dayjs import… elsewhere in src/). Two kinds of values:
//   - instants: milliseconds, a Date, a server timestamp (ISO with Z or an offset is that instant; zoneless
//     text "2026-12-02 06:48:00" is China time, §9; a bare date is its 00:00 China time) — `instantOf`;
//   - China wall-clock dayjs values (`chinaTime`, `chinaParse`): a dayjs whose own fields (year … second,
//     weekday; `format`, `startOf('day')`, `add(1, 'day')`) are China's. The date pickers hold these
//     (ChinaDatePicker); `format` gives the wire's zoneless China text, `chinaInstant` the instant back.
import dayjs, { type Dayjs } from 'dayjs';

export type { Dayjs };

/** China Standard Time, UTC+8. */
export const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

// The grammar of common/metadata/datetime.ts (the server's reading of datetime text), read here without
// importing it: that module brings common/validators and its region-code table into every page (the login
// page's footer year reads China time too).
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

/** Milliseconds of datetime text (zoneless = China time, a bare date its 00:00 China time), or null. */
function textMillis(text: string): number | null {
  const m = DATETIME.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, hh, mm = '00', ss = '00', fraction = '', zone] = m;
  if (hh === undefined && zone !== undefined) return null; // 2026-12-02Z is not a time anyone writes
  let offsetMs = CHINA_OFFSET_MS;
  if (zone === 'Z' || zone === 'z') offsetMs = 0;
  else if (zone !== undefined) {
    const z = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
    if (!z || Number(z[2]) > 14 || Number(z[3] ?? '0') > 59) return null;
    offsetMs = (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3] ?? '0')) * 60_000;
  }
  const fields = [Number(y), Number(mo) - 1, Number(d), Number(hh ?? '0'), Number(mm), Number(ss)] as const;
  const wall = Date.UTC(...fields, Math.floor(Number(`0${fraction || '.0'}`) * 1000));
  const back = new Date(wall);
  // 2026-02-30, 25:00, 12:60 do not come back as they went in.
  if (back.getUTCFullYear() !== fields[0] || back.getUTCMonth() !== fields[1] || back.getUTCDate() !== fields[2] || back.getUTCHours() !== fields[3] || back.getUTCMinutes() !== fields[4] || back.getUTCSeconds() !== fields[5]) return null;
  return wall - offsetMs;
}

/** What a time may come as: milliseconds, a Date, server text, or a China wall-clock dayjs. */
export type TimeInput = number | Date | string | Dayjs;

/**
 * The instant of a time, in milliseconds since the epoch, or null when it is unreadable: a number or Date
 * as is; text with Z or an offset as that instant; zoneless text (`2026-12-02 06:48:00`, `2026-12-02T06:48`)
 * as China time; a bare date as its 00:00 China time; a China wall-clock dayjs through `chinaInstant`.
 */
export function instantOf(value: TimeInput | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isFinite(value.getTime()) ? value.getTime() : null;
  if (typeof value === 'string') return textMillis(value);
  return value.isValid() ? chinaInstant(value) : null;
}

/** China's wall clock at `at` (default now) as a dayjs: format('HH:mm') gives China's time of day. */
export function chinaTime(at: number | Date = Date.now()): Dayjs {
  const ms = typeof at === 'number' ? at : at.getTime();
  if (!Number.isFinite(ms)) return dayjs(NaN);
  const shifted = new Date(ms + CHINA_OFFSET_MS);
  // A Date whose local fields equal the UTC fields of the shifted instant: China's fields. (In a zone with
  // daylight saving, a China time inside that zone's skipped spring hour moves by an hour; China and UTC,
  // the zones of sites and walls, have none.)
  return dayjs(new Date(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate(), shifted.getUTCHours(), shifted.getUTCMinutes(), shifted.getUTCSeconds(), shifted.getUTCMilliseconds()));
}

/** A server or stored time as a China wall-clock dayjs (see `instantOf`), or null when unreadable. */
export function chinaParse(value: TimeInput | null | undefined): Dayjs | null {
  const ms = instantOf(value);
  return ms === null ? null : chinaTime(ms);
}

/**
 * A time formatted on China's wall clock (dayjs tokens: `MM-DD HH:mm`, `YYYY-MM-DD HH:mm:ss`, `HH:00`);
 * `fallback` (default '--') when there is none or it is unreadable.
 */
export function chinaFormat(value: TimeInput | null | undefined, pattern: string, fallback = '--'): string {
  const d = chinaParse(value);
  return d ? d.format(pattern) : fallback;
}

/** The instant of a China wall-clock dayjs (a picker's value, `chinaTime(…).startOf('day')`). */
export function chinaInstant(d: Dayjs): number {
  return Date.UTC(d.year(), d.month(), d.date(), d.hour(), d.minute(), d.second(), d.millisecond()) - CHINA_OFFSET_MS;
}

/** A China wall-clock dayjs as ISO 8601 with China's offset (`2026-12-02T06:48:00+08:00`), for the wire. */
export const chinaIsoOf = (d: Dayjs): string => `${d.format('YYYY-MM-DDTHH:mm:ss')}+08:00`;

/** The instant as ISO 8601 with China's offset, for a <time dateTime>. */
export const chinaIso = (ms: number = Date.now()): string => chinaIsoOf(chinaTime(ms));

/** China's hour of the day (0–23) at `ms`. */
export const chinaHour = (ms: number = Date.now()): number => Math.floor((((ms + CHINA_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS / 3_600_000);

/** The China day of `ms` (default now) as YYYY-MM-DD. */
export const chinaDay = (ms: number = Date.now()): string => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/** The instant of 00:00 China time that starts `day` (YYYY-MM-DD). */
export const chinaMidnight = (day: string): number => Date.parse(`${day}T00:00:00+08:00`);

/** Milliseconds from `ms` to the next 00:00 China time (never 0: at midnight exactly, a whole day). */
export const msToChinaMidnight = (ms: number = Date.now()): number => DAY_MS - ((((ms + CHINA_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS);

/** The China day `n` days after `day` (negative: before). */
export const addChinaDays = (day: string, n: number): string => chinaDay(chinaMidnight(day) + n * DAY_MS);

/** Today's day bounds in China time as the wire writes them (§3.6 `times` / `endtim`, §9: 00:00:00–23:59:59). */
export function chinaDayBounds(ms: number = Date.now()): { times: string; endtim: string } {
  const day = chinaDay(ms);
  return { times: `${day} 00:00:00`, endtim: `${day} 23:59:59` };
}
