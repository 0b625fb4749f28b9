// SQL of the generic endpoints, built with Kysely only: table and column names come from the entity
// model (sql.ref / table builders), every value is a bound parameter (architecture §5).
import { CompiledQuery, sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { StatisticsWhereOperator } from '../../common/metadata';
import type { Database } from '../db/schema';
import { GRAM_TYPES, gramColumnsOf, gramContains, ilikeContains } from '../db/search-grams';
import { dynamicDb, type DynamicDb } from './dynamic-db';
import { encodeCursor, type KeyCursor, type ListPlan, type PlannedFilter } from './list-params';
import { SYSTEM_COLUMNS, type EntityModel, type ModelField } from './model';
import type { DbRow } from './row-codec';
import { sortKeyColumn, withSortKeys } from './sort-keys';

/** Rows per batch of an export (keyset batches, flat memory on either database). */
export const EXPORT_BATCH = 5000;

/** Past this many rows by the planner's estimate a list answers the estimate (pageInfo.estimated), not a count. */
export const ESTIMATE_COUNT_ABOVE = 100_000;

/**
 * The column a list orders by for a field: its pinyin key when it has one (sort-keys.ts: Chinese text in
 * pinyin order, the same on PostgreSQL and PGlite), else the field's own column.
 */
const sortColumnOf = (model: EntityModel, field: ModelField): string => (model.sortKeyed.includes(field) ? sortKeyColumn(field) : field.column);

/**
 * Columns of the answer; dates as text so no driver shifts them to some zone's midnight. With a plan
 * sorted by a pinyin key, the key too (the cursors carry it; the answer's codec leaves it out).
 */
function selection(model: EntityModel, plan?: ReadPlan) {
  const fields = model.selected.map((f) =>
    f.type === 'date' ? sql<string>`${sql.ref(f.column)}::text`.as(f.column) : sql.ref(f.column).as(f.column),
  );
  const key = plan && model.sortKeyed.includes(plan.sort.field) ? [sql.ref(sortKeyColumn(plan.sort.field)).as(sortKeyColumn(plan.sort.field))] : [];
  return model.platform ? [...fields, ...key] : [...fields, ...key, sql.ref(SYSTEM_COLUMNS.version).as(SYSTEM_COLUMNS.version)];
}

/**
 * The table's own column, qualified: in ORDER BY a bare name would mean the answer's alias (a date's
 * text), which no index serves.
 */
const column = (model: EntityModel, name: string) => sql.ref(`${model.table}.${name}`);

/** Text columns are searched as they are; others as their text. */
const searchText = (f: ModelField) => (GRAM_TYPES.has(f.type) ? sql.ref(f.column) : sql`${sql.ref(f.column)}::text`);

/** The columns of the table's gram index (the sync builds it on engine tables only, table-indexes.ts). */
const gramColumns = (model: EntityModel): string[] => (model.platform ? [] : gramColumnsOf(model.stored));

/**
 * Some of `fields` contains `term`: the gram-indexed ones through the table's gram index
 * (server/db/search-grams.ts, fast for one- and two-character Chinese terms), others by ilike over their text.
 */
function contains(model: EntityModel, fields: readonly ModelField[], term: string): RawBuilder<SqlBool> | null {
  const indexed = gramColumns(model);
  const within = fields.filter((f) => indexed.includes(f.column)).map((f) => f.column);
  const rest = fields.filter((f) => !indexed.includes(f.column)).map((f) => ilikeContains(searchText(f), term));
  const parts = [...(within.length ? [gramContains(indexed, within, term)] : []), ...rest];
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : null;
}

function filterCondition(model: EntityModel, { field, operator, value }: PlannedFilter): RawBuilder<SqlBool> {
  const col = sql.ref(field.column);
  switch (operator) {
    case 'eq':
      return sql<SqlBool>`${col} = ${value}`;
    case 'in':
      return sql<SqlBool>`${col} in (${sql.join(value as unknown[])})`;
    case 'contains':
      return contains(model, [field], value as string)!;
    case 'between': {
      const [from, to] = value as [unknown, unknown];
      return sql<SqlBool>`${col} between ${from} and ${to}`;
    }
    case 'gte':
      return sql<SqlBool>`${col} >= ${value}`;
    case 'lte':
      return sql<SqlBool>`${col} <= ${value}`;
  }
}

function keywordCondition(model: EntityModel, keyword: string, unseen?: ReadonlySet<string>): RawBuilder<SqlBool> | null {
  // A field the caller does not see in full is no part of the keyword (no oracle for a masked ID number).
  const searchable = model.stored.filter((f) => f.searchable && !unseen?.has(f.name));
  if (!keyword || searchable.length === 0) return null;
  return contains(model, searchable, keyword);
}

type ReadPlan = Pick<ListPlan, 'filters' | 'keyword' | 'sort' | 'unseen'>;

function matching(db: DynamicDb, model: EntityModel, visible: Expression<SqlBool>, plan: ReadPlan) {
  let query = db.selectFrom(model.table).where(visible);
  for (const f of plan.filters) query = query.where(filterCondition(model, f));
  const keyword = keywordCondition(model, plan.keyword, plan.unseen);
  if (keyword) query = query.where(keyword);
  return query;
}

type Matching = ReturnType<typeof matching>;

/**
 * Sort field first, then the key, so pages never overlap. An empty value counts as the lowest: ascending
 * is `col asc nulls first, id asc` and descending its exact reverse, so the one `(col nulls first, id)`
 * index of a sortable field (server/metadata/table-indexes.ts) serves both. `reverse` reads backwards
 * (the page before a cursor).
 */
function ordered<Q extends { orderBy(expr: RawBuilder<unknown>): Q }>(query: Q, model: EntityModel, plan: ReadPlan, reverse = false): Q {
  const { field } = plan.sort;
  const asc = (plan.sort.order === 'asc') !== reverse;
  const id = column(model, model.idField.column);
  const byId = query.orderBy(sql`${id} ${sql.raw(asc ? 'asc' : 'desc')}`);
  if (field === model.idField) return byId;
  const col = column(model, sortColumnOf(model, field));
  return query.orderBy(sql`${col} ${sql.raw(asc ? 'asc nulls first' : 'desc nulls last')}`).orderBy(sql`${id} ${sql.raw(asc ? 'asc' : 'desc')}`);
}

/**
 * The rows past a cursor, as index-friendly conditions tried in turn: the rest of the cursor's own part
 * (empty values, or values), then the whole other part when the order reaches it after the cursor's.
 * `(col, id) > (v, k)` is a row comparison a btree index takes as its start.
 */
function keysetParts(model: EntityModel, plan: ReadPlan, cursor: KeyCursor): RawBuilder<SqlBool>[] {
  const forward = (plan.sort.order === 'asc') === (cursor.direction === 'after');
  const cmp = sql.raw(forward ? '>' : '<');
  const id = column(model, model.idField.column);
  const { field } = plan.sort;
  if (field === model.idField) return [sql<SqlBool>`${id} ${cmp} ${cursor.id}`];
  const col = column(model, sortColumnOf(model, field));
  if (cursor.value === null) {
    const rest = sql<SqlBool>`${col} is null and ${id} ${cmp} ${cursor.id}`;
    return forward ? [rest, sql<SqlBool>`${col} is not null`] : [rest];
  }
  const rest = sql<SqlBool>`(${col}, ${id}) ${cmp} (${cursor.value}, ${cursor.id})`;
  return forward ? [rest] : [rest, sql<SqlBool>`${col} is null`];
}

/** Up to `limit` rows past the cursor, in the list's order. */
async function keysetRows(base: Matching, model: EntityModel, plan: ReadPlan, cursor: KeyCursor, limit: number): Promise<DbRow[]> {
  const reverse = cursor.direction === 'before';
  const rows: DbRow[] = [];
  for (const part of keysetParts(model, plan, cursor)) {
    if (rows.length >= limit) break;
    rows.push(...(await ordered(base.where(part).select(selection(model, plan)), model, plan, reverse).limit(limit - rows.length).execute()));
  }
  return reverse ? rows.reverse() : rows;
}

/** The cursor of a row (pageInfo.next / prev, export batches): its sort value and key. */
export const cursorOf = (model: EntityModel, plan: ReadPlan, row: DbRow): string =>
  encodeCursor(plan.sort, row[sortColumnOf(model, plan.sort.field)], row[model.idField.column]);

const keyOf = (model: EntityModel, plan: ReadPlan, row: DbRow): KeyCursor => {
  const value = row[sortColumnOf(model, plan.sort.field)];
  return { direction: 'after', value: value instanceof Date ? value.toISOString() : (value ?? null), id: String(row[model.idField.column]) };
};

/** The planner's row estimate of a query (EXPLAIN, nothing run). */
async function estimatedRows(db: DynamicDb, query: Matching): Promise<number> {
  const probe = query.select(sql<number>`1`.as('one')).compile();
  const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`explain (format json) ${probe.sql}`, [...probe.parameters]));
  const cell = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan?: { 'Plan Rows'?: number } }>;
  return Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * A text search (keyword or contains-filter) counts exactly up to this many rows; past it (by the
 * planner's estimate, or counted up to it) the count is the estimate. The page of a common term ("王", "钢筋") is 20 rows off the sort index, but counting its
 * tens of thousands of matches would cost more than the page.
 */
export const EXACT_SEARCH_COUNT_UP_TO = 10_000;

const searching = (plan: ReadPlan) => plan.keyword !== '' || plan.filters.some((f) => f.operator === 'contains');

/** The exact count while it is cheap; past `estimateAbove` rows (by the planner's estimate) that estimate. */
async function countRows(db: DynamicDb, base: Matching, plan: ReadPlan, estimateAbove: number): Promise<{ total: number; estimated: boolean }> {
  const estimate = await estimatedRows(db, base);
  if (estimate > estimateAbove) return { total: Math.round(estimate), estimated: true };
  if (searching(plan)) {
    const cap = Math.min(estimateAbove, EXACT_SEARCH_COUNT_UP_TO);
    // Past the cap by the estimate: counting even the cap's rows would cost more than the page (王: 40,000).
    if (estimate > cap) return { total: Math.round(estimate), estimated: true };
    const capped = await db
      .selectFrom(base.select(sql<number>`1`.as('one')).limit(cap + 1).as('found'))
      .select(sql<string | number>`count(*)`.as('n'))
      .executeTakeFirst();
    const n = Number(capped?.n ?? 0);
    return n > cap ? { total: Math.max(Math.round(estimate), n), estimated: true } : { total: n, estimated: false };
  }
  const counted = await base.select(sql<string | number>`count(*)`.as('n')).executeTakeFirst();
  return { total: Number(counted?.n ?? 0), estimated: false };
}

/** From this offset on, a page is read as keys first, then its rows by key (a deferred join). */
export const DEFERRED_OFFSET_FROM = 1000;

/**
 * `limit` rows from `offset` in the list's order. A deep page (a user jumping to page 25,000) skips its
 * offset over the keys only: the sort index holds the sort value, the key and the scope column, so the
 * walk is index-only and the skipped rows are never read; then the page's own rows are fetched by key.
 * Reading whole rows while skipping cost a heap visit per skipped row (1.1 s at offset 500,000).
 */
async function offsetRows(db: DynamicDb, base: Matching, model: EntityModel, plan: ReadPlan, limit: number, offset: number): Promise<DbRow[]> {
  if (offset < DEFERRED_OFFSET_FROM) return ordered(base.select(selection(model, plan)), model, plan).limit(limit).offset(offset).execute();
  const id = column(model, model.idField.column);
  const keys = ordered(base.select(id.as('key')), model, plan).limit(limit).offset(offset);
  return ordered(db.selectFrom(model.table).where(sql<SqlBool>`${id} in (${keys})`).select(selection(model, plan)), model, plan).execute();
}

export type ListRows = {
  rows: DbRow[];
  total: number;
  estimated: boolean;
  /** More rows past the page in the direction read (after a cursor or an offset: next; before one: previous). */
  more: boolean;
  next?: string;
  prev?: string;
};

export async function listRows(
  kysely: Kysely<Database>,
  model: EntityModel,
  visible: Expression<SqlBool>,
  plan: ListPlan,
  estimateAbove: number = ESTIMATE_COUNT_ABOVE,
): Promise<ListRows> {
  const db = dynamicDb(kysely);
  const base = matching(db, model, visible, plan);
  // One row more than the page tells whether another page follows, whatever the count says.
  const reading = plan.cursor ? keysetRows(base, model, plan, plan.cursor, plan.size + 1) : offsetRows(db, base, model, plan, plan.size + 1, plan.index * plan.size);
  const [all, count] = await Promise.all([reading, countRows(db, base, plan, estimateAbove)]);
  const more = all.length > plan.size;
  const rows = !more ? all : plan.cursor?.direction === 'before' ? all.slice(1) : all.slice(0, plan.size);
  const ends = rows.length ? { prev: cursorOf(model, plan, rows[0]), next: cursorOf(model, plan, rows[rows.length - 1]) } : {};
  return { rows, ...count, more, ...ends };
}

/** Every matching row in the list's order, in keyset batches: memory stays flat however many there are. */
export async function* rowBatches(
  kysely: Kysely<Database>,
  model: EntityModel,
  visible: Expression<SqlBool>,
  plan: ReadPlan,
  batch: number = EXPORT_BATCH,
): AsyncGenerator<DbRow[]> {
  const base = matching(dynamicDb(kysely), model, visible, plan);
  let cursor: KeyCursor | undefined;
  for (;;) {
    const rows = cursor ? await keysetRows(base, model, plan, cursor, batch) : await ordered(base.select(selection(model, plan)), model, plan).limit(batch).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    cursor = keyOf(model, plan, rows[rows.length - 1]);
  }
}

const byId = (model: EntityModel, id: string) => sql<SqlBool>`${sql.ref(model.idField.column)} = ${id}`;

export async function findRow(db: DynamicDb, model: EntityModel, visible: Expression<SqlBool>, id: string): Promise<DbRow | undefined> {
  return db.selectFrom(model.table).where(visible).where(byId(model, id)).select(selection(model)).executeTakeFirst();
}

/** A visible row, locked for the rest of the transaction (a delete checks what refers to it). */
export async function lockRow(db: DynamicDb, model: EntityModel, visible: Expression<SqlBool>, id: string): Promise<DbRow | undefined> {
  return db.selectFrom(model.table).where(visible).where(byId(model, id)).select(selection(model)).forUpdate().executeTakeFirst();
}

export async function insertRow(db: DynamicDb, model: EntityModel, values: DbRow): Promise<string> {
  const row = await db
    .insertInto(model.table)
    .values(withSortKeys(model.sortKeyed, values))
    .returning(sql.ref(model.idField.column).as('id'))
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/**
 * Updates a visible row; on an engine table the version is raised, and with `version` the row must still
 * hold it (optimistic concurrency: a stale version updates nothing and answers false).
 */
export async function updateRow(db: DynamicDb, model: EntityModel, visible: Expression<SqlBool>, id: string, values: DbRow, version?: number): Promise<boolean> {
  // Platform tables keep no engine system columns; an update of nothing but hook-kept fields is a no-op.
  const v = sql.ref(SYSTEM_COLUMNS.version);
  const keyed = withSortKeys(model.sortKeyed, values);
  const set = model.platform ? keyed : { ...keyed, [SYSTEM_COLUMNS.updatedAt]: sql`now()`, [SYSTEM_COLUMNS.version]: sql`${v} + 1` };
  if (Object.keys(set).length === 0) return (await findRow(db, model, visible, id)) !== undefined;
  let query = db.updateTable(model.table).set(set).where(visible).where(byId(model, id));
  if (version !== undefined && !model.platform) query = query.where(sql<SqlBool>`${v} = ${version}`);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** §7.6 ModifyIfDel: soft delete sets if_del = 1; without `softDelete` the row is removed. */
export async function deleteRow(db: DynamicDb, model: EntityModel, visible: Expression<SqlBool>, id: string): Promise<boolean> {
  if (model.entity.softDelete) return updateRow(db, model, visible, id, { [SYSTEM_COLUMNS.ifDel]: 1 });
  const result = await db.deleteFrom(model.table).where(visible).where(byId(model, id)).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** One aggregate of a statistics read (server/engine/statistics.ts): its answer name, function, field and row condition. */
export type Aggregate = {
  name: string;
  fn: 'count' | 'sum' | 'avg' | 'min' | 'max' | 'days';
  field?: ModelField;
  where?: { field: ModelField; value: unknown; operator?: StatisticsWhereOperator };
};

const AGGREGATES = { count: 'count', sum: 'sum', avg: 'avg', min: 'min', max: 'max' } as const;
const COMPARISONS: Record<StatisticsWhereOperator, string> = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** A datetime's CST day as text (`2026-11-25`), a date's text: the key of a day. */
const dayOf = (field: ModelField) =>
  field.type === 'datetime' ? sql`to_char(${sql.ref(field.column)} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')` : sql`${sql.ref(field.column)}::text`;

/**
 * The aggregates of the rows a list with this plan would show, over all of them or per value of `group`
 * (a datetime per CST day), groups in order of their key, at most `limit`.
 */
export async function aggregateRows(
  db: DynamicDb,
  model: EntityModel,
  visible: Expression<SqlBool>,
  plan: ReadPlan,
  group: { field: ModelField; byDay: boolean } | null,
  measures: readonly Aggregate[],
  limit: number,
): Promise<DbRow[]> {
  const figures = measures.map((m) => {
    const filter = m.where
      ? sql` filter (where ${sql.ref(m.where.field.column)} ${sql.raw(COMPARISONS[m.where.operator ?? 'eq'])} ${m.where.value})`
      : sql``;
    if (m.fn === 'days' && m.field) return sql`count(distinct ${dayOf(m.field)})${filter}`.as(m.name);
    const argument = m.fn === 'count' || m.fn === 'days' || !m.field ? sql`*` : sql.ref(m.field.column);
    return sql`${sql.raw(AGGREGATES[m.fn === 'days' ? 'count' : m.fn])}(${argument})${filter}`.as(m.name);
  });
  const base = matching(db, model, visible, plan);
  if (!group) return (await base.select(figures).execute()) as DbRow[];
  const key = group.byDay || group.field.type === 'date' ? dayOf(group.field) : sql`${sql.ref(group.field.column)}`;
  return (await base.select([key.as('key'), ...figures]).groupBy(key).orderBy(key).limit(limit).execute()) as DbRow[];
}
