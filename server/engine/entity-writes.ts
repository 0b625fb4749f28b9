// create, update and delete of the generic protocol (docs/metadata.md): validate (ajv, §5.1 order),
// run the beforeWrite hook, check references and the session's scope, then write in one transaction
// with the afterWrite hook, and keep the write only if its row is still one the caller sees. Access
// (§6) was checked before the body was read (routes.ts).
import type { Kysely } from 'kysely';
import { afterMessage, firstOrderBreak } from '../../common/metadata/field-order';
import type { SessionContext } from '../auth/session-context';
import type { Database } from '../db/schema';
import type { HookRow, RowChange, WriteAction } from './hook-types';
import { recordChange, type AuditAction, type FieldChange } from './audit-trail';
import { changeLabeller } from './change-labels';
import { constraintRefusal } from './constraints';
import { answerRow, hookContext, rightsOf, type EntityEngine } from './entity-engine';
import { checkWritable, type FieldRights } from './field-rights';
import { applyFormulas } from './computed-fields';
import { BadRequest, FieldRefusal, Refusal } from './errors';
import { dynamicDb } from './dynamic-db';
import { checkFileFields, linkFilesToProject } from './file-fields';
import { ENGINE_MESSAGES, ruleMessage } from './messages';
import { SYSTEM_COLUMNS, writableFields, type EntityModel, type ModelField } from './model';
import { applyDeletePlan, lockReferenced, planDelete } from './delete-rule';
import { assignNumbers } from './numbering';
import { deleteRow, findRow, insertRow, lockRow, updateRow } from './query';
import { checkReferences } from './references';
import { idColumnOf, rowId } from './row-id';
import { toApiRow, toDbValues, type ApiRow, type DbRow } from './row-codec';
import { scopeValues, visibleRows } from './scope';
import { readVersion, readWriteInput, type WriteInput } from './write-input';

/** `after` rules (common/metadata/field-order.ts): the first field in schema order lying before its partner is refused. */
function checkOrder(model: EntityEngine['model'], row: Record<string, unknown>): void {
  const broken = firstOrderBreak(model.fields, row);
  if (broken) throw new FieldRefusal(afterMessage(broken.field, broken.other), broken.field.name);
}

/** What a hook may write: the fields the client sent (possibly adjusted) and the readOnly fields it fills. */
function written(engine: EntityEngine, sent: Record<string, unknown>, hooked: HookRow): Record<string, unknown> {
  const keep = (name: string) => name in sent || engine.model.byName.get(name)?.readOnly === true;
  return Object.fromEntries(Object.entries(hooked).filter(([name]) => engine.model.byName.has(name) && keep(name)));
}

const runBeforeWrite = async (engine: EntityEngine, session: SessionContext, row: HookRow, action: WriteAction): Promise<HookRow> =>
  engine.hooks.beforeWrite ? engine.hooks.beforeWrite(row, hookContext(engine, session), action) : row;

/**
 * The workflow's `editableIn` / `deletableIn` (docs/metadata.md "Workflows"), then the entity's checkChange
 * hook (docs/metadata.md hooks): may the caller make this change at all?
 */
export async function checkChange(engine: EntityEngine, session: SessionContext, change: RowChange): Promise<void> {
  const workflow = engine.model.entity.workflow;
  if (workflow && change.before && (change.action === 'update' || change.action === 'delete')) {
    const allowed = change.action === 'update' ? workflow.editableIn : workflow.deletableIn;
    const state = String(change.before[workflow.field] ?? '');
    if (allowed && !allowed.includes(state)) {
      const label = workflow.states.find((s) => s.value === state)?.label ?? state;
      throw new Refusal(change.action === 'update' ? ENGINE_MESSAGES.notEditableIn(label) : ENGINE_MESSAGES.notDeletableIn(label));
    }
  }
  if (engine.hooks.checkChange) await engine.hooks.checkChange(change, hookContext(engine, session));
}

/** A stored row in the form hooks and validators use: field names, json fields parsed. */
export function hookRowOf(engine: EntityEngine, row: DbRow): HookRow {
  const api = toApiRow(engine.model, row);
  for (const f of engine.model.fields) {
    if (f.type === 'json' && typeof api[f.name] === 'string') api[f.name] = JSON.parse(api[f.name] as string);
  }
  return api;
}

