// Liveness and readiness for a load balancer or an orchestrator (docs/security-auth.md "Start and stop"):
// GET /healthz answers 200 while the process serves; GET /readyz answers 200 only when the database answers
// within 2 s, else 503 — and 503 while the server is closing (return503OnClosing). Neither needs a session
// nor says more than its status. Both are registered once buildApp has finished its start, so a process that
// listens is a process whose migrations, seeds and rollups are done.
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/schema';

export const HEALTH_PATHS = { live: '/healthz', ready: '/readyz' } as const;
const READY_TIMEOUT_MS = 2_000;

export function installHealth(app: FastifyInstance, db: Kysely<Database>): void {
  app.get(HEALTH_PATHS.live, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get(HEALTH_PATHS.ready, async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
    });
    const answered = sql`select 1`.execute(db).then(() => true, () => false);
    const ready = await Promise.race([answered, timeout]);
    clearTimeout(timer);
    return reply.code(ready ? 200 : 503).header('cache-control', 'no-store').send({ status: ready ? 'ready' : 'unavailable' });
  });
}
