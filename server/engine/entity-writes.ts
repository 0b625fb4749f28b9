// create, update and delete of the generic protocol (docs/metadata.md): validate (ajv, §5.1 order),
// run the beforeWrite hook, apply the session's scope, write. Access (§6) was checked before the body
// was read (routes.ts).
import type { SessionContext } from '../auth/session-context';
import type { HookRow } from '../hooks/types';
import { answerRow, hookContext, type EntityEngine } from './entity-engine';
import { BadRequest, Refusal } from './errors';
import { dynamicDb } from './dynamic-db';
import { ENGINE_MESSAGES } from './messages';
import { SYSTEM_COLUMNS } from './model';
import { deleteRow, findRow, insertRow, updateRow } from './query';
import { rowId } from './row-id';
import { toApiRow, toDbValues, type ApiRow, type DbRow } from './row-codec';
import { scopeValues, visibleRows } from './scope';
import { readWriteInput } from './write-input';

/** What a hook may write: the fields the client sent (possibly adjusted) and the readOnly fields it fills. */
function written(engine: EntityEngine, sent: Record<string, unknown>, hooked: HookRow): Record<string, unknown> {
  const keep = (name: string) => name in sent || engine.model.byName.get(name)?.readOnly === true;
  return Object.fromEntries(Object.entries(hooked).filter(([name]) => engine.model.byName.has(name) && keep(name)));
}

const runBeforeWrite = async (engine: EntityEngine, session: SessionContext, row: HookRow): Promise<HookRow> =>
  engine.hooks.beforeWrite ? engine.hooks.beforeWrite(row, hookContext(engine, session)) : row;

/** A stored row in the form hooks and validators use: field names, json fields parsed. */
function hookRowOf(engine: EntityEngine, row: DbRow): HookRow {
  const api = toApiRow(engine.model, row);
  for (const f of engine.model.fields) {
    if (f.type === 'json' && typeof api[f.name] === 'string') api[f.name] = JSON.parse(api[f.name] as string);
  }
  return api;
}

/** Validated, hook-completed and scoped column values of a new row (shared with import). */
export async function prepareInsert(engine: EntityEngine, session: SessionContext, body: unknown): Promise<DbRow> {
  const values = engine.validate.create(readWriteInput(engine.model, body));
  const row = written(engine, values, await runBeforeWrite(engine, session, values));
  const scope = await scopeValues(engine.model, row, 'create', { db: engine.db, session });
  return { ...toDbValues(engine.model, row), ...scope, [SYSTEM_COLUMNS.createdBy]: session.user.id };
}

async function readBack(engine: EntityEngine, session: SessionContext, id: string): Promise<ApiRow> {
  const row = await findRow(dynamicDb(engine.db), engine.model, visibleRows(engine.model, { db: engine.db, session }), id);
  if (!row) throw new Refusal(ENGINE_MESSAGES.notFound);
  return answerRow(engine, session, row);
}

export async function createRow(engine: EntityEngine, session: SessionContext, body: unknown): Promise<ApiRow> {
  const values = await prepareInsert(engine, session, body);
  const id = await insertRow(dynamicDb(engine.db), engine.model, values);
  return readBack(engine, session, id);
}

export async function modifyRow(engine: EntityEngine, session: SessionContext, body: unknown): Promise<ApiRow> {
  const { model } = engine;
  const input = readWriteInput(model, body);
  if (input.id === undefined) throw new BadRequest(`缺少字段 ${model.api.idParam}`);
  const values = engine.validate.update(input);
  const id = rowId(input.id);
  const scope = { db: engine.db, session };
  const visible = visibleRows(model, scope);
  const db = dynamicDb(engine.db);
  const existing = id === null ? undefined : await findRow(db, model, visible, id);
  if (!existing || id === null) throw new Refusal(ENGINE_MESSAGES.notFound);
  const row = written(engine, values, await runBeforeWrite(engine, session, { ...hookRowOf(engine, existing), ...values }));
  const scoped = await scopeValues(model, row, 'update', scope);
  if (!(await updateRow(db, model, visible, id, { ...toDbValues(model, row), ...scoped }))) throw new Refusal(ENGINE_MESSAGES.notFound);
  return readBack(engine, session, id);
}

/** §7.6 ModifyIfDel: `rec_id` and `if_del=1` (the only value accepted: there is no undelete). */
export async function removeRow(engine: EntityEngine, session: SessionContext, params: Record<string, unknown>): Promise<void> {
  const { model } = engine;
  const ifDel = params.if_del;
  if (ifDel !== undefined && String(ifDel) !== '1') throw new BadRequest('字段 if_del 取值无效');
  const id = rowId(params[model.api.idParam] ?? params.id);
  const visible = visibleRows(model, { db: engine.db, session });
  if (id === null || !(await deleteRow(dynamicDb(engine.db), model, visible, id))) throw new Refusal(ENGINE_MESSAGES.notFound);
}
