// 忘记密码 (issue 29; docs/security-auth.md "Forgotten passwords"): the login page's request answers alike
// for an account that exists and one that does not, is rate-limited alike, stores a request only for an
// existing account and notices the administrators who may manage it (never others); the 用户管理 page lists
// the pending requests to those holding its edit button; an administrator's reset (ERPUser/editUser with a
// password) is written to 操作日志, handles the request and notices the user, who logs in with the new password.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import type { SysNotice } from '../../common/wire';
import type { Database } from '../../server/db/schema';
import { RESET_LIMITS, RESET_MESSAGES } from '../../server/platform/password-reset';
import { call, login, PATHS, session, startApp } from './helpers';

type Pending = { id: string; userId: string; userName: string; realName: string; contact: string; reason: string; requestedAt: string };

let app: FastifyInstance;
let db: Kysely<Database>;
let admin: string;
beforeAll(async () => {
  app = await startApp({
    routes: [
      async (_api, { ctx }) => {
        db = ctx.db;
      },
    ],
  });
  admin = (await session(app, 'qiye01')).token;
});
afterAll(async () => {
  await app?.close();
});

const ask = (userName: string, remoteAddress: string, extra: Record<string, string> = {}) =>
  call(app, 'POST', PATHS.passwordResetRequest, { body: { userName, ...extra }, remoteAddress });
const notices = async (token: string) =>
  (await call<SysNotice[]>(app, 'GET', PATHS.noticeList, { token, query: { index: 0, size: 500 } })).body.data ?? [];
const resetNotices = async (token: string, title: string) => (await notices(token)).filter((n) => n.title === title);
const pending = async (token: string) => (await call<Pending[]>(app, 'GET', PATHS.passwordResetList, { token })).body;

describe('忘记密码: the request', () => {
  it('answers an existing and an unknown account alike, and stores a request for the existing one only', async () => {
    const before = await db.selectFrom('password_reset_requests').select('id').execute();
    const known = await ask('qiye02', '10.29.0.1', { contact: '13990510022', reason: '忘记了密码' });
    const unknown = await ask('nobody_here', '10.29.0.1');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ status: 1, detail: RESET_MESSAGES.requested });
    const after = await db.selectFrom('password_reset_requests').selectAll().execute();
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ contact: '13990510022', reason: '忘记了密码', handled_at: null });
  });

  it('notices the administrators who may manage the account, naming it; a repeat notices nobody again', async () => {
    const sysadmin = (await session(app, 'sysadmin')).token;
    const forAdmin = await resetNotices(admin, RESET_MESSAGES.adminTitle);
    expect(forAdmin.length).toBe(1);
    expect(forAdmin[0].content).toContain('账号 qiye02');
    expect(forAdmin[0].content).toContain('13990510022');
    expect(await resetNotices(sysadmin, RESET_MESSAGES.adminTitle)).toHaveLength(1);
    // Neither the user asking nor someone without 用户管理's edit button is told.
    expect(await resetNotices((await session(app, 'qiye02')).token, RESET_MESSAGES.adminTitle)).toHaveLength(0);
    expect(await resetNotices((await session(app, 'wuquanxian')).token, RESET_MESSAGES.adminTitle)).toHaveLength(0);
    await ask('QIYE02', '10.29.0.2');
    expect(await resetNotices(admin, RESET_MESSAGES.adminTitle)).toHaveLength(1);
    expect(await db.selectFrom('password_reset_requests').select('id').where('handled_at', 'is', null).execute()).toHaveLength(1);
  });

  it('a system administrator’s request reaches only system administrators', async () => {
    await ask('sysadmin', '10.29.0.3');
    expect(await resetNotices(admin, RESET_MESSAGES.adminTitle)).toHaveLength(1);
    const listed = await pending(admin);
    expect(listed.data?.map((p) => p.userName)).not.toContain('sysadmin');
  });

  it('is rate-limited per address, alike for an existing and an unknown account', async () => {
    for (let i = 0; i < RESET_LIMITS.address.max; i++) expect((await ask(`nobody_${i}`, '10.29.0.9')).body.status).toBe(1);
    const known = await ask('qiye01', '10.29.0.9');
    const unknown = await ask('nobody_more', '10.29.0.9');
    expect(known.body.status).toBe(0);
    expect(known.body.detail).toMatch(/^申请过于频繁，请\d+分钟后再试$/);
    expect(unknown.body).toEqual(known.body);
  });

  it('is rate-limited per account across addresses', async () => {
    const answers = [];
    for (let i = 0; i <= RESET_LIMITS.account.max; i++) answers.push((await ask('nobody_account', `10.29.1.${i}`)).body.status);
    expect(answers.slice(0, RESET_LIMITS.account.max).every((s) => s === 1)).toBe(true);
    expect(answers.at(-1)).toBe(0);
  });

  it('refuses a request without an account name with 400, not a stored row', async () => {
    expect((await call(app, 'POST', PATHS.passwordResetRequest, { body: {}, remoteAddress: '10.29.0.4' })).status).toBe(400);
    expect((await call(app, 'POST', PATHS.passwordResetRequest, { body: { userName: '   ' }, remoteAddress: '10.29.0.4' })).body).toEqual({ status: 0, detail: RESET_MESSAGES.userNameRequired });
  });
});

