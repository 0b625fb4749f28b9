// Checks of an entity's declared `indexes` (docs/metadata.md "Big tables"), part of common/metadata/check.ts:
// each names stored fields (or system columns by key); a partial index's `where` compares stored fields
// with literals of their type, so the table sync can write the condition from the schema alone.
import type { EntityField, EntitySchema, IndexDeclaration, IndexLiteral } from '../metadata';
import { INDEXABLE_SYSTEM_COLUMNS } from './columns';
import { fieldByName } from './entity';
import { noFieldZh, pointer, type Report } from './problems';

/** The fields of a declaration, whichever its form. */
export const indexFields = (index: IndexDeclaration): readonly string[] => (Array.isArray(index) ? index : index.fields);

/** The literal a `where` entry compares with, and whether it asks for "not equal". */
export const conditionOf = (value: IndexLiteral | { ne: IndexLiteral }): { literal: IndexLiteral; negated: boolean } =>
  typeof value === 'object' && value !== null ? { literal: value.ne, negated: true } : { literal: value, negated: false };

const INTEGER_TYPES: ReadonlyArray<EntityField['type']> = ['integer', 'id', 'project', 'company'];
const DECIMAL_TYPES: ReadonlyArray<EntityField['type']> = ['number', 'money'];
const STRING_TYPES: ReadonlyArray<EntityField['type']> = ['string', 'text'];

/** Why `literal` cannot be compared with `field` in an index condition (English, Chinese), or null when it can. */
function literalProblem(field: EntityField, literal: unknown): [string, string] | null {
  const ok =
    (field.type === 'boolean' && typeof literal === 'boolean') ||
    (INTEGER_TYPES.includes(field.type) && Number.isSafeInteger(literal)) ||
    (DECIMAL_TYPES.includes(field.type) && typeof literal === 'number' && Number.isFinite(literal)) ||
    (STRING_TYPES.includes(field.type) && typeof literal === 'string');
  if (ok) return null;
  if (![...INTEGER_TYPES, ...DECIMAL_TYPES, ...STRING_TYPES, 'boolean'].includes(field.type)) {
    return [`a partial index condition compares boolean, number or string fields, not type "${field.type}"`, `部分索引的条件只能比较布尔、数值或文本字段，不能比较 ${field.type} 类型`];
  }
  return [`${JSON.stringify(literal)} is not a literal of field "${field.name}" (type ${field.type})`, `${JSON.stringify(literal)} 不是字段“${field.name}”（${field.type} 类型）的取值：请写该类型的值`];
}

export function checkIndexes(file: string, entity: EntitySchema, report: Report): void {
  entity.indexes?.forEach((index, i) => {
    const at = (...rest: Array<string | number>) => pointer('indexes', i, ...(Array.isArray(index) ? [] : ['fields']), ...rest);
    indexFields(index).forEach((name, j) => {
      if (Object.hasOwn(INDEXABLE_SYSTEM_COLUMNS, name) && !entity.platform) return;
      const field = fieldByName(entity, name);
      if (!field) report(file, at(j), `index names unknown field "${name}"`, noFieldZh(entity, name));
      else if (field.virtual) report(file, at(j), `field "${name}" is virtual: it has no column to index`, `字段“${name}”是虚拟字段（virtual），没有可建索引的列：请去掉`);
    });
    if (Array.isArray(index)) return;
    for (const [name, value] of Object.entries(index.where ?? {})) {
      const where = pointer('indexes', i, 'where', name);
      const field = fieldByName(entity, name);
      if (!field) report(file, where, `index condition names unknown field "${name}"`, noFieldZh(entity, name));
      else if (field.virtual) report(file, where, `field "${name}" is virtual: an index condition needs a stored column`, `字段“${name}”是虚拟字段（virtual），索引条件需要存储列：请改用存储字段`);
      else {
        const problem = literalProblem(field, conditionOf(value).literal);
        if (problem) report(file, where, ...problem);
      }
    }
  });
}
