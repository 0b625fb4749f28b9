// Where each kind of dictionary comes from (docs/metadata.md): code tables, distinct values of another
// entity's field (§7.6, size 999), and rows of another entity.
import { OPTIONS_ENDPOINT, type DictionaryRef, type EntityApi } from '../../../common/metadata';
import { optionFields } from '../../../common/metadata/references';
import type { DictOption } from '../../../common/wire';
import { http, unwrap } from '../../lib/http/client';
import { apiPath } from '../data/entity-api';
import type { DictionaryFetcher } from './dictionary-service';
import type { DictOptionItem } from './dictionary-ref';

/** §9: dictionary fetch size 999. */
export const DICTIONARY_FETCH_SIZE = 999;
export const DICTIONARY_TYPE_URL = '/api/SysDictionary/GetListByType';
export const TABLE_FIELD_URL = '/api/SelectTableField/WhereMulSelectList';

const fromDictOptions = (list: DictOption[] | undefined): DictOptionItem[] =>
  (list ?? []).map((o) => ({ value: String(o.xuHao), label: String(o.selContent), ...(o.color ? { color: o.color } : {}) }));

/** The endpoint names of an entity by name (common/generated/entities ENTITY_API). */
export type EntityApiLookup = (name: string) => Required<EntityApi> | undefined;

type EntityRef = Extract<DictionaryRef, { entity: string }>;

function optionOfRow(ref: EntityRef, r: Record<string, unknown>): DictOptionItem {
  const { parentField } = ref;
  const filled = [...new Set(Object.values(ref.fill ?? {}))];
  return {
    value: String(r[ref.valueField] ?? ''),
    label: String(r[ref.labelField] ?? ''),
    // A tree (§3.4): each option names its parent option, null at the root.
    ...(parentField ? { parent: r[parentField] === null || r[parentField] === undefined ? null : String(r[parentField]) } : {}),
    // What a form fills from the picked row (DictionaryRef fill).
    ...(filled.length ? { data: Object.fromEntries(filled.map((f) => [f, r[f]])) } : {}),
  };
}

/**
 * A lookup with more rows than one dictionary fetch holds: one page of another entity's rows as options,
 * searched by the list's keyword (the paged custom select, components/PagedSelect.tsx).
 */
export async function fetchEntityOptionsPage(
  lookupApi: EntityApiLookup,
  ref: EntityRef,
  q: { index: number; size: number; keyword: string },
  params?: Record<string, string | number>,
): Promise<{ items: DictOptionItem[]; total: number }> {
  const api = lookupApi(ref.entity);
  if (!api) throw new Error(`字典引用的实体 ${ref.entity} 不存在`);
  const env = await http.get<Array<Record<string, unknown>>>(apiPath(api, OPTIONS_ENDPOINT), {
    ...params,
    fields: optionFields(ref).join(','),
    index: q.index,
    size: q.size,
    ...(q.keyword ? { keyword: q.keyword } : {}),
  });
  const rows = await unwrap(Promise.resolve(env));
  const items = (rows ?? []).map((r) => optionOfRow(ref, r));
  return { items, total: env.pageInfo?.record_count ?? items.length };
}

export function createDictionaryFetcher(lookupApi: EntityApiLookup): DictionaryFetcher {
  return async (ref: DictionaryRef, params?: Record<string, string | number>) => {
    if ('type' in ref) return fromDictOptions(await unwrap(http.get<DictOption[]>(DICTIONARY_TYPE_URL, { type: ref.type, ...params })));
    if ('table' in ref) {
      const body = { tableName: ref.table, fieldName: ref.field, size: DICTIONARY_FETCH_SIZE, ...params };
      return fromDictOptions(await unwrap(http.post<DictOption[]>(TABLE_FIELD_URL, body)));
    }
    const api = lookupApi(ref.entity);
    if (!api) throw new Error(`字典引用的实体 ${ref.entity} 不存在`);
    const rows = await unwrap(
      http.get<Array<Record<string, unknown>>>(apiPath(api, OPTIONS_ENDPOINT), { index: 0, size: DICTIONARY_FETCH_SIZE, ...params, fields: optionFields(ref).join(',') }),
    );
    return (rows ?? []).map((r) => optionOfRow(ref, r));
  };
}
