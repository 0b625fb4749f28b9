// Graceful shutdown (docs/security-auth.md). Fastify's close stops accepting, answers requests that
// arrive meanwhile with 503 and waits for the requests in flight; but a keep-alive connection whose
// answer is sent after close began would stay open until its keep-alive timeout (72 s), holding up the
// close and with it the database. So once closing, every answer carries `Connection: close` and idle
// sockets are closed as soon as their answer is out. The database closes in onClose, after all of this.
import type { FastifyInstance } from 'fastify';

export function installGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async () => {
    if (closing) app.server.closeIdleConnections();
  });
}
