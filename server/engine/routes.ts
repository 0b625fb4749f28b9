// The generic endpoints of one entity (docs/metadata.md), under /prod-api/api/<api.base>/ with the
// entity's names. Every route is behind the platform guard (session, no-authority users); the §6 check
// of this entity's page and buttons runs in onRequest, before the body is read, so a caller without the
// permission learns nothing about the rules (as the guard does).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '../../common/constants';
import { fail, ok } from '../../common/envelope';
import type { ResolvedEntity } from '../../common/metadata/types';
import type { AppContext } from '../app-context';
import { sessionOf } from '../auth/session-context';
import { pageIndex, pageSize, query, text } from '../http/schemas';
import { checkAccess, type EngineAction } from './access';
import { auditRow } from './entity-audit';
import { createEntityEngine, rightsOf, type EntityEngine } from './entity-engine';
import { hiddenFields } from './field-rights';
import { importSheet } from './entity-import';
import { detailRow, exportRows, listPage } from './entity-reads';
import { changeLinks, listLinks } from './entity-relations';
import { createRow, modifyRow, removeRow } from './entity-writes';
import { sendRefusal } from './errors';
import { contentDisposition, exportWorkbook } from './excel';
import { DEFAULT_PAGE_SIZE, type ListParams } from './list-params';
import { menuTreeRoute } from './menu-route';
import { ENGINE_MESSAGES } from './messages';
import { readMultipart } from './multipart';
import { extensionOf, KINDS, UPLOAD_RULES } from './upload-rules';

const XLSX = KINDS.xlsx.contentType;

const filterQuery = { filters: text(8000), keyword: text(100), sort: text(100) };
const listQuery = query({ index: pageIndex, size: pageSize(DEFAULT_PAGE_SIZE), ...filterQuery });
const exportQuery = query(filterQuery);

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** The actions that change nothing; every other one is a write, whatever its HTTP method. */
const READS: ReadonlySet<EngineAction> = new Set(['list', 'detail', 'export']);

/** Every entity of the catalog gets its endpoints (architecture §4: a new page needs no TypeScript). */
export async function entityRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const engines = new Map([...ctx.catalog.entities.values()].map((e) => [e.name, createEntityEngine(ctx.db, ctx.catalog, e)] as const));
  for (const entity of ctx.catalog.entities.values()) registerEntityRoutes(app, ctx, entity, engines);
  menuTreeRoute(app, ctx);
}

export function registerEntityRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  entity: ResolvedEntity,
  engines: ReadonlyMap<string, EntityEngine> = new Map(),
): void {
  const engine = engines.get(entity.name) ?? createEntityEngine(ctx.db, ctx.catalog, entity);
  const { api } = engine.model;
  const url = (name: string) => `${API_BASE}/api/${api.base}/${name}`;
  const params = (request: FastifyRequest) => ({ ...(request.query as object), ...((request.body as object | null) ?? {}) }) as Record<string, unknown>;

  // What each action does decides monitoring (server/auth/policy.ts), not its method: a GET delete writes.
  const route = (method: 'GET' | 'POST', name: string, action: EngineAction, handler: Handler, schema?: object) =>
    app.route({
      method,
      url: url(name),
      schema,
      config: READS.has(action) ? { readOnly: true } : { writes: true },
      onRequest: async (request, reply) => {
        try {
          checkAccess(engine.catalog.menu, sessionOf(request), entity.permission, action);
        } catch (error) {
          return sendRefusal(reply, error);
        }
      },
      handler: async (request, reply) => {
        try {
          return await handler(request, reply);
        } catch (error) {
          return sendRefusal(reply, error);
        }
      },
    });

  route('GET', api.list, 'list', async (request) => {
    const { rows, pageInfo } = await listPage(engine, sessionOf(request), request.query as ListParams);
    return ok(rows, '', pageInfo);
  }, { querystring: listQuery });

  route('GET', api.detail, 'detail', async (request) => ok(await detailRow(engine, sessionOf(request), params(request))));

  route('POST', api.create, 'create', async (request) => ok(await createRow(engine, sessionOf(request), request.body), ENGINE_MESSAGES.saved));

  route('POST', api.update, 'update', async (request) => ok(await modifyRow(engine, sessionOf(request), request.body), ENGINE_MESSAGES.saved));

  route(api.deleteMethod, api.delete, 'delete', async (request) => {
    await removeRow(engine, sessionOf(request), params(request));
    return ok(undefined, ENGINE_MESSAGES.deleted);
  });

  route('GET', api.export, 'export', async (request, reply) => {
    const rows = await exportRows(engine, sessionOf(request), request.query as ListParams);
    const file = await exportWorkbook(engine.model, rows, engine.dictionary, hiddenFields(rightsOf(engine, sessionOf(request))));
    return reply.type(XLSX).header('content-disposition', contentDisposition(engine.model)).send(file);
  }, { querystring: exportQuery });

  for (const patch of entity.patches ?? []) {
    route('POST', patch.endpoint, 'update', async (request) => ok(await modifyRow(engine, sessionOf(request), request.body, patch.fields), ENGINE_MESSAGES.saved));
  }

  if (entity.audit) {
    route('POST', api.audit, 'audit', async (request) => ok(await auditRow(engine, sessionOf(request), request.body), ENGINE_MESSAGES.audited));
  }

  for (const relation of entity.relations ?? []) {
    const linkedEntity = ctx.catalog.entities.get(relation.entity);
    if (!linkedEntity) throw new Error(`entity ${entity.name}: relation ${relation.name} names unknown entity ${relation.entity}`);
    const r = { relation, own: engine, linked: engines.get(relation.entity) ?? createEntityEngine(ctx.db, ctx.catalog, linkedEntity) };
    route('GET', relation.list, 'detail', async (request) => ok(await listLinks(r, sessionOf(request), params(request))));
    route('POST', relation.update, 'update', async (request) => ok(await changeLinks(r, sessionOf(request), request.body), ENGINE_MESSAGES.saved));
  }

  route('POST', api.import, 'import', async (request) => {
    const { file, tooLarge } = await readMultipart(request, UPLOAD_RULES.file.maxBytes);
    if (tooLarge) return fail(UPLOAD_RULES.file.tooLarge);
    if (!file) return fail(ENGINE_MESSAGES.importFileMissing);
    if (extensionOf(file.fileName) !== 'xlsx' || !KINDS.xlsx.magic(file.data)) return fail(ENGINE_MESSAGES.importFileInvalid);
    const report = await importSheet(engine, sessionOf(request), file.data);
    return ok(report, report.errors.length ? `导入失败：${report.errors.length}行数据有误，未导入任何数据` : ENGINE_MESSAGES.imported);
  });
}
