// §2.5 live clock: date, time and weekday, ticking every second (§9).
import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { CLOCK_TICK_MS } from '../../../../common/constants';

export function ScreenClock() {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const id = setInterval(() => setNow(dayjs()), CLOCK_TICK_MS);
    return () => clearInterval(id);
  }, []);
  const local = now.locale('zh-cn');
  return (
    <time className="ls-clock" dateTime={now.toISOString()} aria-label="当前时间">
      <span className="ls-clock-time">{local.format('HH:mm:ss')}</span>
      <span className="ls-clock-date">
        <span>{local.format('YYYY-MM-DD')}</span>
        <span>{local.format('dddd')}</span>
      </span>
    </time>
  );
}
