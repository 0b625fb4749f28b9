// The OpenAPI 3.1 document of the whole contract (docs/api.md "OpenAPI"), generated at request time from
// the routes Fastify registered (server/http/route-catalog.ts: method, path, query and body schemas) and,
// for the generic endpoints, the entity schemas (fields, types, required ones, the row they answer), so
// integrators of devices and other systems need no guesswork. Only signed-in system administrators get it
// (others: HTTP 403); /Browse is a self-contained HTML listing (no script, nothing fetched from elsewhere).
// The route schemas are Ajv's (draft-07 with the `finite` plugin, server/http/schemas.ts): every schema put
// in the document goes through standardSchema, so a standard validator accepts it (tests/server/openapi.test.ts).
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../common/constants';
import { fail } from '../../common/envelope';
import { FIELD_TYPES } from '../../common/field-types';
import type { ResolvedEntity } from '../../common/metadata/types';
import type { AppContext } from '../app-context';
import { readPolicy } from '../auth/policy';
import { sessionOf } from '../auth/session-context';
import type { RouteRecord } from '../http/route-catalog';
import { isApiPath } from '../http/paths';

export const OPENAPI_PATHS = { document: `${API_BASE}/api/OpenApi/Document`, browse: `${API_BASE}/api/OpenApi/Browse` } as const;

type Json = Record<string, unknown>;
type Operation = { method: string; path: string; tag: string; summary: string; op: Json };

/** Keywords whose value is a map of names to subschemas, one subschema, a list of them (JSON Schema 2020-12). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
const SCHEMA_ONE = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** The other keywords of the OpenAPI 3.1 dialect: JSON Schema 2020-12's and OpenAPI's own (the last four). */
const STANDARD = new Set([
  ...['$schema', '$id', '$ref', '$anchor', '$dynamicRef', '$dynamicAnchor', '$vocabulary', '$comment', 'type', 'const', 'enum'],
  ...['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern'],
  ...['maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains', 'maxProperties', 'minProperties', 'required', 'dependentRequired'],
  ...['title', 'description', 'default', 'deprecated', 'readOnly', 'writeOnly', 'examples', 'format', 'contentEncoding', 'contentMediaType'],
  ...['discriminator', 'xml', 'externalDocs', 'example'],
]);

/**
 * A route's Ajv schema in the OpenAPI 3.1 dialect (JSON Schema 2020-12), for the document only: the route
 * validates with the original. Draft-07 tuples become prefixItems, `nullable` a 'null' type; a keyword
 * the dialect lacks (the `finite` plugin, any other Ajv keyword) becomes an extension, `x-finite: true`.
 */
export function standardSchema(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    if (SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null) out[key] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, standardSchema(s)]));
    else if (key === 'items' && Array.isArray(value)) out.prefixItems = value.map(standardSchema);
    else if (key === 'additionalItems') out[Array.isArray((schema as Json).items) ? 'items' : 'x-additionalItems'] = standardSchema(value);
    else if (SCHEMA_ONE.has(key)) out[key] = standardSchema(value);
    else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) out[key] = value.map(standardSchema);
    else if (key === 'nullable' && 'type' in (schema as Json)) continue;
    else if (STANDARD.has(key) || key.startsWith('x-')) out[key] = value;
    else out[`x-${key}`] = value;
  }
  const { nullable, type } = schema as Json;
  if (nullable === true && type !== undefined) out.type = [...new Set([type, 'null'].flat())];
  return out;
}

