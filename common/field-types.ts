// The one field-type table (style habit 2): each field type of the entity meta-schema maps, here and
// nowhere else, to its SQL column, its JSON-Schema validation, its Formily component, its list-cell
// display and the filter operators it accepts. Components are named by string and registered once in
// the browser engine; the server never imports them.
import type { CellDisplay, DictionaryRef, FieldType, SearchOperator } from './metadata';

export type { FieldType };

export type FieldTypeSpec = {
  /** PostgreSQL column type. */
  sql: string;
  /**
   * information_schema data types an existing (platform) column may have to hold this field type:
   * what a platform entity's start check accepts (docs/metadata.md "Platform tables").
   */
  columnTypes: readonly string[];
  /** JSON Schema of the value on the wire (before field rules are added). */
  json: Record<string, unknown>;
  /** Formily component registered by the engine. */
  component: string;
  /** Default list-cell display. */
  display: CellDisplay;
  operators: readonly SearchOperator[];
  /**
   * Ids of this type answer a label too: the name of the row they point to in this table (projects or
   * companies), in the row's `labels` map (ROW_LABELS), so cells and exports show names, not ids.
   */
  names?: 'projects' | 'companies';
  /**
   * Numeric types: the values the column holds (docs/security-input.md). A field's own minimum / maximum
   * may narrow this range, never widen it; anything outside is refused with the field's message.
   */
  range?: { minimum: number; maximum: number };
};

