// The generic list protocol (docs/metadata.md): zero-based index and size, structured filters checked
// against the field-type table's operators (architecture §5: never SQL from the client), a keyword over
// `searchable` fields and a sort over `sortable` fields and the key. Anything else is a Chinese 400.
import { FIELD_TYPES, INT4_RANGE, numericBounds } from '../../common/field-types';
import { SUMMABLE_TYPES, type SearchOperator } from '../../common/metadata';
import { CST_OFFSET, zonedDateTime } from '../../common/metadata/datetime';
import { noSearchMessage } from '../../common/metadata/field-access';
import { isDate } from '../../common/validators';
import { InputError, parseInnerJson } from '../http/input-guard';
import { BadRequest } from './errors';
import { ENGINE_MESSAGES, listParamMessages as M } from './messages';
import type { EntityModel, ModelField } from './model';

/** `after` / `before`: a row's cursor (pageInfo.next / prev): the page after or before that row (keyset). */
export type ListParams = { index?: number; size?: number; filters?: string; keyword?: string; sort?: string; after?: string; before?: string; sums?: string };

export type PlannedFilter = { field: ModelField; operator: SearchOperator; value: unknown };
export type ListPlan = {
  /** Fields the caller does not see in full (field permissions): no filter, sort or keyword on them. */
  unseen?: ReadonlySet<string>;
  index: number;
  size: number;
  filters: PlannedFilter[];
  keyword: string;
  sort: { field: ModelField; order: 'asc' | 'desc' };
  /** Keyset position: the rows after (or before) this sort value and key, in the list's order. */
  cursor?: KeyCursor;
};

export type KeyCursor = { direction: 'after' | 'before'; value: unknown; id: string };

export const DEFAULT_PAGE_SIZE = 10;
const MAX_IN_VALUES = 500;
const MAX_FILTERS = 20;

/**
 * China Standard Time on the wire (§9): a bare date in a range covers the whole day there, a zoneless
 * time is read there, an explicit zone is honoured (common/metadata/datetime.ts); undefined when not a time.
 */
function dateTimeBound(text: string, end: boolean): string | undefined {
  if (isDate(text.trim())) return `${text.trim()}T${end ? '23:59:59.999' : '00:00:00'}${CST_OFFSET}`;
  return zonedDateTime(text) ?? undefined;
}

/** Within the field's bounds (its column's range at most): a value beyond them would be an SQL error. */
function inBounds(field: ModelField, n: unknown): n is number {
  const { minimum = -Infinity, maximum = Infinity } = numericBounds(field);
  return typeof n === 'number' && Number.isFinite(n) && n >= minimum && n <= maximum;
}

/**
 * One filter value of a field's type, normalised for SQL parameters; undefined when it is not one.
 * `platform`: the model's table is a platform table, whose keys are `integer` (row-id.ts).
 */
function scalar(field: ModelField, value: unknown, platform: boolean, end = false): unknown {
  switch (field.type) {
    case 'string':
    case 'text':
      return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
    case 'integer': {
      const n = typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value;
      return Number.isSafeInteger(n) && inBounds(field, n) ? n : undefined;
    }
    case 'number':
    case 'money': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return inBounds(field, n) ? n : undefined;
    }
    case 'boolean':
      if (value === true || value === 'true' || value === 1 || value === '1') return true;
      if (value === false || value === 'false' || value === 0 || value === '0') return false;
      return undefined;
    case 'date':
      return typeof value === 'string' && isDate(value) ? value : undefined;
    case 'datetime':
      return typeof value === 'string' ? dateTimeBound(value, end) : undefined;
    case 'id':
    case 'project':
    case 'company':
      if ((typeof value !== 'string' && typeof value !== 'number') || !/^\d{1,18}$/.test(String(value))) return undefined;
      return platform && Number(value) > INT4_RANGE.maximum ? undefined : String(value);
    default:
      return undefined;
  }
}

const isEmpty = (v: unknown): boolean => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

function planFilter(model: EntityModel, raw: unknown, unseen: ReadonlySet<string>): PlannedFilter | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new BadRequest(M.filterShape);
  const { field: name, operator, value, ...rest } = raw as Record<string, unknown>;
  if (typeof name !== 'string' || typeof operator !== 'string' || Object.keys(rest).length > 0) throw new BadRequest(M.filterShape);
  const field = model.byName.get(name);
  // Hook-kept (virtual) and never-answered (writeOnly) fields have no column to filter on.
  if (!field || field.virtual || field.writeOnly) throw new BadRequest(M.unknownField(name));
  // Refused before the value is looked at: a filter on a masked ID number must not answer "matches or not".
  if (unseen.has(field.name)) throw new BadRequest(noSearchMessage(field.title));
  if (!(FIELD_TYPES[field.type].operators as readonly string[]).includes(operator)) throw new BadRequest(M.badOperator(field.title, operator));
  const op = operator as SearchOperator;
  // A search form's blank box is "no condition", not an error.
  if (isEmpty(value)) return null;
  const bad = (): never => {
    throw new BadRequest(M.badValue(field.title));
  };
  const one = (v: unknown, end = false): unknown => scalar(field, v, model.platform, end) ?? bad();
  switch (op) {
    case 'in':
      if (!Array.isArray(value) || value.length > MAX_IN_VALUES) return bad();
      return { field, operator: op, value: value.map((v) => one(v)) };
    case 'between':
      if (!Array.isArray(value) || value.length !== 2) return bad();
      return { field, operator: op, value: [one(value[0]), one(value[1], true)] };
    case 'contains':
      if (typeof value !== 'string' || value.length > 100) return bad();
      return { field, operator: op, value };
    case 'lte':
      return { field, operator: op, value: one(value, true) };
    default:
      return { field, operator: op, value: one(value) };
  }
}

