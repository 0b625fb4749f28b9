// GET /prod-api/api/RoutInspContent/GetContentDetailByType?device_type (§7.7): the template of a device
// type for the equipment record viewer (§2.8) — the newest of the session's company that is not soft
// deleted, answered as the generic GetContentDetail answers a row (field names, lists as JSON text), or
// data null when the type has no template yet. Everything but "pick the newest of this type" is the generic
// engine's: scope, soft delete, row codec and the entity's afterRead hook (docs/metadata.md).
import type { FastifyInstance } from 'fastify';
import { API_BASE, MESSAGES } from '../../common/constants';
import { fail, ok } from '../../common/envelope';
import type { ListFilter, PermissionRef } from '../../common/metadata';
import type { AppContext } from '../app-context';
import { sessionOf } from '../auth/session-context';
import { menuFor } from '../platform/permissions';
import { hasPageNode } from '../engine/access';
import { createEntityEngine } from '../engine/entity-engine';
import { engineOptions } from '../engine/routes';
import { listPage } from '../engine/entity-reads';
import { sendRefusal } from '../engine/errors';
import { query, text } from '../http/schemas';

export const CONTENT_BY_TYPE_PATH = `${API_BASE}/api/RoutInspContent/GetContentDetailByType`;

/** The entity of schemas/entities/inspection-template.json. */
const TEMPLATE_ENTITY = 'InspectionTemplate';
/** The record viewer's menu node (schemas/menus.json 设备管理 › 设备档案), which may read templates too. */
const VIEWER_PERMISSION: PermissionRef = { page: 'deviceManagement', group: 'maintenance' };

const byTypeQuery = query({ device_type: text(50, 1) }, ['device_type']);

export async function routInspContentByTypeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const entity = ctx.catalog.entities.get(TEMPLATE_ENTITY);
  if (!entity) throw new Error(`GetContentDetailByType: entity ${TEMPLATE_ENTITY} is not in schemas/entities/`);
  const engine = createEntityEngine(ctx.db, ctx.catalog, entity, engineOptions(ctx));

  app.get<{ Querystring: { device_type: string } }>(CONTENT_BY_TYPE_PATH, { schema: { querystring: byTypeQuery }, config: { readOnly: true } }, async (request, reply) => {
    const session = sessionOf(request);
    // §6: the template page or the record viewer in the caller's tree (reads need no button).
    const tree = menuFor(ctx.catalog.menu, session.grants, session.monitoring);
    if (!hasPageNode(tree, entity.permission) && !hasPageNode(tree, VIEWER_PERMISSION)) {
      return fail(MESSAGES.noPermission, 402);
    }
    const filters: ListFilter[] = [{ field: 'deviceType', operator: 'eq', value: request.query.device_type }];
    try {
      const { rows } = await listPage(engine, session, { index: 0, size: 1, filters: JSON.stringify(filters), sort: 'id:desc' });
      return ok(rows[0] ?? null);
    } catch (error) {
      return sendRefusal(reply, error);
    }
  });
}
