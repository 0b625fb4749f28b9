// §7.3 / §7.4 WhereProjectList: the header's project list, scoped by the session, never by the request.
import type { FastifyInstance } from 'fastify';
import { HEADER_LIST_SIZE } from '../../common/constants';
import { ok, pageInfoOf } from '../../common/envelope';
import type { AppContext } from '../app-context';
import { scopeOf, sessionOf } from '../auth/session-context';
import { projectsInScope } from '../domain/projects';
import { idText, pageIndex, pageSize, query } from '../http/schemas';
import { toProjectListItem } from '../wire/project-item';
import { PATHS } from './paths';

// user_id is accepted for the client's sake (§7.3 "filtered by user_id") but the scope is the session's
// (architecture §5: tenant scope comes from the session, not the request).
const listQuery = query({ user_id: idText, index: pageIndex, size: pageSize(HEADER_LIST_SIZE) });

export async function projectRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get<{ Querystring: { index: number; size: number } }>(PATHS.projectList, { schema: { querystring: listQuery }, config: { readOnly: true } }, async (request) => {
    const { index, size } = request.query;
    const { rows, total } = await projectsInScope(ctx.db, scopeOf(sessionOf(request)), { index, size });
    return ok(rows.map(toProjectListItem), '', pageInfoOf(index, size, total));
  });
}
