// §9 date-range shortcuts and day bounds: 最近一周, 最近一个月 (30 days), 最近三个月 (90 days); a day runs
// 00:00:00 to 23:59:59. Days are China's (Asia/Shanghai) whatever the PC's zone: the values are China
// wall-clock dayjs values (src/lib/time/china-time.ts).
import { chinaParse, chinaTime, type Dayjs } from '../../lib/time/china-time';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export const DATE_RANGE_SHORTCUTS = [
  { label: '最近一周', days: 7 },
  { label: '最近一个月', days: 30 },
  { label: '最近三个月', days: 90 },
] as const;

/** The last `days` days to today (China's), whole days. */
export function shortcutRange(days: number, now: Dayjs = chinaTime()): [Dayjs, Dayjs] {
  return [now.subtract(days, 'day').startOf('day'), now.endOf('day')];
}

/** The range as sent: whole days, start at 00:00:00 and end at 23:59:59 (dates only for date fields). */
export function rangeValue([from, to]: [Dayjs, Dayjs], withTime: boolean): [string, string] {
  return withTime
    ? [from.startOf('day').format(DATETIME_FORMAT), to.endOf('day').format(DATETIME_FORMAT)]
    : [from.format(DATE_FORMAT), to.format(DATE_FORMAT)];
}

/** A stored value (China text, or a time with a zone) as a picker's China wall-clock dayjs. */
export const pickerValue = (v: string | null | undefined): Dayjs | null => (v ? chinaParse(v) : null);
