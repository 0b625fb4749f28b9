// The rows of a child table (docs/metadata.md "Master–detail") at the dialog's edge: a client key per
// row, the first rule each row breaks (the child entity's own field rules, as the server checks them),
// and the payload (`<name>: [rows]`, the row's id kept so the server updates rather than inserts).
import type { EntitySchema } from '../../../common/metadata';
import { fieldRules, isEmptyValue, type Rule } from './field-rules';
import { toPayload, type Values } from './form-values';

/** A row being edited: its values and a key that survives reordering. */
export type ChildRow = { key: string; values: Values };
/** Where a message goes: row index and field (the server's RowRefusal data, or a schema rule). */
export type RowMessage = { row: number; field?: string; message: string };

let serial = 0;
export const newChildRow = (values: Values = {}): ChildRow => ({ key: `row-${++serial}`, values });

const breaks = (rule: Rule, value: unknown): boolean => {
  if (rule.required) return isEmptyValue(value);
  if (isEmptyValue(value)) return false;
  if (rule.validator) return !rule.validator(value);
  const text = String(value);
  if (rule.maxLength !== undefined) return text.length > rule.maxLength;
  if (rule.minLength !== undefined) return text.length < rule.minLength;
  if (rule.minimum !== undefined) return Number(value) < rule.minimum;
  if (rule.maximum !== undefined) return Number(value) > rule.maximum;
  return false;
};

/** The first broken rule of each row, over the table's columns in order (§5.1: one message at a time per row). */
export function childRowMessages(entity: EntitySchema, columns: readonly string[], rows: readonly ChildRow[]): RowMessage[] {
  const out: RowMessage[] = [];
  rows.forEach((row, index) => {
    for (const name of columns) {
      const field = entity.fields.find((f) => f.name === name);
      if (!field || field.readOnly) continue;
      const component = field.dictionary || field.type === 'boolean' || field.type === 'date' ? 'Select' : 'Input';
      const broken = fieldRules(field, component).find((rule) => breaks(rule, row.values[name]));
      if (broken) {
        out.push({ row: index, field: name, message: broken.message });
        return;
      }
    }
  });
  return out;
}

/** Row message text as the server words it: 第2行：请输入姓名. */
export const rowMessageText = (m: RowMessage): string => `第${m.row + 1}行：${m.message}`;

/** The rows as the server takes them: the child entity's payload plus the id of a stored row. */
export function childPayload(entity: EntitySchema, rows: readonly ChildRow[]): Values[] {
  const idField = entity.fields.find((f) => f.type === 'id')?.name ?? 'id';
  return rows.map(({ values }) => {
    const payload = toPayload(entity, values, values[idField] === undefined ? 'create' : 'update');
    return values[idField] === undefined || values[idField] === null ? payload : { ...payload, [idField]: values[idField] };
  });
}
