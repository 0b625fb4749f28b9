// The generic endpoints of one entity (docs/metadata.md), under /prod-api/api/<api.base>/ with the
// entity's names. Every route is behind the platform guard (session, no-authority users); the §6 check
// of this entity's page and buttons runs in onRequest, before the body is read, so a caller without the
// permission learns nothing about the rules (as the guard does).
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '../http/route-catalog';
import { API_BASE } from '../../common/constants';
import { fail, ok, pageInfoOf } from '../../common/envelope';
import { BATCH_ENDPOINTS, CHANGE_LOG_ENDPOINT, CHILDREN_ENDPOINT, IMPORT_MODES, IMPORT_TEMPLATE_ENDPOINT, type EntityCall, type ImportMode } from '../../common/metadata';
import type { ResolvedEntity } from '../../common/metadata/types';
import type { AppContext } from '../app-context';
import { sessionOf } from '../auth/session-context';
import { pageIndex, pageSize, query, text } from '../http/schemas';
import { checkAccess, type EngineAction } from './access';
import { batchCreate, batchDelete, batchUpdate } from './batch';
import { changeLog } from './change-log';
import { childCollections, childPage, readChildren, splitChildren, writeChildren } from './children';
import { auditRow } from './entity-audit';
import { createEntityEngine, rightsOf, type EngineOptions, type EntityEngine } from './entity-engine';
import { hiddenFields } from './field-rights';
import { importSheet } from './entity-import';
import { detailRow, exportBatches, listPage } from './entity-reads';
import { changeLinks, listLinks } from './entity-relations';
import { createRow, modifyRow, removeRow, visibleRow, type AlsoWrite } from './entity-writes';
import { BadRequest, Refusal, sendRefusal } from './errors';
import { contentDisposition, streamWorkbook } from './excel';
import { templateWorkbook } from './excel-template';
import { DEFAULT_PAGE_SIZE, type ListParams } from './list-params';
import { menuTreeRoute } from './menu-route';
import { ENGINE_MESSAGES } from './messages';
import { readMultipart } from './multipart';
import { registerReferenceOptions } from './reference-options';
import { importKind } from './sheet-files';
import { exportsPersonalData, maskPersonalRows, recordExport, recordReveal } from './personal-data';
import { DETAIL_PERSONAL_FULL, DETAIL_PERSONAL_PARAM } from '../../common/metadata/field-access';
import { statisticsRows, type StatisticsParams } from './statistics';
import { KINDS, UPLOAD_RULES } from './upload-rules';
import { compileWorkflow, rowHistory, transitionRow, transitionRows } from './workflow';

const XLSX = KINDS.xlsx.contentType;

/**
 * The list parameters of a call alias: the generic ones (a POST body may send `filters` as an array) and
 * each declared parameter as one more filter (a blank one is no condition, as in the generic list).
 */
function callListParams(sent: Record<string, unknown>, declared: EntityCall['params']): ListParams {
  const base = sent.filters;
  let filters: unknown[] = [];
  if (Array.isArray(base)) filters = base;
  else if (typeof base === 'string' && base.trim() !== '') {
    const parsed = parseJsonText(base);
    if (!Array.isArray(parsed)) throw new BadRequest('请求参数格式错误：filters');
    filters = parsed;
  }
  for (const [name, spec] of Object.entries(declared ?? {})) {
    const value = sent[name];
    if (value === undefined || value === null || value === '') continue;
    filters = [...filters, { field: spec.field, operator: spec.operator, value }];
  }
  const pick = (key: string) => (typeof sent[key] === 'string' || typeof sent[key] === 'number' ? sent[key] : undefined);
  return {
    index: pick('index') as number | undefined,
    size: pick('size') as number | undefined,
    keyword: pick('keyword') as string | undefined,
    sort: pick('sort') as string | undefined,
    after: pick('after') as string | undefined,
    before: pick('before') as string | undefined,
    filters: filters.length > 0 ? JSON.stringify(filters) : undefined,
  };
}

