// The wall's watchdog (docs/large-screens.md "Wall runtime"): a screen left on for weeks reloads itself in
// place (location.reload keeps the address and its query) when the JS heap or the DOM grows past a bound,
// or a panel stays failing too long (no answer or a server error; not a refusal) — with every reload and its reason kept in sessionStorage
// (this tab, across reloads) and a back-off, so it never loops:
// - no reload while the page is younger than `minUptimeMs` (a fresh page already over a bound would loop);
// - after a reload the next waits `backoffMs`, doubling with each reload of the last `windowMs`, up to
//   `maxBackoffMs`; at most `maxReloads` per `windowMs`, then it only reports (诊断面板);
// - a reload only when the server answers the page's address, else the wall would land on the browser's
//   error page with no script left to retry; it stays and tries at the next check.
// The decisions are pure functions of a reading, the bounds and the history (unit-tested); the hook in
// WallRuntime.tsx reads the page on the wall clock's ticks, no timer of its own.
import { SESSION } from '../../../lib/storage';

export type WatchdogBounds = {
  /** Used JS heap above this (MB) reloads… */
  heapMb: number;
  /** …as does a heap above this share of the browser's heap limit. */
  heapShare: number;
  /** DOM elements above this reload. */
  domNodes: number;
  /** A panel in its error state longer than this reloads (ms). */
  panelErrorMs: number;
  /** How often the page is read (ms). */
  checkMs: number;
  /** No reload before the page has been up this long (ms). */
  minUptimeMs: number;
  /** The wait after a reload before another (ms), doubled for each reload in the window. */
  backoffMs: number;
  maxBackoffMs: number;
  /** The window counting reloads (ms) and the most reloads it allows. */
  windowMs: number;
  maxReloads: number;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_BOUNDS: Readonly<WatchdogBounds> = Object.freeze({
  heapMb: 1024,
  heapShare: 0.8,
  domNodes: 50_000,
  panelErrorMs: 15 * MINUTE,
  checkMs: 30_000,
  minUptimeMs: 5 * MINUTE,
  backoffMs: 10 * MINUTE,
  maxBackoffMs: 6 * HOUR,
  windowMs: 24 * HOUR,
  maxReloads: 6,
});

export type HeapReading = { usedMb: number; limitMb: number };

/** What the watchdog reads of the page at a check. */
export type WatchdogReading = {
  now: number;
  uptimeMs: number;
  /** performance.memory where the browser has it (Chromium), else undefined. */
  heap: HeapReading | undefined;
  domNodes: number;
  /** Panels now in their error state, each with the time it was first seen so. */
  erroredPanels: ReadonlyArray<{ title: string; since: number }>;
};

export type ReloadReason = { kind: 'heap' | 'dom' | 'panel'; text: string };
export type ReloadRecord = { at: number; kind: ReloadReason['kind']; reason: string; url: string };
/** What sessionStorage keeps: every reload counted, the last ones with their reasons. */
export type ReloadHistory = { count: number; reloads: ReloadRecord[] };

export const KEPT_RECORDS = 20;

const mb = (n: number): string => `${Math.round(n)} MB`;
const minutes = (ms: number): string => `${Math.round(ms / MINUTE)} 分钟`;

/** The heap bound that applies: the smaller of `heapMb` and `heapShare` of the browser's limit. */
export const heapBoundMb = (heap: HeapReading | undefined, b: WatchdogBounds): number =>
  heap && heap.limitMb > 0 ? Math.min(b.heapMb, heap.limitMb * b.heapShare) : b.heapMb;

/** Why the page should reload now, or undefined. The heap first, then the DOM, then the longest error. */
export function reloadReason(r: WatchdogReading, b: WatchdogBounds): ReloadReason | undefined {
  if (r.heap) {
    const bound = heapBoundMb(r.heap, b);
    if (r.heap.usedMb > bound) return { kind: 'heap', text: `JS 堆内存 ${mb(r.heap.usedMb)} 超过上限 ${mb(bound)}` };
  }
  if (r.domNodes > b.domNodes) return { kind: 'dom', text: `DOM 节点 ${r.domNodes} 个超过上限 ${b.domNodes} 个` };
  const longest = [...r.erroredPanels].sort((x, y) => x.since - y.since)[0];
  if (longest && r.now - longest.since > b.panelErrorMs) {
    return { kind: 'panel', text: `面板「${longest.title}」持续加载失败超过 ${minutes(b.panelErrorMs)}` };
  }
  return undefined;
}

/** The wait after the latest reload, given how many reloads the window holds (0: none). */
export const backoffFor = (recent: number, b: WatchdogBounds): number => (recent <= 0 ? 0 : Math.min(b.backoffMs * 2 ** (recent - 1), b.maxBackoffMs));

export type ReloadDecision = { allowed: true } | { allowed: false; why: string; until?: number };

/** Whether a reload may happen now, by the page's age and the reloads before it. */
export function reloadDecision(history: ReloadHistory, r: Pick<WatchdogReading, 'now' | 'uptimeMs'>, b: WatchdogBounds): ReloadDecision {
  if (r.uptimeMs < b.minUptimeMs) return { allowed: false, why: `页面运行不足 ${minutes(b.minUptimeMs)}`, until: r.now + (b.minUptimeMs - r.uptimeMs) };
  const recent = history.reloads.filter((x) => x.at > r.now - b.windowMs);
  if (recent.length >= b.maxReloads) {
    const oldest = Math.min(...recent.map((x) => x.at));
    return { allowed: false, why: `${Math.round(b.windowMs / HOUR)} 小时内已自动刷新 ${recent.length} 次，暂停自动刷新`, until: oldest + b.windowMs };
  }
  if (recent.length === 0) return { allowed: true };
  const last = Math.max(...recent.map((x) => x.at));
  const until = last + backoffFor(recent.length, b);
  return r.now >= until ? { allowed: true } : { allowed: false, why: `距上次自动刷新不足 ${minutes(until - last)}`, until };
}

/** The history after a reload now for `reason` (the last KEPT_RECORDS kept). */
export const withReload = (h: ReloadHistory, reason: ReloadReason, at: number, url: string): ReloadHistory => ({
  count: h.count + 1,
  reloads: [...h.reloads, { at, kind: reason.kind, reason: reason.text, url }].slice(-KEPT_RECORDS),
});

// ---- storage (sessionStorage: this tab, across its reloads) ----

const EMPTY: ReloadHistory = { count: 0, reloads: [] };

const session = (): Storage | undefined => {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // storage blocked
  }
};

