// The page's settled columns: the schema's columns with this user's saved settings applied.
import { useCallback, useMemo } from 'react';
import useSWR from 'swr';
import type { ListColumn } from '../../../common/metadata';
import { applyColumnSettings, getColumnSettings, saveColumnSettings, settingsOf, type SettledColumn } from './column-settings';

export function useColumnSettings(pageName: string, columns: readonly ListColumn[]) {
  const { data, mutate } = useSWR(['engine:column-settings', pageName], ([, p]) => getColumnSettings(p), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const settled = useMemo(() => applyColumnSettings(columns, data ?? []), [columns, data]);
  const change = useCallback(
    (next: SettledColumn[]) => {
      const settings = settingsOf(next);
      void mutate(settings, { revalidate: false });
      void saveColumnSettings(pageName, settings).catch(() => undefined);
    },
    [mutate, pageName],
  );
  return { columns: settled, change };
}
