// Workflows (docs/metadata.md "Workflows"): an entity's state field moves only through its declared
// transitions. One move: the transition's §6 button (402), a visible row (not found), a transition
// allowed from the row's state (当前状态“…”不能执行“…”), the row's version when sent (stale), the
// transition's fields (validated, required ones filled), the checkChange hook; then, in one transaction,
// the row locked and checked again, the state and fields written with the version raised, the history
// row, and the transition's named hook (whose refusal undoes all of it).
import type { Kysely } from 'kysely';
import { formatDateTime } from '../platform/time';
import { ROW_LABELS, ROW_VERSION } from '../../common/field-types';
import { DEFAULT_WORKFLOW_API, type BatchResult, type EntityWorkflow, type HistoryEntry, type WorkflowTransition } from '../../common/metadata';
import type { SessionContext } from '../auth/session-context';
import type { Database } from '../db/schema';
import type { TransitionHook } from './hook-types';
import { transitionHook } from './extensions';
import { checkButton } from './access';
import { answerRow, hookContext, type EntityEngine } from './entity-engine';
import { checkChange, hookRowOf, inTransaction, missedUpdate, recordEngineChange, visibleRow } from './entity-writes';
import { BadRequest, FieldRefusal, Refusal } from './errors';
import { dynamicDb } from './dynamic-db';
import { checkFileFields, linkFilesToProject } from './file-fields';
import { ENGINE_MESSAGES, ruleMessage } from './messages';
import { SYSTEM_COLUMNS, type ModelField } from './model';
import { findRow, lockRow, updateRow } from './query';
import { idColumnOf, rowId } from './row-id';
import { toDbValues, type ApiRow } from './row-codec';
import { visibleRows } from './scope';
import { compileValidator, type EntityValidator } from './validator';
import { ENVELOPE_FIELDS, readVersion } from './write-input';

/** A batch moves at most this many rows (one request, one result per row). */
export const MAX_BATCH = 200;
const COMMENT_MAX = 500;

export type WorkflowApiNames = Required<typeof DEFAULT_WORKFLOW_API>;

/** What the engine compiles once per workflow: the endpoint names, each transition's validator and hook. */
export type CompiledWorkflow = {
  workflow: EntityWorkflow;
  api: { transition: string; multiTransition: string; history: string };
  field: ModelField;
  stateLabel: (value: unknown) => string;
  transitions: ReadonlyMap<string, { transition: WorkflowTransition; fields: readonly ModelField[]; validate: EntityValidator; hook?: TransitionHook }>;
};

export function compileWorkflow(engine: Pick<EntityEngine, 'model' | 'dictionary'> & { lazyValidators?: boolean }): CompiledWorkflow | undefined {
  const { model } = engine;
  const workflow = model.entity.workflow;
  if (!workflow) return undefined;
  const field = model.byName.get(workflow.field);
  if (!field) throw new Error(`entity ${model.entity.name}: workflow names unknown field ${workflow.field}`);
  const codes = (name: string) => engine.dictionary(name)?.map((o) => o.xuHao);
  const labels = new Map(workflow.states.map((s) => [s.value, s.label]));
  const transitions = new Map(
    workflow.transitions.map((t) => {
      const fields = (t.fields ?? []).map((f) => model.byName.get(f.field)).filter((f): f is ModelField => f !== undefined);
      const validate = compileValidator(model, 'update', codes, fields, engine.lazyValidators);
      return [t.name, { transition: t, fields, validate, hook: transitionHook(model.entity.name, t.hook) }] as const;
    }),
  );
  return {
    workflow,
    api: { ...DEFAULT_WORKFLOW_API, ...workflow.api },
    field,
    stateLabel: (value) => labels.get(String(value ?? '')) ?? String(value ?? ''),
    transitions,
  };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

type Move = {
  step: NonNullable<ReturnType<CompiledWorkflow['transitions']['get']>>;
  values: Record<string, unknown>;
  comment: string;
};

/** The transition, its fields and the comment of a body; `extra` keys (id, version, ids) are the caller's. */
function readMove(engine: EntityEngine, wf: CompiledWorkflow, body: Record<string, unknown>, extra: ReadonlySet<string>): Move {
  const name = body.transition;
  if (typeof name !== 'string' || name === '') throw new BadRequest('缺少字段 transition');
  const step = wf.transitions.get(name);
  if (!step) throw new Refusal(ENGINE_MESSAGES.transitionUnknown);
  const comment = body.comment ?? '';
  if (typeof comment !== 'string') throw new BadRequest('字段 comment 类型错误');
  if (comment.length > COMMENT_MAX) throw new FieldRefusal(`备注不能超过${COMMENT_MAX}个字`, 'comment');
  const values: Record<string, unknown> = {};
  const sentAs: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (ENVELOPE_FIELDS.has(key) || key === ROW_LABELS || extra.has(key) || key === 'transition' || key === 'comment') continue;
    const field = engine.model.byInput.get(key);
    if (!field || !step.fields.includes(field)) throw new BadRequest(`不支持的字段 ${key}`);
    if (field.name in values && key !== field.name) continue;
    values[field.name] = value;
    sentAs[field.name] = key;
  }
  return { step, values, comment: comment.trim() };
}

