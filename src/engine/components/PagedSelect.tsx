// §3.4 / §9 custom select: value, placeholder, selectList (the items), mode, content (the search text),
// total and size (the page size, default 10). Options come page by page from `fetchPage`: the first page
// when the list opens, the next when it is scrolled to its end, a new first page when the search text
// changes (asked of the server, not filtered here). The list's foot shows the total. No domain inside.
// The spec's names: selectList = the loaded options, content = the search text, size = `pageSize`.
import { useCallback, useEffect, useRef, useState, type UIEvent } from 'react';
import { Select, Spin, type SelectProps } from 'antd';
import type { DictOptionItem } from '../dictionary/dictionary-ref';

/** §9 select page sizes; default 10. */
export const SELECT_PAGE_SIZES = [10, 20, 50, 100, 200, 500, 1000] as const;
export const SELECT_DEFAULT_SIZE = 10;
/** Search text settles for this long before the server is asked. */
export const SELECT_SEARCH_DEBOUNCE_MS = 300;
/** Pixels from the end of the list at which the next page is asked for. */
const NEAR_END_PX = 24;

export type PagedSelectQuery = { index: number; size: number; keyword: string };
export type PagedSelectPage = { items: DictOptionItem[]; total: number };

export type PagedSelectProps = Omit<SelectProps<string | string[]>, 'options' | 'onSearch' | 'filterOption' | 'loading'> & {
  fetchPage: (q: PagedSelectQuery) => Promise<PagedSelectPage>;
  /** §3.4 size: the page size (§9 default 10); `size` stays antd's control size. */
  pageSize?: number;
  /** Options known elsewhere, so a chosen value shows its label before its page is loaded. */
  known?: readonly DictOptionItem[];
};

type State = { items: DictOptionItem[]; total: number; index: number; keyword: string; loading: boolean; failed: boolean };
const START: State = { items: [], total: 0, index: -1, keyword: '', loading: false, failed: false };

export function PagedSelect({ fetchPage, pageSize = SELECT_DEFAULT_SIZE, known, value, ...rest }: PagedSelectProps) {
  const [state, setState] = useState<State>(START);
  const asked = useRef(0);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const load = useCallback(
    (index: number, keyword: string) => {
      const seq = ++asked.current;
      setState((s) => ({ ...(index === 0 ? { ...START, keyword } : s), loading: true, failed: false }));
      fetchPage({ index, size: pageSize, keyword }).then(
        (page) => {
          if (seq !== asked.current) return; // a newer search or page replaced this one
          setState((s) => ({ items: index === 0 ? page.items : [...s.items, ...page.items], total: page.total, index, keyword, loading: false, failed: false }));
        },
        () => seq === asked.current && setState((s) => ({ ...s, loading: false, failed: true })),
      );
    },
    [fetchPage, pageSize],
  );

  useEffect(() => () => clearTimeout(searchTimer.current), []);

  const onOpen = (open: boolean) => {
    if (open && state.index < 0 && !state.loading) load(0, '');
  };
  const onSearch = (text: string) => {
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => load(0, text.trim()), SELECT_SEARCH_DEBOUNCE_MS);
  };
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    const s = state;
    if (el.scrollTop + el.clientHeight < el.scrollHeight - NEAR_END_PX) return;
    if (s.loading || s.index < 0 || s.items.length >= s.total) return;
    load(s.index + 1, s.keyword);
  };

  // The chosen values' labels (known elsewhere) stay in the options, so the select shows names, not ids.
  const chosen = new Set(Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);
  const loaded = new Set(state.items.map((o) => o.value));
  const extra = (known ?? []).filter((o) => chosen.has(o.value) && !loaded.has(o.value));
  const options = [...state.items, ...extra].map((o) => ({ value: o.value, label: o.label }));

  return (
    <Select
      allowClear
      showSearch
      filterOption={false}
      value={value}
      options={options}
      loading={state.loading}
      onOpenChange={onOpen}
      onSearch={onSearch}
      onPopupScroll={onScroll}
      notFoundContent={state.loading ? <Spin size="small" /> : state.failed ? '加载失败' : '暂无数据'}
      popupRender={(menu) => (
        <>
          {menu}
          <div className="paged-select-foot" style={{ padding: '4px 12px', color: 'rgba(0,0,0,0.6)', fontSize: 12 }}>
            {state.loading && state.items.length > 0 ? '加载中请稍后' : `共 ${state.total} 条${state.items.length < state.total ? `，已显示 ${state.items.length} 条，滚动加载更多` : ''}`}
          </div>
        </>
      )}
      {...rest}
    />
  );
}
