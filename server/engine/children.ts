// Child collections (docs/metadata.md "Master–detail"): rows of another entity whose parentField holds a
// row's key, written with the row in its transaction and answered with its detail. The body carries each
// collection as an array: rows without an id are inserted, rows with one updated, stored rows not sent
// are deleted (through the delete rule). Each row goes through the child entity's own create, update or
// delete (validation, checkChange, references, scope); a refusal names the row (第2行：请输入姓名) and
// carries `{ child, row, field }` so the browser can place it (RowRefusal). Absent key: unchanged.
import { sql, type Kysely } from 'kysely';
import type { EntityChildren } from '../../common/metadata';
import type { SessionContext } from '../auth/session-context';
import type { Database } from '../db/schema';
import type { HookRow } from './hook-types';
import { answerRows, type EntityEngine } from './entity-engine';
import { maskPersonalRows } from './personal-data';
import { insertPrepared, modifyRow, prepareInsert, removeRow } from './entity-writes';
import { withinParentWrite } from './computed-fields';
import { BadRequest, FieldRefusal, Refusal, RowRefusal } from './errors';
import type { ListPlan } from './list-params';
import { ENGINE_MESSAGES } from './messages';
import { SYSTEM_COLUMNS, type EntityModel, type ModelField } from './model';
import { listRows, rowBatches } from './query';
import { idColumnOf, rowId } from './row-id';
import type { ApiRow } from './row-codec';
import { visibleRows } from './scope';

/** Rows of one collection when the entity declares no maxItems. */
export const MAX_CHILDREN = 2000;

export type ChildCollection = { spec: EntityChildren; engine: EntityEngine; parentField: ModelField; orderField?: ModelField };

/** The collections of an entity, with the child entities' engines. */
export function childCollections(engine: EntityEngine, engineOf: (name: string) => EntityEngine): ChildCollection[] {
  return (engine.model.entity.children ?? []).map((spec) => {
    const child = engineOf(spec.entity);
    const parentField = child.model.byName.get(spec.parentField);
    if (!parentField) throw new Error(`entity ${engine.model.entity.name}: children ${spec.name} names unknown field ${spec.parentField}`);
    const orderField = spec.orderField ? child.model.byName.get(spec.orderField) : undefined;
    return { spec, engine: child, parentField, ...(orderField ? { orderField } : {}) };
  });
}

export type SentChildren = Array<{ collection: ChildCollection; rows: Array<Record<string, unknown>> }>;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Takes the collections out of a create or update body. On create an absent collection is empty (its
 * minItems applies); on update it stays as stored.
 */
export function splitChildren(collections: readonly ChildCollection[], body: unknown, action: 'create' | 'update'): { body: unknown; sent: SentChildren } {
  if (collections.length === 0 || !isPlainObject(body)) return { body, sent: [] };
  const rest: Record<string, unknown> = { ...body };
  const sent: SentChildren = [];
  for (const collection of collections) {
    const { name, title, minItems, maxItems = MAX_CHILDREN } = collection.spec;
    if (!(name in rest) && action === 'update') continue;
    const rows = rest[name] ?? [];
    delete rest[name];
    if (!Array.isArray(rows) || !rows.every(isPlainObject)) throw new BadRequest(`字段 ${name} 必须是对象数组`, name);
    if (rows.length > maxItems) throw new Refusal(ENGINE_MESSAGES.childrenTooMany(title, maxItems));
    if (minItems !== undefined && rows.length < minItems) throw new Refusal(ENGINE_MESSAGES.childrenTooFew(title, minItems));
    sent.push({ collection, rows });
  }
  return { body: rest, sent };
}

/** A refusal of row `index` of collection `name`, naming the row and where it goes. */
function atRow(name: string, index: number, error: unknown): unknown {
  if (error instanceof RowRefusal) return error;
  const row = `第${index + 1}行：`;
  if (error instanceof FieldRefusal) return new RowRefusal(row + error.detail, { child: name, row: index, field: error.field });
  if (error instanceof Refusal) return new RowRefusal(row + error.detail, { child: name, row: index });
  if (error instanceof BadRequest) return new BadRequest(row + error.reason, error.field);
  return error;
}

