// An in-memory fixed-window store for @fastify/rate-limit that answers each request with its own count.
// The plugin's LocalStore (v11.2) hands every caller the same mutable counter object and reads it only
// after an await, so a burst of simultaneous requests all see the final count: 61 at once against a
// limit of 60 were all refused. Per process, bounded to MAX_KEYS addresses (oldest window dropped first).
import type { FastifyRateLimitStore } from '@fastify/rate-limit';

const MAX_KEYS = 10_000;

export class SnapshotStore implements FastifyRateLimitStore {
  readonly #windows = new Map<string, { count: number; startMs: number }>();

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
    const now = Date.now();
    let w = this.#windows.get(key);
    if (!w || w.startMs + timeWindow <= now) {
      this.#windows.delete(key);
      w = { count: 0, startMs: now };
      if (this.#windows.size >= MAX_KEYS) this.#windows.delete(this.#windows.keys().next().value!);
      this.#windows.set(key, w);
    }
    w.count += 1;
    callback(null, { current: w.count, ttl: w.startMs + timeWindow - now });
  }

  child(): FastifyRateLimitStore {
    return new SnapshotStore();
  }
}
