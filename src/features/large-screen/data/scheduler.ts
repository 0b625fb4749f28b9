// The data scheduler of one mounted large screen (docs/large-screens.md). Sources are keyed requests
// shared by every panel that names the key, so a screen makes one aggregated request per key. Rules:
// - never two requests for one key in flight (an update during a request refetches once after it);
// - an `update` event on the server's stream refetches the sources bound to that stream; polling at the
//   source's interval is the fallback while the stream is not live (not offered, failed, reconnecting);
// - paused while the document is hidden (no timers, no stream), refreshed once when visible again;
// - stale when the data is older than twice its refresh interval (the stream's heartbeat while live);
// - detaching a source aborts its request and stops its timers; dispose() closes everything;
// - a source replacing another of the same `carry` name (the day rolled over, use-screen-source.ts) starts
//   from its last state: the wall keeps yesterday's figures until the new day's answer, never 加载中.
import { startTimeout, stopTimer, streamClosed, streamOpened, type TimerHandle } from './live-handles';
import { refreshFactor, scaledInterval } from './refresh-factor';
import {
  browserEventSource,
  STREAM_HEARTBEAT_MS,
  STREAM_RETRY_MS,
  streamUrl,
  updatedPanels,
  type EventSourceFactory,
  type EventSourceLike,
  type ScreenStreamName,
} from './stream';

export type SourceOptions = {
  /** Refresh interval while the stream is not live (before the global refresh factor). */
  intervalMs: number;
  /** The server stream whose `update` events refetch this source. */
  stream?: ScreenStreamName;
  /** Only updates naming one of these panels refetch (all updates when absent). */
  panels?: readonly string[];
  /**
   * The source's name without its day: a new source of the same name starts from the last state of the
   * one it replaces (kept until no source of the name is left).
   */
  carry?: string;
};

export type SourceState<T> = {
  data: T | undefined;
  error: Error | undefined;
  /** True until the first answer (or failure); later refreshes keep showing the data. */
  loading: boolean;
  /** When the data was fetched (ms since epoch). */
  updatedAt: number | undefined;
  /** The data is older than twice its refresh interval. */
  stale: boolean;
};

export type Fetcher<T> = (signal: AbortSignal) => Promise<T>;

export const INITIAL_STATE: SourceState<never> = Object.freeze({
  data: undefined,
  error: undefined,
  loading: true,
  updatedAt: undefined,
  stale: false,
});

type Source = {
  key: string;
  fetcher: Fetcher<unknown>;
  options: SourceOptions;
  state: SourceState<unknown>;
  listeners: Set<() => void>;
  controller: AbortController | undefined;
  /** A stream update arrived while a request was in flight: fetch once more after it. */
  again: boolean;
  poll: TimerHandle | undefined;
  staleTimer: TimerHandle | undefined;
  /** When the data was last known current (fetch, or a heartbeat of a live stream). */
  freshAt: number | undefined;
};

type Stream = {
  name: ScreenStreamName;
  es: EventSourceLike | undefined;
  live: boolean;
  everLive: boolean;
  failures: number;
  retry: TimerHandle | undefined;
};

type VisibilityDocument = Pick<Document, 'hidden' | 'addEventListener' | 'removeEventListener'>;

export type SchedulerDeps = {
  /** null: no stream (polling only). Default: the browser's EventSource where there is one. */
  eventSource?: EventSourceFactory | null;
  document?: VisibilityDocument;
  now?: () => number;
  factor?: () => number;
};

const MAX_RETRY_STEPS = 4;

/** A source as the diagnostics overlay shows it. */
export type SourceReport = {
  key: string;
  stream: string | undefined;
  updatedAt: number | undefined;
  error: string | undefined;
  stale: boolean;
  loading: boolean;
  inFlight: boolean;
  /** A poll is scheduled (the stream is not relied on). */
  polling: boolean;
};
/** A stream as the diagnostics overlay shows it. */
export type StreamReport = { name: string; open: boolean; live: boolean; failures: number };
export type SchedulerReport = { sources: SourceReport[]; streams: StreamReport[] };

