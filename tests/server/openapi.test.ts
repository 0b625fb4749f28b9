// The OpenAPI 3 document (server/routes/openapi.ts): every API route the app registers is in it, the
// generic endpoints carry their entity's row schema, and only signed-in system administrators get it.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATHS } from '../../server/routes/openapi';
import { isApiPath } from '../../server/routes/paths';
import { call, session, startApp } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  // Every validator compiled at start, as production does: a schema Ajv refuses fails here.
  app = await startApp({ lazyValidators: false });
});
afterAll(async () => {
  await app.close();
});

type Doc = { openapi: string; paths: Record<string, Record<string, { summary: string; requestBody?: unknown; responses: Record<string, unknown> }>>; components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> } };

/**
 * Every method and full path Fastify registered, from its own route tree (printRoutes): a line is a
 * node, its text after the tree drawing the part of the path below its parent, its methods in brackets.
 */
function registered(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ├└─]*?)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = [...m[1]].length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2];
    stack.push(path);
    for (const method of m[3]?.split(', ') ?? []) if (method !== 'HEAD' && method !== 'OPTIONS') out.push([method, path]);
  }
  return out;
}

describe('OpenAPI document', () => {
  it('lists every registered API route with its method', async () => {
    const { token } = await session(app, 'sysadmin');
    const reply = await app.inject({ method: 'GET', url: OPENAPI_PATHS.document, headers: { authorization: `Bearer ${token}` } });
    expect(reply.statusCode).toBe(200);
    const doc = reply.json() as Doc;
    expect(doc.openapi).toMatch(/^3\./);
    const routes = registered().filter(([, url]) => isApiPath(url));
    expect(routes.length).toBeGreaterThan(300);
    const missing = routes.filter(([method, url]) => !doc.paths[url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[method.toLowerCase()]);
    expect(missing).toEqual([]);
    // And nothing that is not a route.
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented).toHaveLength(routes.length);
  });

  it('describes a generic endpoint with its entity: summary, input fields and required ones, the row it answers', async () => {
    const { token } = await session(app, 'sysadmin');
    const doc = (await app.inject({ method: 'GET', url: OPENAPI_PATHS.document, headers: { authorization: `Bearer ${token}` } })).json() as Doc;
    const create = doc.paths['/prod-api/api/RoutInspManage/CreateModel'].post;
    expect(create.summary).toBe('巡检设备：新增（CreateModel）');
    expect(JSON.stringify(create.requestBody)).toContain('#/components/schemas/RoutInspManageInput');
    const input = doc.components.schemas.RoutInspManageInput;
    expect(input.required).toContain('device_no');
    expect(Object.keys(input.properties)).not.toContain('id');
    expect(doc.components.schemas.RoutInspManage.properties.device_no).toMatchObject({ type: 'string', title: '设备编号' });
  });

  it('is for system administrators only: others 403, no session 401; the browsable page is plain HTML', async () => {
    const { token } = await session(app, 'qiye01');
    for (const url of [OPENAPI_PATHS.document, OPENAPI_PATHS.browse]) {
      const denied = await call(app, 'GET', url, { token });
      expect(denied.status, url).toBe(403);
      expect(denied.body.detail).toContain('没有权限');
      expect((await call(app, 'GET', url)).status, url).toBe(401);
    }
    const admin = await session(app, 'sysadmin');
    const page = await app.inject({ method: 'GET', url: OPENAPI_PATHS.browse, headers: { authorization: `Bearer ${admin.token}` } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('接口文档');
    expect(page.body).toContain('/prod-api/api/RoutInspManage/CreateModel');
    // Self-contained: no script and nothing loaded from another origin.
    expect(page.body).not.toMatch(/<script|https?:\/\//);
  });
});
