// Every route the app registers, as Fastify reports it (onRoute), for the OpenAPI document
// (server/routes/openapi.ts). Installed on the root instance before any route, so none is missed.
import type { FastifyInstance, RouteOptions } from 'fastify';

/** What a route says about itself for the OpenAPI document (server/routes/openapi.ts). */
export type RouteDescription = {
  /** One line in Chinese: what the route does. */
  summary?: string;
  /** A generic endpoint's entity and engine action: the document gives it the entity's row schema. */
  entity?: string;
  action?: string;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig extends RouteDescription {}
}

export type RouteRecord = { method: string; url: string; schema?: RouteOptions['schema']; config?: Record<string, unknown> };

export function installRouteCatalog(app: FastifyInstance): readonly RouteRecord[] {
  const routes: RouteRecord[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' && route.exposeHeadRoute !== false && routes.some((r) => r.url === route.url && r.method === 'GET')) continue;
      routes.push({ method, url: route.url, schema: route.schema, config: route.config as Record<string, unknown> | undefined });
    }
  });
  return routes;
}
