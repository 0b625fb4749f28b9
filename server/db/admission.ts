// Admission to embedded PGlite under overload (issue 26, docs/security-load.md "PGlite under overload").
// PGlite is one connection whose queries run one at a time on the server's event loop, beside all the
// JavaScript of every request. Past its ceiling the work piles up — queries in the mutex, requests' own
// work in the event loop — and requests time out silently. So a request is admitted before its first
// query, and refused, before it has read or written anything, when it would wait longer than the bound:
//   1. at most `maxRequests` admitted requests are under way at once (the event loop's share): a request
//      waits in FIFO order for one of them to finish;
//   2. then it waits its turn for PGlite itself in the mutex's queue (server/db/mutex.ts), behind every
//      query already queued (a long transaction may hold it);
// both within `maxWaitMs` in all. A request whose wait is predicted, from the recent pace of admissions,
// to pass the bound is refused at once. Once admitted, a request's queries are never refused: nothing is
// cut in half; and as newcomers wait for a place, not in the mutex, the queries of requests under way
// go before them.
import type { Mutex, Release } from './mutex';

/** How long a request may wait for PGlite before it is refused (PGLITE_MAX_WAIT_MS, default 2000; 0: never refused). */
export function pgliteMaxWaitMs(env: NodeJS.ProcessEnv = process.env): number {
  return setting(env.PGLITE_MAX_WAIT_MS, DEFAULT_MAX_WAIT_MS, 0, 600_000);
}
/** Requests under way on PGlite at once (PGLITE_MAX_REQUESTS, default 8). */
export function pgliteMaxRequests(env: NodeJS.ProcessEnv = process.env): number {
  return setting(env.PGLITE_MAX_REQUESTS, DEFAULT_MAX_REQUESTS, 1, 1000);
}
const setting = (text: string | undefined, fallback: number, min: number, max: number): number => {
  const n = Number(text ?? fallback);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};
const DEFAULT_MAX_WAIT_MS = 2_000;
const DEFAULT_MAX_REQUESTS = 8;
const MAX_RETRY_AFTER_S = 30;
/** Weight of the newest sample in the moving average of the time between admissions. */
const PACE_WEIGHT = 0.2;

export type Admission =
  | { admitted: true; waitedMs: number; /** The request is done with PGlite (idempotent). */ leave: () => void }
  | { admitted: false; waitedMs: number; retryAfterSeconds: number; why: 'predicted' | 'waited' | 'gone' };

type Waiter = { grant: (granted: boolean) => void };

export class DatabaseAdmission {
  #active = 0;
  readonly #waiting: Waiter[] = [];
  readonly #rejoining: Array<() => void> = [];
  /** Moving average of the time between two admissions while requests queue for admission (ms). */
  #pace: number | null = null;
  /** When the last admission was granted, or requests last began to queue, if later. */
  #paceFrom = 0;
  readonly counts = { admitted: 0, refused: 0 };

  constructor(
    private readonly mutex: Mutex,
    /** Bound on a request's wait for admission, ms; 0 admits every request at once (the unbounded queue before issue 26). */
    readonly maxWaitMs: number,
    readonly maxRequests: number = DEFAULT_MAX_REQUESTS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Requests admitted and not yet done. */
  get active(): number {
    return this.#active;
  }

  /** Requests waiting for admission (for a place, or for PGlite). */
  get waiting(): number {
    return this.#waiting.length + this.mutex.timedWaiting;
  }

  /**
   * How long a request arriving now would wait: the requests waiting ahead of it, and itself, each taking
   * the recent time between admissions — or the time since the last one, when that is longer (long
   * requests or a long transaction hold PGlite). 0 when nobody waits.
   */
  predictedWaitMs(): number {
    const ahead = this.waiting;
    if (ahead === 0) return 0;
    const stalled = this.now() - this.#paceFrom;
    return (ahead + 1) * Math.max(this.#pace ?? 0, stalled);
  }

  /** Waits for this request's turn; `signal`: the client has gone, leave the queue. */
  async admit(signal?: AbortSignal): Promise<Admission> {
    const started = this.now();
    if (this.maxWaitMs === 0) return this.#granted(started, false);
    const predicted = this.predictedWaitMs();
    if (predicted > this.maxWaitMs) return this.#refused(started, 'predicted', predicted);
    const queued = this.#active >= this.maxRequests || this.mutex.held;
    if (queued && this.waiting === 0) this.#paceFrom = Math.max(this.#paceFrom, started);
    if (!(this.#takePlace() || (await this.#waitForPlace(signal)))) return this.#refused(started, signal?.aborted ? 'gone' : 'waited', this.predictedWaitMs());
    const left = this.maxWaitMs - (this.now() - started);
    const release: Release | null = left > 0 ? await this.mutex.lockWithin({ timeoutMs: left, signal }) : null;
    if (!release) {
      this.#leave();
      return this.#refused(started, signal?.aborted ? 'gone' : 'waited', this.predictedWaitMs());
    }
    // PGlite's turn only marks the request's: the lock goes straight on to the next query.
    release();
    return this.#granted(started, queued);
  }

  /**
   * A request already admitted takes a place again (after its body has arrived, server/http/database-busy.ts):
   * never refused, and before any newcomer.
   */
  async rejoin(): Promise<() => void> {
    if (this.maxWaitMs !== 0 && !this.#takePlace()) await new Promise<void>((resolve) => this.#rejoining.push(resolve));
    return this.#leaver();
  }

  /** A free place, taken at once; false when all are taken or others wait for one. */
  #takePlace(): boolean {
    if (this.#active >= this.maxRequests || this.#waiting.length > 0 || this.#rejoining.length > 0) return false;
    this.#active += 1;
    return true;
  }

  /** One of the `maxRequests` places, within the bound; false when the bound passes or the client goes. */
  #waitForPlace(signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        grant: (granted) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', giveUp);
          resolve(granted);
        },
      };
      const giveUp = () => {
        const at = this.#waiting.indexOf(waiter);
        if (at >= 0) this.#waiting.splice(at, 1);
        waiter.grant(false);
      };
      const timer = setTimeout(giveUp, this.maxWaitMs);
      signal?.addEventListener('abort', giveUp, { once: true });
      this.#waiting.push(waiter);
    });
  }

  /** A place is given back: straight to the first request rejoining, else the first waiting, if any. */
  #leave(): void {
    const rejoining = this.#rejoining.shift();
    if (rejoining) return rejoining();
    const next = this.#waiting.shift();
    if (next) next.grant(true);
    else this.#active -= 1;
  }

  /** Gives the place back, once. */
  #leaver(): () => void {
    let left = this.maxWaitMs === 0;
    return () => {
      if (left) return;
      left = true;
      this.#leave();
    };
  }

  #granted(started: number, queued: boolean): Admission {
    const now = this.now();
    if (queued) {
      const sample = now - this.#paceFrom;
      this.#pace = this.#pace === null ? sample : this.#pace + PACE_WEIGHT * (sample - this.#pace);
    }
    this.#paceFrom = now;
    this.counts.admitted += 1;
    return { admitted: true, waitedMs: now - started, leave: this.#leaver() };
  }

  #refused(started: number, why: 'predicted' | 'waited' | 'gone', predictedMs: number): Admission {
    this.counts.refused += 1;
    const retryAfterSeconds = Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil(Math.max(predictedMs, this.maxWaitMs) / 1000)));
    return { admitted: false, waitedMs: this.now() - started, retryAfterSeconds, why };
  }
}
