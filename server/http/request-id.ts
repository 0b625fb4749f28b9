// Every request gets a short random id (Fastify's request.id, so it is in every log line of the request)
// and every answer names it in x-request-id; a 5xx also carries it in the envelope (error-handler.ts),
// so the 服务器繁忙 message a user sees can be matched with the server log. A caller's own
// x-request-id is not believed (it could collide or forge log lines).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER } from '../../common/constants';

export const newRequestId = (): string => randomBytes(6).toString('hex');

export function installRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
