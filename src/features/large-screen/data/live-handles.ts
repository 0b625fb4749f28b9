// Live timers and event streams of the large screens, counted so a soak run over days can see a leak:
// `window.__lsTimers` and `window.__lsStreams` read these counts. Every timer a screen or the kit starts
// goes through here; a timeout leaves the count when it fires or is stopped, an interval when stopped.

export type TimerHandle = { readonly kind: 'timeout' | 'interval'; readonly id: ReturnType<typeof setTimeout> };

const liveTimers = new Set<TimerHandle>();
let liveStreams = 0;

export function startTimeout(fn: () => void, ms: number): TimerHandle {
  const handle: TimerHandle = {
    kind: 'timeout',
    id: setTimeout(() => {
      liveTimers.delete(handle);
      fn();
    }, ms),
  };
  liveTimers.add(handle);
  return handle;
}

export function startInterval(fn: () => void, ms: number): TimerHandle {
  const handle: TimerHandle = { kind: 'interval', id: setInterval(fn, ms) };
  liveTimers.add(handle);
  return handle;
}

/** Stops a timer; `undefined` and already-stopped handles are ignored. */
export function stopTimer(handle: TimerHandle | undefined): void {
  if (!handle || !liveTimers.delete(handle)) return;
  if (handle.kind === 'interval') clearInterval(handle.id);
  else clearTimeout(handle.id);
}

export const liveTimerCount = (): number => liveTimers.size;

/** Live timers by kind (the diagnostics overlay). */
export function liveTimerKinds(): { timeouts: number; intervals: number } {
  let intervals = 0;
  for (const t of liveTimers) if (t.kind === 'interval') intervals += 1;
  return { timeouts: liveTimers.size - intervals, intervals };
}

export const streamOpened = (): void => {
  liveStreams += 1;
};
export const streamClosed = (): void => {
  liveStreams = Math.max(0, liveStreams - 1);
};
export const liveStreamCount = (): number => liveStreams;

/** Read-only counters on `window` for the soak script (a getter, so the value is always current). */
export function exposeCounter(name: string, read: () => number): void {
  if (typeof window === 'undefined') return;
  Object.defineProperty(window, name, { configurable: true, enumerable: false, get: read });
}

exposeCounter('__lsTimers', liveTimerCount);
exposeCounter('__lsStreams', liveStreamCount);
