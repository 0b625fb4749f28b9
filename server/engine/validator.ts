// One pair of ajv validators per entity and action (docs/metadata.md validation), compiled at start from
// the entity schema, the field-type table (FIELD_TYPES json) and each field's rules:
// - shape: the wire types of FIELD_TYPES; a value of the wrong type is a malformed request (HTTP 400);
// - rules: required, lengths, ranges, pattern, enum (incl. a static dictionary's codes), §5.5 formats,
//   and a json field's content schema; the first failure in field order is the detail (§5.1 order).
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { FIELD_TYPES, numericBounds } from '../../common/field-types';
import type { FieldMessages } from '../../common/metadata';
import { FORMATS } from '../../common/validators';
import { BadRequest, FieldRefusal } from './errors';
import { ruleMessage } from './messages';
import { writableFields, type EntityModel, type ModelField } from './model';
import { normaliseValue, numericText, UNPARSABLE, type WriteInput } from './write-input';

export type WriteAction = 'create' | 'update';
type JsonSchema = Record<string, unknown>;
type DictionaryCodes = (name: string) => readonly string[] | undefined;

/** Digits only: ids travel as strings (common/wire.ts) or integers. */
const ID_TEXT = '^[0-9]{0,18}$';
const ID_TYPES = new Set(['id', 'project', 'company']);

function newAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
  for (const [name, format] of Object.entries(FORMATS)) ajv.addFormat(name, { type: 'string', validate: format.test });
  return ajv;
}

const withNull = (type: unknown): string[] => [...(Array.isArray(type) ? type : [type]), 'null'] as string[];

function shapeOf(field: ModelField): JsonSchema {
  const { type } = FIELD_TYPES[field.type].json;
  return ID_TYPES.has(field.type) ? { type: withNull(type), pattern: ID_TEXT } : { type: withNull(type) };
}

function rulesOf(field: ModelField, codes: DictionaryCodes): JsonSchema {
  if (field.type === 'json') return field.content ? { anyOf: [{ type: 'null' }, field.content] } : {};
  const { format, ...typeJson } = FIELD_TYPES[field.type].json;
  const rules: JsonSchema = { ...typeJson, type: withNull(typeJson.type) };
  const fieldFormat = field.format ?? (typeof format === 'string' ? format : undefined);
  if (fieldFormat) rules.format = fieldFormat;
  for (const key of ['minLength', 'maxLength'] as const) if (field[key] !== undefined) rules[key] = field[key];
  // A numeric field keeps its column's range (1e20 is no int4, "1e400" is Infinity) unless it sets a tighter one.
  const bounds = numericBounds(field);
  for (const key of ['minimum', 'maximum'] as const) if (bounds[key] !== undefined) rules[key] = bounds[key];
  if (field.pattern) rules.pattern = field.pattern;
  const dictionary = field.dictionary && 'type' in field.dictionary ? codes(field.dictionary.type) : undefined;
  // A code table's codes are text; a numeric column (a platform table's status smallint) holds them as numbers.
  const numeric = field.type === 'integer' || field.type === 'number';
  const allowed = field.enum ?? (numeric ? dictionary?.map(Number) : dictionary);
  if (allowed) {
    // The allowed values are the rule: a value outside them is told so, not that it is too long.
    for (const key of ['minLength', 'maxLength', 'pattern', 'format'] as const) delete rules[key];
    rules.enum = allowed;
  }
  if (ID_TYPES.has(field.type)) rules.pattern = '^[1-9][0-9]*$';
  return rules;
}

/** '' and null are "not filled in": no rule applies to them but `required` (blanks never reach ajv's rules). */
const isBlank = (v: unknown): boolean => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

export type EntityValidator = (input: WriteInput) => Record<string, unknown>;

/**
 * Compiles the validator of one action over the client-writable fields, or over `fields` (a workflow
 * transition's, readOnly ones included); the returned function throws BadRequest or Refusal. `lazy`:
 * compile on the first call instead (BuildOptions.lazyValidators — the server tests build many apps).
 */