const running = new Set<ScreenScheduler>();

/** The schedulers of the mounted screens (diagnostics). */
export const liveSchedulers = (): ScreenScheduler[] => [...running];

const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

export class ScreenScheduler {
  private readonly sources = new Map<string, Source>();
  private readonly streams = new Map<ScreenStreamName, Stream>();
  /** The last state with data of each `carry` name, for the source that replaces it. */
  private readonly carried = new Map<string, SourceState<unknown>>();
  private readonly eventSource: EventSourceFactory | null;
  private readonly doc: VisibilityDocument | undefined;
  private readonly now: () => number;
  private readonly factor: () => number;
  private started = false;

  constructor(deps: SchedulerDeps = {}) {
    this.eventSource = deps.eventSource === undefined ? browserEventSource() : deps.eventSource;
    this.doc = deps.document ?? (typeof document === 'undefined' ? undefined : document);
    this.now = deps.now ?? Date.now;
    this.factor = deps.factor ?? refreshFactor;
  }

  /** Follows the document's visibility; subscriptions work before and after. */
  start(): void {
    if (this.started) return;
    this.started = true;
    running.add(this);
    this.doc?.addEventListener('visibilitychange', this.onVisibility);
  }

  /** Aborts every request, stops every timer and closes every stream. */
  dispose(): void {
    this.started = false;
    running.delete(this);
    this.doc?.removeEventListener('visibilitychange', this.onVisibility);
    for (const s of [...this.sources.values()]) this.detach(s);
    for (const st of [...this.streams.values()]) this.closeStream(st);
    this.carried.clear();
  }

  /** The last state a source named `carry` had with data, while one of that name is subscribed. */
  peekCarried<T>(carry: string | undefined): SourceState<T> | undefined {
    return carry === undefined ? undefined : (this.carried.get(carry) as SourceState<T> | undefined);
  }

  /** Sources and streams as they are now (the diagnostics overlay). */
  report(): SchedulerReport {
    return {
      sources: [...this.sources.values()].map((s) => ({
        key: s.key,
        stream: s.options.stream,
        updatedAt: s.state.updatedAt,
        error: s.state.error?.message,
        stale: s.state.stale,
        loading: s.state.loading,
        inFlight: s.controller !== undefined,
        polling: s.poll !== undefined,
      })),
      streams: [...this.streams.values()].map((st) => ({ name: st.name, open: st.es !== undefined, live: st.live, failures: st.failures })),
    };
  }

  peek<T>(key: string): SourceState<T> | undefined {
    return this.sources.get(key)?.state as SourceState<T> | undefined;
  }

  /** Keys with a request in flight (for tests and diagnostics). */
  inFlight(): string[] {
    return [...this.sources.values()].filter((s) => s.controller).map((s) => s.key);
  }

  subscribe<T>(key: string, fetcher: Fetcher<T>, options: SourceOptions, listener: () => void): () => void {
    let s = this.sources.get(key);
    if (!s) {
      const carried = this.peekCarried(options.carry);
      s = {
        key,
        fetcher,
        options,
        state: carried ?? INITIAL_STATE,
        listeners: new Set(),
        controller: undefined,
        again: false,
        poll: undefined,
        staleTimer: undefined,
        freshAt: carried?.updatedAt,
      };
      this.sources.set(key, s);
      if (options.stream) this.openStream(options.stream);
      this.fetch(s);
    }
    const source = s;
    source.listeners.add(listener);
    return () => {
      source.listeners.delete(listener);
      if (source.listeners.size === 0 && this.sources.get(key) === source) this.detach(source);
    };
  }

  /** Fetches every source now (one request per key, as always). */
  refreshAll(): void {
    for (const s of this.sources.values()) this.fetch(s);
  }

  // ---- sources ----

