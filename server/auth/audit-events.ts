// Audit rows of the platform's session events (docs/metadata.md "Audit trail"): login, logout, password
// change, company switch, monitoring and project switch, each written by recordChange in the same
// transaction as the session or user change it describes. Users, roles and role groups are engine
// entities and are recorded by the engine.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { recordChange, type AuditAction, type AuditActor, type FieldChange } from '../engine/audit-trail';

/** The subject of login, logout and switches: the user's session (record: the user's id). */
export const SESSION_SUBJECT = { name: 'Session', title: '登录会话' } as const;
/** The subject of a password change: the user entity (schemas/entities/user.json), so it shows in its 变更记录. */
export const USER_SUBJECT = { name: 'User', title: '用户' } as const;

export const PASSWORD_CHANGE: FieldChange = { field: 'password', title: '登录密码', writeOnly: true };

export async function recordSessionEvent(
  trx: Kysely<Database>,
  actor: AuditActor,
  action: AuditAction,
  changes: readonly FieldChange[] = [],
): Promise<void> {
  const subject = action === 'password' ? USER_SUBJECT : SESSION_SUBJECT;
  await recordChange(trx, { session: actor, entity: subject, recordId: actor.user.id, action, changes });
}

/** A switch of company or project as one field change, names shown. */
export const switched = (field: string, title: string, from: { id: number | null; name?: string }, to: { id: number | null; name?: string }): FieldChange => ({
  field,
  title,
  old: from.id,
  new: to.id,
  ...(from.name ? { oldLabel: from.name } : {}),
  ...(to.name ? { newLabel: to.name } : {}),
});
