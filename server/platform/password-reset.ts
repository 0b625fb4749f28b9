// 忘记密码 (issue 29; docs/security-auth.md "Forgotten passwords"): an administrator reset with notices.
// - A user who cannot log in names the account (and may leave a phone and a reason) on the login page. The
//   answer is the same whether or not the account exists; requests are rate-limited per address and per
//   account name before the account is looked up, so the limit says nothing either.
// - An existing account gets one pending request (a repeat updates it and notifies nobody again); every
//   administrator who may manage the account is sent a notice naming it and when.
// - The reset itself is the existing one: an administrator sets a new password on the 用户管理 page
//   (ERPUser/editUser, its privilege checks and 操作日志 row); the user hook then marks the account's
//   pending requests handled and notices the user.
import { sql, type Kysely } from 'kysely';
import { buttonId } from '../../common/menu-tree';
import type { Database } from '../db/schema';
import type { SessionContext } from '../auth/session-context';
import { accountKey, type LoginPolicy } from '../auth/login-limits';
import { ALL } from './permissions';
import { MANAGED_TYPES } from '../auth/privileges';

/** The 用户管理 page's edit button: who may set a user's password (schemas/menus.json). */
export const USER_EDIT_PERMISSION = buttonId('userManage.user', 'edit');

export const RESET_MESSAGES = {
  /** The one answer to every accepted request, whether or not the account exists. */
  requested: '申请已提交。若该账号存在，管理员核实身份并重置密码后，会通过系统消息通知您；如需尽快处理，请联系本单位管理员',
  tooMany: (minutes: number) => `申请过于频繁，请${minutes}分钟后再试`,
  userNameRequired: '请输入用户名',
  requestMissing: '该申请不存在或已处理',
  adminTitle: '密码重置申请',
  userTitle: '您的密码已被管理员重置',
} as const;

const MINUTE = 60_000;
/** Requests per address (any accounts) and per account name (any addresses) within their windows. */
export const RESET_LIMITS = { address: { max: 10, windowMs: 15 * MINUTE }, account: { max: 3, windowMs: 60 * MINUTE } } as const;

/** 2026-12-07 15:32 in China time, as the notices say it. */
export function chinaTimeText(at: Date): string {
  const china = new Date(at.getTime() + 8 * 60 * MINUTE).toISOString();
  return `${china.slice(0, 10)} ${china.slice(11, 16)}`;
}

/** One windowed counter in login_limits (its purge drops old rows): the count within the window, this request included. */
async function count(db: Kysely<Database>, key: string, windowMs: number, now: Date): Promise<{ n: number; start: Date }> {
  const since = new Date(now.getTime() - windowMs);
  const row = await db
    .insertInto('login_limits')
    .values({ key, failures: 1, window_start: now, locked_until: null, updated_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`case when login_limits.window_start <= ${since} then 1 else login_limits.failures + 1 end`,
        window_start: sql<Date>`case when login_limits.window_start <= ${since} then ${now} else login_limits.window_start end`,
        updated_at: now,
      }),
    )
    .returning(['failures', 'window_start'])
    .executeTakeFirstOrThrow();
  return { n: row.failures, start: new Date(row.window_start) };
}

export type ResetRequest = { userName: string; contact?: string; reason?: string; address: string };
export type ResetOutcome = { ok: true } | { ok: false; detail: string };

export async function requestPasswordReset(db: Kysely<Database>, policy: Pick<LoginPolicy, 'now'>, req: ResetRequest): Promise<ResetOutcome> {
  const account = accountKey(req.userName);
  if (!account) return { ok: false, detail: RESET_MESSAGES.userNameRequired };
  const now = new Date(policy.now());
  // Counted before the account is looked up: refused alike for an account that exists and one that does not.
  for (const [key, limit] of [[`reset-address:${req.address}`, RESET_LIMITS.address], [`reset-account:${account}`, RESET_LIMITS.account]] as const) {
    const { n, start } = await count(db, key, limit.windowMs, now);
    if (n > limit.max) return { ok: false, detail: RESET_MESSAGES.tooMany(Math.max(1, Math.ceil((start.getTime() + limit.windowMs - now.getTime()) / MINUTE))) };
  }
  const user = await db
    .selectFrom('users')
    .select(['id', 'user_name', 'real_name', 'is_system_admin', 'user_auth_type'])
    .where(sql<boolean>`lower(user_name) = ${account}`)
    .executeTakeFirst();
  if (!user) return { ok: true };
  const contact = (req.contact ?? '').trim();
  const reason = (req.reason ?? '').trim();
  await db.transaction().execute(async (trx) => {
    // One pending request per account: a repeat refreshes it, the administrators were told already.
    const pending = await trx.selectFrom('password_reset_requests').select('id').where('user_id', '=', user.id).where('handled_at', 'is', null).forUpdate().executeTakeFirst();
    if (pending) {
      await trx.updateTable('password_reset_requests').set({ contact, reason, address: req.address, requested_at: now }).where('id', '=', pending.id).execute();
      return;
    }
    await trx.insertInto('password_reset_requests').values({ user_id: user.id, contact, reason, address: req.address, requested_at: now }).execute();
    const managers = await managersOf(trx, user);
    const content = [
      `账号 ${user.user_name}（${user.real_name}）于 ${chinaTimeText(now)} 在登录页申请重置密码`,
      contact ? `，联系电话：${contact}` : '',
      reason ? `，说明：${reason}` : '',
      '。请先核实申请人身份，再到 系统管理 › 用户管理 的“密码重置申请”中为其重置密码。',
    ].join('');
    if (managers.length) {
      await trx
        .insertInto('system_notices')
        .values(managers.map((id) => ({ title: RESET_MESSAGES.adminTitle, content, publisher: '系统', published_at: now, company_id: null, recipient_id: id })))
        .execute();
    }
  });
  return { ok: true };
}

