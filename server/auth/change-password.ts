// §5.2 password change, checked again on the server; success revokes every session of the user
// (docs/api.md), so the client's logout-to-/login (§4) is also enforced.
import type { Kysely } from 'kysely';
import { checkPasswordForm, PASSWORD_MESSAGES } from '../../common/password-rules';
import type { ModifyPasswordRequest } from '../../common/wire';
import type { Database } from '../db/schema';
import type { AuditActor } from '../engine/audit-trail';
import { PASSWORD_CHANGE, recordSessionEvent } from './audit-events';
import { hashPassword, verifyPassword } from './password';
import { revokeAllSessions } from './sessions';

export type ChangeOutcome = { ok: true } | { ok: false; detail: string };

/** `actor`: the session changing its own password (the audit row's user, company and address). */
export async function changePassword(db: Kysely<Database>, actor: AuditActor, req: ModifyPasswordRequest): Promise<ChangeOutcome> {
  const userId = actor.user.id;
  const broken = checkPasswordForm({ oldPwd: req.oldPwd, userPwd: req.userPwd }, false);
  if (broken) return { ok: false, detail: broken };
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  if (!user || !(await verifyPassword(req.oldPwd, user.password_hash))) {
    return { ok: false, detail: PASSWORD_MESSAGES.wrongOld };
  }
  const passwordHash = await hashPassword(req.userPwd);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    await revokeAllSessions(trx, userId);
    await recordSessionEvent(trx, actor, 'password', [PASSWORD_CHANGE]);
  });
  return { ok: true };
}
