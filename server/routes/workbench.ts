// GET /prod-api/api/Workbench/GetMyTasks (docs/workbench.md): the 工作台's pending tasks of the caller
// across every workflow of the catalog, computed by the generic engine (server/engine/pending-tasks.ts)
// in the caller's scope and rights. A read: open in monitoring, where it answers no tasks (read-only).
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../common/constants';
import { ok } from '../../common/envelope';
import { WORKBENCH_API } from '../../common/workbench';
import type { AppContext } from '../app-context';
import { sessionOf } from '../auth/session-context';
import { createEntityEngine } from '../engine/entity-engine';
import { pendingTasks } from '../engine/pending-tasks';
import { query } from '../http/schemas';

export const WORKBENCH_PATHS = { tasks: `${API_BASE}${WORKBENCH_API.tasks}` } as const;

export async function workbenchRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const options = { auditTrail: ctx.auditTrail, estimateCountAbove: ctx.estimateCountAbove, lazyValidators: ctx.lazyValidators };
  const engines = [...ctx.catalog.entities.values()]
    .filter((e) => e.workflow && !e.readOnly)
    .map((e) => createEntityEngine(ctx.db, ctx.catalog, e, options));
  app.get(
    WORKBENCH_PATHS.tasks,
    { schema: { querystring: query({}) }, config: { readOnly: true, summary: '工作台：我的待办（各流程中我可处理的记录）' } },
    async (request) => ok(await pendingTasks(engines, ctx.catalog.pages, ctx.catalog.menu, sessionOf(request))),
  );
}