/**
 * A create that names no field at all (`{}`) is a mistake, not a request for every default: its required
 * fields are answered as missing (请输入…) instead of being filled from their defaults — those the caller
 * may write. A required field it may not write (hidden by a viewAction, or an editAction it lacks) takes
 * its declared default, as in any create without it (the schema check insists on one).
 */
function emptyCreateNamesRequired(model: EntityModel, input: WriteInput, rights: FieldRights): WriteInput {
  if (Object.keys(input.values).length > 0) return input;
  const writes = (f: ModelField) => rights.get(f.name)?.create ?? true;
  return { ...input, values: Object.fromEntries(writableFields(model).filter((f) => f.required && writes(f)).map((f) => [f.name, null])) };
}

/** A prepared insert: the column values, and the field values hooks see (virtual fields included). */
export type PreparedInsert = { columns: DbRow; row: HookRow };

/** Validated, hook-completed, reference-checked and scoped values of a new row (shared with import). */
export async function prepareInsert(engine: EntityEngine, session: SessionContext, body: unknown): Promise<PreparedInsert> {
  const rights = rightsOf(engine, session);
  const input = emptyCreateNamesRequired(engine.model, readWriteInput(engine.model, body), rights);
  // Field permissions before the rules: a field one may not write is refused as such (field-rights.ts).
  // One it may not write and does not send gets its declared default (validator.ts), so a required
  // field hidden from this caller is still filled.
  checkWritable(engine.model, rights, input.values, 'create');
  const values = engine.validate.create(input);
  checkOrder(engine.model, values);
  await checkChange(engine, session, { action: 'create', before: null, values });
  const row = written(engine, values, await runBeforeWrite(engine, session, values, 'create'));
  // The project first: a row of a project one cannot see is refused as such, before what it points at.
  const scope = await scopeValues(engine.model, row, 'create', { db: engine.db, session });
  await checkReferences(engine.model, row, null, engine.db, session, engine.references);
  await checkFileFields(engine.model, row, null, engine.db, session);
  const system = engine.model.platform ? {} : { [SYSTEM_COLUMNS.createdBy]: session.user.id };
  return { columns: { ...toDbValues(engine.model, row), ...scope, ...system }, row };
}

/**
 * Runs a write in one transaction; constraint errors become Chinese refusals (constraints.ts). Inside,
 * hooks get the transaction as their `db`, so a hook's refusal undoes the row too.
 */
export async function inTransaction<T>(engine: EntityEngine, action: 'write' | 'delete', work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  try {
    // An engine bound to a transaction (a parent's children, an all-or-nothing batch) writes inside it.
    if (engine.db.isTransaction) return await work(engine.db);
    return await engine.db.transaction().execute(work);
  } catch (error) {
    throw constraintRefusal(engine.model, error, action) ?? error;
  }
}

/** The afterWrite hook, then the check that the caller still sees the row (else the write is undone). */
async function finishWrite(engine: EntityEngine, session: SessionContext, trx: Kysely<Database>, row: HookRow, id: string, action: WriteAction): Promise<void> {
  if (engine.hooks.afterWrite) await engine.hooks.afterWrite({ ...row, [engine.model.idField.name]: id }, hookContext(engine, session, trx), action);
  const visible = visibleRows(engine.model, { db: engine.db, session });
  if (!(await findRow(dynamicDb(trx), engine.model, visible, id))) throw new Refusal(ENGINE_MESSAGES.outOfScope);
  await linkFilesToProject(trx, engine.model, id, row);
}

/** The audit row of one engine change, in the change's transaction (audit-trail.ts); none when the trail is off. */
export async function recordEngineChange(
  engine: EntityEngine,
  session: SessionContext,
  trx: Kysely<Database>,
  change: { recordId: string; action: AuditAction; before?: HookRow | null; after?: HookRow | null; changes?: FieldChange[] },
): Promise<void> {
  if (!engine.auditTrail) return;
  const { entity } = engine.model;
  await recordChange(trx, {
    session,
    entity: { name: entity.name, title: entity.title, fields: engine.model.fields },
    // In words: codes, references, names, 是/否, dates and file names as they read now (change-labels.ts).
    label: await changeLabeller(engine, session, trx, change.before, change.after),
    ...change,
  });
}

