// The per-request session lookup (server/auth/sessions.ts loadSession): one query per request for the
// session, its user and its grants, and still no cache — a logout in one instance refuses the next request
// in another at once.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/app-context';
import { buildApp } from '../../server/app';
import { CLIENT_CONFIG_URL } from '../../server/routes/client-config';
import { endpoint, TEMPLATE } from './engine-support';
import { call, PATHS, session, sharedDatabaseUrl, startApp } from './helpers';

const queries: string[] = [];
let context: AppContext | undefined;
const capture: FastifyPluginAsync<{ ctx: AppContext }> = async (_api, { ctx }) => {
  context = ctx;
};
let app: FastifyInstance;

beforeAll(async () => {
  app = await startApp({
    routes: [capture],
    queryLog: (q) => queries.push(q.sql),
  });
});
afterAll(() => app.close());

/** The queries one call makes. */
async function queriesOf(run: () => Promise<unknown>): Promise<string[]> {
  queries.length = 0;
  await run();
  return [...queries];
}

describe('session lookup', () => {
  it('costs one query per request, grants included', async () => {
    for (const userName of ['qiye01', 'sysadmin', 'xiangmu02']) {
      const { token } = await session(app, userName);
      // ClientConfig reads nothing from the database itself: what runs is the guard's lookup.
      const made = await queriesOf(async () => expect((await call(app, 'GET', CLIENT_CONFIG_URL, { token })).body.status).toBe(1));
      expect(made, userName).toHaveLength(1);
    }
  });

  it('keeps the role grants: a user without the button still gets 402, one with it gets the page', async () => {
    const { token } = await session(app, 'qiye02'); // 巡检模板只读
    const create = await call(app, 'POST', endpoint(TEMPLATE, 'create'), { token, body: {} });
    expect(create.body).toMatchObject({ status: 0, code: 402 });
    const list = await call(app, 'GET', endpoint(TEMPLATE, 'list'), { token, query: { index: 0, size: 1 } });
    expect(list.body.status).toBe(1);
  });

  it.skipIf(!process.env.DATABASE_URL)('refuses a token logged out in another instance on the very next request', async () => {
    const r = await sql<{ schema: string }>`select current_schema() as schema`.execute(context!.db);
    const other = await buildApp({ databaseUrl: sharedDatabaseUrl(app, r.rows[0].schema), isolateSchema: false });
    try {
      const { token } = await session(app, 'qiye01');
      expect((await call(app, 'GET', CLIENT_CONFIG_URL, { token })).status).toBe(200);
      expect((await call(other, 'POST', PATHS.logout, { token })).body.status).toBe(1);
      expect((await call(app, 'GET', CLIENT_CONFIG_URL, { token })).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});