function parseFilters(model: EntityModel, text: string | undefined, unseen: ReadonlySet<string>): PlannedFilter[] {
  if (text === undefined || text.trim() === '') return [];
  let raw: unknown;
  try {
    raw = parseInnerJson(text);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new BadRequest(M.filtersNotJson);
  }
  if (!Array.isArray(raw) || raw.length > MAX_FILTERS) throw new BadRequest(M.filtersNotJson);
  return raw.map((r) => planFilter(model, r, unseen)).filter((f): f is PlannedFilter => f !== null);
}

function parseSort(model: EntityModel, text: string | undefined, unseen: ReadonlySet<string>): ListPlan['sort'] {
  const fallback = model.entity.defaultSort;
  const [name, order = 'asc'] = (text?.trim() || (fallback ? `${fallback.field}:${fallback.order}` : `${model.idField.name}:desc`)).split(':');
  const field = model.byName.get(name);
  if (!field || !(field.sortable || field === model.idField) || (order !== 'asc' && order !== 'desc')) throw new BadRequest(M.badSort(text ?? ''));
  if (unseen.has(field.name)) throw new BadRequest(noSearchMessage(field.title));
  return { field, order };
}

const sortKey = (sort: ListPlan['sort']): string => `${sort.field.name}:${sort.order}`;

/**
 * A cursor names the sort it was made under, the row's sort value (as text, null for an empty one) and
 * its key, in base64url JSON: opaque to the browser, which hands back pageInfo.next or prev as it got them.
 */
export function encodeCursor(sort: ListPlan['sort'], value: unknown, id: unknown): string {
  const text = value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value);
  return Buffer.from(JSON.stringify([sortKey(sort), text, String(id)])).toString('base64url');
}

/** A cursor of another sort (the user changed it meanwhile) is ignored: the page index then applies. */
function parseCursor(model: EntityModel, sort: ListPlan['sort'], params: ListParams): KeyCursor | undefined {
  if (params.after && params.before) throw new BadRequest(M.badCursor);
  const text = params.after ?? params.before;
  if (!text) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw new BadRequest(M.badCursor);
  }
  if (!Array.isArray(raw) || raw.length !== 3 || typeof raw[0] !== 'string' || (raw[1] !== null && typeof raw[1] !== 'string')) throw new BadRequest(M.badCursor);
  if (raw[0] !== sortKey(sort)) return undefined;
  const id = scalar(model.idField, raw[2], model.platform);
  const value = raw[1] === null ? null : sort.field === model.idField ? id : scalar(sort.field, raw[1], model.platform);
  if (id === undefined || value === undefined || (value === null && sort.field === model.idField)) throw new BadRequest(M.badCursor);
  return { direction: params.after ? 'after' : 'before', value, id: String(id) };
}

/** `unseen`: fields the caller does not see in full (field-rights.ts); the keyword skips them. */
export function planList(model: EntityModel, params: ListParams, unseen: ReadonlySet<string> = new Set()): ListPlan {
  const keyword = (params.keyword ?? '').trim();
  if (keyword && !model.fields.some((f) => f.searchable)) throw new BadRequest(ENGINE_MESSAGES.noKeyword);
  const sort = parseSort(model, params.sort, unseen);
  const cursor = parseCursor(model, sort, params);
  return {
    index: params.index ?? 0,
    size: params.size ?? DEFAULT_PAGE_SIZE,
    filters: parseFilters(model, params.filters, unseen),
    keyword,
    sort,
    ...(cursor ? { cursor } : {}),
    ...(unseen.size > 0 ? { unseen } : {}),
  };
}

const MAX_SUMS = 20;

/**
 * The fields a list sums (`sums=a,b`, a page's list.sums): stored numeric fields the caller sees in full,
 * by name from the model only; anything else is a Chinese 400, nothing read.
 */
export function parseSums(model: EntityModel, text: string | undefined, unseen: ReadonlySet<string> = new Set()): ModelField[] {
  const names = (text ?? '').split(',').map((n) => n.trim()).filter(Boolean);
  if (names.length > MAX_SUMS) throw new BadRequest(M.badSum(text ?? ''));
  return [...new Set(names)].map((name) => {
    const field = model.byName.get(name);
    if (!field || field.virtual || field.writeOnly || !SUMMABLE_TYPES.includes(field.type)) throw new BadRequest(M.badSum(name));
    if (unseen.has(field.name)) throw new BadRequest(noSearchMessage(field.title));
    return field;
  });
}
