// §7.3 organisation lists for the header's company selector: the user's member companies with their
// ancestors, or (system administrators, §6) every company. §7.4 ByType: the same lists narrowed to one
// §3.5 company type (the normal variant also takes in the current company's subsidiaries);
// GetOrgListByEngineeringID: the participating units (参建单位) of a project in the caller's scope.
import type { FastifyInstance } from 'fastify';
import { HEADER_LIST_SIZE } from '../../common/constants';
import { fail, ok, pageInfoOf } from '../../common/envelope';
import type { AppContext } from '../app-context';
import { scopeOf, sessionOf } from '../auth/session-context';
import { membershipsOf, subtreeIds, withAncestors } from '../platform/companies';
import { parseId } from '../platform/ids';
import { projectInScope } from '../platform/projects';
import { pageIndex, pageSize, query, text } from '../http/schemas';
import { SERVER_MESSAGES } from '../messages';
import { toOrgNode } from '../wire/org-node';
import { PATHS } from '../http/paths';

type Page = { index: number; size: number };
const pageQuery = query({ index: pageIndex, size: pageSize(HEADER_LIST_SIZE) });
// The type and the project id as text, so a wrong one is answered in Chinese rather than with a 400.
const typeQuery = query({ type: text(4), index: pageIndex, size: pageSize(HEADER_LIST_SIZE) }, ['type']);
const projectQuery = query({ EngineeringID: text(20), index: pageIndex, size: pageSize(HEADER_LIST_SIZE) }, ['EngineeringID']);

/** §3.5 company types 1–14, as the client sends them. */
const companyTypeOf = (value: string): number | null => (/^(?:[1-9]|1[0-4])$/.test(value.trim()) ? Number(value.trim()) : null);

export async function orgRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get<{ Querystring: Page }>(PATHS.orgList, { schema: { querystring: pageQuery }, config: { readOnly: true } }, async (request) => {
    const { index, size } = request.query;
    const memberIds = new Set((await membershipsOf(ctx.db, sessionOf(request).user.id)).map((m) => m.companyId));
    const all = await withAncestors(ctx.db, [...memberIds]);
    const page = all.slice(index * size, (index + 1) * size);
    return ok(
      page.map((c) => toOrgNode(c, memberIds)),
      '',
      pageInfoOf(index, size, all.length),
    );
  });

  app.get<{ Querystring: Page }>(
    PATHS.adminOrgList,
    { schema: { querystring: pageQuery }, config: { adminOnly: true, readOnly: true } },
    async (request) => {
      const { index, size } = request.query;
      const memberIds = new Set((await membershipsOf(ctx.db, sessionOf(request).user.id)).map((m) => m.companyId));
      const counted = await ctx.db.selectFrom('companies').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
      const rows = await ctx.db
        .selectFrom('companies')
        .selectAll()
        .orderBy('id')
        .limit(size)
        .offset(index * size)
        .execute();
      return ok(
        rows.map((c) => toOrgNode(c, memberIds)),
        '',
        pageInfoOf(index, size, Number(counted?.n ?? 0)),
      );
    },
  );

  app.get<{ Querystring: Page & { type: string } }>(PATHS.orgListByType, { schema: { querystring: typeQuery }, config: { readOnly: true } }, async (request) => {
    const { index, size } = request.query;
    const type = companyTypeOf(request.query.type);
    if (type === null) return fail(SERVER_MESSAGES.companyTypeInvalid);
    const session = sessionOf(request);
    const memberIds = new Set((await membershipsOf(ctx.db, session.user.id)).map((m) => m.companyId));
    const below = (await subtreeIds(ctx.db, session.companyId).execute()).map((r) => r.id);
    const all = (await withAncestors(ctx.db, [...new Set([...memberIds, ...below])])).filter((c) => c.company_type === type);
    return ok(
      all.slice(index * size, (index + 1) * size).map((c) => toOrgNode(c, memberIds)),
      '',
      pageInfoOf(index, size, all.length),
    );
  });

  app.get<{ Querystring: Page & { type: string } }>(
    PATHS.adminOrgListByType,
    { schema: { querystring: typeQuery }, config: { adminOnly: true, readOnly: true } },
    async (request) => {
      const { index, size } = request.query;
      const type = companyTypeOf(request.query.type);
      if (type === null) return fail(SERVER_MESSAGES.companyTypeInvalid);
      const memberIds = new Set((await membershipsOf(ctx.db, sessionOf(request).user.id)).map((m) => m.companyId));
      const base = ctx.db.selectFrom('companies').where('company_type', '=', type);
      const counted = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
      const rows = await base.selectAll().orderBy('id').limit(size).offset(index * size).execute();
      return ok(
        rows.map((c) => toOrgNode(c, memberIds)),
        '',
        pageInfoOf(index, size, Number(counted?.n ?? 0)),
      );
    },
  );

  app.get<{ Querystring: Page & { EngineeringID: string } }>(PATHS.orgListByProject, { schema: { querystring: projectQuery }, config: { readOnly: true } }, async (request) => {
    const { index, size } = request.query;
    const wanted = request.query.EngineeringID.trim();
    if (!wanted) return fail(SERVER_MESSAGES.projectRequired);
    const session = sessionOf(request);
    const id = parseId(wanted);
    const project = id === null ? null : await projectInScope(ctx.db, scopeOf(session), id);
    if (!project) return fail(SERVER_MESSAGES.projectOutOfScope);
    const memberIds = new Set((await membershipsOf(ctx.db, session.user.id)).map((m) => m.companyId));
    const base = ctx.db.selectFrom('companies').where('id', 'in', (qb) => qb.selectFrom('project_orgs').select('company_id').where('project_id', '=', project.id));
    const counted = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const rows = await base.selectAll().orderBy('company_type').orderBy('id').limit(size).offset(index * size).execute();
    return ok(
      rows.map((c) => toOrgNode(c, memberIds)),
      '',
      pageInfoOf(index, size, Number(counted?.n ?? 0)),
    );
  });
}
