// Page + entity schemas → the Formily JSON schema of the dialog form and of the read-pretty detail: a
// FormGrid of fields, each with its component, placeholder, span and validator rules.
import type { ISchema } from '@formily/react';
import { booleanLabels } from '../../../common/field-types';
import { NUMBERING_PLACEHOLDER } from '../../../common/metadata/numbering';
import { normalises } from '../../../common/validators';
import type { EntityField, EntitySchema, FormField, JsonContentSchema, PageSchema } from '../../../common/metadata';
import { booleanOptions, displayOf } from '../page/cell-display';
import { contentKindComponent } from '../components/content-kinds';
import { contentRules, contentToFormily } from './content-schema';
import { contentOf } from './content-of';
import { computedReaction, formulaHint, linesBox, type LinesBox } from './computed';
import { componentOf, entityField, formFieldSpec, type FormFieldSpec } from './entity-fields';
import { fieldRules } from './field-rules';
import { optionsFilter } from './options-filter';

const NUMERIC = new Set(['integer', 'number', 'money']);

/**
 * Components that draw a json field's content schema as Formily fields; any other component (PermissionTree,
 * a content kind's own editor such as QuestionGroups) edits the value whole, checked against its content.
 */
const CONTENT_EDITORS: ReadonlySet<string> = new Set(['JsonEditor']);

/** The Formily value type: numbers (a coded number is picked as its code text), json by its content. */
function valueType(field: EntityField, content: JsonContentSchema | undefined): ISchema['type'] {
  if (field.type === 'json') return content?.type === 'array' || content?.type === 'object' ? content.type : 'string';
  if (NUMERIC.has(field.type)) return field.dictionary ? 'string' : 'number';
  return field.type === 'boolean' ? 'boolean' : 'string';
}

function componentProps(field: EntityField, spec: FormFieldSpec, component: string): Record<string, unknown> {
  const props: Record<string, unknown> = { ...(spec.placeholder ? { placeholder: spec.placeholder } : {}) };
  if (field.dictionary) props.dictionary = field.dictionary;
  // A normalising format's typed text may be longer than it is stored (+86 138 1234 5678): its rule counts the stored text.
  if (component === 'Input' && field.maxLength && !normalises(field.format)) props.maxLength = field.maxLength;
  if (component === 'Input.TextArea') Object.assign(props, { rows: 3, ...(field.maxLength ? { maxLength: field.maxLength, showCount: true } : {}) });
  if (component === 'NumberPicker') props.style = { width: '100%' };
  if (field.type === 'datetime') props.showTime = true;
  if (component === 'Switch' && (field.trueLabel || field.falseLabel)) {
    const words = booleanLabels(field);
    Object.assign(props, { checkedChildren: words.true, unCheckedChildren: words.false });
  }
  if (field.type === 'image' || field.type === 'file') Object.assign(props, { maxCount: field.maxCount, maxSizeMb: field.maxSizeMb });
  if (field.type === 'image' && (field.maxCount ?? 3) > 1) props.multiple = true;
  return { ...props, ...spec.props };
}

/** One field of a form or detail; `entity` lets rules and options look at the field's partners (after, filterBy). */
export function fieldSchema(field: EntityField, spec: FormFieldSpec, entity?: EntitySchema): ISchema {
  const component = componentOf(field, spec);
  const title = spec.title ?? field.title;
  const partner = (name: string) => entity?.fields.find((f) => f.name === name);
  const base: ISchema = {
    title,
    'x-decorator': 'FormItem',
    'x-decorator-props': { gridSpan: spec.span ?? 1 },
    'x-validator': fieldRules(field, component, partner),
  };
  const content = field.type === 'json' ? contentOf(field) : undefined;
  if (content && CONTENT_EDITORS.has(component)) {
    const editor = contentToFormily(content, component);
    return {
      ...editor,
      ...base,
      'x-decorator-props': { gridSpan: spec.span ?? 1, layout: 'vertical' },
      'x-validator': [...fieldRules(field, component, partner), ...((editor['x-validator'] as unknown[] | undefined) ?? [])],
      'x-component-props': { ...(editor['x-component-props'] as object), content, title: content.title ?? title, ...spec.props },
    } as ISchema;
  }
  const filter = entity ? optionsFilter(field, entity) : undefined;
  return {
    ...base,
    ...(content ? { 'x-validator': [...fieldRules(field, component, partner), ...contentRules(content)] } : {}),
    type: valueType(field, content),
    'x-component': component,
    'x-component-props': { ...componentProps(field, spec, component), ...(content && contentKindComponent(field) === component ? { content } : {}) },
    ...(filter ? { 'x-reactions': filter } : {}),
    ...(field.default !== undefined && field.default !== null ? { default: field.default } : {}),
  };
}

/** A form grid this wide or narrower (px) lays its fields out in one column. */
export const PHONE_FORM_WIDTH = 540;

function gridSchema(entity: EntitySchema, fields: readonly FormField[], columns: number, filter: (f: EntityField, spec: FormFieldSpec) => boolean): ISchema {
  const properties: Record<string, ISchema> = {};
  let index = 0;
  for (const raw of fields) {
    const spec = formFieldSpec(raw);
    const field = entityField(entity, spec.field);
    if (!filter(field, spec)) continue;
    properties[field.name] = { ...fieldSchema(field, { ...spec, span: Math.min(spec.span ?? 1, columns) }, entity), 'x-index': index++ };
  }
  return {
    type: 'object',
    properties: {
      // One column in a dialog narrower than PHONE_FORM_WIDTH (a phone), else the schema's columns. (Formily
      // reads an array by the first breakpoint the grid's width is under, and its first entry past them all.)
      grid: {
        type: 'void',
        'x-component': 'FormGrid',
        'x-component-props': { breakpoints: [PHONE_FORM_WIDTH, Number.MAX_SAFE_INTEGER], maxColumns: [1, columns], minColumns: [1, columns], columnGap: 16 },
        properties,
      },
    },
  };
}

