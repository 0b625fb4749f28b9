// §7.2 login (form-encoded, service token in the query) and logout.
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '../../common/envelope';
import type { LoginRequest } from '../../common/wire';
import type { AppContext } from '../app-context';
import { bearerToken } from '../auth/guard';
import { login } from '../auth/login';
import { recordSessionEvent } from '../auth/audit-events';
import { loadSession, revokeSessionByToken } from '../auth/sessions';
import { body, query, text } from '../http/schemas';
import { SERVER_MESSAGES } from '../messages';
import { PATHS } from '../http/paths';

type LoginBody = LoginRequest & { token?: string };

const loginBody = body(
  {
    grant_type: { type: 'string', enum: ['password'] },
    loginType: { type: ['string', 'integer'] },
    userName: text(50, 1),
    password: text(128, 1),
    confirmPhone: text(20),
    confirmCode: text(20),
    companyId: text(20),
    companyName: text(100),
  },
  ['userName', 'password'],
);

export async function loginRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post<{ Body: LoginBody; Querystring: { token?: string } }>(
    PATHS.login,
    { schema: { body: loginBody, querystring: query({}) }, config: { public: true } },
    async (request) => {
      const outcome = await login(ctx, {
        userName: request.body.userName,
        password: request.body.password,
        companyId: request.body.companyId,
        serviceToken: request.query.token ?? request.body.token,
        address: request.ip,
      });
      return outcome.ok ? ok(outcome.result) : fail(outcome.detail);
    },
  );

  // Idempotent: logging out with an expired or unknown token is not an error the user can act on.
  app.post(
    PATHS.logout,
    {
      schema: { body: body({}), querystring: query({}) },
      config: { public: true },
      // Logout carries no data: an absent body is an empty one.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const token = bearerToken(request);
      const session = token ? await loadSession(ctx.db, token) : null;
      if (token && session) {
        await ctx.db.transaction().execute(async (trx) => {
          await revokeSessionByToken(trx, token);
          await recordSessionEvent(trx, { ...session, address: request.ip }, 'logout');
        });
      } else if (token) await revokeSessionByToken(ctx.db, token);
      return ok(undefined, SERVER_MESSAGES.loggedOut);
    },
  );
}