export function readHistory(): ReloadHistory {
  try {
    const raw = session()?.getItem(SESSION.wallReloads);
    if (!raw) return EMPTY;
    const h = JSON.parse(raw) as Partial<ReloadHistory>;
    const reloads = Array.isArray(h.reloads) ? h.reloads.filter((x): x is ReloadRecord => !!x && typeof x.at === 'number' && typeof x.reason === 'string') : [];
    return { count: typeof h.count === 'number' && h.count >= reloads.length ? h.count : reloads.length, reloads };
  } catch {
    return EMPTY;
  }
}

export function writeHistory(h: ReloadHistory): void {
  try {
    session()?.setItem(SESSION.wallReloads, JSON.stringify(h));
  } catch {
    /* full or blocked: the back-off then only knows this page's life */
  }
}

// ---- bounds: defaults, overridden by window.__lsWatchdog (tests, soak runs); ?watchdog=0 turns it off ----

type WatchdogWindow = Window & { __lsWatchdog?: Partial<WatchdogBounds> | false };

export function watchdogBounds(): WatchdogBounds | undefined {
  if (typeof window === 'undefined') return { ...DEFAULT_BOUNDS };
  if (new URLSearchParams(window.location.search).get('watchdog') === '0') return undefined;
  const set = (window as WatchdogWindow).__lsWatchdog;
  if (set === false) return undefined;
  const out: WatchdogBounds = { ...DEFAULT_BOUNDS };
  if (set && typeof set === 'object') {
    for (const k of Object.keys(DEFAULT_BOUNDS) as (keyof WatchdogBounds)[]) {
      const v = set[k];
      if (typeof v === 'number' && Number.isFinite(v) && v >= 0) out[k] = v;
    }
  }
  return out;
}

// ---- what the page shows (read at each check) ----

type MemoryPerformance = Performance & { memory?: { usedJSHeapSize: number; jsHeapSizeLimit: number } };

/** performance.memory (Chromium only; coarse unless the browser runs with precise memory info). */
export function readHeap(): HeapReading | undefined {
  const m = typeof performance === 'undefined' ? undefined : (performance as MemoryPerformance).memory;
  if (!m || !(m.usedJSHeapSize > 0)) return undefined;
  return { usedMb: m.usedJSHeapSize / 1048576, limitMb: m.jsHeapSizeLimit / 1048576 };
}

export const countDomNodes = (doc: Document = document): number => doc.getElementsByTagName('*').length;

/**
 * The titles of the body's panels now failing (Panel's data-state error): no answer or a server error. A
 * refusal (`data-error="refused"`: out of scope, 没有权限) is the server's answer; a reload would not change it.
 */
export const erroredPanelTitles = (doc: Document = document): string[] =>
  [...doc.querySelectorAll('.ls-body .ls-panel[data-state="error"]:not([data-error="refused"])')].map((el) => el.getAttribute('aria-label') ?? '');

/** Tracks since when each panel (of one screen) has been in error; a panel seen well again starts over. */
export class ErrorTracker {
  private since = new Map<string, number>();
  private screen: string | undefined;

  update(screen: string, titles: readonly string[], now: number): Array<{ title: string; since: number }> {
    if (screen !== this.screen) {
      this.screen = screen;
      this.since = new Map();
    }
    const next = new Map<string, number>();
    for (const t of titles) next.set(t, this.since.get(t) ?? now);
    this.since = next;
    return [...next].map(([title, since]) => ({ title, since }));
  }
}

/**
 * Whether reloading would load the page again: the server answers its address (any answer below 500).
 * Without a server the browser would show its own error page, with nothing left to retry.
 */
export async function serverAnswers(url: string, fetchFn: typeof fetch = fetch): Promise<boolean> {
  try {
    const res = await fetchFn(url, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
    return res.status < 500;
  } catch {
    return false;
  }
}

// ---- fullscreen across the reload ----
// Browsers leave fullscreen on a reload, and requestFullscreen needs a user gesture: a page cannot put
// itself back. So before reloading the watchdog notes that the wall was in fullscreen; after it, one try
// (allowed where the browser grants it, e.g. a kiosk policy), else the first click or key anywhere restores
// it. A wall run in kiosk mode (chromium --kiosk) has a fullscreen window that a reload does not leave.

export function rememberFullscreen(on: boolean): void {
  try {
    if (on) session()?.setItem(SESSION.wallFullscreen, '1');
    else session()?.removeItem(SESSION.wallFullscreen);
  } catch {
    /* blocked */
  }
}

export function takeFullscreenWish(): boolean {
  try {
    const s = session();
    const wished = s?.getItem(SESSION.wallFullscreen) === '1';
    s?.removeItem(SESSION.wallFullscreen);
    return wished;
  } catch {
    return false;
  }
}
