// The wall's one clock (docs/large-screens.md "Wall runtime"): the China day (Asia/Shanghai, UTC+8 — the
// day of the data, whatever zone the PC is set to) and the header's second ticks, from ONE live-handles
// timer. A wall left on for weeks must roll over at 00:00 China time without a reload: every screen source
// names the day in its key (use-screen-source.ts), so the rollover refetches every call, and whatever shows
// "today" / "this month" on the client reads it here.
//
// The timer runs only while someone listens: every second while a clock is shown, else at the next
// midnight but at least once a minute (a PC that slept, or whose clock was set, is caught within a minute),
// and the day is checked again when the document becomes visible.
import { useSyncExternalStore } from 'react';
import { CLOCK_TICK_MS } from '../../../../common/constants';
import { addChinaDays, chinaDay, msToChinaMidnight } from '../../../lib/time/china-time';
import { startTimeout, stopTimer, type TimerHandle } from './live-handles';

// The China-day arithmetic is src/lib/time/china-time.ts's (one helper for the whole browser).
export { addChinaDays, chinaDay, chinaMidnight, msToChinaMidnight } from '../../../lib/time/china-time';

/** The longest the clock waits between two looks at the time while only the day is watched. */
export const DAY_CHECK_MAX_MS = 60_000;
/** §9 clock tick. */
const SECOND_MS = CLOCK_TICK_MS;

export type DayRange = { start: string; end: string };

/**
 * A date range ending today, for pickers and labels (§9: yyyy-MM-dd, a day runs 00:00:00–23:59:59):
 * 'today', 'week' (the last 7 days), 'month' (this calendar month so far), 'last30', 'last90'.
 */
export function chinaDayRange(kind: 'today' | 'week' | 'month' | 'last30' | 'last90', today: string = chinaDay()): DayRange {
  switch (kind) {
    case 'today':
      return { start: today, end: today };
    case 'week':
      return { start: addChinaDays(today, -6), end: today };
    case 'month':
      return { start: `${today.slice(0, 8)}01`, end: today };
    case 'last30':
      return { start: addChinaDays(today, -29), end: today };
    case 'last90':
      return { start: addChinaDays(today, -89), end: today };
  }
}

type VisibilityDocument = Pick<Document, 'hidden' | 'addEventListener' | 'removeEventListener'>;

export type WallClockDeps = { now?: () => number; document?: VisibilityDocument };

export class WallClock {
  private readonly dayListeners = new Set<() => void>();
  private readonly tickListeners = new Set<() => void>();
  private readonly now: () => number;
  private readonly doc: VisibilityDocument | undefined;
  private timer: TimerHandle | undefined;
  private current: string | undefined;
  /** The time of the last look while running (a stable snapshot between ticks). */
  private lastTick = 0;
  private rollovers = 0;

  constructor(deps: WallClockDeps = {}) {
    this.now = deps.now ?? (() => Date.now());
    this.doc = deps.document ?? (typeof document === 'undefined' ? undefined : document);
  }

  /** The China day now (the last one announced while the clock runs). */
  readonly day = (): string => (this.running() && this.current !== undefined ? this.current : chinaDay(this.now()));

  /** The time of the last tick (a clock display); stopped, the current whole second (a stable snapshot). */
  readonly time = (): number => (this.running() ? this.lastTick : Math.floor(this.now() / SECOND_MS) * SECOND_MS);

  /** Calls `listener` when the China day changes; returns the unsubscribe. */
  readonly subscribeDay = (listener: () => void): (() => void) => this.add(this.dayListeners, listener);

  /** Calls `listener` every second (on the second); returns the unsubscribe. */
  readonly subscribeTick = (listener: () => void): (() => void) => this.add(this.tickListeners, listener);

  /** How many times the day rolled over while the clock ran (diagnostics). */
  rolloverCount(): number {
    return this.rollovers;
  }

  /** Listeners (diagnostics): the day's and the seconds'. */
  listenerCounts(): { day: number; tick: number } {
    return { day: this.dayListeners.size, tick: this.tickListeners.size };
  }

  /** Looks at the time now (a visible document again, a test): announces a new day. */
  check(): void {
    if (!this.running()) return;
    this.look();
    this.schedule();
  }

  private running(): boolean {
    return this.dayListeners.size + this.tickListeners.size > 0;
  }

  private add(set: Set<() => void>, listener: () => void): () => void {
    const first = !this.running();
    set.add(listener);
    if (first) {
      this.current = chinaDay(this.now());
      this.lastTick = this.now();
      this.doc?.addEventListener('visibilitychange', this.onVisibility);
    }
    this.schedule();
    return () => {
      if (!set.delete(listener)) return;
      if (this.running()) {
        this.schedule();
        return;
      }
      stopTimer(this.timer);
      this.timer = undefined;
      this.doc?.removeEventListener('visibilitychange', this.onVisibility);
    };
  }

  private readonly onVisibility = (): void => {
    if (!this.doc?.hidden) this.check();
  };

  /** One timer: the next second while ticking, else the next midnight (at most a minute away). */
  private schedule(): void {
    stopTimer(this.timer);
    this.timer = undefined;
    if (!this.running()) return;
    const now = this.now();
    const wait = this.tickListeners.size > 0 ? SECOND_MS - (((now % SECOND_MS) + SECOND_MS) % SECOND_MS) : Math.min(msToChinaMidnight(now), DAY_CHECK_MAX_MS);
    const handle = startTimeout(() => {
      if (this.timer !== handle) return; // replaced or stopped meanwhile
      this.timer = undefined;
      this.look();
      for (const l of [...this.tickListeners]) l();
      this.schedule();
    }, wait);
    this.timer = handle;
  }

  private look(): void {
    const now = this.now();
    this.lastTick = now;
    const day = chinaDay(now);
    if (day === this.current) return;
    const first = this.current === undefined;
    this.current = day;
    if (!first) this.rollovers += 1;
    for (const l of [...this.dayListeners]) l();
  }
}

/** The one clock of the large screens. */
export const wallClock = new WallClock();

/** The China day (YYYY-MM-DD); the component renders again at 00:00 China time. */
export const useChinaDay = (clock: WallClock = wallClock): string => useSyncExternalStore(clock.subscribeDay, clock.day, clock.day);

/** The current time, updated every second on the second (the header clock). */
export const useClockTime = (clock: WallClock = wallClock): number => useSyncExternalStore(clock.subscribeTick, clock.time, clock.time);
