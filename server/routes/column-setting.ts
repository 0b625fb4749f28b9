// List-column settings per user and page (docs/metadata.md): which columns show, in what order and
// width. The page must exist in the catalog; keys that are no longer columns of the page are dropped
// when read, so a page schema change never breaks a saved setting.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { API_BASE } from '../../common/constants';
import { fail, ok } from '../../common/envelope';
import type { ColumnSetting, PageSchema } from '../../common/metadata';
import type { AppContext } from '../app-context';
import { sessionOf } from '../auth/session-context';
import { ENGINE_MESSAGES } from '../engine/messages';
import { body, integer, query, text } from '../http/schemas';
import { SERVER_MESSAGES } from '../messages';

export const COLUMN_SETTING_PATHS = {
  get: `${API_BASE}/api/ColumnSetting/Get`,
  save: `${API_BASE}/api/ColumnSetting/Save`,
} as const;

const columnSetting = {
  type: 'object',
  properties: {
    key: text(64, 1),
    visible: { type: 'boolean' },
    order: integer(0, 1000),
    width: integer(20, 2000),
    fixed: { type: 'string', enum: ['left', 'right', 'none'] },
  },
  required: ['key', 'visible', 'order'],
  additionalProperties: false,
};
const saveBody = body({ page: text(64, 1), columns: { type: 'array', maxItems: 200, items: columnSetting } }, ['page', 'columns']);
const getQuery = query({ page: text(64, 1) }, ['page']);

const pageColumns = (page: PageSchema): Set<string> => new Set(page.list.columns.map((c) => c.field));

export async function columnSettingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get<{ Querystring: { page: string } }>(COLUMN_SETTING_PATHS.get, { schema: { querystring: getQuery }, config: { readOnly: true } }, async (request) => {
    const page = ctx.catalog.pages.get(request.query.page);
    if (!page) return fail(ENGINE_MESSAGES.pageMissing);
    const row = await ctx.db
      .selectFrom('column_settings')
      .select('columns')
      .where('user_id', '=', sessionOf(request).user.id)
      .where('page', '=', page.name)
      .executeTakeFirst();
    const keys = pageColumns(page);
    const saved = Array.isArray(row?.columns) ? (row.columns as ColumnSetting[]) : [];
    return ok(saved.filter((c) => keys.has(c.key)).sort((a, b) => a.order - b.order));
  });

  app.post<{ Body: { page: string; columns: ColumnSetting[] } }>(COLUMN_SETTING_PATHS.save, { schema: { body: saveBody }, config: { monitoringWritable: true } }, async (request) => {
    const page = ctx.catalog.pages.get(request.body.page);
    if (!page) return fail(ENGINE_MESSAGES.pageMissing);
    const columns = JSON.stringify(request.body.columns.map(({ key, visible, order, width, fixed }) => ({ key, visible, order, ...(width ? { width } : {}), ...(fixed ? { fixed } : {}) })));
    await ctx.db
      .insertInto('column_settings')
      .values({ user_id: sessionOf(request).user.id, page: page.name, columns })
      .onConflict((oc) => oc.columns(['user_id', 'page']).doUpdateSet({ columns, updated_at: sql<Date>`now()` }))
      .execute();
    return ok(undefined, SERVER_MESSAGES.saved);
  });
}
