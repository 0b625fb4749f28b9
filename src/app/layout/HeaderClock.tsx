// §2.6 live clock, ticking every second (§9 CLOCK_TICK_MS), in China time whatever the PC's zone.
import { useEffect, useState } from 'react';
import 'dayjs/locale/zh-cn';
import { CLOCK_TICK_MS } from '../../../common/constants';
import { chinaIso, chinaTime } from '../../lib/time/china-time';

export function HeaderClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(id);
  }, []);
  return (
    <time className="header-clock" dateTime={chinaIso(now)} aria-label="当前时间">
      {chinaTime(now).locale('zh-cn').format('YYYY-MM-DD HH:mm:ss dddd')}
    </time>
  );
}
