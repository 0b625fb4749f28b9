// 变更记录 (docs/metadata.md "Audit trail"): GET /api/<base>/ChangeLog?rec_id= answers the audit rows of
// one row the caller sees (page permission, the row's scope), newest first, each with its field changes
// in words (labels recorded with the change, else resolved now: change-labels.ts).
import type { SessionContext } from '../auth/session-context';
import { formatDateTime } from '../platform/time';
import type { ChangeLogEntry, FieldChange } from '../../common/metadata';
import { rightsOf, type EntityEngine } from './entity-engine';
import { visibleRow } from './entity-writes';
import { labelRecorded } from './change-labels';

/** The newest changes shown; older ones stay in 操作日志. */
export const CHANGE_LOG_LIMIT = 200;

function parsed(text: string): FieldChange[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as FieldChange[]) : [];
  } catch {
    return [];
  }
}

export async function changeLog(engine: EntityEngine, session: SessionContext, params: Record<string, unknown>): Promise<ChangeLogEntry[]> {
  const { id } = await visibleRow(engine, session, params[engine.model.api.idParam] ?? params.id);
  const rows = await engine.db
    .selectFrom('audit_log')
    .select(['id', 'at', 'user_name', 'address', 'action', 'changes'])
    .where('entity', '=', engine.model.entity.name)
    .where('record_id', '=', id)
    // 变更记录 lists what changed; who looked at the record's personal data (reveal) is 操作日志's.
    .where('action', '!=', 'reveal')
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(CHANGE_LOG_LIMIT)
    .execute();
  // A field the caller may not see in full is left out (its masked value is in the trail, the fact that it
  // changed is not the caller's to know either).
  const rights = rightsOf(engine, session);
  const seen = (c: FieldChange) => (rights.get(c.field)?.view ?? 'full') === 'full';
  const entries = rows.map((r) => ({
    id: String(r.id),
    at: formatDateTime(r.at),
    userName: r.user_name,
    address: r.address,
    action: r.action,
    changes: parsed(r.changes).filter(seen),
  }));
  // Changes recorded before the trail kept labels are put in words now (change-labels.ts).
  await labelRecorded(engine, session, entries.map((e) => e.changes));
  return entries;
}