export function compileValidator(
  model: EntityModel,
  action: WriteAction,
  codes: DictionaryCodes,
  fields: readonly ModelField[] = writableFields(model),
  lazy = false,
): EntityValidator {
  let compiled: { shape: ValidateFunction; rules: ValidateFunction } | undefined;
  const compile = () => {
    const ajv = newAjv();
    const shape = ajv.compile({
      type: 'object',
      properties: Object.fromEntries(fields.map((f) => [f.name, shapeOf(f)])),
    });
    const rules = ajv.compile({
      type: 'object',
      properties: Object.fromEntries(fields.map((f) => [f.name, rulesOf(f, codes)])),
      required: action === 'create' ? fields.filter((f) => f.required).map((f) => f.name) : [],
    });
    return { shape, rules };
  };
  if (!lazy) compiled = compile();

  return (input) => {
    const { shape, rules } = (compiled ??= compile());
    checkShape(model, shape, input);
    const values: Record<string, unknown> = {};
    const unparsable: string[] = [];
    for (const f of fields) {
      if (!(f.name in input.values)) {
        if (action === 'create' && f.default !== undefined) values[f.name] = f.default;
        continue;
      }
      const value = normaliseValue(f, input.values[f.name]);
      if (value === UNPARSABLE) unparsable.push(f.name);
      else values[f.name] = value;
    }
    const issues: Issue[] = unparsable.map((field) => ({ field, rule: 'format' }));
    const filled: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(values)) {
      if (!isBlank(value)) filled[name] = value;
      // A blank required field is "请选择…" / "请输入…", never "请选择正确的…".
      else if (model.byName.get(name)?.required) issues.push({ field: name, rule: 'required' });
    }
    // A value that could not be read (unparsable) is not missing: its format issue stands alone.
    if (!rules(filled)) issues.push(...(rules.errors ?? []).map((e) => issueOf(model, e)).filter((i) => !(i.rule === 'required' && unparsable.includes(i.field))));
    const first = firstIssue(model, issues);
    if (first) {
      const message = (i: Issue) => ruleMessage(model.byName.get(i.field) as ModelField, i.rule);
      throw new FieldRefusal(message(first), first.field, everyIssue(model, issues).map((i) => ({ field: i.field, message: message(i) })));
    }
    return values;
  };
}

type Issue = { field: string; rule: keyof FieldMessages };

/** §5.1: the first field in schema order; within a field, a missing value before any other rule. */
function firstIssue(model: EntityModel, issues: readonly Issue[]): Issue | undefined {
  const rank = (i: Issue) => (model.order.get(i.field) ?? 0) * 2 + (i.rule === 'required' ? 0 : 1);
  return [...issues].sort((a, b) => rank(a) - rank(b))[0];
}

/** Each field's first issue (as firstIssue ranks them), fields in schema order: what import lists. */
function everyIssue(model: EntityModel, issues: readonly Issue[]): Issue[] {
  const byField = new Map<string, Issue>();
  for (const issue of issues) {
    const held = byField.get(issue.field);
    if (!held || firstIssue(model, [issue, held]) === issue) byField.set(issue.field, issue);
  }
  return [...byField.values()].sort((a, b) => (model.order.get(a.field) ?? 0) - (model.order.get(b.field) ?? 0));
}

function checkShape(model: EntityModel, shape: ValidateFunction, input: WriteInput): void {
  // Blank text is "not filled in" for every type (a cleared number box sends ''), not a type error; a
  // number written as text is that number.
  const sent = Object.fromEntries(
    Object.entries(input.values).map(([k, v]) => {
      const field = model.byName.get(k);
      return [k, typeof v === 'string' && v.trim() === '' ? null : field ? numericText(field, v) : v];
    }),
  );
  if (shape(sent)) return;
  const error = shape.errors?.[0];
  const field = error ? topField(error) : '';
  const fields = [...new Set((shape.errors ?? []).map(topField))];
  throw new BadRequest(`字段 ${input.sentAs[field] ?? field} 类型错误`, field, fields);
}

/** The field an error belongs to: the first segment of its path, or the missing property. */
function topField(error: ErrorObject): string {
  if (error.keyword === 'required' && error.instancePath === '') return String(error.params.missingProperty);
  const segment = error.instancePath.split('/')[1] ?? '';
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

const RULE_KEYWORDS: ReadonlySet<string> = new Set(['minLength', 'maxLength', 'minimum', 'maximum', 'pattern', 'format', 'enum']);

function issueOf(model: EntityModel, error: ErrorObject): { field: string; rule: keyof FieldMessages } {
  const field = topField(error);
  const nested = error.instancePath.split('/').length > 2;
  if (error.keyword === 'required' && !nested) return { field, rule: 'required' };
  // A json field's content is one value: any fault inside it is "<title>格式不正确".
  if (model.byName.get(field)?.type === 'json' || nested) return { field, rule: 'format' };
  if (RULE_KEYWORDS.has(error.keyword)) return { field, rule: error.keyword as keyof FieldMessages };
  return { field, rule: 'format' };
}