describe('忘记密码: the administrator’s reset', () => {
  it('lists pending requests to those holding 用户管理’s edit button only', async () => {
    const listed = await pending(admin);
    expect(listed.status).toBe(1);
    expect(listed.data?.map((p) => p.userName)).toEqual(['qiye02']);
    expect(listed.data?.[0]).toMatchObject({ contact: '', reason: '' });
    expect(await pending((await session(app, 'wuquanxian')).token)).toMatchObject({ status: 0 });
    expect(await pending((await session(app, 'qiye02')).token)).toMatchObject({ status: 0, code: 402 });
  });

  it('resets with editUser: 操作日志, the request handled, the user noticed and logging in with the new password', async () => {
    const [request] = (await pending(admin)).data!;
    const auditBefore = await db.selectFrom('audit_log').select('id').where('entity', '=', 'User').execute();
    const reset = await call(app, 'POST', `${API_BASE}/api/ERPUser/editUser`, { token: admin, body: { rec_id: request.userId, password: 'Reset@2026' } });
    expect(reset.body.status).toBe(1);
    const audit = await db.selectFrom('audit_log').selectAll().where('entity', '=', 'User').orderBy('id').execute();
    expect(audit.length).toBe(auditBefore.length + 1);
    expect(audit.at(-1)).toMatchObject({ action: 'update', record_id: request.userId });
    expect((await pending(admin)).data).toEqual([]);
    const row = await db.selectFrom('password_reset_requests').selectAll().where('id', '=', Number(request.id)).executeTakeFirstOrThrow();
    expect(row.handled_at).not.toBeNull();
    expect((await login(app, 'qiye02')).body.status).toBe(0);
    const user = (await session(app, 'qiye02', { password: 'Reset@2026' })).token;
    const told = await resetNotices(user, RESET_MESSAGES.userTitle);
    expect(told).toHaveLength(1);
    expect(told[0].content).toContain('qiye01');
    expect(told[0].content).toContain('修改密码');
    // The user notice is the user's alone.
    expect(await resetNotices(admin, RESET_MESSAGES.userTitle)).toHaveLength(0);
    // Back to the demo password (the user's own change), so nothing else in this file depends on the reset.
    expect((await call(app, 'POST', PATHS.modifyPassword, { token: user, body: { oldPwd: 'Reset@2026', userPwd: 'Demo@1234' } })).body.status).toBe(1);
  });

  it('an administrator who may not manage the account cannot reset it (user-privileges.ts)', async () => {
    const sysadminId = (await db.selectFrom('users').select('id').where('user_name', '=', 'sysadmin').executeTakeFirstOrThrow()).id;
    const refused = await call(app, 'POST', `${API_BASE}/api/ERPUser/editUser`, { token: admin, body: { rec_id: String(sysadminId), password: 'Reset@2026' } });
    expect(refused.body.status).toBe(0);
    expect(await db.selectFrom('password_reset_requests').select('id').where('user_id', '=', sysadminId).where('handled_at', 'is', null).execute()).toHaveLength(1);
  });
});
