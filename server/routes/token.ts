// §7.2 getToken: the service token the login form must carry.
import type { FastifyInstance } from 'fastify';
import { ok } from '../../common/envelope';
import type { AppContext } from '../app-context';
import { issueServiceToken } from '../auth/service-tokens';
import { query } from '../http/schemas';
import { PATHS } from './paths';

export async function tokenRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get(PATHS.getToken, { schema: { querystring: query({}) }, config: { public: true } }, async () => ({
    ...ok(await issueServiceToken(ctx.db)),
    // §7.2: the token service answers with code 0.
    code: 0,
  }));
}
