// Batch actions (docs/metadata.md "Batch actions"): POST /api/<base>/BatchDelete `{ ids }`, BatchUpdate
// `{ ids, values }` and BatchCreate `{ rows, values? }`. Each row goes through its single action (delete
// rule, checkChange, validation, references, scope); the button was checked once before the body was
// read (routes.ts). `each`: every row in its own transaction, the good ones kept. `all-or-nothing`: one
// transaction with a savepoint per row; any failure rolls every row back, the others answering
// 同批有数据失败，本条未执行. The answer lists one result per row in request order (BatchResult).
import { sql } from 'kysely';
import { MESSAGES } from '../../common/constants';
import type { BatchMode, BatchResult } from '../../common/metadata';
import type { SessionContext } from '../auth/session-context';
import type { EntityEngine } from './entity-engine';
import { createRow, modifyRow, removeRow } from './entity-writes';
import { BadRequest, Refusal } from './errors';
import { ENGINE_MESSAGES } from './messages';
import { idColumnOf, rowId } from './row-id';

/** Rows of one batch request at most. */
export const BATCH_MAX = 500;

type Outcome = BatchResult['results'][number];
type Item = { key: { id: string } | { row: number }; run: (engine: EntityEngine) => Promise<unknown> };

/** Thrown inside the all-or-nothing transaction to roll it back once every row has been tried. */
class RolledBack extends Error {}

const reasonOf = (error: unknown): string => {
  if (error instanceof Refusal) return error.detail;
  if (error instanceof BadRequest) return `${MESSAGES.badRequest}：${error.reason}`;
  throw error;
};

const summary = (results: Outcome[]): BatchResult => {
  const succeeded = results.filter((r) => r.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
};

async function runBatch(engine: EntityEngine, mode: BatchMode, items: readonly Item[], done: string): Promise<BatchResult> {
  const results: Outcome[] = [];
  if (mode === 'each') {
    for (const item of items) {
      try {
        await item.run(engine);
        results.push({ ...item.key, ok: true, message: done });
      } catch (error) {
        results.push({ ...item.key, ok: false, message: reasonOf(error) });
      }
    }
    return summary(results);
  }
  try {
    await engine.db.transaction().execute(async (trx) => {
      const bound: EntityEngine = { ...engine, db: trx };
      for (const item of items) {
        await sql`savepoint batch_row`.execute(trx);
        try {
          await item.run(bound);
          await sql`release savepoint batch_row`.execute(trx);
          results.push({ ...item.key, ok: true, message: done });
        } catch (error) {
          await sql`rollback to savepoint batch_row`.execute(trx);
          results.push({ ...item.key, ok: false, message: reasonOf(error) });
        }
      }
      if (results.some((r) => !r.ok)) throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
    return summary(results.map((r) => (r.ok ? { ...r, ok: false, message: ENGINE_MESSAGES.batchRolledBack } : r)));
  }
  return summary(results);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function listOf(body: unknown, key: string): unknown[] {
  const list = isPlainObject(body) ? body[key] : undefined;
  if (!Array.isArray(list)) throw new BadRequest(`字段 ${key} 必须是数组`, key);
  if (list.length === 0) throw new Refusal(ENGINE_MESSAGES.batchEmpty);
  if (list.length > BATCH_MAX) throw new Refusal(ENGINE_MESSAGES.batchTooMany(BATCH_MAX));
  return list;
}

/** The ids of a batch, distinct, in order; one naming no row is a 400 (as the single action's would not be found). */
function idsOf(engine: EntityEngine, body: unknown): string[] {
  const ids = listOf(body, 'ids').map((raw) => {
    const id = rowId(raw, idColumnOf(engine.model));
    if (id === null) throw new BadRequest('字段 ids 含有无效的编号', 'ids');
    return id;
  });
  return [...new Set(ids)];
}

export async function batchDelete(engine: EntityEngine, session: SessionContext, mode: BatchMode, body: unknown): Promise<BatchResult> {
  const { idParam } = engine.model.api;
  const items = idsOf(engine, body).map((id): Item => ({ key: { id }, run: (e) => removeRow(e, session, { [idParam]: id }) }));
  return runBatch(engine, mode, items, ENGINE_MESSAGES.deleted);
}

/** The same values on every row; only the entity's batch update fields (field or wire names). */
export async function batchUpdate(engine: EntityEngine, session: SessionContext, spec: { mode: BatchMode; fields: readonly string[] }, body: unknown): Promise<BatchResult> {
  const ids = idsOf(engine, body);
  const values = isPlainObject(body) ? body.values : undefined;
  if (!isPlainObject(values) || Object.keys(values).length === 0) throw new BadRequest('字段 values 必须是非空对象', 'values');
  for (const key of Object.keys(values)) {
    const field = engine.model.byInput.get(key);
    if (!field || !spec.fields.includes(field.name)) throw new BadRequest(`不支持的字段 ${key}`, key);
  }
  const { idParam } = engine.model.api;
  const items = ids.map((id): Item => ({ key: { id }, run: (e) => modifyRow(e, session, { ...values, [idParam]: id }) }));
  return runBatch(engine, spec.mode, items, ENGINE_MESSAGES.saved);
}

/** Several new rows; `values` (e.g. the shared parent) are merged into each, a row's own values winning. */
export async function batchCreate(engine: EntityEngine, session: SessionContext, mode: BatchMode, body: unknown): Promise<BatchResult> {
  const rows = listOf(body, 'rows');
  const shared = isPlainObject(body) && body.values !== undefined ? body.values : {};
  if (!isPlainObject(shared)) throw new BadRequest('字段 values 必须是对象', 'values');
  if (!rows.every(isPlainObject)) throw new BadRequest('字段 rows 必须是对象数组', 'rows');
  const items = rows.map((row, i): Item => ({ key: { row: i }, run: (e) => createRow(e, session, { ...shared, ...row }) }));
  return runBatch(engine, mode, items, ENGINE_MESSAGES.saved);
}
