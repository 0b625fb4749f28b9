// Test doubles for the screen scheduler: fetchers whose answers the test releases, a document whose
// visibility the test flips, and EventSources the test drives.
import type { EventSourceLike } from '../../../../src/features/large-screen/data/stream';

type Pending<T> = { signal: AbortSignal; resolve(v: T): void; reject(e: unknown): void };

/** A fetcher that records each call and leaves it pending until the test answers it. */
export function controlledFetcher<T>() {
  const calls: Pending<T>[] = [];
  const fetcher = (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ signal, resolve, reject });
    });
  return {
    fetcher,
    calls,
    /** Answers the newest call and lets its continuations run. */
    async answer(value: T) {
      calls[calls.length - 1].resolve(value);
      await flush();
    },
    async fail(error: unknown) {
      calls[calls.length - 1].reject(error);
      await flush();
    },
  };
}

/** Lets promise continuations run (several microtask turns). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

export class FakeDocument extends EventTarget {
  hidden = false;
  setHidden(hidden: boolean) {
    this.hidden = hidden;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

export class FakeEventSource implements EventSourceLike {
  closed = false;
  private readonly listeners = new Map<string, Array<(e: MessageEvent) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (e: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
  }
  emit(type: string, data: unknown = {}): void {
    if (this.closed) throw new Error(`emit on a closed stream: ${type}`);
    for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

/** A factory that keeps every stream it opened. */
export function fakeStreams() {
  const opened: FakeEventSource[] = [];
  return {
    opened,
    factory: (url: string) => {
      const es = new FakeEventSource(url);
      opened.push(es);
      return es;
    },
    get last(): FakeEventSource {
      return opened[opened.length - 1];
    },
  };
}
