// §9 date-range shortcuts and day bounds: 最近一周, 最近一个月 (30 days), 最近三个月 (90 days); a day runs
// 00:00:00 to 23:59:59.
import dayjs, { type Dayjs } from 'dayjs';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export const DATE_RANGE_SHORTCUTS = [
  { label: '最近一周', days: 7 },
  { label: '最近一个月', days: 30 },
  { label: '最近三个月', days: 90 },
] as const;

export function shortcutRange(days: number, now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return [now.subtract(days, 'day').startOf('day'), now.endOf('day')];
}

/** The range as sent: whole days, start at 00:00:00 and end at 23:59:59 (dates only for date fields). */
export function rangeValue([from, to]: [Dayjs, Dayjs], withTime: boolean): [string, string] {
  return withTime
    ? [from.startOf('day').format(DATETIME_FORMAT), to.endOf('day').format(DATETIME_FORMAT)]
    : [from.format(DATE_FORMAT), to.format(DATE_FORMAT)];
}
