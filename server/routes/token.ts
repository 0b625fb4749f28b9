// §7.2 getToken: the service token the login form must carry. Issuing is stateless (a signature, no
// database write) and rate-limited per client address, in memory per process (docs/security-auth.md).
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '../../common/envelope';
import type { AppContext } from '../app-context';
import { issueServiceToken } from '../auth/service-tokens';
import { SnapshotStore } from '../http/rate-limit-store';
import { query } from '../http/schemas';
import { SERVER_MESSAGES } from '../messages';
import { PATHS } from '../http/paths';

export type TokenRateLimit = { max: number; timeWindowMs: number };

/** A browser fetches one token per page load and every 114 min; 60 a minute leaves room for an office NAT. */
export const DEFAULT_TOKEN_RATE_LIMIT: TokenRateLimit = { max: 60, timeWindowMs: 60_000 };

class RateLimited extends Error {
  readonly statusCode = 429;
}

export async function tokenRoutes(app: FastifyInstance, { ctx, rate }: { ctx: AppContext; rate?: TokenRateLimit }): Promise<void> {
  const limit = rate ?? DEFAULT_TOKEN_RATE_LIMIT;
  // Keyed by request.ip, which honours TRUST_PROXY; the counters live in this process only.
  await app.register(rateLimit, {
    global: false,
    store: SnapshotStore,
    errorResponseBuilder: () => new RateLimited(SERVER_MESSAGES.tooManyRequests),
  });
  // This context's own handler: a 429 keeps its status and Chinese text (the app handler maps 4xx to 400).
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof RateLimited) return reply.code(429).send(fail(error.message));
    throw error;
  });
  app.get(
    PATHS.getToken,
    { schema: { querystring: query({}) }, config: { public: true, rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } } },
    async () => ({
      ...ok(await issueServiceToken(ctx.db)),
      // §7.2: the token service answers with code 0.
      code: 0,
    }),
  );
}