/** Inserts prepared rows with their hooks in the given transaction (create, import). */
export async function insertPrepared(
  engine: EntityEngine,
  session: SessionContext,
  trx: Kysely<Database>,
  prepared: PreparedInsert,
  action: AuditAction = 'create',
  /** Its lines follow in this transaction (createRow's `also`): the formulas run once they are written. */
  linesFollow = false,
): Promise<string> {
  await lockReferenced(trx, engine.graph, engine.model, prepared.columns);
  // Numbering rules (numbering.ts): the numbers come from this transaction, so a refused insert gives its number back.
  const columns = { ...prepared.columns };
  const row = { ...prepared.row, ...(await assignNumbers(trx, engine.model, columns)) };
  const id = await insertRow(dynamicDb(trx), engine.model, columns);
  if (!linesFollow) await applyFormulas(engine, trx, id);
  await finishWrite(engine, session, trx, row, id, 'create');
  await recordEngineChange(engine, session, trx, { recordId: id, action, before: null, after: row });
  return id;
}

async function readBack(engine: EntityEngine, session: SessionContext, id: string): Promise<ApiRow> {
  const row = await findRow(dynamicDb(engine.db), engine.model, visibleRows(engine.model, { db: engine.db, session }), id);
  if (!row) throw new Refusal(ENGINE_MESSAGES.notFound);
  return answerRow(engine, session, row);
}

/** More writes in a row's transaction once the row is written (its children, children.ts). */
export type AlsoWrite = (trx: Kysely<Database>, id: string, row: HookRow) => Promise<void>;

export async function createRow(engine: EntityEngine, session: SessionContext, body: unknown, also?: AlsoWrite): Promise<ApiRow> {
  const prepared = await prepareInsert(engine, session, body);
  const id = await inTransaction(engine, 'write', async (trx) => {
    const inserted = await insertPrepared(engine, session, trx, prepared, 'create', also !== undefined);
    if (also) await also(trx, inserted, prepared.row).then(() => applyFormulas(engine, trx, inserted));
    return inserted;
  });
  return readBack(engine, session, id);
}

/** A visible row by the id of a body or query (`rec_id`, `id` or the key's wire name); refused when absent. */
export async function visibleRow(engine: EntityEngine, session: SessionContext, idValue: unknown): Promise<{ id: string; row: DbRow }> {
  const id = rowId(idValue, idColumnOf(engine.model));
  const row = id === null ? undefined : await findRow(dynamicDb(engine.db), engine.model, visibleRows(engine.model, { db: engine.db, session }), id);
  if (!row || id === null) throw new Refusal(ENGINE_MESSAGES.notFound);
  return { id, row };
}

/**
 * Writes the given field values of a visible row (update, audit): references, scope, hooks, transaction.
 * `before` is the stored row (field names): references it already held are not checked again.
 */
export async function writeExisting(
  engine: EntityEngine,
  session: SessionContext,
  id: string,
  row: HookRow,
  before: HookRow | null = null,
  { action = 'update', version, also }: { action?: AuditAction; version?: number; also?: AlsoWrite } = {},
): Promise<ApiRow> {
  const { model } = engine;
  const scope = { db: engine.db, session };
  const scoped = await scopeValues(model, row, 'update', scope);
  await checkReferences(model, row, id, engine.db, session, engine.references, before);
  await checkFileFields(model, row, before, engine.db, session);
  const columns = { ...toDbValues(model, row), ...scoped };
  const kept = (name: string) => before !== null && name in before && String(before[name] ?? '') === String(row[name] ?? '');
  await inTransaction(engine, 'write', async (trx) => {
    await lockReferenced(trx, engine.graph, model, columns, (edge) => edge.field === undefined || !(edge.field.name in row) || kept(edge.field.name));
    if (!(await updateRow(dynamicDb(trx), model, visibleRows(model, scope), id, columns, version))) {
      throw await missedUpdate(engine, session, trx, id, version);
    }
    await finishWrite(engine, session, trx, row, id, 'update');
    await recordEngineChange(engine, session, trx, { recordId: id, action, before: before ?? {}, after: row });
    if (also) await also(trx, id, { ...before, ...row });
    await applyFormulas(engine, trx, id, before);
  });
  return readBack(engine, session, id);
}

