// Which entity a field's value names a row of (docs/metadata.md "Deletes"): a `project` or `company`
// field names a row of the entity over the table its type names (FIELD_TYPES `names`: projects,
// companies); an `{ entity, valueField }` dictionary whose valueField is that entity's key names one of
// its rows; the tree's parent field names a row of the entity itself. A value copied from another
// entity's text field (`valueField` not the key) is data of its own, not a reference. Shared by the
// schema checks (`onDelete` only on such fields) and the server's delete rule (server/engine/referrers.ts).
import { FIELD_TYPES } from '../field-types';
import type { EntityField, EntitySchema } from '../metadata';

type Entity = Pick<EntitySchema, 'name' | 'table' | 'parentField'> & { fields: ReadonlyArray<Pick<EntityField, 'name' | 'type' | 'dictionary'>> };

/** The name of the entity `field` (of `owner`) refers to, or null when its value names no row. */
export function referencedEntity<E extends Entity>(owner: E, field: Pick<EntityField, 'name' | 'type' | 'dictionary'>, entities: Iterable<E>): string | null {
  const all = [...entities];
  const named = FIELD_TYPES[field.type]?.names;
  if (named) return all.find((e) => e.table === named)?.name ?? null;
  if (owner.parentField === field.name) return owner.name;
  const ref = field.dictionary;
  if (!ref || !('entity' in ref)) return null;
  const target = all.find((e) => e.name === ref.entity);
  const key = target?.fields.find((f) => f.type === 'id');
  return target && key && key.name === ref.valueField ? target.name : null;
}

/**
 * The fields an option of an `{ entity }` dictionary is read from, value first and label second, then the
 * tree's parent and the fields the pick fills: what the referenced entity's Options endpoint answers
 * (server/engine/reference-options.ts) and the browser's options are made of.
 */
export const optionFields = (ref: Extract<EntityField['dictionary'], { entity: string }>): string[] => [
  ref.valueField,
  ref.labelField,
  ...new Set([...(ref.parentField ? [ref.parentField] : []), ...Object.values(ref.fill ?? {})].filter((f) => f !== ref.valueField && f !== ref.labelField)),
];
