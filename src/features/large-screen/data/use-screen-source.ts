// A panel's view of a scheduled source: { data, error, loading, updatedAt, stale }. Panels naming the
// same key share one source, hence one request (docs/large-screens.md).
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { INITIAL_STATE, type Fetcher, type SourceOptions, type SourceState } from './scheduler';
import { useScreenScheduler } from './ScreenDataProvider';

/**
 * `key` names the request completely (include every parameter, e.g. the project id): a new key is a new
 * source. The fetcher receives the AbortSignal the scheduler cancels on unmount.
 */
export function useScreenSource<T>(key: string, fetcher: Fetcher<T>, options: SourceOptions): SourceState<T> {
  const scheduler = useScreenScheduler();
  const latest = useRef(fetcher);
  useEffect(() => {
    latest.current = fetcher;
  });
  const { intervalMs, stream } = options;
  const panels = options.panels?.join('\u0000');

  const subscribe = useCallback(
    (onChange: () => void) =>
      scheduler.subscribe(key, (signal) => latest.current(signal), { intervalMs, stream, panels: panels?.split('\u0000') }, onChange),
    [scheduler, key, intervalMs, stream, panels],
  );
  const snapshot = useCallback(() => scheduler.peek<T>(key) ?? INITIAL_STATE, [scheduler, key]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
