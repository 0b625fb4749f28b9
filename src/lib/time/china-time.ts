// The console shows China time (Asia/Shanghai, UTC+8, no daylight saving since 1991) whatever zone the
// PC is set to, like the data (common/metadata/datetime.ts): a PC on UTC must not show 13:02 beside a
// 最近登录 of 21:02. chinaNow() is a dayjs whose local fields (hour, day, weekday) are China's wall clock.
import dayjs, { type Dayjs } from 'dayjs';

const CHINA_OFFSET_MINUTES = 8 * 60;

/** China's wall clock at `ms` (default now) as a dayjs: format('HH:mm') gives China's time of day. */
export function chinaTime(ms: number = Date.now()): Dayjs {
  const shifted = new Date(ms + CHINA_OFFSET_MINUTES * 60_000);
  // A Date whose local fields equal the UTC fields of the shifted instant.
  return dayjs(
    new Date(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate(), shifted.getUTCHours(), shifted.getUTCMinutes(), shifted.getUTCSeconds(), shifted.getUTCMilliseconds()),
  );
}

/** The instant as ISO 8601 with China's offset, for a <time dateTime>. */
export const chinaIso = (ms: number = Date.now()): string => `${chinaTime(ms).format('YYYY-MM-DDTHH:mm:ss')}+08:00`;
