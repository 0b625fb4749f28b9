// The page's settled columns: the schema's columns with this user's saved settings applied.
import { useCallback, useEffect, useMemo } from 'react';
import useSWR from 'swr';
import type { ListColumn } from '../../../common/metadata';
import { applyColumnSettings, debouncedSave, getColumnSettings, saveColumnSettings, settingsOf, type SettledColumn } from './column-settings';

export function useColumnSettings(pageName: string, columns: readonly ListColumn[]) {
  const { data, mutate } = useSWR(['engine:column-settings', pageName], ([, p]) => getColumnSettings(p), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  // The same columns keep the same reference: settings that arrive after the rows and change nothing
  // (the usual case: none saved) must not make the table render every cell a second time.
  const next = applyColumnSettings(columns, data ?? []);
  const signature = JSON.stringify(next);
  // Keyed on the content, not on `next` (a new array every render).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const settled = useMemo(() => next, [signature]);
  // The screen follows each change at once; the server gets the last one of a burst (a width typed digit by digit).
  const saver = useMemo(() => debouncedSave((settings) => saveColumnSettings(pageName, settings)), [pageName]);
  useEffect(() => () => saver.flush(), [saver]);
  const change = useCallback(
    (next: SettledColumn[]) => {
      const settings = settingsOf(next);
      void mutate(settings, { revalidate: false });
      saver.push(settings);
    },
    [mutate, saver],
  );
  /** Back to the page's own columns: no saved setting. */
  const reset = useCallback(() => {
    void mutate([], { revalidate: false });
    saver.push([]);
  }, [mutate, saver]);
  return { columns: settled, change, reset };
}
