// Field values ↔ table columns (docs/metadata.md): rows answer field names, ids as strings, `json`
// fields as JSON text (§3.3 sends and reads question lists as strings), times as China Standard Time text.
import { zonedDateTime } from '../../common/metadata/datetime';
import { formatDateTime } from '../platform/time';
import { ROW_VERSION } from '../../common/field-types';
import { SYSTEM_COLUMNS, type EntityModel, type ModelField } from './model';

export type DbRow = Record<string, unknown>;
export type ApiRow = Record<string, unknown>;

function decode(field: ModelField, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'id':
    case 'project':
    case 'company':
      return String(value);
    case 'integer':
    case 'number':
    case 'money':
      return Number(value);
    case 'datetime':
      return formatDateTime(value as Date | string);
    case 'date':
      // Selected as text (query.ts), so no driver turns it into a Date at some zone's midnight.
      return String(value).slice(0, 10);
    default:
      return value;
  }
}

/** The answered columns of a stored row; virtual fields are added by hooks (entity-engine.ts). */
export function toApiRow(model: EntityModel, row: DbRow): ApiRow {
  const out: ApiRow = Object.fromEntries(model.selected.map((f) => [f.name, decode(f, row[f.column])]));
  // The row version travels with the row (docs/metadata.md "Versions"); platform tables have none.
  if (!model.platform && row[SYSTEM_COLUMNS.version] !== undefined) out[ROW_VERSION] = Number(row[SYSTEM_COLUMNS.version]);
  return out;
}

const TEXT_TYPES: ReadonlySet<string> = new Set(['string', 'text', 'image', 'file', 'json']);

function encode(model: EntityModel, field: ModelField, value: unknown): unknown {
  // Platform tables keep text as `not null default ''` (server/db/migrations): no value is ''.
  if (value === null || value === undefined) return model.platform && TEXT_TYPES.has(field.type) ? '' : null;
  if (field.type === 'json') return JSON.stringify(value);
  // A zoneless datetime is China Standard Time (§9) on every write path — create, update and workflow moves
  // alike — never the database session's zone (a 送检时间 of 17:40 entered after 16:00 became the next day).
  if (field.type === 'datetime' && typeof value === 'string') return zonedDateTime(value) ?? value;
  return value;
}

/** Field values (validated, json parsed, hook-completed) → column values; only the stored fields present are written. */
export function toDbValues(model: EntityModel, values: Record<string, unknown>): DbRow {
  const out: DbRow = {};
  for (const f of model.stored) {
    if (f === model.idField || !(f.name in values)) continue;
    out[f.column] = encode(model, f, values[f.name]);
  }
  return out;
}
