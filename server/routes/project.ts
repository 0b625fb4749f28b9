// §7.3 / §7.4 WhereProjectList: the header's project list, scoped by the session, never by the request;
// WhereProjectListOfOrder the same projects in the order asked for (docs/api.md).
import type { FastifyInstance } from 'fastify';
import { HEADER_LIST_SIZE } from '../../common/constants';
import { fail, ok, pageInfoOf } from '../../common/envelope';
import type { AppContext } from '../app-context';
import { scopeOf, sessionOf } from '../auth/session-context';
import { PROJECT_SORTS, projectsInScope, projectsInScopeSorted, type ProjectSort } from '../platform/projects';
import { idText, pageIndex, pageSize, query, text } from '../http/schemas';
import { SERVER_MESSAGES } from '../messages';
import { toProjectListItem } from '../wire/project-item';
import { PATHS } from '../http/paths';

// user_id is accepted for the client's sake (§7.3 "filtered by user_id") but the scope is the session's
// (architecture §5: tenant scope comes from the session, not the request).
const listQuery = query({ user_id: idText, index: pageIndex, size: pageSize(HEADER_LIST_SIZE) });
// Sort field and order as text, so a wrong one is answered in Chinese rather than with a 400.
const orderedQuery = query({ user_id: idText, index: pageIndex, size: pageSize(HEADER_LIST_SIZE), orderBy: text(32), order: text(8), projectName: text(100) });

type OrderedQuery = { index: number; size: number; orderBy?: string; order?: string; projectName?: string };

export async function projectRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get<{ Querystring: { index: number; size: number } }>(PATHS.projectList, { schema: { querystring: listQuery }, config: { readOnly: true } }, async (request) => {
    const { index, size } = request.query;
    const { rows, total } = await projectsInScope(ctx.db, scopeOf(sessionOf(request)), { index, size });
    return ok(rows.map(toProjectListItem), '', pageInfoOf(index, size, total));
  });

  app.get<{ Querystring: OrderedQuery }>(PATHS.projectListOfOrder, { schema: { querystring: orderedQuery }, config: { readOnly: true } }, async (request) => {
    const { index, size, orderBy = '', order = '', projectName = '' } = request.query;
    const field = orderBy.trim() || 'id';
    if (!Object.hasOwn(PROJECT_SORTS, field)) return fail(SERVER_MESSAGES.sortFieldInvalid);
    const direction = order.trim().toLowerCase() || 'asc';
    if (direction !== 'asc' && direction !== 'desc') return fail(SERVER_MESSAGES.sortOrderInvalid);
    const sort: ProjectSort = { field: field as ProjectSort['field'], order: direction };
    const { rows, total } = await projectsInScopeSorted(ctx.db, scopeOf(sessionOf(request)), { index, size }, sort, projectName.trim());
    return ok(rows.map(toProjectListItem), '', pageInfoOf(index, size, total));
  });
}
