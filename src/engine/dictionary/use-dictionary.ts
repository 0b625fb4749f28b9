// React access to the dictionary service: the options of one ref, loading it once per scope.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { DictionaryRef } from '../../../common/metadata';
import { dictionaries } from './dictionaries';
import { dictionaryKey, type DictOptionItem } from './dictionary-ref';

export type DictionaryState = { options: DictOptionItem[]; loading: boolean; error: boolean };

const EMPTY: DictOptionItem[] = [];

export function useDictionary(ref: DictionaryRef | undefined, params?: Record<string, string | number>): DictionaryState {
  const key = ref ? dictionaryKey(ref, params) : '';
  const options = useSyncExternalStore(dictionaries.subscribe, () => (ref ? dictionaries.peek(ref, params) : EMPTY));
  const [error, setError] = useState(false);
  useEffect(() => {
    if (!ref) return;
    let live = true;
    setError(false);
    dictionaries.load(ref, params).catch(() => live && setError(true));
    return () => {
      live = false;
    };
    // `key` stands for ref and params.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { options: options ?? EMPTY, loading: !!ref && !options && !error, error };
}

/** Loads several dictionaries (list columns) and re-renders when any arrives. */
export function useDictionaries(refs: readonly DictionaryRef[]): (ref: DictionaryRef) => DictOptionItem[] | undefined {
  const keys = refs.map((r) => dictionaryKey(r)).join('|');
  const version = useSyncExternalStore(dictionaries.subscribe, () => refs.map((r) => (dictionaries.peek(r) ? 1 : 0)).join(''));
  useEffect(() => {
    for (const r of refs) void dictionaries.load(r).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keys]);
  // A new lookup only when a dictionary arrives, so memoised list columns re-render only then.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback((ref: DictionaryRef) => dictionaries.peek(ref), [version]);
}