/** The move's field values: validated by their rules, the transition's required ones filled. */
function movedValues(move: Move): Record<string, unknown> {
  const values = move.step.validate({ values: move.values, sentAs: {}, id: undefined });
  for (const f of move.step.transition.fields ?? []) {
    const v = values[f.field];
    if (f.required && (v === undefined || v === null || (typeof v === 'string' && v.trim() === ''))) {
      const field = move.step.fields.find((x) => x.name === f.field) as ModelField;
      throw new FieldRefusal(ruleMessage(field, 'required'), field.name);
    }
  }
  return values;
}

function checkFrom(wf: CompiledWorkflow, transition: WorkflowTransition, state: unknown): void {
  if (!transition.from.includes(String(state ?? ''))) {
    throw new Refusal(ENGINE_MESSAGES.transitionNotAllowed(wf.stateLabel(state), transition.label));
  }
}

/** One row's move after the transition's button was checked: the checks, then the transaction. */
async function moveRow(engine: EntityEngine, wf: CompiledWorkflow, session: SessionContext, idValue: unknown, version: number | undefined, move: Move): Promise<string> {
  const { model } = engine;
  const { transition } = move.step;
  const { id, row } = await visibleRow(engine, session, idValue);
  const before = hookRowOf(engine, row);
  // The state first: an illegal move is named as such, whatever was filled in.
  checkFrom(wf, transition, before[wf.field.name]);
  const stale = (current: unknown) => version !== undefined && Number(current) !== version;
  if (stale(row[SYSTEM_COLUMNS.version])) throw new Refusal(ENGINE_MESSAGES.stale);
  const filled = movedValues(move);
  // Photos and files a move fills are uploads of the caller's scope, as on any write (file-fields.ts).
  await checkFileFields(model, filled, before, engine.db, session);
  const values = { ...filled, [wf.field.name]: transition.to };
  await checkChange(engine, session, { action: 'transition', before, values, transition: transition.name });
  const visible = visibleRows(model, { db: engine.db, session });
  await inTransaction(engine, 'write', async (trx) => {
    const locked = await lockRow(dynamicDb(trx), model, visible, id);
    if (!locked) throw new Refusal(ENGINE_MESSAGES.notFound);
    // Another client may have moved or edited the row since it was read: checked again under the lock.
    if (stale(locked[SYSTEM_COLUMNS.version])) throw new Refusal(ENGINE_MESSAGES.stale);
    const lockedBefore = hookRowOf(engine, locked);
    checkFrom(wf, transition, lockedBefore[wf.field.name]);
    if (!(await updateRow(dynamicDb(trx), model, visible, id, toDbValues(model, values), version))) throw await missedUpdate(engine, session, trx, id, version);
    await linkFilesToProject(trx, model, id, filled);
    await writeHistory(trx, engine, session, id, transition, lockedBefore[wf.field.name], filled, move.comment);
    if (move.step.hook) await move.step.hook({ transition, id, before: lockedBefore, values }, hookContext(engine, session, trx));
    // The audit trail's row (docs/metadata.md "Audit trail"), in the same transaction as the move.
    await recordEngineChange(engine, session, trx, { recordId: id, action: 'transition', before: lockedBefore, after: { ...lockedBefore, ...values } });
  });
  return id;
}

