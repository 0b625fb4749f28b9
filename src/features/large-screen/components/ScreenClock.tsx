// §2.5 live clock: date, time and weekday, ticking every second (§9), in China time whatever the PC's zone.
// It ticks on the wall's one clock (data/day-clock.ts), the same timer that rolls the screens' day over.
import 'dayjs/locale/zh-cn';
import { chinaIso, chinaTime } from '../../../lib/time/china-time';
import { useClockTime } from '../data/day-clock';

export function ScreenClock() {
  const now = useClockTime();
  const local = chinaTime(now).locale('zh-cn');
  return (
    <time className="ls-clock" dateTime={chinaIso(now)} aria-label="当前时间">
      <span className="ls-clock-time">{local.format('HH:mm:ss')}</span>
      <span className="ls-clock-date">
        <span>{local.format('YYYY-MM-DD')}</span>
        <span>{local.format('dddd')}</span>
      </span>
    </time>
  );
}
