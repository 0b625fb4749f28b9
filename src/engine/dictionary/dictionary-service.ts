// Options by dictionary ref, cached per session scope (user and company): concurrent asks for the same
// list share one request, later asks are answered from the cache, and a failed load is not cached.
import type { DictionaryRef } from '../../../common/metadata';
import { dictionaryKey, type DictOptionItem } from './dictionary-ref';

export type DictionaryFetcher = (ref: DictionaryRef, params?: Record<string, string | number>) => Promise<DictOptionItem[]>;

export type DictionaryService = {
  load(ref: DictionaryRef, params?: Record<string, string | number>): Promise<DictOptionItem[]>;
  /** The cached list, synchronously (list cells), or undefined when not loaded yet. */
  peek(ref: DictionaryRef, params?: Record<string, string | number>): DictOptionItem[] | undefined;
  /** Called when any list arrives, so views reading `peek` can re-render. */
  subscribe(listener: () => void): () => void;
  /**
   * Loads again every cached list of an entity's rows (`{ entity }` refs), after that entity changed; the
   * old list stays on screen until the new one arrives.
   */
  reloadEntity(entity: string): void;
  /** Loads again every cached list (the schemas changed under `npm run dev`); the old lists stay meanwhile. */
  reloadAll(): void;
  clear(): void;
};

export function createDictionaryService(fetcher: DictionaryFetcher, scopeKey: () => string = () => ''): DictionaryService {
  const cache = new Map<string, DictOptionItem[]>();
  const loaded = new Map<string, { ref: DictionaryRef; params?: Record<string, string | number> }>();
  const inFlight = new Map<string, Promise<DictOptionItem[]>>();
  const listeners = new Set<() => void>();
  const keyOf = (ref: DictionaryRef, params?: Record<string, string | number>) => `${scopeKey()}|${dictionaryKey(ref, params)}`;
  const fetchInto = (key: string, ref: DictionaryRef, params?: Record<string, string | number>): Promise<DictOptionItem[]> => {
    const p = fetcher(ref, params)
      .then((options) => {
        cache.set(key, options);
        loaded.set(key, { ref, params });
        listeners.forEach((l) => l());
        return options;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, p);
    return p;
  };
  const reloadWhere = (which: (ref: DictionaryRef) => boolean) => {
    const scope = `${scopeKey()}|`;
    for (const [key, { ref, params }] of loaded) {
      if (key.startsWith(scope) && which(ref) && !inFlight.has(key)) void fetchInto(key, ref, params).catch(() => undefined);
    }
  };
  return {
    load(ref, params) {
      const key = keyOf(ref, params);
      const cached = cache.get(key);
      if (cached) return Promise.resolve(cached);
      const pending = inFlight.get(key);
      if (pending) return pending;
      return fetchInto(key, ref, params);
    },
    peek: (ref, params) => cache.get(keyOf(ref, params)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reloadEntity(entity) {
      reloadWhere((ref) => 'entity' in ref && ref.entity === entity);
    },
    reloadAll() {
      reloadWhere(() => true);
    },
    clear() {
      cache.clear();
      loaded.clear();
      inFlight.clear();
    },
  };
}
