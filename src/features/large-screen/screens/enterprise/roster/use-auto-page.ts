// The wall display turns the roster's pages by itself: one step every ROSTER_PAGE_MS (× refresh factor),
// none while paused (pointer over the table, typing in the search) or when there is one page. Turning a
// page by hand starts the wait again, as `index` restarts the interval.
import { useEffect, useRef } from 'react';
import { startInterval, stopTimer } from '../../../data/live-handles';
import { scaledInterval } from '../../../data/refresh-factor';

export const ROSTER_PAGE_MS = 15_000;

export function useAutoPage(index: number, pages: number, paused: boolean, go: (index: number) => void): void {
  const latest = useRef(go);
  useEffect(() => {
    latest.current = go;
  });
  const running = pages > 1 && !paused;
  useEffect(() => {
    if (!running) return undefined;
    const timer = startInterval(() => latest.current((index + 1) % pages), scaledInterval(ROSTER_PAGE_MS));
    return () => stopTimer(timer);
  }, [running, index, pages]);
}
