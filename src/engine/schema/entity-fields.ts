// Looking up entity fields by name and choosing their component (common/field-types.ts, the one table).
import { DICTIONARY_COMPONENT, FIELD_TYPES } from '../../../common/field-types';
import type { EntityField, EntitySchema, FormField } from '../../../common/metadata';
import { contentKindComponent } from '../components/content-kinds';

export type FormFieldSpec = Exclude<FormField, string>;

export const formFieldSpec = (f: FormField): FormFieldSpec => (typeof f === 'string' ? { field: f } : f);

export function entityField(entity: EntitySchema, name: string): EntityField {
  const hit = entity.fields.find((f) => f.name === name);
  if (!hit) throw new Error(`实体 ${entity.name} 没有字段 ${name}`);
  return hit;
}

/**
 * The component of a field: the page's choice, else DictSelect for dictionaries, else the component of a
 * json field's content kind (components/content-kinds.ts), else by field type.
 */
export const componentOf = (field: EntityField, spec?: Pick<FormFieldSpec, 'component'>): string =>
  spec?.component ?? (field.dictionary ? DICTIONARY_COMPONENT : ((field.type === 'json' ? contentKindComponent(field) : undefined) ?? FIELD_TYPES[field.type].component));
