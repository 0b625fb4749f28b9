// What the wall runtime knows now, for the diagnostics overlay and soak runs (`window.__lsCarousel`,
// `window.__lsReloads`): the carousel's place and the watchdog's last check. Plain module state, written by
// the runtime's hooks on the wall clock's ticks and read by the overlay on the same ticks.
import { exposeCounter } from '../data/live-handles';
import type { HeapReading, ReloadReason, WatchdogBounds } from './watchdog';
import { readHistory } from './watchdog';

export type CarouselStatus = {
  paths: string[];
  unknown: string[];
  intervalMs: number;
  /** The place of the screen shown (-1: a screen outside the list). */
  position: number;
  /** When the next screen shows (ms), while running. */
  nextAt: number | undefined;
  /** Paused by a user's input until then (ms). */
  pausedUntil: number | undefined;
  /** Screens switched by the carousel since the page loaded. */
  switches: number;
};

export type WatchdogStatus = {
  /** undefined: turned off (?watchdog=0). */
  bounds: WatchdogBounds | undefined;
  checkedAt: number | undefined;
  heap: HeapReading | undefined;
  domNodes: number | undefined;
  erroredPanels: Array<{ title: string; since: number }>;
  /** A reason to reload that waits (back-off, young page, no server), with why. */
  held: { reason: ReloadReason; why: string } | undefined;
};

export const wallStatus: { carousel: CarouselStatus | undefined; watchdog: WatchdogStatus } = {
  carousel: undefined,
  watchdog: { bounds: undefined, checkedAt: undefined, heap: undefined, domNodes: undefined, erroredPanels: [], held: undefined },
};

if (typeof window !== 'undefined') {
  Object.defineProperty(window, '__lsCarousel', {
    configurable: true,
    enumerable: false,
    get: () => (wallStatus.carousel ? { ...wallStatus.carousel, paths: [...wallStatus.carousel.paths] } : undefined),
  });
}
exposeCounter('__lsReloads', () => readHistory().count);
