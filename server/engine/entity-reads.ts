// list, detail and export rows of the generic protocol (docs/metadata.md), always inside the session's
// scope (scope.ts) and without soft-deleted rows.
import type { Expression, SqlBool } from 'kysely';
import { pageInfoOf, type PageInfo } from '../../common/envelope';
import type { SessionContext } from '../auth/session-context';
import { answerRow, answerRows, rightsOf, type EntityEngine } from './entity-engine';
import { unseen } from './field-rights';
import { sheetLabels } from './labels';
import { maskPersonalRows } from './personal-data';
import { Refusal } from './errors';
import { dynamicDb } from './dynamic-db';
import { parseSums, planList, type ListParams, type ListPlan } from './list-params';
import type { ModelField } from './model';
import { ENGINE_MESSAGES } from './messages';
import { aggregateRows, findRow, listRows, rowBatches } from './query';
import { idColumnOf, rowId } from './row-id';
import type { ApiRow } from './row-codec';
import { readScope, visibleRows } from './scope';

/** The rows a read may see, the caller's projects bound as values (scope.ts readScope). */
const readable = async (engine: EntityEngine, session: SessionContext) =>
  visibleRows(engine.model, await readScope(engine.model, { db: engine.db, session }));

export async function listPage(engine: EntityEngine, session: SessionContext, params: ListParams): Promise<{ rows: ApiRow[]; pageInfo: PageInfo }> {
  const hidden = unseen(rightsOf(engine, session));
  const plan = planList(engine.model, params, hidden);
  const summed = parseSums(engine.model, params.sums, hidden);
  const visible = await readable(engine, session);
  const [page, sums] = await Promise.all([listRows(engine.db, engine.model, visible, plan, engine.estimateCountAbove), sumRows(engine, visible, plan, summed)]);
  const { index, size } = plan;
  const base = pageInfoOf(index, size, page.total);
  // The extra row read tells what follows in the direction read; the other side is known from the index.
  const hasNext = plan.cursor?.direction === 'before' ? true : page.more;
  const hasPrev = plan.cursor?.direction === 'before' ? page.more || index > 0 : index > 0;
  const pageInfo: PageInfo = {
    ...base,
    has_next: hasNext,
    has_prev: hasPrev,
    ...(page.estimated ? { estimated: true } : {}),
    ...(page.next ? { next: page.next } : {}),
    ...(page.prev ? { prev: page.prev } : {}),
    ...(sums ? { sums } : {}),
  };
  // Personal data as the list shows it (§5.6): masked in the answer too, for every caller; the edit form
  // reads the detail (docs/security-privilege.md "Personal data").
  return { rows: maskPersonalRows(engine, await answerRows(engine, session, page.rows)), pageInfo };
}

/** The sums of these fields over every row the list's plan matches (not only the page), by field name. */
async function sumRows(engine: EntityEngine, visible: Expression<SqlBool>, plan: ListPlan, fields: readonly ModelField[]): Promise<Record<string, number | null> | undefined> {
  if (fields.length === 0) return undefined;
  const measures = fields.map((field, i) => ({ name: `s${i}`, fn: 'sum' as const, field }));
  const [row] = await aggregateRows(dynamicDb(engine.db), engine.model, visible, plan, null, measures, 1);
  return Object.fromEntries(fields.map((f, i) => {
    const v = row?.[`s${i}`];
    return [f.name, v === null || v === undefined ? null : Number(v)];
  }));
}

/**
 * Every row an export holds, batch by batch, answered as the list answers them (personal data masked)
 * unless `personal` is 'full' (the caller holds 导出完整个人信息: field-rights.ts exportsPersonalData).
 * The plan is checked before the first batch, so a bad request is refused before any of the workbook is sent.
 */
export async function exportBatches(
  engine: EntityEngine,
  session: SessionContext,
  params: ListParams,
  personal: 'masked' | 'full' = 'masked',
): Promise<AsyncGenerator<ApiRow[]>> {
  const plan = planList(engine.model, params, unseen(rightsOf(engine, session)));
  const visible = await readable(engine, session);
  async function* answered(): AsyncGenerator<ApiRow[]> {
    for await (const rows of rowBatches(engine.db, engine.model, visible, plan)) {
      // As a sheet writes them: references by their rows' labels, uploads by their file names (labels.ts).
      const answeredRows = await sheetLabels(engine.db, session, engine.model, engine.catalog.entities ?? new Map(), await answerRows(engine, session, rows));
      yield personal === 'full' ? answeredRows : maskPersonalRows(engine, answeredRows);
    }
  }
  return answered();
}

export async function detailRow(engine: EntityEngine, session: SessionContext, params: Record<string, unknown>): Promise<ApiRow> {
  const id = rowId(params[engine.model.api.idParam] ?? params.id, idColumnOf(engine.model));
  const row = id === null ? undefined : await findRow(dynamicDb(engine.db), engine.model, await readable(engine, session), id);
  if (!row) throw new Refusal(ENGINE_MESSAGES.notFound);
  return answerRow(engine, session, row);
}