/** Live child rows of a parent, locked for the write. */
async function storedIds(trx: Kysely<Database>, c: ChildCollection, parentId: string): Promise<string[]> {
  const { model } = c.engine;
  const live = model.entity.softDelete ? sql`and ${sql.ref(SYSTEM_COLUMNS.ifDel)} = 0` : sql``;
  const result = await sql<{ id: string }>`select ${sql.ref(SYSTEM_COLUMNS.id)}::text as id from ${sql.table(model.table)}
    where ${sql.ref(c.parentField.column)} = ${parentId} ${live} order by ${sql.ref(SYSTEM_COLUMNS.id)} for update`.execute(trx);
  return result.rows.map((r) => r.id);
}

const idKeys = (model: EntityModel) => [...new Set(['id', model.api.idParam, model.idField.wire].filter((k): k is string => !!k))];

/**
 * Writes the sent collections of parent `parentId` (its field values `parent`) in the parent's transaction:
 * removals first (a removed row frees what it held), then rows in order.
 */
export async function writeChildren(session: SessionContext, trx: Kysely<Database>, parentId: string, parent: HookRow, sent: SentChildren): Promise<void> {
  for (const { collection, rows } of sent) {
    const engine: EntityEngine = withinParentWrite({ ...collection.engine, db: trx });
    const { model } = engine;
    const { name, inherit = [] } = collection.spec;
    const stored = await storedIds(trx, collection, parentId);
    const sentIds = rows.map((row) => idKeys(model).map((k) => row[k]).find((v) => v !== undefined && v !== null && v !== ''));
    const kept = new Set<string>();
    sentIds.forEach((raw, i) => {
      if (raw === undefined) return;
      const id = rowId(raw, idColumnOf(model));
      if (id === null || !stored.includes(id) || kept.has(id)) throw atRow(name, i, new Refusal(ENGINE_MESSAGES.notFound));
      kept.add(id);
    });
    for (const id of stored.filter((s) => !kept.has(s))) {
      try {
        await removeRow(engine, session, { [model.api.idParam]: id });
      } catch (error) {
        throw error instanceof Refusal ? new Refusal(`${collection.spec.title}：${error.detail}`) : error;
      }
    }
    for (const [i, row] of rows.entries()) {
      const values: Record<string, unknown> = { ...row, [collection.parentField.name]: parentId };
      for (const k of idKeys(model)) delete values[k];
      for (const field of inherit) values[field] = parent[field] ?? null;
      if (collection.orderField) values[collection.orderField.name] = i + 1;
      try {
        const id = sentIds[i] === undefined ? undefined : String(sentIds[i]);
        if (id === undefined) await insertPrepared(engine, session, trx, await prepareInsert(engine, session, values));
        else await modifyRow(engine, session, { ...values, [model.api.idParam]: id });
      } catch (error) {
        throw atRow(name, i, error);
      }
    }
  }
}

const childPlan = (c: ChildCollection, parentId: string): Omit<ListPlan, 'index' | 'size'> => ({
  filters: [{ field: c.parentField, operator: 'eq', value: parentId }],
  keyword: '',
  sort: { field: c.orderField ?? c.engine.model.idField, order: 'asc' },
});

/** Every collection of a visible parent, each in order, for the detail (`{ <name>: rows }`). */
export async function readChildren(
  collections: readonly ChildCollection[],
  session: SessionContext,
  parentId: string,
  /** 'masked': personal data as lists show it (the read-only detail); 'full': as the field permissions allow (the edit form). */
  personal: 'masked' | 'full' = 'full',
): Promise<Record<string, ApiRow[]>> {
  const out: Record<string, ApiRow[]> = {};
  for (const c of collections) {
    const { engine } = c;
    const rows = [];
    for await (const batch of rowBatches(engine.db, engine.model, visibleRows(engine.model, { db: engine.db, session }), childPlan(c, parentId))) rows.push(...batch);
    const answered = await answerRows(engine, session, rows);
    out[c.spec.name] = personal === 'full' ? answered : maskPersonalRows(engine, answered);
  }
  return out;
}

/** One page of one collection (the detail's long child tables), personal data masked as in a list. */
export async function childPage(c: ChildCollection, session: SessionContext, parentId: string, index: number, size: number): Promise<{ rows: ApiRow[]; total: number }> {
  const { engine } = c;
  const { rows, total } = await listRows(engine.db, engine.model, visibleRows(engine.model, { db: engine.db, session }), { ...childPlan(c, parentId), index, size });
  return { rows: maskPersonalRows(engine, await answerRows(engine, session, rows)), total };
}