type Target = { id: number; is_system_admin: boolean; user_auth_type: '0' | '1' | '2' };

/**
 * The administrators who may set the target's password: the system administrators, and for a user who is
 * not one, the members of one of the user's companies holding 用户管理's edit button whose authority type
 * administers the user's (user-privileges.ts decides each reset in full when it is made).
 */
async function managersOf(db: Kysely<Database>, target: Target): Promise<number[]> {
  const admins = await db.selectFrom('users').select('id').where('is_system_admin', '=', true).where('id', '!=', target.id).execute();
  const ids = new Set(admins.map((a) => a.id));
  if (!target.is_system_admin) {
    const members = await db
      .selectFrom('memberships as m')
      .innerJoin('memberships as t', 't.company_id', 'm.company_id')
      .innerJoin('role_grants as g', 'g.role_id', 'm.role_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.user_auth_type'])
      .where('t.user_id', '=', target.id)
      .where('m.user_id', '!=', target.id)
      .where('g.node_id', 'in', [USER_EDIT_PERMISSION, ALL])
      .where('u.audit_status', '=', 2)
      .distinct()
      .execute();
    for (const m of members) if ((MANAGED_TYPES[m.user_auth_type] as readonly string[]).includes(target.user_auth_type)) ids.add(m.id);
  }
  return [...ids].sort((a, b) => a - b);
}

export type PendingReset = { id: number; userId: number; userName: string; realName: string; contact: string; reason: string; requestedAt: Date };

/** The pending requests of the current company's members (the 用户管理 page's rows); a system administrator's only for one. */
export async function pendingResets(db: Kysely<Database>, session: SessionContext): Promise<PendingReset[]> {
  let query = db
    .selectFrom('password_reset_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('memberships as m', (j) => j.onRef('m.user_id', '=', 'r.user_id').on('m.company_id', '=', session.companyId))
    .select(['r.id', 'r.user_id as userId', 'u.user_name as userName', 'u.real_name as realName', 'r.contact', 'r.reason', 'r.requested_at as requestedAt'])
    .where('r.handled_at', 'is', null);
  if (!session.user.is_system_admin) query = query.where('u.is_system_admin', '=', false).where('u.user_auth_type', 'in', [...MANAGED_TYPES[session.user.user_auth_type]]);
  return query.orderBy('r.requested_at', 'desc').orderBy('r.id', 'desc').limit(100).execute();
}

/**
 * An administrator set the user's password (the user hook's afterWrite, inside the write's transaction):
 * the pending requests are handled, and the user is told by whom and when.
 */
export async function passwordWasReset(db: Kysely<Database>, userId: number, actor: SessionContext, now = new Date()): Promise<void> {
  if (userId === actor.user.id) return;
  const handled = await db.updateTable('password_reset_requests').set({ handled_at: now, handled_by: actor.user.id }).where('user_id', '=', userId).where('handled_at', 'is', null).returning('id').execute();
  const content = `您的登录密码已由管理员 ${actor.user.real_name}（${actor.user.user_name}）于 ${chinaTimeText(now)} 重置${handled.length ? '（您在登录页提交的重置申请已处理）' : ''}。请使用管理员告知的新密码登录，并尽快在 个人信息 › 修改密码 中改为只有您知道的密码；如非本人申请，请立即联系管理员。`;
  await db.insertInto('system_notices').values({ title: RESET_MESSAGES.userTitle, content, publisher: '系统', published_at: now, company_id: null, recipient_id: userId }).execute();
}
