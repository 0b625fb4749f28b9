// §7.2 self-registration and password change.
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '../../common/envelope';
import { PASSWORD_MESSAGES } from '../../common/password-rules';
import type { ModifyPasswordRequest, RegisterRequest } from '../../common/wire';
import type { AppContext } from '../app-context';
import { changePassword } from '../auth/change-password';
import { sessionOf } from '../auth/session-context';
import { register } from '../domain/registration';
import { body, text } from '../http/schemas';
import { SERVER_MESSAGES } from '../messages';
import { PATHS } from './paths';

const registerBody = body(
  {
    userName: text(20, 1),
    password: text(128, 1),
    realName: text(16, 1),
    mobile: text(11, 1),
    companyName: text(100, 1),
  },
  ['userName', 'password', 'realName', 'mobile', 'companyName'],
);

// Empty strings pass the schema so the §5.2 texts (请输入原始密码 …) reach the user, not a 400.
const passwordBody = body({ oldPwd: text(128), userPwd: text(128) }, ['oldPwd', 'userPwd']);

export async function accountRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post<{ Body: RegisterRequest }>(PATHS.register, { schema: { body: registerBody }, config: { public: true } }, async (request) => {
    const outcome = await register(ctx.db, request.body);
    return outcome.ok ? ok({ UserID: String(outcome.userId) }, SERVER_MESSAGES.registered) : fail(outcome.detail);
  });

  app.post<{ Body: ModifyPasswordRequest }>(PATHS.modifyPassword, { schema: { body: passwordBody }, config: { monitoringWritable: true } }, async (request) => {
    const outcome = await changePassword(ctx.db, sessionOf(request), request.body);
    return outcome.ok ? ok(undefined, PASSWORD_MESSAGES.success) : fail(outcome.detail);
  });
}
