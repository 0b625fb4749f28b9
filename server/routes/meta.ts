// The schemas the browser draws, from the server that runs them (docs/configuring-pages.md "Editing schemas
// while the console runs"): GET /api/Meta/Page?name=<page> answers the page with its entity and related
// entities as the server has them (common/metadata/page-bundle.ts) — after a bad edit still the last good
// ones —, with an ETag of the schemas' version; GET /api/Meta/Version answers that version, which the
// browser under `npm run dev` watches to draw an edited page in place; GET /api/Meta/Menu answers the
// caller's menu as login does (its grants read in this request), so an open session under `npm run dev`
// takes a changed menu without signing in again. Signed-in users only (the guard).
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../common/constants';
import { fail, ok } from '../../common/envelope';
import { pageBundle } from '../../common/metadata/page-bundle';
import type { AppContext } from '../app-context';
import { query, text } from '../http/schemas';
import { sessionOf } from '../auth/session-context';
import { menuFor } from '../platform/permissions';
import { toLoginForm } from '../../common/menu-tree';

export const META_PATHS = {
  page: `${API_BASE}/api/Meta/Page`,
  version: `${API_BASE}/api/Meta/Version`,
  menu: `${API_BASE}/api/Meta/Menu`,
} as const;

export async function metaRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const live = ctx.liveSchemas;
  const version = () => String(live.version);
  app.get(META_PATHS.version, { config: { readOnly: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok({ version: version() });
  });
  app.get(META_PATHS.page, { config: { readOnly: true }, schema: { querystring: query({ name: text(64) }) } }, async (request, reply) => {
    const { name } = request.query as { name?: string };
    const bundle = name ? pageBundle(name, live.catalog) : undefined;
    if (!bundle) return fail('页面不存在');
    const tag = `W/"${version()}"`;
    reply.header('etag', tag).header('cache-control', 'private, no-cache');
    if (request.headers['if-none-match'] === tag) return reply.code(304).send();
    return ok(bundle);
  });
  app.get(META_PATHS.menu, { config: { readOnly: true } }, async (request, reply) => {
    const session = sessionOf(request);
    reply.header('cache-control', 'no-store');
    return ok({ MenuPermissions: JSON.stringify(toLoginForm(menuFor(live.catalog.menu, session.grants, session.monitoring))) });
  });
}
