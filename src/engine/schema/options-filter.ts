// Options of another entity's rows that follow the form (DictionaryRef `filterBy` and `fill`,
// docs/metadata.md): a wage card's 花名册人员 lists the workers of the card's 所属项目 only, as the server
// requires, and a worker chosen for a previous project is cleared when the project changes; picking a
// worker fills 持卡人姓名 and 身份证号 from that worker's row. Lists answer personal data masked (§5.6,
// docs/security-privilege.md "Personal data"), so the fill reads the picked row's detail, which answers
// what this role may see; the option's list values serve only while (or if) the detail does not answer.
import type { Field } from '@formily/core';
import { ENTITY_API } from '../../../common/generated/entities';
import type { DictionaryRef, EntityField, EntitySchema } from '../../../common/metadata';
import { DETAIL_PERSONAL_FULL, DETAIL_PERSONAL_PARAM } from '../../../common/metadata/field-access';
import { http, unwrap } from '../../lib/http/client';
import { apiPath } from '../data/entity-api';
import { dictionaries } from '../dictionary/dictionaries';

type EntityRef = Extract<DictionaryRef, { entity: string }>;
type Params = Record<string, string> | undefined;

const blank = (v: unknown): boolean => v === undefined || v === null || v === '';

/** The options' filter of the form's current `filterBy` value (none while it is blank). */
function filterParams(ref: EntityRef, form: Field['form']): Params {
  if (!ref.filterBy) return undefined;
  const value = (form.values as Record<string, unknown>)[ref.filterBy];
  return blank(value) ? undefined : { filters: JSON.stringify([{ field: ref.filterBy, operator: 'eq', value: String(value) }]) };
}

/** The Formily reaction of a field with an entity dictionary that filters or fills, or undefined. */
export function optionsFilter(field: EntityField, entity: EntitySchema): ((target: Field) => void) | undefined {
  const ref = field.dictionary;
  if (!ref || !('entity' in ref)) return undefined;
  const by = ref.filterBy && entity.fields.some((f) => f.name === ref.filterBy) ? ref.filterBy : undefined;
  const fill = Object.entries(ref.fill ?? {}).filter(([own]) => own !== field.name && entity.fields.some((f) => f.name === own));
  if (!by && fill.length === 0) return undefined;
  // What each field instance last saw (a form may be opened many times).
  const seenFilter = new WeakMap<Field, unknown>();
  const seenValue = new WeakMap<Field, unknown>();
  return (target) => {
    const params = filterParams(ref, target.form);
    if (by) {
      const value = (target.form.values as Record<string, unknown>)[by];
      target.setComponentProps({ params });
      const had = seenFilter.has(target);
      const previous = seenFilter.get(target);
      seenFilter.set(target, value);
      // Loading a record fills both at once (previous blank): only a change made afterwards clears the choice.
      if (had && !blank(previous) && String(previous) !== String(value ?? '')) target.setValue(undefined);
    }
    const picked = target.value as unknown;
    const changed = seenValue.has(target) && seenValue.get(target) !== picked;
    seenValue.set(target, picked);
    // Only a pick by the user fills (a loaded record keeps its own values).
    if (!changed || blank(picked) || !target.selfModified) return;
    const row = dictionaries.peek(ref, params)?.find((o) => o.value === String(picked))?.data;
    const apply = (values: Record<string, unknown>) => {
      for (const [own, theirs] of fill) if (values[theirs] !== undefined && values[theirs] !== null) target.form.setValuesIn(own, values[theirs]);
    };
    if (row) apply(row);
    void detailOf(ref.entity, picked).then((whole) => {
      // Still the user's pick (not changed meanwhile): the detail's values replace the list's masked ones.
      if (whole && String(target.value) === String(picked)) apply(whole);
    });
  };
}

/** The detail of the picked row (undefined when the entity is unknown or the call fails: the list's values stay). */
async function detailOf(entity: string, id: unknown): Promise<Record<string, unknown> | undefined> {
  const api = Object.prototype.hasOwnProperty.call(ENTITY_API, entity) ? ENTITY_API[entity as keyof typeof ENTITY_API] : undefined;
  if (!api) return undefined;
  try {
    return (await unwrap(http.get<Record<string, unknown>>(apiPath(api, api.detail), { [api.idParam]: String(id), [DETAIL_PERSONAL_PARAM]: DETAIL_PERSONAL_FULL }))) ?? undefined;
  } catch {
    return undefined;
  }
}
