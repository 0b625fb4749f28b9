// §4 Loading overlay: a counter of the requests that asked for the overlay. Each such request counts one
// up when it starts and one down when it ends (answer, error or timeout alike); the overlay shows while
// the count is above zero. A store outside React, so the HTTP client needs no component.
import { useSyncExternalStore } from 'react';

let count = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export const loadingCount = (): number => count;

export function subscribeLoading(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Counts one up; the returned function counts it down again, once however often it is called. */
export function beginLoading(): () => void {
  count += 1;
  notify();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    count = Math.max(0, count - 1);
    notify();
  };
}

/** `work` under the overlay: counted while it runs, however it ends. */
export async function withLoading<T>(work: () => Promise<T>): Promise<T> {
  const end = beginLoading();
  try {
    return await work();
  } finally {
    end();
  }
}

/** The current count, re-rendering on every change. */
export const useLoadingCount = (): number => useSyncExternalStore(subscribeLoading, loadingCount, loadingCount);