  private hidden(): boolean {
    return this.doc?.hidden === true;
  }

  private set(s: Source, state: SourceState<unknown>): void {
    s.state = state;
    if (s.options.carry !== undefined && state.data !== undefined) this.carried.set(s.options.carry, state);
    for (const l of [...s.listeners]) l();
  }

  private fetch(s: Source): void {
    if (this.hidden()) return; // resume() refreshes once
    if (s.controller) {
      s.again = true;
      return;
    }
    stopTimer(s.poll);
    s.poll = undefined;
    const controller = new AbortController();
    s.controller = controller;
    let request: Promise<unknown>;
    try {
      request = s.fetcher(controller.signal);
    } catch (e) {
      request = Promise.reject(asError(e));
    }
    request
      .then(
        (data) => {
          if (controller.signal.aborted) return;
          const at = this.now();
          s.freshAt = at;
          this.set(s, { data, error: undefined, loading: false, updatedAt: at, stale: false });
          this.armStale(s);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          this.set(s, { ...s.state, error: asError(error), loading: false, stale: this.isStale(s) });
        },
      )
      .finally(() => {
        if (s.controller !== controller) return; // detached meanwhile
        s.controller = undefined;
        if (s.again) {
          s.again = false;
          this.fetch(s);
        } else {
          this.schedulePoll(s);
        }
      });
  }

  private detach(s: Source): void {
    const controller = s.controller;
    s.controller = undefined;
    controller?.abort();
    stopTimer(s.poll);
    stopTimer(s.staleTimer);
    s.poll = s.staleTimer = undefined;
    this.sources.delete(s.key);
    const carry = s.options.carry;
    // Its successor subscribes in the same commit (a new day's key): forget the state only after it.
    if (carry !== undefined) queueMicrotask(() => this.forgetCarried(carry));
    const name = s.options.stream;
    // The same for its stream: closed unless a successor subscribed (it stays live across the rollover).
    if (name && !this.sourcesOf(name).length) queueMicrotask(() => this.closeUnused(name));
  }

  private closeUnused(name: ScreenStreamName): void {
    const st = this.streams.get(name);
    if (st && !this.sourcesOf(name).length) this.closeStream(st);
  }

  private forgetCarried(carry: string): void {
    for (const s of this.sources.values()) if (s.options.carry === carry) return;
    this.carried.delete(carry);
  }

  private sourcesOf(name: ScreenStreamName): Source[] {
    return [...this.sources.values()].filter((s) => s.options.stream === name);
  }

  private streamLive(name: ScreenStreamName | undefined): boolean {
    return name !== undefined && this.streams.get(name)?.live === true;
  }

  /** Polls while the stream cannot be relied on: not live, or the last request failed. */
  private schedulePoll(s: Source): void {
    stopTimer(s.poll);
    s.poll = undefined;
    if (this.hidden() || !this.sources.has(s.key)) return;
    if (this.streamLive(s.options.stream) && !s.state.error) return;
    s.poll = startTimeout(() => {
      s.poll = undefined;
      this.fetch(s);
    }, scaledInterval(s.options.intervalMs, this.factor()));
  }

  private staleAfter(s: Source): number {
    return 2 * (this.streamLive(s.options.stream) ? STREAM_HEARTBEAT_MS : scaledInterval(s.options.intervalMs, this.factor()));
  }

  private isStale(s: Source): boolean {
    return s.freshAt !== undefined && this.now() - s.freshAt > this.staleAfter(s);
  }

  private armStale(s: Source): void {
    stopTimer(s.staleTimer);
    s.staleTimer = undefined;
    if (s.freshAt === undefined || this.hidden() || !this.sources.has(s.key)) return;
    const remaining = s.freshAt + this.staleAfter(s) - this.now();
    if (remaining < 0) {
      if (!s.state.stale) this.set(s, { ...s.state, stale: true });
      return;
    }
    s.staleTimer = startTimeout(() => {
      s.staleTimer = undefined;
      this.set(s, { ...s.state, stale: true });
    }, remaining + 1);
  }

