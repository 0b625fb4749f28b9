// Record ↔ form values at the dialog's edge: json fields are JSON text on the wire (§3.3) and parsed
// objects in the editor; read-only fields never go back; a new record gets the entity's defaults.
import type { EntitySchema } from '../../../common/metadata';
import { parseJsonValue, stringifyJsonValue } from './content-schema';
import { contentOf } from './content-of';

export type Values = Record<string, unknown>;

export function toFormValues(entity: EntitySchema, row: Values): Values {
  const out: Values = { ...row };
  for (const f of entity.fields) {
    if (f.type === 'json') out[f.name] = parseJsonValue(row[f.name], contentOf(f));
    else if ((f.type === 'project' || f.type === 'company' || f.type === 'id') && row[f.name] !== undefined && row[f.name] !== null) {
      out[f.name] = String(row[f.name]);
    }
  }
  return out;
}

export function toPayload(entity: EntitySchema, values: Values, mode: 'create' | 'update'): Values {
  const out: Values = {};
  for (const f of entity.fields) {
    if (f.readOnly || f.type === 'id') continue;
    const v = values[f.name];
    if (v === undefined) {
      if (mode === 'create' && f.default !== undefined && f.default !== null) out[f.name] = f.default;
      continue;
    }
    out[f.name] = f.type === 'json' ? stringifyJsonValue(v) : v;
  }
  return out;
}
