// 忘记密码 (issue 29; server/platform/password-reset.ts): the login page's request (public, one answer for
// every account, rate-limited) and the 用户管理 page's list of pending requests (the page's edit button).
// The reset itself is ERPUser/editUser with a new password (the user hook).
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '../../common/envelope';
import type { AppContext } from '../app-context';
import { DEFAULT_LOGIN_POLICY } from '../auth/login-limits';
import { sessionOf } from '../auth/session-context';
import { pendingResets, requestPasswordReset, RESET_MESSAGES, USER_EDIT_PERMISSION } from '../platform/password-reset';
import { body, query, text } from '../http/schemas';
import { PATHS } from '../http/paths';

const requestBody = body({ userName: text(50, 1), contact: text(20), reason: text(200) }, ['userName']);

export async function passwordResetRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post<{ Body: { userName: string; contact?: string; reason?: string } }>(
    PATHS.passwordResetRequest,
    { schema: { body: requestBody, querystring: query({}) }, config: { public: true } },
    async (request) => {
      const outcome = await requestPasswordReset(ctx.db, ctx.loginPolicy ?? DEFAULT_LOGIN_POLICY, { ...request.body, address: request.ip });
      return outcome.ok ? ok(undefined, RESET_MESSAGES.requested) : fail(outcome.detail);
    },
  );

  app.get(PATHS.passwordResetList, { schema: { querystring: query({}) }, config: { permission: USER_EDIT_PERMISSION, readOnly: true } }, async (request) => {
    const rows = await pendingResets(ctx.db, sessionOf(request));
    return ok(rows.map((r) => ({ id: String(r.id), userId: String(r.userId), userName: r.userName, realName: r.realName, contact: r.contact, reason: r.reason, requestedAt: new Date(r.requestedAt).toISOString() })));
  });
}
