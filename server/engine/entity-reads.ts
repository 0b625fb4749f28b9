// list, detail and export rows of the generic protocol (docs/metadata.md), always inside the session's
// scope (scope.ts) and without soft-deleted rows.
import { pageInfoOf, type PageInfo } from '../../common/envelope';
import type { SessionContext } from '../auth/session-context';
import { answerRow, answerRows, rightsOf, type EntityEngine } from './entity-engine';
import { unseen } from './field-rights';
import { Refusal } from './errors';
import { dynamicDb } from './dynamic-db';
import { planList, type ListParams } from './list-params';
import { ENGINE_MESSAGES } from './messages';
import { allRows, findRow, listRows } from './query';
import { idColumnOf, rowId } from './row-id';
import type { ApiRow } from './row-codec';
import { visibleRows } from './scope';

export async function listPage(engine: EntityEngine, session: SessionContext, params: ListParams): Promise<{ rows: ApiRow[]; pageInfo: PageInfo }> {
  const plan = planList(engine.model, params, unseen(rightsOf(engine, session)));
  const { rows, total } = await listRows(engine.db, engine.model, visibleRows(engine.model, { db: engine.db, session }), plan);
  return { rows: await answerRows(engine, session, rows), pageInfo: pageInfoOf(plan.index, plan.size, total) };
}

export async function exportRows(engine: EntityEngine, session: SessionContext, params: ListParams): Promise<ApiRow[]> {
  const plan = planList(engine.model, params, unseen(rightsOf(engine, session)));
  const rows = await allRows(engine.db, engine.model, visibleRows(engine.model, { db: engine.db, session }), plan);
  return answerRows(engine, session, rows);
}

export async function detailRow(engine: EntityEngine, session: SessionContext, params: Record<string, unknown>): Promise<ApiRow> {
  const id = rowId(params[engine.model.api.idParam] ?? params.id, idColumnOf(engine.model));
  const row = id === null ? undefined : await findRow(dynamicDb(engine.db), engine.model, visibleRows(engine.model, { db: engine.db, session }), id);
  if (!row) throw new Refusal(ENGINE_MESSAGES.notFound);
  return answerRow(engine, session, row);
}
