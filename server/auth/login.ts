// The password login of §7.2: service token, throttling, credentials, audit status, then a session
// in the chosen (or default) company. Wrong user and wrong password read the same (docs/api.md).
import type { Kysely } from 'kysely';
import { MESSAGES } from '../../common/constants';
import type { LoginResult } from '../../common/wire';
import type { Database, UserRow } from '../db/schema';
import type { AppContext } from '../app-context';
import { fullPathOf, membershipsOf, withAncestors } from '../platform/companies';
import { companyView } from '../platform/company-view';
import { parseId } from '../platform/ids';
import { firstProjectInScope } from '../platform/projects';
import { SERVER_MESSAGES } from '../messages';
import { toLoginResult } from '../wire/login-result';
import { accountKey, DEFAULT_LOGIN_POLICY, recordFailure, recordSuccess, reserveAttempt } from './login-limits';
import { decoyHash, verifyPassword } from './password';
import { isValidServiceToken } from './service-tokens';
import { createSession } from './sessions';
import { recordSessionEvent } from './audit-events';

export type LoginRequest = {
  userName: string;
  password: string;
  companyId?: string;
  serviceToken: string | undefined;
  address: string;
};

export type LoginOutcome = { ok: true; result: LoginResult } | { ok: false; detail: string };

const refuse = (detail: string): LoginOutcome => ({ ok: false, detail });

export async function login({ db, catalog, sessionTtlMs, loginPolicy }: AppContext, req: LoginRequest): Promise<LoginOutcome> {
  if (!(await isValidServiceToken(db, req.serviceToken))) return refuse(SERVER_MESSAGES.serviceTokenInvalid);

  // Counted and decided before the password is checked (server/auth/login-limits.ts).
  const policy = loginPolicy ?? DEFAULT_LOGIN_POLICY;
  const account = accountKey(req.userName);
  const reservation = await reserveAttempt(db, policy, account, req.address);
  if (!reservation.allowed) return refuse(SERVER_MESSAGES.tooManyLogins(Math.ceil(reservation.waitMs / 60_000)));

  const user = await db.selectFrom('users').selectAll().where('user_name', '=', req.userName.trim()).executeTakeFirst();
  const passwordOk = await verifyPassword(req.password, user?.password_hash ?? (await decoyHash()));
  if (!user || !passwordOk) {
    await recordFailure(db, account, req.address);
    return refuse(MESSAGES.wrongPassword);
  }
  await recordSuccess(db, policy, account, req.address, reservation.known);

  // §3.5 audit status: only 2 (审核通过) may log in.
  if (user.audit_status === 3) return refuse(SERVER_MESSAGES.auditRejected);
  if (user.audit_status !== 2) return refuse(SERVER_MESSAGES.auditPending);

  const companyId = await loginCompany(db, user, req.companyId);
  if (typeof companyId === 'string') return refuse(companyId);

  const view = await companyView(db, catalog, user, companyId, null);
  if (!view) return refuse(SERVER_MESSAGES.companyMissing);
  const project =
    user.user_auth_type === '2'
      ? await firstProjectInScope(db, {
          userId: user.id,
          userAuthType: user.user_auth_type,
          authAreaCode: user.auth_area_code,
          companyId,
          monitoring: false,
        })
      : null;
  const token = await db.transaction().execute(async (trx) => {
    const created = await createSession(trx, { userId: user.id, companyId, projectId: project?.id ?? null }, sessionTtlMs);
    await trx.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', user.id).execute();
    await recordSessionEvent(trx, { user, companyId, address: req.address }, 'login');
    return created;
  });

  const memberIds = view.memberships.map((m) => m.companyId);
  const tree = await withAncestors(db, memberIds);
  const paths = new Map(memberIds.map((id) => [id, fullPathOf(tree, id)]));
  return { ok: true, result: toLoginResult({ user, view, paths, token, projectId: project?.id ?? null }) };
}

/** The requested company if the user belongs to it, else the default, else the first membership. */
async function loginCompany(db: Kysely<Database>, user: UserRow, requested: string | undefined): Promise<number | string> {
  const memberships = await membershipsOf(db, user.id);
  if (requested) {
    const id = parseId(requested);
    const member = id !== null && memberships.some((m) => m.companyId === id);
    return member && id !== null ? id : SERVER_MESSAGES.notMember;
  }
  if (user.default_company_id !== null && memberships.some((m) => m.companyId === user.default_company_id)) {
    return user.default_company_id;
  }
  if (memberships[0]) return memberships[0].companyId;
  // A system administrator without memberships still lands in the company set as default.
  if (user.is_system_admin && user.default_company_id !== null) return user.default_company_id;
  return SERVER_MESSAGES.noCompany;
}
