// Unknown paths: API paths get the 404 envelope 接口不存在; with the browser app served, any other
// GET gets index.html so a reload of a deep link works (§2.2 history mode).
import type {} from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../common/constants';
import { fail } from '../../common/envelope';
import { isApiPath } from './paths';

export function installNotFound(app: FastifyInstance, spa: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (spa && !isApiPath(path) && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send(fail(MESSAGES.notFound));
  });
}
