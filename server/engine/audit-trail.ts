// The audit trail (docs/metadata.md "Audit trail"): every change through the engine and the platform
// endpoints writes one audit_log row in the change's own transaction, so a refused or undone change
// leaves none. One function for every writer: recordChange(trx, entry). Each changed field keeps its
// title and old and new value; writeOnly fields (passwords) appear only as 已修改, never with a value.
import type { Kysely } from 'kysely';
import { maskPersonal, personalMask } from '../../common/metadata/field-access';
import type { EntityField, FieldChange, FieldMask } from '../../common/metadata';

export type { FieldChange };
import type { Database, UserRow } from '../db/schema';

/** What was done; the 操作日志 page shows these through the auditAction dictionary. */
export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'audit'
  | 'import'
  | 'link'
  | 'patch'
  | 'transition'
  | 'batch'
  | 'login'
  | 'logout'
  | 'password'
  | 'switchCompany'
  | 'monitor'
  | 'switchProject'
  /** A PTZ command sent to a camera (server/video/routes.ts). */
  | 'ptz'
  /** An export that carried personal data whole (导出完整个人信息, server/engine/routes.ts): no field changes, the row count. */
  | 'export'
  /** A detail read with personal data whole (`personal=full`: the edit form, 显示完整信息): which fields, never a value. */
  | 'reveal';

/** A field as the trail sees it (an engine ModelField fits). */
export type AuditedField = {
  name: string;
  title: string;
  type?: string;
  writeOnly?: boolean;
  virtual?: boolean;
  /** Personal data (§5.6): ID numbers (`mask`) and mobile numbers (format `mobile`) — the trail keeps only the masked value, whoever reads it. */
  mask?: FieldMask;
  format?: EntityField['format'];
};

/** What changed: an entity (its name, title and fields) or a platform event's subject. */
export type AuditSubject = { name: string; title: string; fields?: readonly AuditedField[] };

/** Who acted: a request's session (the guard adds the client address) or, at login, the user. */
export type AuditActor = { user: Pick<UserRow, 'id' | 'user_name' | 'real_name'>; companyId: number | null; address?: string; actorName?: string };

/** The name the demo simulator's writes are logged under (SessionContext actorName), never a person's. */
export const SIMULATOR_ACTOR = '设备模拟器';

/** The 操作人 of a change: the session's actor (the simulator), else 姓名（登录名）. */
export const actorNameOf = (actor: AuditActor): string =>
  actor.actorName ?? (actor.user.real_name ? `${actor.user.real_name}（${actor.user.user_name}）` : actor.user.user_name);

export type ChangeEntry = {
  session: AuditActor;
  entity: AuditSubject;
  recordId: string | number | null;
  action: AuditAction;
  /** The stored row before (field names); null for a create. */
  before?: Record<string, unknown> | null;
  /** The values written (field names); null for a delete. */
  after?: Record<string, unknown> | null;
  /** Changes the caller computed itself (links, transitions); appended to the field diff. */
  changes?: readonly FieldChange[];
  /** The client address (request.ip, which honours TRUST_PROXY); default the session's. */
  address?: string;
  /** A code's label (dictionary fields), where the caller can tell. */
  label?: (field: AuditedField, value: unknown) => string | undefined;
  /** The one-line summary, when no field diff tells what was done (an export's row count). */
  summary?: string;
};

export const WRITE_ONLY_TEXT = '已修改';
const MAX_VALUE = 500;
const MAX_SUMMARY = 1000;
const NUMERIC = new Set(['integer', 'number', 'money', 'id', 'project', 'company']);

const empty = (v: unknown): boolean => v === undefined || v === null || v === '';

function comparable(field: AuditedField, v: unknown): string {
  if (empty(v)) return '';
  if (field.type && NUMERIC.has(field.type) && Number.isFinite(Number(v))) return String(Number(v));
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** A value as stored in the trail: text, long ones cut. */
function kept(v: unknown): unknown {
  if (empty(v)) return null;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  const s = v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE)}…` : s;
}

/** The changed fields between `before` and `after`, in schema order (create: every filled field; delete: every stored one). */
export function fieldChanges(entry: Pick<ChangeEntry, 'entity' | 'before' | 'after' | 'label'>): FieldChange[] {
  const { before = null, after = null } = entry;
  const out: FieldChange[] = [];
  for (const field of entry.entity.fields ?? []) {
    if (field.type === 'id') continue;
    const inAfter = after !== null && field.name in after;
    const inBefore = before !== null && field.name in before;
    if (after !== null ? !inAfter : !inBefore) continue;
    const oldValue = before?.[field.name];
    const newValue = after?.[field.name];
    if (field.writeOnly) {
      if (after !== null && !empty(newValue)) out.push({ field: field.name, title: field.title, writeOnly: true });
      continue;
    }
    if (comparable(field, oldValue) === comparable(field, newValue)) continue;
    const mask = personalMask(field);
    const change: FieldChange = { field: field.name, title: field.title, old: kept(maskPersonal(mask, oldValue)), new: kept(maskPersonal(mask, newValue)) };
    const oldLabel = empty(oldValue) ? undefined : entry.label?.(field, oldValue);
    const newLabel = empty(newValue) ? undefined : entry.label?.(field, newValue);
    if (oldLabel !== undefined) change.oldLabel = oldLabel;
    if (newLabel !== undefined) change.newLabel = newLabel;
    out.push(change);
  }
  return out;
}

const shown = (value: unknown, label: string | undefined): string => label ?? (value === null || value === undefined ? '空' : String(value));

/** One line for the 操作日志 list: 标题：旧 → 新；… */
export function summaryOf(changes: readonly FieldChange[], action: AuditAction): string {
  const parts = changes.map((c) => {
    if (c.writeOnly) return `${c.title}：${WRITE_ONLY_TEXT}`;
    if (c.added || c.removed) {
      const sides = [c.added?.length ? `添加 ${c.added.join('、')}` : '', c.removed?.length ? `移除 ${c.removed.join('、')}` : ''];
      return `${c.title}：${sides.filter(Boolean).join('；')}`;
    }
    if (action === 'create' || action === 'import') return `${c.title}：${shown(c.new, c.newLabel)}`;
    if (action === 'delete') return `${c.title}：${shown(c.old, c.oldLabel)}`;
    return `${c.title}：${shown(c.old, c.oldLabel)} → ${shown(c.new, c.newLabel)}`;
  });
  const text = parts.join('；');
  return text.length > MAX_SUMMARY ? `${text.slice(0, MAX_SUMMARY)}…` : text;
}

/**
 * Writes the audit row of one change inside the caller's transaction `trx` (the change and its row
 * commit or roll back together). Call it after the change succeeded and before the transaction ends.
 */
export async function recordChange(trx: Kysely<Database>, entry: ChangeEntry): Promise<void> {
  const changes = [...fieldChanges(entry), ...(entry.changes ?? [])];
  const { user } = entry.session;
  await trx
    .insertInto('audit_log')
    .values({
      company_id: entry.session.companyId,
      user_id: user.id,
      user_name: actorNameOf(entry.session),
      address: entry.address ?? entry.session.address ?? '',
      entity: entry.entity.name,
      entity_title: entry.entity.title,
      record_id: entry.recordId === null ? '' : String(entry.recordId),
      action: entry.action,
      summary: entry.summary ?? summaryOf(changes, entry.action),
      changes: JSON.stringify(changes),
    })
    .execute();
}
