// Dictionary references (common/metadata DictionaryRef) as stable cache keys and option lists.
import type { DictionaryRef } from '../../../common/metadata';

/**
 * One option; `parent` is the parent option's value when the dictionary is a tree (entity ref with
 * parentField); `data` the picked row's fields a form fills from it (entity ref with `fill`).
 */
export type DictOptionItem = { value: string; label: string; parent?: string | null; data?: Record<string, unknown>; color?: string };

const fillKey = (fill: Record<string, string> | undefined): string => (fill ? `+${[...new Set(Object.values(fill))].sort().join(',')}` : '');

/** One key per distinct list: the same ref (and parameters) always gives the same key. */
export function dictionaryKey(ref: DictionaryRef, params?: Record<string, string | number>): string {
  const base =
    'type' in ref
      ? `type:${ref.type}`
      : 'table' in ref
        ? `table:${ref.table}.${ref.field}`
        : `entity:${ref.entity}.${ref.valueField}.${ref.labelField}${ref.parentField ? `.${ref.parentField}` : ''}${fillKey(ref.fill)}`;
  const extra = params ? Object.keys(params).sort().map((k) => `${k}=${params[k]}`).join('&') : '';
  return extra ? `${base}?${extra}` : base;
}

/** The label of a code; the code itself when the list does not know it (never a request per cell). */
export function labelOf(options: readonly DictOptionItem[] | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  const hit = options?.find((o) => o.value === String(value));
  return hit ? hit.label : String(value);
}
