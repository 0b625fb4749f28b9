// The cross-field order rule of entity fields (`after`, docs/metadata.md): an end date not before its
// start date, an expiry not before the issue date. One comparison for the browser form and the server.
import type { EntityField } from '../metadata';
import { dateTimeMillis } from './datetime';

/** Field types `after` may join (both fields of the same type). */
export const ORDERED_TYPES: ReadonlyArray<EntityField['type']> = ['date', 'datetime', 'integer', 'number', 'money'];

const blank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function comparable(type: EntityField['type'], value: unknown): number | string | null {
  if (blank(value)) return null;
  switch (type) {
    case 'date':
      return typeof value === 'string' ? value.trim().slice(0, 10) : null;
    case 'datetime':
      return typeof value === 'string' ? dateTimeMillis(value) : null;
    default: {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? n : null;
    }
  }
}

/** Whether `end` lies before `start` for fields of `type`; false when either is blank or unreadable (other rules say so). */
export function isBefore(type: EntityField['type'], end: unknown, start: unknown): boolean {
  const [e, s] = [comparable(type, end), comparable(type, start)];
  return e !== null && s !== null && e < s;
}

/** The message of a broken `after` rule: the field's own, else 结束日期不能早于开始日期 (numbers: 不能小于). */
export function afterMessage(field: Pick<EntityField, 'title' | 'type' | 'messages'>, other: Pick<EntityField, 'title'>): string {
  if (field.messages?.after) return field.messages.after;
  const dated = field.type === 'date' || field.type === 'datetime';
  return `${field.title}${dated ? '不能早于' : '不能小于'}${other.title}`;
}

/** The first field (schema order) whose value lies before its `after` field's, in a row of field values. */
export function firstOrderBreak<F extends Pick<EntityField, 'name' | 'type' | 'after'>>(fields: readonly F[], row: Record<string, unknown>): { field: F; other: F } | null {
  for (const field of fields) {
    if (!field.after) continue;
    const other = fields.find((f) => f.name === field.after);
    if (other && isBefore(field.type, row[field.name], row[other.name])) return { field, other };
  }
  return null;
}