function parseJsonText(textValue: string): unknown {
  try {
    return JSON.parse(textValue) as unknown;
  } catch {
    throw new BadRequest('请求参数格式错误：filters');
  }
}

const filterQuery = { filters: text(8000), keyword: text(100), sort: text(100) };
const listProps = { index: pageIndex, size: pageSize(DEFAULT_PAGE_SIZE), ...filterQuery, after: text(1000), before: text(1000), sums: text(1000) };
const listQuery = query(listProps);
/** `title`: the page's title, for the file name (巡检模板_20260315.xlsx); the entity's when absent. */
const exportQuery = query({ ...filterQuery, title: text(50) });
const templateQuery = query({ title: text(50) });

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** What each action does, for the OpenAPI document's summaries (server/routes/openapi.ts). */
const ACTION_SUMMARY: Record<EngineAction, string> = {
  list: '查询列表',
  detail: '查看',
  create: '新增',
  update: '修改',
  delete: '删除',
  export: '导出 Excel',
  import: '导入 Excel',
  audit: '审核',
  transition: '流程操作',
};

/** The actions that change nothing; every other one is a write, whatever its HTTP method. */
const READS: ReadonlySet<EngineAction> = new Set(['list', 'detail', 'export']);

/** One options object for every engine of the app: the audit trail, the big-table estimate threshold, lazy validators. */
export function engineOptions(ctx: AppContext): EngineOptions {
  return { auditTrail: ctx.auditTrail, estimateCountAbove: ctx.estimateCountAbove, lazyValidators: ctx.lazyValidators };
}

/** Every entity of the catalog gets its endpoints (architecture §4: a new page needs no TypeScript). */
export async function entityRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const options = engineOptions(ctx);
  const engines = new Map([...ctx.catalog.entities.values()].map((e) => [e.name, createEntityEngine(ctx.db, ctx.catalog, e, options)] as const));
  for (const entity of ctx.catalog.entities.values()) registerEntityRoutes(app, ctx, entity, engines);
  menuTreeRoute(app, ctx);
}

