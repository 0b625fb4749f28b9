// A request PGlite cannot take within its bound (server/db/admission.ts) gets HTTP 503, a Retry-After and
// 服务繁忙，请稍后重试 in the envelope, with its request id as every 5xx (error-handler.ts), instead of
// waiting until the client gives up (docs/security-load.md "PGlite under overload").
// - Admission in onRequest, before the access guard's session lookup: a refused request has read and
//   written nothing. Unknown paths (404) are not held up.
// - The place is held until the route's handler is done (a hijacked screen stream once it is open), or
//   the answer is out or the client gone, whichever is first — never while the network is slow: a request
//   with a body gives its place back while the body arrives and takes one again before its handler (it
//   waits for it, before any newcomer, and is never refused: it was admitted); an upload (multipart, read
//   by its handler at the client's pace) does without.
// - /healthz and /readyz are outside the API context this is installed in, so they still answer:
//   /readyz's own query queues as an admitted one and says 503 only if PGlite does not answer within 2 s.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { fail } from '../../common/envelope';
import type { DatabaseAdmission } from '../db/admission';
import { SERVER_MESSAGES } from '../messages';

/** A refusal is logged at most once in this interval, with the count since the last log line. */
const LOG_EVERY_MS = 10_000;

type Ticket = { leave: () => void; readmit: boolean };

export function installDatabaseAdmission(app: FastifyInstance, admission: DatabaseAdmission | null): void {
  if (!admission || admission.maxWaitMs === 0) return;
  const tickets = new WeakMap<FastifyRequest, Ticket>();
  let unlogged = 0;
  let loggedAt = -Infinity;

  const leave = (request: FastifyRequest) => tickets.get(request)?.leave();

  /** Admits the request, or answers 503 (true: answered). */
  const admit = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    // A client that hangs up while waiting leaves the queue, and gives its place back once admitted.
    const gone = new AbortController();
    const onClose = () => gone.abort();
    reply.raw.once('close', onClose);
    const outcome = await admission.admit(gone.signal);
    reply.raw.off('close', onClose);
    if (outcome.admitted) {
      tickets.set(request, { leave: outcome.leave, readmit: false });
      if (reply.raw.destroyed) outcome.leave();
      else reply.raw.once('close', outcome.leave);
      return false;
    }
    unlogged += 1;
    const now = performance.now();
    if (now - loggedAt >= LOG_EVERY_MS) {
      request.log.warn({ refused: unlogged, why: outcome.why, waitedMs: Math.round(outcome.waitedMs), maxWaitMs: admission.maxWaitMs }, 'PGlite busy: requests refused with 503');
      unlogged = 0;
      loggedAt = now;
    }
    await reply
      .code(503)
      .header('retry-after', String(outcome.retryAfterSeconds))
      .header('cache-control', 'no-store')
      .send({ ...fail(SERVER_MESSAGES.databaseBusy), requestId: String(request.id) });
    return true;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.url || request.is404) return;
    await admit(request, reply);
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    const ticket = tickets.get(request);
    if (ticket && hasBody(request)) {
      ticket.leave();
      ticket.readmit = !String(request.headers['content-type'] ?? '').startsWith('multipart/');
    }
    return payload;
  });
  app.addHook('preHandler', async (request) => {
    const ticket = tickets.get(request);
    if (!ticket?.readmit) return;
    const rejoined = await admission.rejoin();
    tickets.set(request, { leave: rejoined, readmit: false });
  });
  // The handler's end gives the place back (its answer may still be on its way to a slow client).
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function (this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      if (result instanceof Promise) return result.finally(() => leave(request));
      return result;
    } as RouteHandlerMethod;
  });
  app.addHook('onResponse', async (request) => leave(request));
  app.addHook('onRequestAbort', async (request) => leave(request));
}

const hasBody = (request: FastifyRequest): boolean =>
  request.headers['transfer-encoding'] !== undefined || (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');