/** integer (int4) columns. */
export const INT4_RANGE = { minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;
/** smallint columns (platform tables only). */
export const INT2_RANGE = { minimum: -32_768, maximum: 32_767 } as const;
/** numeric(16,2): 14 integer digits, so below 10^14 (99999999999999.98 as a double). */
const MONEY_RANGE = { minimum: -(1e14 - 0.01), maximum: 1e14 - 0.01 } as const;
/**
 * double precision holds ±1.8e308, but no measurement needs that and a double shows 15 significant digits
 * exactly (as Excel keeps them): a number field is bounded to ±10^15.
 */
const NUMBER_RANGE = { minimum: -1e15, maximum: 1e15 } as const;

const TEXT_OPS = ['eq', 'in', 'contains'] as const;
const INTEGERS = ['smallint', 'integer', 'bigint'] as const;
const TEXTS = ['text', 'character varying'] as const;
const RANGE_OPS = ['eq', 'in', 'between', 'gte', 'lte'] as const;

export const FIELD_TYPES: Readonly<Record<FieldType, FieldTypeSpec>> = {
  id: { sql: 'bigint', columnTypes: INTEGERS, json: { type: ['string', 'integer'] }, component: 'Input', display: 'text', operators: ['eq', 'in'] },
  string: { sql: 'text', columnTypes: TEXTS, json: { type: 'string' }, component: 'Input', display: 'text', operators: TEXT_OPS },
  text: { sql: 'text', columnTypes: TEXTS, json: { type: 'string' }, component: 'Input.TextArea', display: 'text', operators: ['contains'] },
  integer: { sql: 'integer', columnTypes: INTEGERS, json: { type: 'integer' }, component: 'NumberPicker', display: 'text', operators: RANGE_OPS, range: INT4_RANGE },
  number: { sql: 'double precision', columnTypes: ['double precision', 'real', 'numeric'], json: { type: 'number' }, component: 'NumberPicker', display: 'text', operators: RANGE_OPS, range: NUMBER_RANGE },
  money: { sql: 'numeric(16,2)', columnTypes: ['numeric'], json: { type: 'number' }, component: 'NumberPicker', display: 'money', operators: RANGE_OPS, range: MONEY_RANGE },
  boolean: { sql: 'boolean', columnTypes: ['boolean'], json: { type: 'boolean' }, component: 'Switch', display: 'boolean', operators: ['eq'] },
  date: { sql: 'date', columnTypes: ['date'], json: { type: 'string', format: 'date' }, component: 'DatePicker', display: 'date', operators: RANGE_OPS },
  datetime: { sql: 'timestamptz', columnTypes: ['timestamp with time zone'], json: { type: 'string' }, component: 'DatePicker', display: 'datetime', operators: RANGE_OPS },
  // Stored as JSON text and answered as a JSON string, as §3.3 records do (otherList, machineryList …).
  json: { sql: 'text', columnTypes: TEXTS, json: { type: ['string', 'array', 'object'] }, component: 'JsonEditor', display: 'json', operators: [] },
  image: { sql: 'text', columnTypes: TEXTS, json: { type: 'string' }, component: 'ImageUpload', display: 'image', operators: [] },
  file: { sql: 'text', columnTypes: TEXTS, json: { type: 'string' }, component: 'FileUpload', display: 'file', operators: [] },
  project: { sql: 'bigint', columnTypes: INTEGERS, json: { type: ['string', 'integer'] }, component: 'ProjectSelect', display: 'text', operators: ['eq', 'in'], names: 'projects' },
  company: { sql: 'bigint', columnTypes: INTEGERS, json: { type: ['string', 'integer'] }, component: 'CompanyCascader', display: 'companyName', operators: ['eq', 'in'], names: 'companies' },
};

/**
 * The bounds a numeric field's values must keep: its own minimum / maximum where they are tighter than its
 * column's range (FIELD_TYPES range), else the column's. Undefined bounds for non-numeric types.
 */
export function numericBounds(field: { type: FieldType; minimum?: number; maximum?: number }): { minimum?: number; maximum?: number } {
  const range = FIELD_TYPES[field.type].range;
  if (!range) return { minimum: field.minimum, maximum: field.maximum };
  return {
    minimum: field.minimum === undefined ? range.minimum : Math.max(field.minimum, range.minimum),
    maximum: field.maximum === undefined ? range.maximum : Math.min(field.maximum, range.maximum),
  };
}

/** A field with a dictionary is a select of codes whatever its storage type. */
export const DICTIONARY_COMPONENT = 'DictSelect';

/** snake_case column name of a lowerCamelCase field name. */
export const columnOf = (field: { name: string; column?: string }): string =>
  field.column ?? field.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The key of the map every answered row (list, detail, written row; export uses it too) carries:
 * field name → label, for the fields whose type `names` a table. Reserved: no field may take this name.
 */
export const ROW_LABELS = 'labels';
export type RowLabels = Record<string, string>;

/**
 * The key of an answered row's version (engine tables, docs/metadata.md "Versions"): sent back with an
 * update or transition, a stale one is refused. Reserved: no field may take this name.
 */
export const ROW_VERSION = 'version';

/**
 * How a sheet (export, import: docs/metadata.md "Import") writes a field that holds ids as what a person
 * sees: `name` — a project's or company's name (its type `names` a table, also answered in `labels`);
 * `row` — another entity's row by its key (an `{ entity, valueField: 'id' }` dictionary), written as that
 * row's `labelField`; `files` — an image or file field, written as the uploads' file names. Undefined for
 * a field whose value is what it shows.
 */
export type SheetLabel = 'name' | 'row' | 'files';
export function sheetLabelOf(field: { type: FieldType; dictionary?: DictionaryRef }): SheetLabel | undefined {
  if (FIELD_TYPES[field.type].names !== undefined) return 'name';
  if (field.type === 'image' || field.type === 'file') return 'files';
  const ref = field.dictionary;
  return ref && 'entity' in ref && ref.valueField === 'id' ? 'row' : undefined;
}

/** Whether a sheet writes a field's ids as labels (names, a row's label, file names) and reads them back. */
export const isLabelled = (field: { type: FieldType; dictionary?: DictionaryRef }): boolean => sheetLabelOf(field) !== undefined;

/** The label of a field in an answered row, if the server gave one. */
export function rowLabel(row: Record<string, unknown>, field: string): string | undefined {
  const labels = row[ROW_LABELS];
  if (typeof labels !== 'object' || labels === null) return undefined;
  const label = (labels as Record<string, unknown>)[field];
  return typeof label === 'string' ? label : undefined;
}

/** The words of a boolean field's two values (EntityField trueLabel / falseLabel, default 是 / 否). */
export const booleanLabels = (field: { trueLabel?: string; falseLabel?: string }): { true: string; false: string } => ({
  true: field.trueLabel ?? '是',
  false: field.falseLabel ?? '否',
});