export function registerEntityRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  entity: ResolvedEntity,
  engines: ReadonlyMap<string, EntityEngine> = new Map(),
): void {
  const engine = engines.get(entity.name) ?? createEntityEngine(ctx.db, ctx.catalog, entity, engineOptions(ctx));
  const engineOf = (name: string) => {
    const other = ctx.catalog.entities.get(name);
    if (!other) throw new Error(`entity ${entity.name} names unknown entity ${name}`);
    return engines.get(name) ?? createEntityEngine(ctx.db, ctx.catalog, other, engineOptions(ctx));
  };
  const children = childCollections(engine, engineOf);
  const { api } = engine.model;
  // A name is under /api/<base>/; a call alias starting with '/' is a path under the main base (plugin services).
  const url = (name: string) => (name.startsWith('/') ? `${API_BASE}${name}` : `${API_BASE}/api/${api.base}/${name}`);
  const handlers = new Map<EngineAction, Handler>();
  const params = (request: FastifyRequest) => ({ ...(request.query as object), ...((request.body as object | null) ?? {}) }) as Record<string, unknown>;

  // What each action does decides monitoring (server/auth/policy.ts), not its method: a GET delete writes.
  const route = (method: 'GET' | 'POST', name: string, action: EngineAction, handler: Handler, schema?: object) =>
    app.route({
      method,
      url: url(name),
      schema,
      config: { ...(READS.has(action) ? { readOnly: true } : { writes: true }), entity: entity.name, action, summary: `${entity.title}：${ACTION_SUMMARY[action]}（${name}）` },
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

  const list = async (request: FastifyRequest, listParams: ListParams) => {
    const { rows, pageInfo } = await listPage(engine, sessionOf(request), listParams);
    return ok(rows, '', pageInfo);
  };
  route('GET', api.list, 'list', (request) => list(request, request.query as ListParams), { querystring: listQuery });
  // Options of the fields that reference this entity, for the users of their pages (reference-options.ts).
  registerReferenceOptions(app, engine);

  // The detail follows the list's masking (§5.6, issue 29): ID and mobile numbers masked, in its children
  // too, unless `personal=full` asks for what the field permissions allow (the edit form, a fill, 显示完整信息).
  const detail: Handler = async (request) => {
    const p = params(request);
    const personal = p[DETAIL_PERSONAL_PARAM] === DETAIL_PERSONAL_FULL ? 'full' : 'masked';
    const session = sessionOf(request);
    const answered = await detailRow(engine, session, p);
    const [row] = personal === 'full' ? [answered] : maskPersonalRows(engine, [answered]);
    const id = String(row[engine.model.idField.name]);
    // Personal data answered whole is logged (who saw whose numbers), never its values.
    if (personal === 'full') await recordReveal(engine, session, id, request.ip, children.map((c) => c.engine));
    if (children.length === 0) return ok(row);
    return ok({ ...row, ...(await readChildren(children, session, id, personal)) });
  };
  handlers.set('detail', detail);
  route('GET', api.detail, 'detail', detail);
  // Call aliases (docs/metadata.md): more names for these actions, registered after them.
  const registerCalls = () => {
    for (const call of entity.calls ?? []) {
      const method = call.method ?? (call.action === 'list' || call.action === 'detail' ? 'GET' : 'POST');
      if (call.action === 'list') {
        const names = Object.keys(call.params ?? {});
        // Filter values: a number sent for one is its text (ids travel as numbers too), so not text() (text-fields.ts).
        const props = { ...listProps, ...Object.fromEntries(names.map((n) => [n, { type: 'string', maxLength: 200 }])) };
        // A POST list (MultipleConditionQuery) may send its filters as an array rather than JSON text.
        const schema = method === 'GET'
          ? { querystring: query(props) }
          : { body: { type: ['object', 'null'], properties: { ...props, filters: { type: ['string', 'array'], maxLength: 8000, maxItems: 20 } } } };
        route(method, call.path, 'list', (request) => list(request, callListParams(params(request), call.params)), schema);
        continue;
      }
      const handler = handlers.get(call.action);
      if (handler) route(method, call.path, call.action, handler);
    }
  };

  if (children.length > 0) {
    route('GET', CHILDREN_ENDPOINT, 'detail', async (request) => {
      const q = request.query as { child?: string; index?: number; size?: number } & Record<string, unknown>;
      const collection = children.find((c) => c.spec.name === q.child);
      if (!collection) throw new Refusal(ENGINE_MESSAGES.childMissing);
      const session = sessionOf(request);
      const { id } = await visibleRow(engine, session, q[api.idParam] ?? q.id);
      const index = q.index ?? 0;
      const size = q.size ?? DEFAULT_PAGE_SIZE;
      const { rows, total } = await childPage(collection, session, id, index, size);
      return ok(rows, '', pageInfoOf(index, size, total));
    }, { querystring: query({ index: pageIndex, size: pageSize(DEFAULT_PAGE_SIZE), child: text(100), [api.idParam]: text(40), id: text(40) }) });
  }

  // An aggregate read over the list's rows (docs/metadata.md "Statistics"): the list's permission and scope.
  if (entity.statistics) {
    route('GET', entity.statistics.endpoint, 'list', async (request) => ok(await statisticsRows(engine, sessionOf(request), request.query as StatisticsParams)), {
      querystring: query({ filters: filterQuery.filters, keyword: filterQuery.keyword, groupBy: text(100) }),
    });
  }

  if (entity.readOnly) registerCalls();
  route('GET', CHANGE_LOG_ENDPOINT, 'detail', async (request) => ok(await changeLog(engine, sessionOf(request), params(request))));

  // Streamed: rows go from keyset batches into the workbook and out, so memory stays flat (excel.ts).
  // Personal data (PIPL, docs/security-privilege.md "Personal data"): masked as in the list unless the role
  // holds 导出完整个人信息; a whole export writes an 操作日志 entry with its row count before the reply ends.
  route('GET', api.export, 'export', async (request, reply) => {
    const session = sessionOf(request);
    const rights = rightsOf(engine, session);
    const full = exportsPersonalData(engine, session, rights);
    const batches = await exportBatches(engine, session, request.query as ListParams, full ? 'full' : 'masked');
    const out = new PassThrough();
    const book = new PassThrough();
    book.pipe(out, { end: false });
    const drained = finished(book);
    // Rows read so far: what a failed whole export may have sent (its entry is still written).
    let rows = 0;
    const counted = (async function* () {
      for await (const batch of batches) {
        rows += batch.length;
        yield batch;
      }
    })();
    // The entry of a whole export that broke off is written before its answer ends, as a completed one's is:
    // nothing of the export lands after the request (a later request would see it as its own write).
    const fail = async (error: unknown) => {
      request.log.error({ err: error }, 'export failed while streaming');
      if (full) await recordExport(engine, session, rows, request.ip, false).catch((e: unknown) => request.log.error({ err: e }, 'export audit failed'));
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    };
    streamWorkbook(engine.model, counted, engine.dictionary, book, hiddenFields(rights))
      .then(async (written) => {
        rows = written;
        await drained;
        if (full) await recordExport(engine, session, rows, request.ip);
        out.end();
      })
      .catch(fail);
    const { title } = request.query as { title?: string };
    return reply.type(XLSX).header('content-disposition', contentDisposition(engine.model, title)).send(out);
  }, { querystring: exportQuery });

  for (const relation of entity.relations ?? []) {
    const linkedEntity = ctx.catalog.entities.get(relation.entity);
    if (!linkedEntity) throw new Error(`entity ${entity.name}: relation ${relation.name} names unknown entity ${relation.entity}`);
    const r = { relation, own: engine, linked: engines.get(relation.entity) ?? createEntityEngine(ctx.db, ctx.catalog, linkedEntity, engineOptions(ctx)) };
    route('GET', relation.list, 'detail', async (request) => ok(await listLinks(r, sessionOf(request), params(request))));
    // A read-only entity (rows the server writes, e.g. the audit trail) has no write routes at all.
    if (!entity.readOnly) route('POST', relation.update, 'update', async (request) => ok(await changeLinks(r, sessionOf(request), request.body), ENGINE_MESSAGES.saved));
  }
  if (entity.readOnly) return;

  // With children (docs/metadata.md "Master–detail"): the collections are written in the row's transaction.
  const save = async (request: FastifyRequest, action: 'create' | 'update') => {
    const session = sessionOf(request);
    const { body, sent } = splitChildren(children, request.body, action);
    const also: AlsoWrite | undefined = sent.length > 0 ? (trx, id, row) => writeChildren(session, trx, id, row, sent) : undefined;
    const row = action === 'create' ? await createRow(engine, session, body, also) : await modifyRow(engine, session, body, undefined, also);
    if (children.length === 0) return ok(row, ENGINE_MESSAGES.saved);
    return ok({ ...row, ...(await readChildren(children, session, String(row[engine.model.idField.name]))) }, ENGINE_MESSAGES.saved);
  };
  handlers.set('create', (request) => save(request, 'create'));
  handlers.set('update', (request) => save(request, 'update'));
  route('POST', api.create, 'create', (request) => save(request, 'create'));
  route('POST', api.update, 'update', (request) => save(request, 'update'));

  // Batches (docs/metadata.md "Batch actions"): each row through its single action, so each is audited as one.
  const { batch } = entity;
  if (batch?.delete) {
    const mode = batch.delete;
    route('POST', BATCH_ENDPOINTS.delete, 'delete', async (request) => ok(await batchDelete(engine, sessionOf(request), mode, request.body)));
  }
  if (batch?.update) {
    const spec = batch.update;
    route('POST', BATCH_ENDPOINTS.update, 'update', async (request) => ok(await batchUpdate(engine, sessionOf(request), spec, request.body)));
  }
  if (batch?.create) {
    const mode = batch.create;
    route('POST', BATCH_ENDPOINTS.create, 'create', async (request) => ok(await batchCreate(engine, sessionOf(request), mode, request.body)));
  }

  const remove: Handler = async (request) => {
    await removeRow(engine, sessionOf(request), params(request));
    return ok(undefined, ENGINE_MESSAGES.deleted);
  };
  handlers.set('delete', remove);
  route(api.deleteMethod, api.delete, 'delete', remove);

  for (const patch of entity.patches ?? []) {
    route('POST', patch.endpoint, 'update', async (request) => ok(await modifyRow(engine, sessionOf(request), request.body, patch.fields), ENGINE_MESSAGES.saved));
  }

  if (entity.audit) {
    route('POST', api.audit, 'audit', async (request) => ok(await auditRow(engine, sessionOf(request), request.body), ENGINE_MESSAGES.audited));
  }

  const wf = compileWorkflow(engine);
  if (wf) {
    route('POST', wf.api.transition, 'transition', async (request) => ok(await transitionRow(engine, wf, sessionOf(request), request.body), ENGINE_MESSAGES.transitioned));
    route('POST', wf.api.multiTransition, 'transition', async (request) => {
      const result = await transitionRows(engine, wf, sessionOf(request), request.body);
      return ok(result, `成功 ${result.succeeded} 条，失败 ${result.failed} 条`);
    });
    route('GET', wf.api.history, 'detail', async (request) => ok(await rowHistory(engine, wf, sessionOf(request), params(request))));
    // A transition with an endpoint of its own (§7.5 sign-in): the same move, its name fixed by the route.
    for (const t of entity.workflow?.transitions ?? []) {
      if (!t.endpoint) continue;
      const name = t.name;
      route('POST', t.endpoint, 'transition', async (request) => {
        const body = request.body;
        if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new BadRequest('请求体必须是 JSON 对象');
        if ('transition' in body) throw new BadRequest('不支持的字段 transition');
        return ok(await transitionRow(engine, wf, sessionOf(request), { ...body, transition: name }), ENGINE_MESSAGES.transitioned);
      });
    }
  }

  registerCalls();

  // Import (entity-import.ts): `mode` (a form field or query parameter) preview | all (default) | valid.
  route('POST', api.import, 'import', async (request) => {
    const { file, tooLarge, fields } = await readMultipart(request, UPLOAD_RULES.file.maxBytes);
    const mode = fields.mode ?? (request.query as { mode?: unknown }).mode ?? 'all';
    if (!IMPORT_MODES.includes(mode as ImportMode)) throw new BadRequest(`不支持的导入方式 ${String(mode)}`);
    if (tooLarge) return fail(UPLOAD_RULES.file.tooLarge);
    if (!file) return fail(ENGINE_MESSAGES.importFileMissing);
    // .xlsx, .xls or .csv, its first bytes that kind's (sheet-files.ts).
    const kind = importKind(file.fileName, file.data);
    if (!kind) return fail(ENGINE_MESSAGES.importFileInvalid);
    const report = await importSheet(engine, sessionOf(request), file.data, mode as ImportMode, kind);
    const badRows = new Set(report.errors.map((e) => e.row)).size;
    if (mode === 'preview') return ok(report, '');
    if (mode === 'valid' && badRows > 0) return ok(report, ENGINE_MESSAGES.importPartial(report.inserted, badRows));
    return ok(report, badRows > 0 ? ENGINE_MESSAGES.importRefused(badRows) : ENGINE_MESSAGES.imported);
  });

  // The import template (excel-template.ts), made from the schema for the caller (hidden fields left out).
  route('GET', IMPORT_TEMPLATE_ENDPOINT, 'import', async (request, reply) => {
    const session = sessionOf(request);
    const book = await templateWorkbook(engine.model, engine.dictionary, hiddenFields(rightsOf(engine, session)));
    const { title } = request.query as { title?: string };
    return reply.type(XLSX).header('content-disposition', contentDisposition(engine.model, title, '_导入模板')).send(book);
  }, { querystring: templateQuery });
}
