// Meta-schema validation: each schema file against its schemas/meta/*.schema.json (JSON Schema 2020-12),
// with ajv's errors turned into `pointer: message` problems a configurator can act on.
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import contentMeta from '../../schemas/meta/content.schema.json';
import dictionaryMeta from '../../schemas/meta/dictionary.schema.json';
import entityMeta from '../../schemas/meta/entity.schema.json';
import menuMeta from '../../schemas/meta/menu.schema.json';
import pageMeta from '../../schemas/meta/page.schema.json';
import seedMeta from '../../schemas/meta/seed.schema.json';
import { ACTION_NAMES } from '../constants';
import { FIELD_TYPES } from '../field-types';
import { FORMATS } from '../validators';
import { pointer } from './problems';
import type { SchemaFile, SchemaProblem } from './types';

export type SchemaKind = 'entity' | 'page' | 'menu' | 'dictionary' | 'content' | 'seed';

export const META_SCHEMAS = {
  entity: entityMeta,
  page: pageMeta,
  menu: menuMeta,
  dictionary: dictionaryMeta,
  content: contentMeta,
  seed: seedMeta,
} as const;

/** Where each meta-schema lives, for problems about the meta-schemas themselves. */
export const META_FILES: Readonly<Record<SchemaKind, string>> = {
  entity: 'schemas/meta/entity.schema.json',
  page: 'schemas/meta/page.schema.json',
  menu: 'schemas/meta/menu.schema.json',
  dictionary: 'schemas/meta/dictionary.schema.json',
  content: 'schemas/meta/content.schema.json',
  seed: 'schemas/meta/seed.schema.json',
};

let validators: Record<SchemaKind, ValidateFunction> | null = null;

function compiled(): Record<SchemaKind, ValidateFunction> {
  if (validators) return validators;
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true });
  addFormats(ajv, ['regex', 'date']);
  ajvErrors(ajv);
  for (const schema of Object.values(META_SCHEMAS)) ajv.addSchema(schema);
  const get = (kind: SchemaKind): ValidateFunction => {
    const v = ajv.getSchema(META_SCHEMAS[kind].$id);
    if (!v) throw new Error(`meta-schema ${kind} did not compile`);
    return v;
  };
  validators = {
    entity: get('entity'),
    page: get('page'),
    menu: get('menu'),
    dictionary: get('dictionary'),
    content: get('content'),
    seed: get('seed'),
  };
  return validators;
}

/** Problems of one file against the meta-schema of its kind; [] when it conforms. */
export function validateMeta(kind: SchemaKind, source: SchemaFile): SchemaProblem[] {
  const validate = compiled()[kind];
  if (validate(source.json)) return [];
  const seen = new Set<string>();
  const problems: SchemaProblem[] = [];
  for (const error of validate.errors ?? []) {
    const problem = toProblem(source.file, error);
    if (!problem) continue;
    const key = `${problem.pointer}\u0000${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

function toProblem(file: string, e: ErrorObject): SchemaProblem | null {
  const at = e.instancePath;
  switch (e.keyword) {
    // if/then/else reports the branch's own errors too; the summary line adds nothing.
    case 'if':
      return null;
    case 'additionalProperties': {
      const key = String((e.params as { additionalProperty: string }).additionalProperty);
      return { file, pointer: at + pointer(key), message: `unknown key "${key}"` };
    }
    case 'required':
      return { file, pointer: at, message: `missing required key "${String((e.params as { missingProperty: string }).missingProperty)}"` };
    case 'enum': {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ');
      return { file, pointer: at, message: `${JSON.stringify(e.data)} is not one of ${allowed}` };
    }
    default:
      return { file, pointer: at, message: e.message ?? e.keyword };
  }
}

/**
 * The enums the meta-schemas repeat for editors (field types, formats, menu actions) must equal their
 * one source in common/; a drift is reported against the meta-schema file.
 */
export function checkMetaDrift(): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const same = (file: string, at: string, actual: readonly unknown[], expected: readonly string[], source: string) => {
    const a = [...actual].map(String).sort().join(',');
    const b = [...expected].sort().join(',');
    if (a !== b) problems.push({ file, pointer: at, message: `must list exactly the keys of ${source}: ${[...expected].join(', ')}` });
  };
  same(META_FILES.entity, '/$defs/fieldType/enum', entityMeta.$defs.fieldType.enum, Object.keys(FIELD_TYPES), 'FIELD_TYPES (common/field-types.ts)');
  same(META_FILES.entity, '/$defs/format/enum', entityMeta.$defs.format.enum, Object.keys(FORMATS), 'FORMATS (common/validators.ts)');
  same(META_FILES.menu, '/$defs/node/properties/actions/items/anyOf/0/enum', menuMeta.$defs.node.properties.actions.items.anyOf[0].enum ?? [], ACTION_NAMES, 'ACTION_NAMES (common/constants.ts)');
  return problems;
}
