// A panel's view of a scheduled source: { data, error, loading, updatedAt, stale }. Panels naming the
// same key share one source, hence one request (docs/large-screens.md).
//
// The China day (data/day-clock.ts) is part of every source's key: at 00:00 China time every source of a
// mounted screen is replaced by the new day's, which fetches at once — "today" figures, 24-hour and
// this-month series roll over on a wall that stays on for weeks, without a reload. The new source starts
// from the old one's data (`carry`), so the panels keep their figures until the new day's answer.
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useChinaDay } from './day-clock';
import { INITIAL_STATE, type Fetcher, type SourceOptions, type SourceState } from './scheduler';
import { useScreenScheduler } from './ScreenDataProvider';

/** The scheduler key of a source on a China day (`<key>@YYYY-MM-DD`). */
export const dayKey = (key: string, day: string): string => `${key}@${day}`;

/**
 * `key` names the request completely (include every parameter, e.g. the project id): a new key is a new
 * source. The fetcher receives the AbortSignal the scheduler cancels on unmount.
 */
export function useScreenSource<T>(key: string, fetcher: Fetcher<T>, options: SourceOptions): SourceState<T> {
  const scheduler = useScreenScheduler();
  const day = useChinaDay();
  const latest = useRef(fetcher);
  useEffect(() => {
    latest.current = fetcher;
  });
  const { intervalMs, stream } = options;
  const panels = options.panels?.join('\u0000');
  const scheduled = dayKey(key, day);

  const subscribe = useCallback(
    (onChange: () => void) =>
      scheduler.subscribe(scheduled, (signal) => latest.current(signal), { intervalMs, stream, panels: panels?.split('\u0000'), carry: key }, onChange),
    [scheduler, scheduled, key, intervalMs, stream, panels],
  );
  const snapshot = useCallback(() => scheduler.peek<T>(scheduled) ?? scheduler.peekCarried<T>(key) ?? INITIAL_STATE, [scheduler, scheduled, key]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
