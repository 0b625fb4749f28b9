// The list state of a generated page: page index (zero-based on the wire, §7.6), size, filters, keyword,
// sort, and the rows of the data provider (with the sums the page declares). The state starts from the
// address bar and is written back to it (list-url.ts), so a reload or a shared link shows the same list.
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { ListFilter } from '../../../common/metadata';
import type { DataProvider, Row } from '../data/data-provider';
import { effectiveFilters } from '../data/list-params';
import { cursorFor, type PageCursor } from './page-cursor';
import { readListUrl, syncListUrl } from './list-url';

/** `after` / `before`: the next or previous page is read by the cursor of the page shown (page-cursor.ts). */
export type ListState = { index: number; size: number; filters: ListFilter[]; keyword?: string; sort?: string } & PageCursor;

/** One empty list, so "no rows yet" keeps its identity across renders (memoised views depend on it). */
const NO_ROWS: Row[] = [];

type Options = { initialSize: number; sizes: readonly number[]; sums?: readonly string[]; url?: boolean };

function initialState({ initialSize, sizes, url = true }: Options): ListState {
  const fromUrl = url && typeof window !== 'undefined' ? readListUrl(window.location.search, sizes) : {};
  return { index: fromUrl.index ?? 0, size: fromUrl.size ?? initialSize, filters: fromUrl.filters ?? [], keyword: fromUrl.keyword, sort: fromUrl.sort };
}

export function useList(pageName: string, provider: DataProvider, options: Options) {
  const [state, setState] = useState<ListState>(() => initialState(options));
  const sums = options.sums?.length ? options.sums.join(',') : undefined;
  const key = ['engine:list', pageName, state.index, state.size, JSON.stringify(effectiveFilters(state.filters)), state.keyword ?? '', state.sort ?? '', state.after ?? '', state.before ?? '', sums ?? ''] as const;
  // No deduping (SWR's default is 2 s): one hook reads each key, and a list seen before — 重置 back to the
  // unfiltered list after adding a row while filtered — must be read again, not only shown from the cache
  // (with deduping the cached list stayed, without the new row, until a reload).
  const swr = useSWR(key, () => provider.getList({ ...state, ...(sums ? { sums } : {}) }), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    keepPreviousData: true,
    dedupingInterval: 0,
  });
  const { index, size, filters, keyword, sort } = state;
  const url = options.url ?? true;
  useEffect(() => {
    if (url) syncListUrl({ index, size, filters, keyword, sort }, options.initialSize);
  }, [url, index, size, filters, keyword, sort, options.initialSize]);
  const failed = swr.error !== undefined && !swr.isValidating;
  return {
    state,
    rows: failed ? NO_ROWS : (swr.data?.rows ?? NO_ROWS),
    total: failed ? 0 : (swr.data?.total ?? 0),
    /** The sums over every row of the filtered list (list.sums). */
    sums: failed ? undefined : swr.data?.pageInfo?.sums,
    /** The last read failed (5xx, network): the page shows an error state with 重试, not 暂无数据. */
    error: failed ? (swr.error as unknown) : undefined,
    /** The page index of the rows shown (while the next page loads, the previous rows stay on screen). */
    shownIndex: swr.data?.pageInfo?.p_index ?? state.index,
    /** The total is the server's estimate of a large result (约 N 条). */
    estimated: swr.data?.pageInfo?.estimated === true,
    loading: swr.isLoading || swr.isValidating,
    reload: () => swr.mutate(),
    setPage: (index: number, size: number) =>
      setState(({ after: _a, before: _b, ...s }) => {
        const target = size === s.size ? index : 0;
        return { ...s, index: target, size, ...cursorFor(s, swr.data?.pageInfo, target, size) };
      }),
    /** A new sort starts at the first page (a cursor of another sort means nothing). */
    setSort: (sort: string | undefined) => setState(({ after: _a, before: _b, ...s }) => ({ ...s, index: 0, sort })),
    /** 查询 reads the list again also when nothing changed (another user's new rows appear). */
    search: (filters: ListFilter[], keyword?: string) => {
      const same =
        state.index === 0 && !state.after && !state.before && (keyword ?? '') === (state.keyword ?? '') &&
        JSON.stringify(effectiveFilters(filters)) === JSON.stringify(effectiveFilters(state.filters));
      if (same) void swr.mutate();
      else setState(({ after: _a, before: _b, ...s }) => ({ ...s, index: 0, filters, keyword }));
    },
  };
}
