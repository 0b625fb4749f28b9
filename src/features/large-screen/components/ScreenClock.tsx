// §2.5 live clock: date, time and weekday, ticking every second (§9), in China time whatever the PC's zone.
import { useEffect, useState } from 'react';
import 'dayjs/locale/zh-cn';
import { CLOCK_TICK_MS } from '../../../../common/constants';
import { chinaIso, chinaTime } from '../../../lib/time/china-time';

export function ScreenClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(id);
  }, []);
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