/** An entity's row as JSON Schema: each field's wire type, title, dictionary, required ones. */
function rowSchema(entity: ResolvedEntity, forWrite: boolean): Json {
  const fields = entity.fields.filter((f) => (forWrite ? !f.readOnly && f.type !== 'id' : !f.writeOnly));
  const properties = Object.fromEntries(
    fields.map((f) => {
      const { format, ...json } = FIELD_TYPES[f.type].json as Json;
      const schema: Json = { ...json, title: f.title };
      if (typeof format === 'string') schema.format = format;
      if (f.maxLength) schema.maxLength = f.maxLength;
      if (f.enum) schema.enum = f.enum;
      if (f.dictionary) schema.description = `字典：${'type' in f.dictionary ? f.dictionary.type : JSON.stringify(f.dictionary)}`;
      return [f.wire ?? f.name, schema];
    }),
  );
  const required = forWrite ? fields.filter((f) => f.required).map((f) => f.wire ?? f.name) : [];
  return standardSchema({ type: 'object', title: entity.title, properties, ...(required.length ? { required } : {}) }) as Json;
}

/** Fastify's `:id` is OpenAPI's `{id}`. */
const openApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const ENVELOPE: Json = {
  type: 'object',
  properties: {
    status: { type: 'integer', enum: [0, 1], description: '1 成功，0 失败（detail 为中文原因）' },
    detail: { type: 'string' },
    data: {},
    pageInfo: { type: 'object' },
    code: { type: 'integer', description: '401 登录过期，402 没有权限' },
    requestId: { type: 'string', description: '5xx 时的请求编号（亦见响应头 x-request-id）' },
  },
  required: ['status', 'detail'],
};

function operationOf(route: RouteRecord, ctx: AppContext): Operation {
  const config = route.config ?? {};
  const entity = typeof config.entity === 'string' ? ctx.catalog.entities.get(config.entity) : undefined;
  const action = typeof config.action === 'string' ? config.action : undefined;
  const schema = (route.schema ?? {}) as { querystring?: Json; body?: Json; params?: Json };
  const path = openApiPath(route.url);
  const tag = entity ? `${entity.title}（${entity.name}）` : (route.url.replace(API_BASE, '').replace(/^\/prod-apicore/, '').split('/').filter(Boolean).slice(0, 2).join('/') || '其他');
  const summary = typeof config.summary === 'string' ? config.summary : `${route.method} ${path}`;
  const parameters: Json[] = [];
  const query = schema.querystring?.properties as Record<string, Json> | undefined;
  const requiredQuery = new Set((schema.querystring?.required as string[] | undefined) ?? []);
  for (const [name, s] of Object.entries(query ?? {})) parameters.push({ name, in: 'query', required: requiredQuery.has(name), schema: standardSchema(s) });
  // Every name of the path template, once, required (OpenAPI): typed by the route's params schema if it has one.
  const params = schema.params?.properties as Record<string, Json> | undefined;
  for (const name of new Set([...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]))) parameters.push({ name, in: 'path', required: true, schema: standardSchema(params?.[name] ?? { type: 'string' }) });
  const op: Json = {
    tags: [tag],
    summary,
    operationId: `${route.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+/g, '_')}`,
    ...(parameters.length ? { parameters } : {}),
    // Routes open without a session (policy `public`: service token, login, registration, device push) say so.
    ...(readPolicy(config).public ? { security: [] } : {}),
    responses: { 200: { description: '信封（§7.1）', content: { 'application/json': { schema: entity && (action === 'list' || action === 'detail') ? { ...ENVELOPE, properties: { ...(ENVELOPE.properties as Json), data: action === 'list' ? { type: 'array', items: { $ref: `#/components/schemas/${entity.name}` } } : { $ref: `#/components/schemas/${entity.name}` } } } : ENVELOPE } } }, 400: { description: '请求参数格式错误' }, 401: { description: '未登录或登录过期' }, 500: { description: '服务器繁忙，请稍后重试（带请求编号）' } },
  };
  if (route.method !== 'GET') {
    const body = schema.body ? standardSchema(schema.body) : entity && (action === 'create' || action === 'update') ? { $ref: `#/components/schemas/${entity.name}Input` } : { type: 'object' };
    // A file part: contentMediaType is OpenAPI 3.1's way, format binary kept for tools that read 3.0's.
    op.requestBody = action === 'import' ? { content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' }, mode: { type: 'string', enum: ['preview', 'all', 'valid'] } } } } } } : { content: { 'application/json': { schema: body } } };
  }
  return { method: route.method.toLowerCase(), path, tag, summary, op };
}

