// Datetime values of entity fields (docs/metadata.md "Times"): the wire carries China Standard Time
// (§9), so a datetime written without a zone — a form's "2026-11-21 18:05:00", an import cell, a seed
// row, a filter bound — means Asia/Shanghai (+08:00, no daylight saving). An explicit zone (Z, +08:00,
// -0500) is honoured. One parser for writes, imports, seeds, filters and the browser's date rules.
import { isDate } from '../validators';

/** China Standard Time: Asia/Shanghai has had no daylight saving since 1991. */
export const CST_OFFSET = '+08:00';

const DATETIME = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

function zoneOf(zone: string | undefined): string | null {
  if (zone === undefined) return CST_OFFSET;
  if (zone === 'Z' || zone === 'z') return 'Z';
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!m) return null;
  const [hours, minutes] = [Number(m[2]), Number(m[3] ?? '0')];
  if (hours > 14 || minutes > 59) return null;
  return `${m[1]}${m[2]}:${m[3] ?? '00'}`;
}

/**
 * A datetime text as ISO 8601 with an explicit offset (`2026-11-21T18:05:00+08:00`), zoneless text read
 * as China Standard Time and a bare date as its midnight there; null when the text is not a datetime
 * (a wrong day, 25:00, a word).
 */
export function zonedDateTime(text: string): string | null {
  const m = DATETIME.exec(text.trim());
  if (!m) return null;
  const [, date, hh = '00', mm = '00', ss = '00', fraction = '', zone] = m;
  if (!isDate(date) || Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return null;
  // A zone after a bare date (2026-11-21Z) is not a datetime anyone writes.
  if (m[2] === undefined && zone !== undefined) return null;
  const offset = zoneOf(zone);
  return offset === null ? null : `${date}T${hh}:${mm}:${ss}${fraction}${offset}`;
}

/** Milliseconds since the epoch of a datetime text (zoneless = China Standard Time), or null. */
export function dateTimeMillis(text: string): number | null {
  const zoned = zonedDateTime(text);
  return zoned === null ? null : Date.parse(zoned);
}