  // ---- streams ----

  private openStream(name: ScreenStreamName): void {
    if (this.streams.has(name)) return;
    const st: Stream = { name, es: undefined, live: false, everLive: false, failures: 0, retry: undefined };
    this.streams.set(name, st);
    this.connect(st);
  }

  private connect(st: Stream): void {
    if (!this.eventSource || this.hidden() || st.es) return;
    let es: EventSourceLike;
    try {
      es = this.eventSource(streamUrl(st.name));
    } catch {
      this.streamFailed(st);
      return;
    }
    st.es = es;
    streamOpened();
    const current = (handler: (e: MessageEvent) => void) => (e: MessageEvent) => {
      if (st.es === es) handler(e);
    };
    es.addEventListener('ready', current(() => this.onReady(st)));
    es.addEventListener('heartbeat', current(() => this.onHeartbeat(st)));
    es.addEventListener('update', current((e) => this.onUpdate(st, e)));
    es.addEventListener('error', current(() => this.streamFailed(st)));
  }

  private onReady(st: Stream): void {
    st.live = true;
    st.everLive = true;
    st.failures = 0;
    for (const s of this.sourcesOf(st.name)) {
      stopTimer(s.poll); // the stream takes over from polling
      s.poll = undefined;
      // Changes between the last answer and this connection were not announced: fetch once.
      if (!s.controller) this.fetch(s);
      else this.armStale(s);
    }
  }

  private onHeartbeat(st: Stream): void {
    for (const s of this.sourcesOf(st.name)) {
      if (s.controller || s.state.error || s.state.data === undefined) continue;
      s.freshAt = this.now();
      if (s.state.stale) this.set(s, { ...s.state, stale: false });
      this.armStale(s);
    }
  }

  private onUpdate(st: Stream, event: MessageEvent): void {
    const panels = updatedPanels(event);
    for (const s of this.sourcesOf(st.name)) {
      const wanted = s.options.panels;
      if (panels === 'all' || !wanted || wanted.some((p) => panels.includes(p))) this.fetch(s);
    }
  }

  private closeConnection(st: Stream): void {
    const es = st.es;
    st.es = undefined;
    st.live = false;
    if (es) {
      es.close();
      streamClosed();
    }
  }

  /** Falls back to polling and tries the stream again later (backing off while it keeps failing). */
  private streamFailed(st: Stream): void {
    this.closeConnection(st);
    for (const s of this.sourcesOf(st.name)) {
      if (!s.controller) this.schedulePoll(s);
      this.armStale(s);
    }
    stopTimer(st.retry);
    st.retry = undefined;
    if (!this.eventSource || this.hidden() || this.streams.get(st.name) !== st) return;
    const step = Math.min(st.failures, MAX_RETRY_STEPS);
    st.failures += 1;
    st.retry = startTimeout(() => {
      st.retry = undefined;
      this.connect(st);
    }, scaledInterval(STREAM_RETRY_MS * 2 ** step, this.factor()));
  }

  private closeStream(st: Stream): void {
    this.closeConnection(st);
    stopTimer(st.retry);
    st.retry = undefined;
    this.streams.delete(st.name);
  }

  // ---- visibility ----

  private readonly onVisibility = (): void => {
    if (this.hidden()) this.pause();
    else this.resume();
  };

  private pause(): void {
    for (const s of this.sources.values()) {
      stopTimer(s.poll);
      stopTimer(s.staleTimer);
      s.poll = s.staleTimer = undefined;
    }
    for (const st of this.streams.values()) {
      this.closeConnection(st);
      stopTimer(st.retry);
      st.retry = undefined;
    }
  }

  private resume(): void {
    for (const st of this.streams.values()) this.connect(st);
    for (const s of this.sources.values()) {
      this.armStale(s);
      this.fetch(s);
    }
  }
}
