// §7.4 SysDictionary/GetListByType: code tables of schemas/dictionaries, looked up by name in memory
// (the name never reaches the file system).
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '../../common/envelope';
import type { AppContext } from '../app-context';
import { query } from '../http/schemas';
import { SERVER_MESSAGES } from '../messages';
import { PATHS } from '../http/paths';

const typeQuery = query({ type: { type: 'string', minLength: 1, maxLength: 64 } }, ['type']);

export async function dictionaryRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get<{ Querystring: { type: string } }>(PATHS.dictionary, { schema: { querystring: typeQuery }, config: { readOnly: true } }, async (request) => {
    const options = ctx.catalog.dictionaries.get(request.query.type);
    return options ? ok(options) : fail(SERVER_MESSAGES.dictionaryMissing);
  });
}
