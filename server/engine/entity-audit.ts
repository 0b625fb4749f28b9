// The audit action (docs/metadata.md "Audit"; §6 button audit, e.g. §7.2 AuditUser): POST with the id and
// the entity's audit field set to one of its audit values (2 通过, 3 驳回). Only that field is written, even
// when it is readOnly for create and update, and only on a row the caller sees.
import type { SessionContext } from '../auth/session-context';
import type { EntityEngine } from './entity-engine';
import { checkChange, hookRowOf, visibleRow, writeExisting } from './entity-writes';
import { BadRequest, FieldRefusal } from './errors';
import { ENGINE_MESSAGES } from './messages';
import type { ApiRow } from './row-codec';
import { ENVELOPE_FIELDS, readVersion } from './write-input';
import { ROW_VERSION } from '../../common/field-types';

export async function auditRow(engine: EntityEngine, session: SessionContext, body: unknown): Promise<ApiRow> {
  const { model } = engine;
  const audit = model.entity.audit;
  const field = audit ? model.byName.get(audit.field) : undefined;
  if (!audit || !field) throw new Error(`entity ${model.entity.name} has no audit field`);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new BadRequest('请求体必须是 JSON 对象');
  let id: unknown;
  let value: unknown;
  let version: unknown;
  for (const [key, v] of Object.entries(body)) {
    if (ENVELOPE_FIELDS.has(key)) continue;
    if (key === ROW_VERSION) version = v;
    else if (key === model.api.idParam || key === 'id' || key === model.idField.wire) id ??= v;
    else if (key === field.name || key === field.wire) value ??= v;
    else throw new BadRequest(`不支持的字段 ${key}`);
  }
  if (id === undefined) throw new BadRequest(`缺少字段 ${model.api.idParam}`);
  if (typeof value !== 'string' && typeof value !== 'number') throw new FieldRefusal(ENGINE_MESSAGES.auditValue(field.title), field.name);
  const chosen = audit.values.find((v) => v.value === String(value));
  if (!chosen) throw new FieldRefusal(ENGINE_MESSAGES.auditValue(field.title), field.name);
  const { id: rowId, row } = await visibleRow(engine, session, id);
  const stored = field.type === 'integer' || field.type === 'number' ? Number(chosen.value) : chosen.value;
  const before = hookRowOf(engine, row);
  await checkChange(engine, session, { action: 'audit', before, values: { [field.name]: stored } });
  return writeExisting(engine, session, rowId, { [field.name]: stored }, before, { action: 'audit', version: readVersion(version) });
}
