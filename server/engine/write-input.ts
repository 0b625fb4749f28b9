// Reads a create/update body into field values (docs/metadata.md validation): field names and their
// wire names are both accepted; the envelope fields (§7.1) and readOnly fields are accepted and ignored,
// since identity and derived values come from the session and hooks; any other key is refused (400).
import { ROW_LABELS, ROW_VERSION } from '../../common/field-types';
import { zonedDateTime } from '../../common/metadata/datetime';
import { normaliseFormat } from '../../common/validators';
import { InputError, parseInnerJson } from '../http/input-guard';
import type { EntityModel, ModelField } from './model';
import { BadRequest } from './errors';

/** §7.1 / §3.3: merged into every call by the client; never data. */
export const ENVELOPE_FIELDS: ReadonlySet<string> = new Set(['token', 'fromplat', 'wid', 'user_id', 'user_name']);

export type WriteInput = {
  /** Raw values by field name, as sent (before type normalisation). */
  values: Record<string, unknown>;
  /** The name each value arrived under, for 400 details. */
  sentAs: Record<string, string>;
  /** The key value when the body names one (update). */
  id: unknown;
  /** The row version the client read (docs/metadata.md "Versions"), when it sent one. */
  version?: unknown;
};

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function readWriteInput(model: EntityModel, body: unknown): WriteInput {
  if (!isPlainObject(body)) throw new BadRequest('请求体必须是 JSON 对象');
  const values: Record<string, unknown> = {};
  const sentAs: Record<string, string> = {};
  let id: unknown;
  let version: unknown;
  for (const [key, value] of Object.entries(body)) {
    // The answer's label map (labels.ts) may come back with a row the client edited: never data.
    if (ENVELOPE_FIELDS.has(key) || key === ROW_LABELS) continue;
    if (key === ROW_VERSION) {
      version = value;
      continue;
    }
    if (key === model.api.idParam || key === 'id' || key === model.idField.wire) {
      id = id ?? value;
      continue;
    }
    const field = model.byInput.get(key);
    if (!field) throw new BadRequest(`不支持的字段 ${key}`);
    if (field.readOnly) continue;
    // The field name wins over its wire name when a client sends both.
    if (field.name in values && key !== field.name) continue;
    values[field.name] = value;
    sentAs[field.name] = key;
  }
  return { values, sentAs, id, version };
}

/**
 * The version a client sent (docs/metadata.md "Versions"): absent or null → no check (API clients that
 * predate versions); otherwise a non-negative integer (number or digits), else a 400.
 */
export function readVersion(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw new BadRequest('字段 version 类型错误', ROW_VERSION);
  return n;
}

/** Marks a json field whose text is not JSON (or a datetime that is not one), so the validator reports it in field order. */
export const UNPARSABLE = Symbol('unparsable');

const INTEGER_TEXT = /^\s*[+-]?\d+\s*$/;
const DECIMAL_TEXT = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

/**
 * A number written as text is the number (a select of another entity's ids, §7.1 forms, sheets): "12" for
 * an integer field is 12. Other text stays as sent, so a word for a number is still a type error (400).
 */
export function numericText(field: ModelField, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (field.type === 'integer') return INTEGER_TEXT.test(value) ? Number(value) : value;
  if (field.type === 'number' || field.type === 'money') return DECIMAL_TEXT.test(value) ? Number(value) : value;
  return value;
}

/**
 * Text → typed value where the wire carries text for it: a `json` field may be JSON text (§3.3 sends
 * question lists as strings) or the value itself; blank text means "no value" for non-text types. Text of
 * a §5.5 format that normalises (common/validators.ts normaliseFormat) is checked and stored normalised:
 * +86 138-1234-5678 as 13812345678, an ID number's x as X.
 */
export function normaliseValue(field: ModelField, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const blank = typeof value === 'string' && value.trim() === '';
  switch (field.type) {
    case 'string':
    case 'text':
      return blank ? '' : normaliseFormat(field.format, value);
    case 'image':
    case 'file':
      return blank ? '' : value;
    case 'json':
      if (typeof value !== 'string') return value;
      if (blank) return null;
      try {
        // Nested no deeper than a JSON body, its strings as clean as any other text (input-guard.ts).
        return parseInnerJson(value);
      } catch (error) {
        if (error instanceof InputError) throw error;
        return UNPARSABLE;
      }
    case 'id':
    case 'project':
    case 'company':
      return blank ? null : String(value);
    case 'datetime':
      // China Standard Time unless the text names its zone (common/metadata/datetime.ts).
      if (blank) return null;
      return typeof value === 'string' ? (zonedDateTime(value) ?? UNPARSABLE) : value;
    default:
      return blank ? null : numericText(field, value);
  }
}