export function openApiDocument(routes: readonly RouteRecord[], ctx: AppContext): Json {
  const operations = routes.filter((r) => isApiPath(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS').map((r) => operationOf(r, ctx));
  const paths: Record<string, Json> = {};
  const operationIds = new Set<string>();
  for (const o of operations) {
    // operationIds are unique (OpenAPI): two paths that differ only in punctuation get a numbered second.
    let id = String(o.op.operationId);
    for (let n = 2; operationIds.has(id); n++) id = `${String(o.op.operationId)}_${n}`;
    operationIds.add(id);
    paths[o.path] = { ...(paths[o.path] ?? {}), [o.method]: { ...o.op, operationId: id } };
  }
  const schemas: Json = {};
  for (const entity of ctx.catalog.entities.values()) {
    schemas[entity.name] = rowSchema(entity, false);
    schemas[`${entity.name}Input`] = rowSchema(entity, true);
  }
  return {
    openapi: '3.1.0',
    info: { title: '智慧工地综合管理平台 API', version: '0.1.0', description: '信封格式见 docs/api.md；调用需先登录（Authorization: Bearer <access_token>）。' },
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } }, schemas },
    security: [{ bearer: [] }],
    paths,
  };
}

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The document as one HTML page: operations grouped by tag, with their parameters; no script. */
export function openApiHtml(doc: Json): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = String((op.tags as string[])[0]);
      const params = ((op.parameters as Json[] | undefined) ?? []).map((p) => `<code>${escape(String(p.name))}</code>${p.required ? '*' : ''}`).join(' ');
      const row = `<tr><td class="m ${method}">${method.toUpperCase()}</td><td><code>${escape(path)}</code></td><td>${escape(String(op.summary))}</td><td>${params}</td></tr>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  const sections = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'zh'))
    .map(([tag, rows]) => `<details><summary>${escape(tag)}（${rows.length}）</summary><table><tr><th>方法</th><th>路径</th><th>说明</th><th>参数（* 必填）</th></tr>${rows.join('')}</table></details>`)
    .join('\n');
  const count = [...byTag.values()].reduce((n, rows) => n + rows.length, 0);
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>接口文档</title><style>
body{font:14px/1.6 system-ui,"Noto Sans CJK SC",sans-serif;margin:24px;color:#1f1f1f}h1{font-size:20px}
details{border:1px solid #e5e6eb;border-radius:6px;margin:8px 0;padding:4px 12px}summary{cursor:pointer;font-weight:600}
table{border-collapse:collapse;width:100%;margin:8px 0}td,th{border-bottom:1px solid #f0f0f0;padding:4px 8px;text-align:left;vertical-align:top}
.m{font-weight:700;width:60px}.get{color:#1677ff}.post{color:#389e0d}code{font-family:ui-monospace,monospace}
</style></head><body><h1>智慧工地综合管理平台 · 接口文档（OpenAPI 3.1）</h1>
<p>共 ${count} 个接口。机器可读的文档：<a href="${OPENAPI_PATHS.document}"><code>${OPENAPI_PATHS.document}</code></a>（仅系统管理员）。</p>
${sections}</body></html>`;
}

export async function openApiRoutes(app: FastifyInstance, { ctx, routes }: { ctx: AppContext; routes: readonly RouteRecord[] }): Promise<void> {
  const adminOnly = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    if (!sessionOf(request).user.is_system_admin) return reply.code(403).send(fail('没有权限：仅系统管理员可查看接口文档', 403));
  };
  app.get(OPENAPI_PATHS.document, { config: { readOnly: true, summary: 'OpenAPI 3.1 文档（JSON）' }, onRequest: adminOnly }, async () => openApiDocument(routes, ctx));
  app.get(OPENAPI_PATHS.browse, { config: { readOnly: true, cookieAuth: true, summary: '接口文档（网页）' }, onRequest: adminOnly }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(openApiHtml(openApiDocument(routes, ctx))),
  );
}