/**
 * Whether a form field is drawn in this mode: never read-only (server-filled) ones — but computed ones,
 * shown read-only with their live value — or the key; `only` decides the rest.
 */
const shownIn = (mode: 'create' | 'update') => (f: EntityField, spec: FormFieldSpec): boolean =>
  (!f.readOnly || f.formula !== undefined || f.numbering !== undefined) && f.type !== 'id' && (spec.only === undefined || spec.only === mode);

/** What a dialog gives its computed fields: the child tables' lines, and the child entities for the hint. */
export type FormLive = { lines: LinesBox; related?: (entity: string) => EntitySchema | undefined };

/** The read-only box of a computed amount: 1234567.5 → 1,234,567.50 (money), 1,234 (integer). */
const grouped = (digits: number) => (value: unknown): string =>
  value === undefined || value === null || value === '' || Number.isNaN(Number(value)) ? '' : Number(value).toLocaleString('zh-CN', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A computed field of the form: read-only, no rules, its value kept by the formula (computed.ts), the formula as its tooltip. */
function computedSchema(schema: ISchema, field: EntityField, entity: EntitySchema, live: FormLive): ISchema {
  const { 'x-reactions': _reactions, default: _default, ...rest } = schema;
  return {
    ...rest,
    'x-pattern': 'readOnly',
    'x-validator': [],
    'x-decorator-props': { ...(schema['x-decorator-props'] as object), tooltip: formulaHint(field, entity, live.related ?? (() => undefined)) },
    'x-component-props': {
      ...(schema['x-component-props'] as object),
      className: 'engine-computed',
      ...(field.type === 'money' ? { precision: 2, formatter: grouped(2) } : field.type === 'integer' ? { precision: 0, formatter: grouped(0) } : {}),
    },
    'x-reactions': computedReaction(field, entity, live.lines),
  };
}

/**
 * A numbered field of the form (docs/metadata.md "Numbering"): read-only, no rules; a new row's box says
 * 保存后自动生成 (the server assigns the number on save), an edited row's shows its number.
 */
function numberedSchema(schema: ISchema, mode: 'create' | 'update'): ISchema {
  const { 'x-reactions': _reactions, default: _default, ...rest } = schema;
  return {
    ...rest,
    'x-component': 'Input',
    'x-pattern': 'readOnly',
    'x-validator': [],
    // The filled look of antd's disabled boxes, while the number stays selectable text.
    'x-component-props': { className: 'engine-numbered', style: { backgroundColor: 'rgba(0, 0, 0, 0.04)' }, ...(mode === 'create' ? { placeholder: NUMBERING_PLACEHOLDER } : {}) },
  };
}

/** Form fields kept for the other dialog (`only`): the add (create) or edit (update) dialog neither draws nor sends them. */
export const hiddenFormFields = (page: PageSchema, mode: 'create' | 'update'): Set<string> =>
  new Set((page.form?.fields ?? []).map(formFieldSpec).filter((spec) => spec.only !== undefined && spec.only !== mode).map((s) => s.field));

/** The add/edit dialog form of one mode; read-only (server-filled) fields are left out, computed and numbered ones drawn read-only. */
export function buildFormSchema(page: PageSchema, entity: EntitySchema, mode: 'create' | 'update' = 'create', live: FormLive = { lines: linesBox() }): ISchema {
  if (!page.form) return { type: 'object', properties: {} };
  const schema = gridSchema(entity, page.form.fields, page.form.columns ?? 1, shownIn(mode));
  const props = ((schema.properties as Record<string, ISchema>).grid.properties ?? {}) as Record<string, ISchema>;
  for (const [name, s] of Object.entries(props)) {
    const field = entityField(entity, name);
    if (field.formula !== undefined) props[name] = computedSchema(s, field, entity, live);
    else if (field.numbering !== undefined) props[name] = numberedSchema(s, mode);
  }
  return schema;
}

/** Fields a detail draws with their own read-pretty component: content editors, files and images, a page's own component. */
const keepsComponent = (field: EntityField, spec: FormFieldSpec): boolean =>
  spec.component !== undefined || field.type === 'json' || field.type === 'image' || field.type === 'file';

/**
 * The detail dialog: the same fields, read pretty, each value shown by the list's display rules
 * (DetailValue): the field's own `display`, else its list column's, else its type's.
 */
export function buildDetailSchema(page: PageSchema, entity: EntitySchema): ISchema {
  if (!page.detail) return { type: 'object', properties: {} };
  const schema = gridSchema(entity, page.detail.fields, page.detail.columns ?? 1, () => true);
  const grid = schema.properties as Record<string, ISchema>;
  const props = grid.grid.properties as Record<string, ISchema>;
  const specs = new Map(page.detail.fields.map(formFieldSpec).map((s) => [s.field, s]));
  for (const [name, s] of Object.entries(props)) {
    const field = entityField(entity, name);
    const spec = specs.get(name) ?? { field: name };
    const { 'x-reactions': _reactions, ...rest } = s;
    props[name] = { ...rest, 'x-validator': [] };
    if (keepsComponent(field, spec)) continue;
    const column = page.list.columns.find((c) => c.field === name);
    const display = displayOf({ display: spec.display ?? column?.display }, field);
    props[name] = {
      ...props[name],
      'x-component': 'DetailValue',
      'x-component-props': { display, dictionary: field.dictionary, options: field.type === 'boolean' ? booleanOptions(field) : undefined },
    };
  }
  return schema;
}
