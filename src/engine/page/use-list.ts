// The list state of a generated page: page index (zero-based on the wire, §7.6), size, filters, keyword,
// and the rows of the data provider.
import { useState } from 'react';
import useSWR from 'swr';
import type { ListFilter } from '../../../common/metadata';
import type { DataProvider, Row } from '../data/data-provider';
import { effectiveFilters } from '../data/list-params';
import { cursorFor, type PageCursor } from './page-cursor';

/** `after` / `before`: the next or previous page is read by the cursor of the page shown (page-cursor.ts). */
export type ListState = { index: number; size: number; filters: ListFilter[]; keyword?: string } & PageCursor;

/** One empty list, so "no rows yet" keeps its identity across renders (memoised views depend on it). */
const NO_ROWS: Row[] = [];

export function useList(pageName: string, provider: DataProvider, initialSize: number) {
  const [state, setState] = useState<ListState>({ index: 0, size: initialSize, filters: [] });
  const key = ['engine:list', pageName, state.index, state.size, JSON.stringify(effectiveFilters(state.filters)), state.keyword ?? '', state.after ?? '', state.before ?? ''] as const;
  const swr = useSWR(key, () => provider.getList(state), { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true });
  return {
    state,
    rows: swr.data?.rows ?? NO_ROWS,
    total: swr.data?.total ?? 0,
    /** The total is the server's estimate of a large result (约 N 条). */
    estimated: swr.data?.pageInfo?.estimated === true,
    loading: swr.isLoading || swr.isValidating,
    reload: () => swr.mutate(),
    setPage: (index: number, size: number) =>
      setState(({ after: _a, before: _b, ...s }) => {
        const target = size === s.size ? index : 0;
        return { ...s, index: target, size, ...cursorFor(s, swr.data?.pageInfo, target, size) };
      }),
    search: (filters: ListFilter[], keyword?: string) => setState(({ after: _a, before: _b, ...s }) => ({ ...s, index: 0, filters, keyword })),
  };
}
