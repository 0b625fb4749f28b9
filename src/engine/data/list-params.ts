// A ListQuery → the wire parameters of the generic list and export calls: filters travel as JSON text of
// plain {field, operator, value} data, never as SQL (architecture §5).
import type { ListFilter, ListQuery } from '../../../common/metadata';
import type { Params } from '../../lib/http/client';

const isEmpty = (v: unknown): boolean =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && (v.length === 0 || v.every((x) => x === undefined || x === null || x === '')));

/** Drops filters without a value, so an empty search field never narrows the list. */
export const effectiveFilters = (filters: readonly ListFilter[] | undefined): ListFilter[] =>
  (filters ?? []).filter((f) => !isEmpty(f.value));

export function filterParams(q: Omit<ListQuery, 'index' | 'size'>): Params {
  const filters = effectiveFilters(q.filters);
  return {
    ...(filters.length ? { filters: JSON.stringify(filters) } : {}),
    ...(q.keyword ? { keyword: q.keyword } : {}),
    ...(q.sort ? { sort: q.sort } : {}),
  };
}

export const listParams = (q: ListQuery): Params => ({
  index: q.index,
  size: q.size,
  ...filterParams(q),
  ...(q.after ? { after: q.after } : {}),
  ...(q.before ? { before: q.before } : {}),
  ...(q.sums ? { sums: q.sums } : {}),
});
