// SQL of the generic endpoints, built with Kysely only: table and column names come from the entity
// model (sql.ref / table builders), every value is a bound parameter (architecture §5).
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import { dynamicDb, type DynamicDb } from './dynamic-db';
import type { ListPlan, PlannedFilter } from './list-params';
import { SYSTEM_COLUMNS, type EntityModel } from './model';
import type { DbRow } from './row-codec';

/** Export reads every matching row, up to this many (an .xlsx sheet holds 1,048,576). */
export const EXPORT_LIMIT = 50_000;

/** Columns of the answer; dates as text so no driver shifts them to some zone's midnight. */
function selection(model: EntityModel) {
  return model.selected.map((f) =>
    f.type === 'date' ? sql<string>`${sql.ref(f.column)}::text`.as(f.column) : sql.ref(f.column).as(f.column),
  );
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterCondition({ field, operator, value }: PlannedFilter): RawBuilder<SqlBool> {
  const col = sql.ref(field.column);
  switch (operator) {
    case 'eq':
      return sql<SqlBool>`${col} = ${value}`;
    case 'in':
      return sql<SqlBool>`${col} in (${sql.join(value as unknown[])})`;
    case 'contains':
      return sql<SqlBool>`${col} ilike ${`%${escapeLike(value as string)}%`}`;
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
  const pattern = `%${escapeLike(keyword)}%`;
  return sql<SqlBool>`(${sql.join(
    searchable.map((f) => sql`${sql.ref(f.column)}::text ilike ${pattern}`),
    sql` or `,
  )})`;
}

function matching(db: DynamicDb, model: EntityModel, visible: Expression<SqlBool>, plan: Omit<ListPlan, 'index' | 'size'>) {
  let query = db.selectFrom(model.table).where(visible);
  for (const f of plan.filters) query = query.where(filterCondition(f));
  const keyword = keywordCondition(model, plan.keyword, plan.unseen);
  if (keyword) query = query.where(keyword);
  return query;
}

/** Sort field first, then the key, so pages never overlap; `order` is 'asc' or 'desc' (list-params.ts). */
function ordered<Q extends { orderBy(expr: RawBuilder<unknown>): Q }>(query: Q, model: EntityModel, plan: Omit<ListPlan, 'index' | 'size'>): Q {
  const { field, order } = plan.sort;
  const sorted = query.orderBy(sql`${sql.ref(field.column)} ${sql.raw(order)} nulls last`);
  return field === model.idField ? sorted : sorted.orderBy(sql`${sql.ref(model.idField.column)} ${sql.raw(order)}`);
}

export async function listRows(
  kysely: Kysely<Database>,
  model: EntityModel,
  visible: Expression<SqlBool>,
  plan: ListPlan,
): Promise<{ rows: DbRow[]; total: number }> {
  const base = matching(dynamicDb(kysely), model, visible, plan);
  const counted = await base.select(sql<string | number>`count(*)`.as('n')).executeTakeFirst();
  const rows = await ordered(base.select(selection(model)), model, plan)
    .limit(plan.size)
    .offset(plan.index * plan.size)
    .execute();
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function allRows(kysely: Kysely<Database>, model: EntityModel, visible: Expression<SqlBool>, plan: Omit<ListPlan, 'index' | 'size'>): Promise<DbRow[]> {
  return ordered(matching(dynamicDb(kysely), model, visible, plan).select(selection(model)), model, plan).limit(EXPORT_LIMIT).execute();
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
    .values(values)
    .returning(sql.ref(model.idField.column).as('id'))
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export async function updateRow(db: DynamicDb, model: EntityModel, visible: Expression<SqlBool>, id: string, values: DbRow): Promise<boolean> {
  // Platform tables keep no engine system columns; an update of nothing but hook-kept fields is a no-op.
  const set = model.platform ? values : { ...values, [SYSTEM_COLUMNS.updatedAt]: sql`now()` };
  if (Object.keys(set).length === 0) return (await findRow(db, model, visible, id)) !== undefined;
  const result = await db
    .updateTable(model.table)
    .set(set)
    .where(visible)
    .where(byId(model, id))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** §7.6 ModifyIfDel: soft delete sets if_del = 1; without `softDelete` the row is removed. */
export async function deleteRow(db: DynamicDb, model: EntityModel, visible: Expression<SqlBool>, id: string): Promise<boolean> {
  if (model.entity.softDelete) return updateRow(db, model, visible, id, { [SYSTEM_COLUMNS.ifDel]: 1 });
  const result = await db.deleteFrom(model.table).where(visible).where(byId(model, id)).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
