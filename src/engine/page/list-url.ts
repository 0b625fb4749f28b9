// A generated list's state in the address bar: filters, keyword, page, size and sort, so a reload or a
// shared link shows the same list. Read once when the page opens; written (replaceState, no new history
// entry) whenever the list changes. Parameters that do not parse are ignored, never trusted: the server
// checks whatever the list then asks for.
import type { ListFilter, SearchOperator } from '../../../common/metadata';
import { effectiveFilters } from '../data/list-params';

export type UrlListState = { index?: number; size?: number; filters?: ListFilter[]; keyword?: string; sort?: string };

export const LIST_URL_KEYS = { page: 'page', size: 'size', sort: 'sort', keyword: 'keyword', filters: 'filters' } as const;

const OPERATORS: readonly SearchOperator[] = ['eq', 'in', 'contains', 'between', 'gte', 'lte'];

const positive = (text: string | null): number | undefined => {
  const n = text !== null && /^\d{1,6}$/.test(text) ? Number(text) : NaN;
  return n > 0 ? n : undefined;
};

function parseFilters(text: string | null): ListFilter[] | undefined {
  if (!text) return undefined;
  try {
    const raw: unknown = JSON.parse(text);
    if (!Array.isArray(raw)) return undefined;
    const filters = raw.filter(
      (f): f is ListFilter =>
        typeof f === 'object' && f !== null && typeof (f as ListFilter).field === 'string' && OPERATORS.includes((f as ListFilter).operator),
    );
    return filters.length ? filters.map(({ field, operator, value }) => ({ field, operator, value })) : undefined;
  } catch {
    return undefined;
  }
}

/** The list state a query string holds; `sizes`: the page sizes the list offers (another size is ignored). */
export function readListUrl(search: string, sizes: readonly number[]): UrlListState {
  const q = new URLSearchParams(search);
  const page = positive(q.get(LIST_URL_KEYS.page));
  const size = positive(q.get(LIST_URL_KEYS.size));
  const sort = q.get(LIST_URL_KEYS.sort) ?? '';
  const keyword = q.get(LIST_URL_KEYS.keyword)?.trim();
  return {
    ...(page ? { index: page - 1 } : {}),
    ...(size && sizes.includes(size) ? { size } : {}),
    ...(/^[A-Za-z_][A-Za-z0-9_]*:(asc|desc)$/.test(sort) ? { sort } : {}),
    ...(keyword ? { keyword } : {}),
    ...(parseFilters(q.get(LIST_URL_KEYS.filters)) ? { filters: parseFilters(q.get(LIST_URL_KEYS.filters)) } : {}),
  };
}

/** The query string of a list state: only what differs from the list's defaults; other parameters are kept. */
export function writeListUrl(search: string, state: UrlListState, defaultSize: number): string {
  const q = new URLSearchParams(search);
  for (const key of Object.values(LIST_URL_KEYS)) q.delete(key);
  const filters = effectiveFilters(state.filters);
  if (filters.length) q.set(LIST_URL_KEYS.filters, JSON.stringify(filters));
  if (state.keyword) q.set(LIST_URL_KEYS.keyword, state.keyword);
  if (state.sort) q.set(LIST_URL_KEYS.sort, state.sort);
  if (state.index) q.set(LIST_URL_KEYS.page, String(state.index + 1));
  if (state.size && state.size !== defaultSize) q.set(LIST_URL_KEYS.size, String(state.size));
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** Puts the list state into the address bar without a new history entry (the router's own state kept). */
export function syncListUrl(state: UrlListState, defaultSize: number): void {
  if (typeof window === 'undefined') return;
  const search = writeListUrl(window.location.search, state, defaultSize);
  if (search === window.location.search) return;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
}