/** Why an update touched no row: another client changed it first (a stale version), else it is gone. */
export async function missedUpdate(engine: EntityEngine, session: SessionContext, trx: Kysely<Database>, id: string, version: number | undefined): Promise<Refusal> {
  if (version === undefined) return new Refusal(ENGINE_MESSAGES.notFound);
  const still = await findRow(dynamicDb(trx), engine.model, visibleRows(engine.model, { db: engine.db, session }), id);
  return new Refusal(still ? ENGINE_MESSAGES.stale : ENGINE_MESSAGES.notFound);
}

/**
 * update, or a named patch (entity `patches`, e.g. §7.2 PCUpdateJiaoSe) when `only` lists its fields: then
 * the body carries exactly those fields (a missing one is its required message, another one a 400).
 */
export async function modifyRow(engine: EntityEngine, session: SessionContext, body: unknown, only?: readonly string[], also?: AlsoWrite): Promise<ApiRow> {
  const input = readWriteInput(engine.model, body);
  if (input.id === undefined) throw new BadRequest(`缺少字段 ${engine.model.api.idParam}`);
  if (only) {
    const other = Object.keys(input.values).find((name) => !only.includes(name));
    if (other) throw new BadRequest(`不支持的字段 ${input.sentAs[other] ?? other}`);
    const missing = only.map((name) => engine.model.byName.get(name)).find((f) => f && !(f.name in input.values));
    if (missing) throw new FieldRefusal(ruleMessage(missing, 'required'), missing.name);
  }
  checkWritable(engine.model, rightsOf(engine, session), input.values, 'update');
  const values = engine.validate.update(input);
  const { id, row: existing } = await visibleRow(engine, session, input.id);
  const before = hookRowOf(engine, existing);
  await checkChange(engine, session, { action: 'update', before, values });
  // Cross-field order against the stored row: an edited end date still may not precede the kept start.
  checkOrder(engine.model, { ...before, ...values });
  const row = written(engine, values, await runBeforeWrite(engine, session, { ...before, ...values }, 'update'));
  return writeExisting(engine, session, id, row, before, { action: only ? 'patch' : 'update', version: readVersion(input.version), also });
}

/**
 * §7.6 ModifyIfDel: `rec_id` and `if_del=1` (the only value accepted: there is no undelete). In one
 * transaction: the row is locked, what refers to it is counted (a refusal naming it, delete-rule.ts),
 * declared cascades are removed, then the row (or the entity's remove hook, which decides what goes).
 */
export async function removeRow(engine: EntityEngine, session: SessionContext, params: Record<string, unknown>): Promise<void> {
  const { model } = engine;
  const ifDel = params.if_del;
  if (ifDel !== undefined && String(ifDel) !== '1') throw new BadRequest('字段 if_del 取值无效');
  const { id, row: current } = await visibleRow(engine, session, params[model.api.idParam] ?? params.id);
  const visible = visibleRows(model, { db: engine.db, session });
  // The privilege check (hooks' checkChange) reads outside the transaction; the row is locked again inside.
  await checkChange(engine, session, { action: 'delete', before: hookRowOf(engine, current), values: {} });
  await inTransaction(engine, 'delete', async (trx) => {
    const row = await lockRow(dynamicDb(trx), model, visible, id);
    if (!row) throw new Refusal(ENGINE_MESSAGES.notFound);
    const plan = await planDelete(trx, engine.graph, model, id);
    await recordEngineChange(engine, session, trx, { recordId: id, action: 'delete', before: hookRowOf(engine, row), after: null });
    if (engine.hooks.remove) return engine.hooks.remove(hookRowOf(engine, row), hookContext(engine, session, trx));
    await applyDeletePlan(trx, plan);
    if (!(await deleteRow(dynamicDb(trx), model, visible, id))) throw new Refusal(ENGINE_MESSAGES.notFound);
    await applyFormulas(engine, trx, id, hookRowOf(engine, row));
  });
}
