// Record ↔ form values at the dialog's edge: json fields are JSON text on the wire (§3.3) and parsed
// objects in the editor; a numeric field with a code table (a platform table's status smallint) is a
// number on the wire and its code text in the select; read-only fields never go back; a new record gets
// the entity's defaults; a form field kept for the other mode (`only`, e.g. a password) is not sent; text
// of a normalising §5.5 format is sent as it is stored (a mobile number's 11 digits, common/validators.ts).
import type { EntityField, EntitySchema } from '../../../common/metadata';
import { normaliseFormat } from '../../../common/validators';
import { parseJsonValue, stringifyJsonValue } from './content-schema';
import { contentOf } from './content-of';

export type Values = Record<string, unknown>;

const isNumeric = (f: EntityField): boolean => f.type === 'integer' || f.type === 'number' || f.type === 'money';
/** A numeric field whose options are codes (text in every select). */
const isCodedNumber = (f: EntityField): boolean => isNumeric(f) && f.dictionary !== undefined;
const present = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

export function toFormValues(entity: EntitySchema, row: Values): Values {
  const out: Values = { ...row };
  for (const f of entity.fields) {
    if (f.type === 'json') out[f.name] = parseJsonValue(row[f.name], contentOf(f));
    else if ((f.type === 'project' || f.type === 'company' || f.type === 'id' || isCodedNumber(f)) && present(row[f.name])) {
      out[f.name] = String(row[f.name]);
    }
  }
  return out;
}

/** `hidden`: form fields the dialog does not draw in this mode (FormField `only`); they are not sent. */
export function toPayload(entity: EntitySchema, values: Values, mode: 'create' | 'update', hidden: ReadonlySet<string> = new Set()): Values {
  const out: Values = {};
  for (const f of entity.fields) {
    if (f.readOnly || f.type === 'id' || hidden.has(f.name)) continue;
    const v = values[f.name];
    if (v === undefined) {
      if (mode === 'create' && f.default !== undefined && f.default !== null) out[f.name] = f.default;
      continue;
    }
    if (f.type === 'json') out[f.name] = stringifyJsonValue(v);
    else if (isCodedNumber(f) && typeof v === 'string' && v.trim() !== '') out[f.name] = Number(v);
    else out[f.name] = normaliseFormat(f.format, v);
  }
  return out;
}
