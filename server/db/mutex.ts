// A FIFO lock: PGlite is one connection, so every query or transaction holds it in turn. A request being
// admitted (server/db/admission.ts) waits its turn in the same queue, but only so long: `lockWithin`.

export type Release = () => void;

type Waiter = { grant: (release: Release) => void };

export class Mutex {
  #held = false;
  readonly #queue: Waiter[] = [];
  #timed = 0;

  /** Resolves once every earlier holder has released; call the returned function to release. */
  lock(): Promise<Release> {
    return new Promise<Release>((resolve) => {
      if (this.#held) this.#queue.push({ grant: resolve });
      else {
        this.#held = true;
        resolve(this.#releaser());
      }
    });
  }

  /**
   * As `lock`, but gives up when `timeoutMs` passes or `signal` aborts first: resolves null, and the waiter
   * has left the queue (nothing was held).
   */
  lockWithin(options: { timeoutMs: number; signal?: AbortSignal }): Promise<Release | null> {
    return new Promise<Release | null>((resolve) => {
      const { signal } = options;
      if (signal?.aborted) return resolve(null);
      if (!this.#held) {
        this.#held = true;
        return resolve(this.#releaser());
      }
      const settle = (release: Release | null) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', giveUp);
        this.#timed -= 1;
        resolve(release);
      };
      const waiter: Waiter = { grant: settle };
      const giveUp = () => {
        const at = this.#queue.indexOf(waiter);
        if (at < 0) return;
        this.#queue.splice(at, 1);
        settle(null);
      };
      const timer = setTimeout(giveUp, options.timeoutMs);
      signal?.addEventListener('abort', giveUp, { once: true });
      this.#timed += 1;
      this.#queue.push(waiter);
    });
  }

  /** Waiters of `lockWithin` (requests being admitted). */
  get timedWaiting(): number {
    return this.#timed;
  }

  get held(): boolean {
    return this.#held;
  }

  #releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#handOn();
    };
  }

  /**
   * The next waiter, else nobody: the lock is free. A waiter gets it on the next turn of the event loop
   * (setImmediate), not in the releasing holder's microtasks: PGlite's queries run on the event loop, and
   * handed on from promise to promise they would hold off its I/O — new connections, /healthz, the
   * refusals of the admission — until the whole queue had drained.
   */
  #handOn(): void {
    if (this.#queue.length === 0) {
      this.#held = false;
      return;
    }
    setImmediate(() => {
      const next = this.#queue.shift();
      if (next) next.grant(this.#releaser());
      else this.#held = false;
    });
  }
}
