// Options of a reference field (docs/metadata.md "References by id"): the rows of entity T that a field
// `{ "entity": T, "valueField", "labelField" }` may point at, for whoever may use a page whose entity
// declares such a field — independent of T's own menu node. A project user choosing 出租单位 needs the
// organisations' ids and names, not the 组织管理 page. What is answered is bounded three ways:
// - which fields: only the ones a declared reference shows (value, label, parent, the fields it fills);
// - which rows: T's rows within the caller's scope (T's own scope rules, soft-deleted rows left out);
// - who: the caller holds T's page, or the page of an entity declaring that reference.
import type { FastifyInstance } from 'fastify';
import { ok } from '../../common/envelope';
import { API_BASE } from '../../common/constants';
import { OPTIONS_ENDPOINT, type PageSchema, type PermissionRef } from '../../common/metadata';
import { optionFields } from '../../common/metadata/references';
import type { ResolvedEntity } from '../../common/metadata/types';
import { sessionOf, type SessionContext } from '../auth/session-context';
import { pageIndex, pageSize, query, text } from '../http/schemas';
import { checkAccess } from './access';
import type { EntityEngine } from './entity-engine';
import { listPage } from './entity-reads';
import { BadRequest, Refusal, sendRefusal } from './errors';
import { DEFAULT_PAGE_SIZE } from './list-params';
import { MESSAGES } from '../../common/constants';

/** One declared reference to an entity: its value and label, the fields it may read, the one it filters by, and the page whose users may read them. */
type Declared = { value: string; label: string; fields: ReadonlySet<string>; filterBy?: string; permission: PermissionRef };

type Declaring = { entities?: ReadonlyMap<string, ResolvedEntity>; pages?: ReadonlyMap<string, Pick<PageSchema, 'entity' | 'detail'>> };

/**
 * Every reference of the catalog to `target`, with the permission of the entity declaring it: its fields'
 * `{ entity }` dictionaries, and the detail's related lists of its pages (RelationList offers the rows to
 * link by the target's key and the list's first column).
 */
export function declaredReferences(catalog: Declaring, target: string): Declared[] {
  const out: Declared[] = [];
  const entities = catalog.entities ?? new Map<string, ResolvedEntity>();
  for (const entity of entities.values()) {
    for (const field of entity.fields) {
      const ref = field.dictionary;
      if (!ref || !('entity' in ref) || ref.entity !== target) continue;
      out.push({ value: ref.valueField, label: ref.labelField, fields: new Set(optionFields(ref)), ...(ref.filterBy ? { filterBy: ref.filterBy } : {}), permission: entity.permission });
    }
  }
  const linked = entities.get(target);
  const key = linked?.fields.find((f) => f.type === 'id')?.name;
  for (const page of catalog.pages?.values() ?? []) {
    const owner = entities.get(page.entity);
    for (const shown of page.detail?.relations ?? []) {
      const relation = owner?.relations?.find((r) => r.name === shown.relation);
      const label = shown.columns[0];
      if (!owner || relation?.entity !== target || !key || !label) continue;
      out.push({ value: key, label, fields: new Set([key, label]), permission: owner.permission });
    }
  }
  return out;
}

const allowed = (menu: EntityEngine['catalog']['menu'], session: SessionContext, permission: PermissionRef): boolean => {
  try {
    checkAccess(menu, session, permission, 'list');
    return true;
  } catch {
    return false;
  }
};

/**
 * The declarations the call may read by: the asked fields are one reference's (value first, label second),
 * filtered only by its `filterBy`; refused unless the caller may use the page of such a declaration (or T's
 * own page, which shows these fields anyway).
 */
export function checkReferenceAccess(engine: EntityEngine, session: SessionContext, asked: readonly string[], filterFields: readonly string[]): void {
  const { catalog } = engine;
  const [value, label, ...rest] = asked;
  const declared = declaredReferences(catalog, engine.model.entity.name).filter(
    (d) => d.value === value && d.label === label && rest.every((f) => d.fields.has(f)) && filterFields.every((f) => f === d.filterBy),
  );
  if (declared.length === 0) throw new BadRequest('请求参数格式错误：fields');
  if (allowed(catalog.menu, session, engine.model.entity.permission)) return;
  if (!declared.some((d) => allowed(catalog.menu, session, d.permission))) throw new Refusal(MESSAGES.noPermission, 402);
}

/** The sent filters as `{ field, operator: 'eq', value }` items only (a reference filters by equality). */
function equalityFilters(text: string | undefined): Array<{ field: string; value: unknown }> {
  if (text === undefined || text.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BadRequest('请求参数格式错误：filters');
  }
  if (!Array.isArray(parsed) || parsed.length > 4) throw new BadRequest('请求参数格式错误：filters');
  return parsed.map((f: unknown) => {
    const item = f as { field?: unknown; operator?: unknown; value?: unknown } | null;
    if (!item || typeof item.field !== 'string' || (item.operator ?? 'eq') !== 'eq') throw new BadRequest('请求参数格式错误：filters');
    return { field: item.field, value: item.value };
  });
}

const FIELDS_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}(,[A-Za-z_][A-Za-z0-9_]{0,63}){0,15}$/;

/** GET /api/<T>/Options?fields=<value>,<label>[,…]&index&size&keyword&filters — one page of T's rows, only those fields. */
export function registerReferenceOptions(app: FastifyInstance, engine: EntityEngine): void {
  const { model } = engine;
  if (declaredReferences(engine.catalog, model.entity.name).length === 0) return;
  app.route({
    method: 'GET',
    url: `${API_BASE}/api/${model.api.base}/${OPTIONS_ENDPOINT}`,
    schema: { querystring: query({ fields: text(1000), index: pageIndex, size: pageSize(DEFAULT_PAGE_SIZE), keyword: text(100), filters: text(8000) }) },
    config: { readOnly: true, entity: model.entity.name, action: 'list', summary: `${model.entity.title}：引用选项（${OPTIONS_ENDPOINT}）` },
    handler: async (request, reply) => {
      try {
        const q = request.query as { fields?: string; index?: number; size?: number; keyword?: string; filters?: string };
        if (!q.fields || !FIELDS_PATTERN.test(q.fields)) throw new BadRequest('请求参数格式错误：fields');
        // Value and label first (one field may be both: a copied name), then the others once each.
        const [value, label, ...rest] = q.fields.split(',');
        if (value === undefined || label === undefined) throw new BadRequest('请求参数格式错误：fields');
        const asked = [value, label, ...new Set(rest.filter((f) => f !== value && f !== label))];
        const filters = equalityFilters(q.filters);
        const session = sessionOf(request);
        checkReferenceAccess(engine, session, asked, filters.map((f) => f.field));
        // The keyword searches the label only: nothing else of T answers "matches or not".
        const keyword = q.keyword?.trim();
        const planned = [...filters.map((f) => ({ ...f, operator: 'eq' })), ...(keyword ? [{ field: asked[1], operator: 'contains', value: keyword }] : [])];
        const { rows, pageInfo } = await listPage(engine, session, { index: q.index, size: q.size, filters: planned.length > 0 ? JSON.stringify(planned) : undefined });
        return ok(rows.map((r) => Object.fromEntries([...new Set(asked)].map((f) => [f, r[f] ?? null]))), '', pageInfo);
      } catch (error) {
        return sendRefusal(reply, error);
      }
    },
  });
}
