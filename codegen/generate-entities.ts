// common/generated/entities.ts: a row type per entity as the generic API answers it (docs/metadata.md:
// field names, ids and json fields as text, writeOnly fields left out), the entity names, and each
// entity's endpoint names.
import { FIELD_TYPES, type FieldType } from '../common/field-types';
import { DEFAULT_API } from '../common/metadata';
import type { MetadataCatalog, ResolvedEntity, ResolvedField } from '../common/metadata/types';
import { GENERATED_HEADER } from './header';

/** The TypeScript type of a value of this field type on the wire: the first JSON type the table lists. */
export function tsTypeOf(type: FieldType): string {
  const declared = FIELD_TYPES[type].json.type;
  const first = Array.isArray(declared) ? String(declared[0]) : String(declared);
  switch (first) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return 'unknown[]';
    default:
      return 'Record<string, unknown>';
  }
}

const fieldType = (f: ResolvedField): string => {
  const base = f.enum && f.enum.length > 0 && f.type !== 'json' ? f.enum.map((v) => JSON.stringify(v)).join(' | ') : tsTypeOf(f.type);
  // A required numbered field is read-only but always holds its number (assigned on insert, docs/metadata.md "Numbering").
  return f.type === 'id' || (f.required && (!f.readOnly || f.numbering !== undefined)) ? base : `${base} | null`;
};

/** A flat object of strings as a one-line TypeScript literal with single quotes. */
const literal = (o: Readonly<Record<string, string>>): string =>
  `{ ${Object.entries(o).map(([k, v]) => `${k}: '${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`).join(', ')} }`;

const comment = (text: string): string => text.replace(/\*\//g, '*\\/');

function rowType(entity: ResolvedEntity, path: string): string {
  // writeOnly fields (a password) are accepted in writes but never answered.
  const lines = entity.fields.filter((f) => !f.writeOnly).map((f) => `  /** ${comment(f.title)} */\n  ${f.name}: ${fieldType(f)};`);
  return [`/** ${comment(entity.title)} (schemas/${path}) */`, `export type ${entity.name}Row = {`, ...lines, '};'].join('\n');
}

export function generateEntities(catalog: MetadataCatalog): string {
  const entities = [...catalog.entities.values()].sort((a, b) => a.name.localeCompare(b.name));
  const names = entities.map((e) => e.name);
  const api = entities.map(({ name, api: { base, ...names } }) => `  ${name}: ${literal({ base, ...DEFAULT_API, ...names })},`);
  return [
    GENERATED_HEADER,
    '// Row types of schemas/entities/ as the generic API answers them (docs/metadata.md): field names in',
    '// camelCase, ids and json fields as text; a field that is not required (or is readOnly) may be null.',
    "import type { EntityApi } from '../metadata';",
    '',
    ...entities.flatMap((e) => [rowType(e, catalog.files.entities.get(e.name) ?? ''), '']),
    'export type EntityRows = {',
    ...names.map((n) => `  ${n}: ${n}Row;`),
    '};',
    '',
    'export type EntityName = keyof EntityRows;',
    '',
    `export const ENTITY_NAMES = [${names.map((n) => `'${n}'`).join(', ')}] as const satisfies readonly EntityName[];`,
    '',
    '/** Endpoint names under /prod-api/api/<base>/, defaults (DEFAULT_API) filled in. */',
    'export const ENTITY_API: Readonly<Record<EntityName, Required<EntityApi>>> = {',
    ...api,
    '};',
    '',
  ].join('\n');
}
