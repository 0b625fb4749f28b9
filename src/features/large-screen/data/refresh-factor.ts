// A global speed factor for every large-screen refresh interval, so a soak run can compress days of wall
// time: `window.__lsRefreshFactor = 0.1` or the address `?refreshFactor=0.1` refreshes 10× as often.

type FactorWindow = Window & { __lsRefreshFactor?: unknown };

export const MIN_REFRESH_FACTOR = 0.01;
export const MAX_REFRESH_FACTOR = 100;
/** No interval, however compressed, runs faster than this. */
export const MIN_INTERVAL_MS = 200;

const valid = (n: number): boolean => Number.isFinite(n) && n > 0;

export function refreshFactor(): number {
  if (typeof window === 'undefined') return 1;
  const set = (window as FactorWindow).__lsRefreshFactor;
  let factor = typeof set === 'number' ? set : Number.NaN;
  if (!valid(factor)) {
    const raw = new URLSearchParams(window.location.search).get('refreshFactor');
    factor = raw === null ? 1 : Number(raw);
  }
  if (!valid(factor)) return 1;
  return Math.min(Math.max(factor, MIN_REFRESH_FACTOR), MAX_REFRESH_FACTOR);
}

/** An interval after the factor, never below MIN_INTERVAL_MS. */
export const scaledInterval = (ms: number, factor: number = refreshFactor()): number => Math.max(MIN_INTERVAL_MS, Math.round(ms * factor));
