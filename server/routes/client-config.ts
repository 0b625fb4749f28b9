// GET /prod-api/api/ClientConfig (docs/map.md): runtime browser settings read from the environment on
// every call, so a key set for a deployment needs no rebuild of the browser app. Needs a session: the
// key is the deployment's, handed only to signed-in users (large screens are behind login anyway).
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../common/constants';
import { CLIENT_CONFIG_PATH, normaliseTiandituKey, type ClientConfig } from '../../common/client-config';
import { ok } from '../../common/envelope';
import { query } from '../http/schemas';

export const CLIENT_CONFIG_URL = `${API_BASE}${CLIENT_CONFIG_PATH}`;

/** What the browser gets from the environment; a malformed TIANDITU_KEY counts as none. */
export const readClientConfig = (env: NodeJS.ProcessEnv = process.env): ClientConfig => ({
  tiandituKey: normaliseTiandituKey(env.TIANDITU_KEY),
});

const responseSchema = {
  200: {
    type: 'object',
    properties: {
      status: { type: 'integer' },
      detail: { type: 'string' },
      code: { type: 'integer' },
      data: { type: 'object', properties: { tiandituKey: { type: 'string' } }, required: ['tiandituKey'] },
    },
    required: ['status', 'detail'],
  },
};

export async function clientConfigRoutes(app: FastifyInstance): Promise<void> {
  app.get(CLIENT_CONFIG_URL, { schema: { querystring: query({}), response: responseSchema }, config: { readOnly: true } }, async () => ok(readClientConfig()));
}
