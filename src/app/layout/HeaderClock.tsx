// §2.6 live clock, ticking every second (§9 CLOCK_TICK_MS).
import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import { CLOCK_TICK_MS } from '../../../common/constants';

export function HeaderClock() {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const id = setInterval(() => setNow(dayjs()), CLOCK_TICK_MS);
    return () => clearInterval(id);
  }, []);
  return (
    <time className="header-clock" dateTime={now.toISOString()}>
      {now.format('YYYY-MM-DD HH:mm:ss dddd')}
    </time>
  );
}