async function writeHistory(
  trx: Kysely<Database>,
  engine: EntityEngine,
  session: SessionContext,
  id: string,
  transition: WorkflowTransition,
  from: unknown,
  fields: Record<string, unknown>,
  comment: string,
): Promise<void> {
  await trx
    .insertInto('workflow_history')
    .values({
      entity: engine.model.entity.name,
      record_id: id,
      company_id: session.companyId,
      transition: transition.name,
      from_state: String(from ?? ''),
      to_state: transition.to,
      fields: JSON.stringify(fields),
      comment,
      user_id: session.user.id,
      user_name: session.actorName ?? (session.user.real_name || session.user.user_name),
    })
    .execute();
}

/** POST <transition>: `{ rec_id, transition, version?, comment?, <fields> }` → the moved row. */
export async function transitionRow(engine: EntityEngine, wf: CompiledWorkflow, session: SessionContext, body: unknown): Promise<ApiRow> {
  if (!isPlainObject(body)) throw new BadRequest('请求体必须是 JSON 对象');
  const idKeys = new Set([engine.model.api.idParam, 'id', engine.model.idField.wire ?? engine.model.api.idParam, ROW_VERSION]);
  const move = readMove(engine, wf, body, idKeys);
  checkButton(engine.catalog.menu, session, engine.model.entity.permission, move.step.transition.action);
  const idValue = body[engine.model.api.idParam] ?? body.id ?? (engine.model.idField.wire ? body[engine.model.idField.wire] : undefined);
  if (idValue === undefined) throw new BadRequest(`缺少字段 ${engine.model.api.idParam}`);
  const id = await moveRow(engine, wf, session, idValue, readVersion(body[ROW_VERSION]), move);
  const row = await findRow(dynamicDb(engine.db), engine.model, visibleRows(engine.model, { db: engine.db, session }), id);
  if (!row) throw new Refusal(ENGINE_MESSAGES.notFound);
  return answerRow(engine, session, row);
}

/**
 * POST <multiTransition>: `{ ids: [...], transition, comment?, <fields> }`, row by row: each row moves
 * in its own transaction or is refused with its reason; the answer has one result per row.
 */
export async function transitionRows(engine: EntityEngine, wf: CompiledWorkflow, session: SessionContext, body: unknown): Promise<BatchResult> {
  if (!isPlainObject(body)) throw new BadRequest('请求体必须是 JSON 对象');
  const ids = body.ids;
  if (!Array.isArray(ids)) throw new BadRequest('缺少字段 ids');
  if (ids.length === 0) throw new Refusal(ENGINE_MESSAGES.batchEmpty);
  if (ids.length > MAX_BATCH) throw new Refusal(ENGINE_MESSAGES.batchTooMany(MAX_BATCH));
  if (ids.some((v) => typeof v !== 'string' && typeof v !== 'number')) throw new BadRequest('字段 ids 类型错误');
  const move = readMove(engine, wf, body, new Set(['ids']));
  checkButton(engine.catalog.menu, session, engine.model.entity.permission, move.step.transition.action);
  // The filled fields are the same for every row: a missing reason is one refusal, not one per row.
  movedValues(move);
  const results: BatchResult['results'] = [];
  for (const raw of [...new Set(ids.map(String))]) {
    try {
      await moveRow(engine, wf, session, raw, undefined, move);
      results.push({ id: raw, ok: true, message: ENGINE_MESSAGES.transitioned });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      results.push({ id: raw, ok: false, message: error.detail });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
}

/** GET <history>?rec_id=: the visible row's moves, oldest first. */
export async function rowHistory(engine: EntityEngine, wf: CompiledWorkflow, session: SessionContext, params: Record<string, unknown>): Promise<HistoryEntry[]> {
  const id = rowId(params[engine.model.api.idParam] ?? params.id, idColumnOf(engine.model));
  if (id === null) throw new Refusal(ENGINE_MESSAGES.notFound);
  await visibleRow(engine, session, id);
  const rows = await engine.db
    .selectFrom('workflow_history')
    .select(['id', 'transition', 'from_state', 'to_state', 'fields', 'comment', 'user_name', 'created_at'])
    .where('entity', '=', engine.model.entity.name)
    .where('record_id', '=', id)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    transition: r.transition,
    label: wf.transitions.get(r.transition)?.transition.label ?? r.transition,
    from: r.from_state,
    fromLabel: wf.stateLabel(r.from_state),
    to: r.to_state,
    toLabel: wf.stateLabel(r.to_state),
    fields: (typeof r.fields === 'string' ? JSON.parse(r.fields) : r.fields) as Record<string, unknown>,
    comment: r.comment,
    userName: r.user_name,
    time: formatDateTime(r.created_at),
  }));
}
