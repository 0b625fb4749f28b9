// The OpenAPI 3 document (server/routes/openapi.ts): every API route the app registers is in it, the
// generic endpoints carry their entity's row schema, only signed-in system administrators get it, and it
// is a valid OpenAPI 3.1 document: the standard validator accepts it and Ajv's JSON Schema 2020-12 compiles
// each of its Schema Objects in strict mode (no keyword the standard lacks, such as the routes' `finite`).
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATHS, standardSchema } from '../../server/routes/openapi';
import { isApiPath } from '../../server/http/paths';
import { call, session, startApp } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  // Every validator compiled at start, as production does: a schema Ajv refuses fails here.
  app = await startApp({ lazyValidators: false });
});
afterAll(async () => {
  await app.close();
});

type Content = Record<string, { schema?: unknown }>;
type Operation = { summary: string; operationId?: string; parameters?: Array<{ name: string; in: string; schema?: unknown }>; requestBody?: { content: Content }; responses: Record<string, { content?: Content }> };
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> } };

/** JSON Pointer escaping of one reference token (RFC 6901). */
const token = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Where the document holds Schema Objects: parameters, request and response bodies, components. */
function schemaPointers(doc: Doc): string[] {
  const contents = (at: string, content: Content | undefined) => Object.keys(content ?? {}).filter((type) => content![type].schema !== undefined).map((type) => `${at}/content/${token(type)}/schema`);
  const out = Object.keys(doc.components.schemas).map((name) => `/components/schemas/${token(name)}`);
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const at = `/paths/${token(path)}/${method}`;
      (op.parameters ?? []).forEach((p, i) => p.schema !== undefined && out.push(`${at}/parameters/${i}/schema`));
      out.push(...contents(`${at}/requestBody`, op.requestBody?.content));
      for (const [status, response] of Object.entries(op.responses)) out.push(...contents(`${at}/responses/${status}`, response.content));
    }
  }
  return out;
}

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

  it('is valid OpenAPI 3.1: the standard validator accepts it, its Schema Objects compile as strict JSON Schema 2020-12', async () => {
    const { token: bearer } = await session(app, 'sysadmin');
    const doc = (await app.inject({ method: 'GET', url: OPENAPI_PATHS.document, headers: { authorization: `Bearer ${bearer}` } })).json() as Doc;
    const validator = new Validator({ allErrors: true });
    const result = await validator.validate(doc);
    const errors = typeof result.errors === 'string' ? [result.errors] : (result.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? e.keyword}`);
    expect({ count: errors.length, first: errors.slice(0, 10) }).toEqual({ count: 0, first: [] });
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(validator.version).toBe('3.1');

    // The OpenAPI 3.1 schema leaves Schema Objects to JSON Schema: Ajv's 2020-12 dialect compiles each
    // distinct one, strict (an unknown keyword is an error), the components registered under their names
    // for the $refs. The OAS dialect adds example, discriminator, xml and externalDocs; extensions (x-…)
    // are allowed. No code optimisation and no inlined refs: about 1 s instead of 3.
    const at = (pointer: string): unknown => pointer.split('/').slice(1).reduce<unknown>((o, key) => (o as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    const local = (schema: unknown): object => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"components/')) as object;
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, validateFormats: false, inlineRefs: false, code: { optimize: false } });
    const extensions = new Set(JSON.stringify(doc).match(/"x-[\w-]+"(?=:)/g)?.map((k) => JSON.parse(k) as string));
    for (const keyword of ['example', 'discriminator', 'xml', 'externalDocs', ...extensions]) ajv.addKeyword(keyword);
    for (const [name, schema] of Object.entries(doc.components.schemas)) ajv.addSchema(local(schema), `components/${name}`);
    const distinct = new Map<string, string>();
    for (const pointer of schemaPointers(doc)) distinct.set(JSON.stringify(at(pointer)), distinct.get(JSON.stringify(at(pointer))) ?? pointer);
    const invalid: string[] = [];
    for (const [schema, pointer] of distinct) {
      try {
        ajv.compile(local(JSON.parse(schema)));
      } catch (error) {
        invalid.push(`${pointer}: ${(error as Error).message}`);
      }
    }
    expect({ count: invalid.length, first: invalid.slice(0, 10) }).toEqual({ count: 0, first: [] });

    // What JSON Schema cannot say: operationIds unique, each path template's names declared once as path parameters.
    const ids = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(ids.filter((id, i) => id !== undefined && ids.indexOf(id) !== i)).toEqual([]);
    for (const [path, methods] of Object.entries(doc.paths)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(methods)) {
        expect((op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name).sort(), `${method} ${path}`).toEqual(names);
      }
    }
  });

  it('translates an Ajv schema into the 3.1 dialect without touching the route\'s own', () => {
    const route = { type: 'object', properties: { finite: { type: 'integer', minimum: 0, finite: true }, pair: { type: 'array', items: [{ type: 'string' }], additionalItems: false }, note: { type: 'string', nullable: true } }, required: ['finite'] };
    const before = structuredClone(route);
    expect(standardSchema(route)).toEqual({
      type: 'object',
      properties: { finite: { type: 'integer', minimum: 0, 'x-finite': true }, pair: { type: 'array', prefixItems: [{ type: 'string' }], items: false }, note: { type: ['string', 'null'] } },
      required: ['finite'],
    });
    expect(route).toEqual(before);
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
