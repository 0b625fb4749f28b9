// The API server as one Fastify instance (architecture §5, style: fastify/demo). Tests build exactly
// what production runs; main.ts only listens. Order: external plugins, app plugins, routes.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppContext } from './app-context';
import { installGuard } from './auth/guard';
import { SESSION_TTL_MS } from './auth/sessions';
import { openDatabase } from './db/connect';
import { migrate } from './db/migrate';
import { MIGRATIONS } from './db/migrations';
import { loadCatalog } from './domain/catalog';
import { installErrorHandler } from './http/error-handler';
import { installNotFound } from './http/not-found';
import { accountRoutes } from './routes/account';
import { dictionaryRoutes } from './routes/dictionary';
import { erpUserRoutes } from './routes/erp-user';
import { loginRoutes } from './routes/login';
import { noticeRoutes } from './routes/notice';
import { orgRoutes } from './routes/org';
import { projectRoutes } from './routes/project';
import { tokenRoutes } from './routes/token';
import { seedDemoData } from './seed/seed';

export type BuildOptions = {
  /** PGlite data folder, or 'memory'; ignored when `databaseUrl` is set. Default ./data. */
  dataDir?: string;
  /** PostgreSQL connection URL; when set, PostgreSQL is used instead of PGlite. */
  databaseUrl?: string;
  /** PostgreSQL only: run in a fresh schema of its own, dropped on close (parallel tests). */
  isolateSchema?: boolean;
  /** Folder of the built browser app (dist/) to serve, with the SPA fallback. */
  serveStatic?: string;
  logger?: FastifyServerOptions['logger'];
  /** Trust X-Forwarded-For (behind a load balancer), so login throttling sees the real address. */
  trustProxy?: boolean;
  /** Apply the demo seed to an empty database. Default true. */
  seed?: boolean;
  /** Access-token lifetime; default 12 h (SESSION_TTL_MS). */
  sessionTtlMs?: number;
};

export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const catalog = loadCatalog();
  const database = await openDatabase(
    options.databaseUrl
      ? { kind: 'postgres', url: options.databaseUrl, isolate: options.isolateSchema }
      : { kind: 'pglite', dataDir: options.dataDir ?? './data' },
  );
  let prepared: { applied: string[]; seeded: boolean };
  try {
    const applied = await migrate(database.db, MIGRATIONS);
    const seeded = options.seed === false ? false : await seedDemoData(database.db, catalog);
    prepared = { applied, seeded };
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    ajv: {
      // Unknown body fields are refused, not silently dropped (docs/api.md 400); query strings are
      // coerced from text to the declared types.
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false, allowUnionTypes: true },
    },
  });
  app.addHook('onClose', () => database.close());
  app.log.info({ database: database.describe, ...prepared }, 'database ready');

  // External plugins.
  await app.register(formbody);
  const staticRoot = options.serveStatic ? checkedStaticRoot(options.serveStatic) : null;
  if (staticRoot) await app.register(fastifyStatic, { root: staticRoot, wildcard: false });

  // App plugins.
  installErrorHandler(app);
  installNotFound(app, staticRoot !== null);

  // Routes, inside one context so the access guard covers the API and nothing else.
  const ctx: AppContext = { db: database.db, catalog, sessionTtlMs: options.sessionTtlMs ?? SESSION_TTL_MS };
  await app.register(async (api) => {
    installGuard(api, ctx.db);
    await api.register(tokenRoutes, { ctx });
    await api.register(loginRoutes, { ctx });
    await api.register(accountRoutes, { ctx });
    await api.register(erpUserRoutes, { ctx });
    await api.register(orgRoutes, { ctx });
    await api.register(projectRoutes, { ctx });
    await api.register(noticeRoutes, { ctx });
    await api.register(dictionaryRoutes, { ctx });
  });
  return app;
}

function checkedStaticRoot(dir: string): string {
  const root = resolve(dir);
  if (!existsSync(resolve(root, 'index.html'))) throw new Error(`serveStatic: ${root}/index.html not found (run npm run build)`);
  return root;
}
