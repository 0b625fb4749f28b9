// §7.3 organisation lists for the header's company selector: the user's member companies with their
// ancestors, or (system administrators, §6) every company.
import type { FastifyInstance } from 'fastify';
import { HEADER_LIST_SIZE } from '../../common/constants';
import { ok, pageInfoOf } from '../../common/envelope';
import type { AppContext } from '../app-context';
import { sessionOf } from '../auth/session-context';
import { membershipsOf, withAncestors } from '../domain/companies';
import { pageIndex, pageSize, query } from '../http/schemas';
import { toOrgNode } from '../wire/org-node';
import { PATHS } from './paths';

type Page = { index: number; size: number };
const pageQuery = query({ index: pageIndex, size: pageSize(HEADER_LIST_SIZE) });

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
}
