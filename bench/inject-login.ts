// A demo account's access token from an in-process app (app.inject), for the benchmarks that build the
// server in their own process (bench/audit.ts, bench/plant.ts): the service token, then the password login.
import type { FastifyInstance } from 'fastify';
import { PATHS } from '../server/http/paths';
import { DEMO_PASSWORD } from '../server/seed/demo-accounts';

export async function injectLogin(app: FastifyInstance, userName: string): Promise<string> {
  const svc = (await app.inject({ method: 'GET', url: PATHS.getToken, headers: { fromplat: 'pc' } })).json().data as string;
  const reply = await app.inject({
    method: 'POST',
    url: PATHS.login,
    query: { token: svc, fromplat: 'pc' },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', userName, password: DEMO_PASSWORD }).toString(),
  });
  return reply.json().data.access_token as string;
}
