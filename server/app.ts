// The API server as one Fastify instance (architecture §5, style: fastify/demo). Tests build exactly
// what production runs; main.ts only listens. Order: external plugins, app plugins, routes.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { formatProblem } from '../common/metadata/problems';
import type { AppContext } from './app-context';
import { installGuard } from './auth/guard';
import { DEFAULT_LOGIN_POLICY, type LoginPolicy } from './auth/login-limits';
import { SESSION_TTL_MS } from './auth/sessions';
import { openDatabase, type DatabaseHandle, type DatabaseOptions, type QueryLog } from './db/connect';
import { migrate } from './db/migrate';
import { MIGRATIONS } from './db/migrations';
import type { Database } from './db/schema';
import { withStartupLock } from './db/startup-lock';
import { loadCatalog, SCHEMAS_DIR, type Catalog } from './platform/catalog';
import { auditRetentionDays, DEFAULT_AUDIT_RETENTION_DAYS, purgeAuditLog, PURGE_INTERVAL_MS } from './platform/audit-retention';
import { expandFullRoles, recordMenuSeen } from './platform/full-roles';
import { applyMenuGrants } from './platform/menu-grants';
import { liveSchemas, type LiveSchemas } from './platform/live-schemas';
import { metaRoutes } from './routes/meta';
import { installCompression } from './http/compression';
import { installErrorHandler } from './http/error-handler';
import { setStaticCacheHeaders } from './http/static-cache';
import { installRequestId, newRequestId } from './http/request-id';
import { lazyValidatorFactory } from './http/lazy-validators';
import { installRouteCatalog } from './http/route-catalog';
import { installGracefulClose } from './http/graceful-close';
import { installInputGuard } from './http/input-guard';
import { finiteNumbers } from './http/schemas';
import { installSecurityHeaders, mediaHostsOf } from './http/security-headers';
import { installHealth } from './http/health';
import { installDatabaseAdmission } from './http/database-busy';
import { installNotFound } from './http/not-found';
import { seedEntities, type EntitySeedReport } from './metadata/seed-entities';
import { seedPlantStatements } from './seed/plant-statements';
import { syncTables, type SyncReport } from './metadata/sync-tables';
import { ensureRollups } from './screens/rollups';
import { ensurePushRecordGuard } from './push/record-guard';
import { ensureScreenVersions } from './screens/versions';
import { entityRoutes } from './engine/routes';
import { registerDomainHooks } from './hooks/registry';
import { accountRoutes } from './routes/account';
import { passwordResetRoutes } from './routes/password-reset';
import { clientConfigRoutes, readClientConfig } from './routes/client-config';
import { columnSettingRoutes } from './routes/column-setting';
import { deviceCardRoutes } from './routes/device-card';
import { formulaDeviceRoutes } from './routes/formula-device';
import { dictionaryRoutes } from './routes/dictionary';
import { erpUserRoutes } from './routes/erp-user';
import { loginRoutes } from './routes/login';
import { noticeRoutes } from './routes/notice';
import { workbenchRoutes } from './routes/workbench';
import { devConfigRoutes } from './routes/dev-config';
import { projectPluginRoutes } from './routes/project-plugin';
import { openApiRoutes } from './routes/openapi';
import { orgRoutes } from './routes/org';
import { projectRoutes } from './routes/project';
import { routInspContentByTypeRoutes } from './routes/rout-insp-content-by-type';
import { selectTableFieldRoutes } from './routes/select-table-field';
import { tokenRoutes, type TokenRateLimit } from './routes/token';
import { uploadRoutes } from './routes/upload';
import { prepareDemoData } from './screens/demo';
import { screenRoutes } from './screens/routes';
import { videoRoutes } from './video/routes';
import { bimRoutes } from './share/bim-routes';
import { installShareFraming } from './share/frame-policy';
import { shareRoutes } from './share/routes';
import { plantSimulator } from './screens/simulator-plant';
import { backfill, startSimulator, type Simulator, type SimulatorOptions } from './screens/simulator';
import type { StreamOptions } from './screens/stream';
import { screenTables } from './screens/tables';
import { seedDemoData } from './seed/seed';
import { createReadingFeed } from './devices/sim-feed';
import { startDevices, type Devices, type DevicesOptions } from './devices/start';
import { PushWorker, type PushWorkerOptions } from './push/worker';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The running demo simulator (BuildOptions.simulator), or null; tests drive `tick` directly. */
    simulator: Simulator | null;
    /** Device ingestion (server/devices/start.ts): the Ingest and, when started, the HJ 212 listener. */
    devices: Devices;
    /** The government data push worker (server/push/worker.ts, BuildOptions.push), or null. */
    push: PushWorker | null;
    /** The schemas the server runs and their version (server/platform/live-schemas.ts; `npm run dev` applies pages in place). */
    liveSchemas: LiveSchemas;
  }
}

export type BuildOptions = {
  /** PGlite data folder, or 'memory'; ignored when `databaseUrl` is set. Default ./data. */
  dataDir?: string;
  /**
   * An open database to run on instead of opening one (`npm run dev` rebuilds the app on the same one after a
   * schema edit: server/dev-reload.ts); the caller closes it, the app does not.
   */
  database?: DatabaseHandle;
  /** PostgreSQL connection URL; when set, PostgreSQL is used instead of PGlite. */
  databaseUrl?: string;
  /** PostgreSQL only: run in a fresh schema of its own, dropped on close (parallel tests). */
  isolateSchema?: boolean;
  /** PostgreSQL, tests only: run in this named schema (t_ + 16 hex), shared by apps and kept on close. */
  sharedSchema?: string;
  /** Folder of the built browser app (dist/) to serve, with the SPA fallback. */
  serveStatic?: string;
  logger?: FastifyServerOptions['logger'];
  /**
   * Told each long step of the start as it ends (main.ts prints them): opening the database, preparing it
   * (migrations, seeds, rollup rebuilds), registering the routes. None of them runs under a time limit.
   */
  onProgress?: (step: StartStep) => void;
  /**
   * Which proxies' X-Forwarded-For / -Proto to believe (Fastify trustProxy: true for any, or proxy
   * addresses and CIDRs), so login and rate limits see the real client address. Default none (TRUST_PROXY).
   */
  trustProxy?: boolean | string | string[];
  /** Login limits (server/auth/login-limits.ts); tests shorten them or move the clock. */
  loginPolicy?: Partial<LoginPolicy>;
  /** getToken calls allowed per client address and window, per process; default 60 a minute. */
  serviceTokenRateLimit?: TokenRateLimit;
  /** Apply the demo seed to an empty database. Default true. */
  seed?: boolean;
  /** Access-token lifetime; default 12 h (SESSION_TTL_MS). */
  sessionTtlMs?: number;
  /**
   * In-memory PGlite only: start from this dumped data folder instead of an empty one (the server tests
   * build the seeded database once per run, tests/server/global-setup.ts). The start still runs every
   * migration, sync and seed step; they find nothing to do.
   */
  pgliteSnapshot?: Blob;
  /** The metadata folder (entities, pages, menus…); default the repository's schemas/. */
  schemasDir?: string;
  /** Schemas already loaded and checked from `schemasDir` (the dev rebuild has just checked them). */
  catalog?: Catalog;
  /** Fastify's serverFactory: the dev rebuild keeps one HTTP server across apps (server/dev-reload.ts). */
  serverFactory?: FastifyServerOptions['serverFactory'];
  /** Extra route plugins registered inside the guarded API context (benchmarks, integrations). */
  routes?: ReadonlyArray<FastifyPluginAsync<{ ctx: AppContext }>>;
  /** Demo-mode device simulator (server/screens/simulator.ts): true or its options. Default off (main.ts turns it on). */
  simulator?: boolean | SimulatorOptions;
  /** Poll and heartbeat intervals of the screens' event stream (defaults 3 s and 15 s). */
  screenStream?: StreamOptions;
  /**
   * Compile request validators (the routes', server/http/lazy-validators.ts, and the entities' write
   * validators, server/engine/validator.ts) on first use instead of at start: half of an app's start.
   * Default false: production finds a schema mistake at start. The server tests turn it on.
   */
  lazyValidators?: boolean;
  /** Called after every database query (diagnostics; tests count the queries of a request). */
  queryLog?: QueryLog;
  /** Demo data dated relative to now (server/screens/demo.ts). Default off (main.ts turns it on). */
  demoData?: boolean;
  /** Generic lists past this many rows (planner's estimate) answer 约 N 条; default 100,000 (server/engine/query.ts). */
  estimateCountAbove?: number;
  /** Audit rows older than this many days are purged on start and daily (default AUDIT_RETENTION_DAYS, else 180). */
  auditRetentionDays?: number;
  /** Engine writes record audit rows. Default true; false only for bench:audit's baseline. */
  auditTrail?: boolean;
  /**
   * Device ingestion (docs/device-ingestion.md): the HJ 212 TCP listener's port (off unless given; main.ts
   * turns it on with HJ212_PORT), the HTTP endpoint's timestamp window, the write batching.
   */
  devices?: DevicesOptions;
  /** Government data push worker (docs/push.md): true or its options. Default off (main.ts turns it on; PUSH_WORKER=0 off). */
  push?: boolean | PushWorkerOptions;
};

/** The database the options name: PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir`. */
export const databaseOptions = (options: BuildOptions): DatabaseOptions =>
  options.databaseUrl
    ? { kind: 'postgres', url: options.databaseUrl, isolate: options.isolateSchema, schema: options.sharedSchema, queryLog: options.queryLog }
    : { kind: 'pglite', dataDir: options.dataDir ?? './data', queryLog: options.queryLog, snapshot: options.pgliteSnapshot };

/** A step of the start, with how long it took. */
export type StartStep = { step: 'database' | 'prepared' | 'routes'; ms: number };

export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  let stepStart = Date.now();
  const progress = (step: StartStep['step']) => {
    const now = Date.now();
    options.onProgress?.({ step, ms: now - stepStart });
    stepStart = now;
  };
  // The domains' hooks join the engine before any engine is built (the engine imports no domain).
  registerDomainHooks();
  // An invalid schema refuses the start before the database is touched (SchemaError lists every problem).
  const catalog = options.catalog ?? loadCatalog(options.schemasDir ?? SCHEMAS_DIR);
  const database = options.database ?? (await openDatabase(databaseOptions(options)));
  const simulatorOptions: SimulatorOptions | null = options.simulator === true ? {} : options.simulator || null;
  progress('database');
  let prepared: PreparedDatabase;
  const retentionDays = options.auditRetentionDays ?? auditRetentionDays(process.env.AUDIT_RETENTION_DAYS);
  try {
    // Everything a start writes runs under one database lock, so processes may start together.
    prepared = await withStartupLock(database.db, async (db) => {
      const ready = await prepareDatabase(db, catalog, { seed: options.seed !== false, auditRetentionDays: retentionDays });
      if (options.demoData) {
        await prepareDemoData(db, screenTables(catalog), { seeded: ready.entitySeeds?.seeded ?? [], backfill: !simulatorOptions });
      }
      const hours = simulatorOptions?.backfillHours ?? 24;
      if (simulatorOptions && hours > 0) await backfill(db, screenTables(catalog), { hours, random: simulatorOptions.random });
      return ready;
    });
  } catch (error) {
    if (!options.database) await database.close();
    throw error;
  }
  progress('prepared');

  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    // Registering the API builds every entity's engine and installs the screens' change feed (on PostgreSQL
    // under a lock shared with other starting processes). How long that takes depends on the machine: on a
    // saturated host it passed 60 s (AVV_ERR_PLUGIN_EXEC_TIMEOUT). A start is never cut off for being slow;
    // its steps are reported (onProgress) and /readyz answers once it listens (docs/security-auth.md).
    pluginTimeout: 0,
    // Shutdown (docs/security-auth.md): idle keep-alive sockets close at once, requests in flight finish,
    // requests arriving meanwhile get 503; the database closes last (onClose below).
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
    // Short random request ids (server/http/request-id.ts), named in every answer and in 5xx messages.
    genReqId: newRequestId,
    ...(options.lazyValidators ? { schemaController: { compilersFactory: { buildValidator: lazyValidatorFactory() } } } : {}),
    ajv: {
      // Unknown body fields are refused, not silently dropped (docs/api.md 400); query strings are
      // coerced from text to the declared types.
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false, allowUnionTypes: true },
      // `finite`: integer parameters refuse "1e400" (server/http/schemas.ts).
      plugins: [finiteNumbers],
    },
  });
  if (!options.database) app.addHook('onClose', () => database.close());
  installGracefulClose(app);
  installRequestId(app);
  // Every route registered from here on, for the OpenAPI document (server/routes/openapi.ts).
  const routeCatalog = installRouteCatalog(app);
  installCompression(app);
  app.log.info({ database: database.describe, ...prepared }, 'database ready');
  for (const w of catalog.warnings) app.log.warn(`schemas: ${formatProblem(w)}`);
  for (const w of prepared.tables.uniqueSkipped ?? []) app.log.warn(w);

  // External plugins.
  await installSecurityHeaders(app, { tiandituTiles: readClientConfig().tiandituKey !== '', mediaHosts: mediaHostsOf() });
  installShareFraming(app);
  await app.register(formbody);
  // Uploads and imports (§5.3): one file per request; each route sets its byte limit and answers the
  // §5.3 message for an oversized file itself, so the plugin marks it truncated rather than throwing.
  await app.register(multipart, { limits: { files: 1, fields: 20 }, throwFileSizeLimit: false });
  const staticRoot = options.serveStatic ? checkedStaticRoot(options.serveStatic) : null;
  // Hashed assets for a year, index.html revalidated (static-cache.ts); the build's .br / .gz siblings
  // are sent to clients that accept them (vite.config.ts precompress).
  if (staticRoot) {
    await app.register(fastifyStatic, { root: staticRoot, wildcard: false, preCompressed: true, cacheControl: false, setHeaders: setStaticCacheHeaders });
  }

  // App plugins.
  installErrorHandler(app);
  installInputGuard(app);
  installNotFound(app, staticRoot !== null);
  installHealth(app, database.db);

  // Routes, inside one context so the access guard covers the API and nothing else.
  const live = liveSchemas(catalog);
  const ctx: AppContext = {
    db: database.db,
    catalog,
    sessionTtlMs: options.sessionTtlMs ?? SESSION_TTL_MS,
    loginPolicy: { ...DEFAULT_LOGIN_POLICY, ...options.loginPolicy },
    auditTrail: options.auditTrail,
    estimateCountAbove: options.estimateCountAbove,
    lazyValidators: options.lazyValidators,
    liveSchemas: live,
  };
  // The daily audit purge (server/platform/audit-retention.ts); the start's ran in prepareDatabase.
  const purge = setInterval(() => {
    purgeAuditLog(database.db, retentionDays).catch((err: unknown) => app.log.warn({ err }, 'audit purge failed'));
  }, PURGE_INTERVAL_MS);
  purge.unref();
  app.addHook('preClose', () => clearInterval(purge));
  const devices = await startDevices(ctx.db, catalog, options.devices ?? {}, app.log);
  await app.register(async (api) => {
    // PGlite past its bound: 503 before the guard's first query (server/http/database-busy.ts).
    installDatabaseAdmission(api, database.admission);
    installGuard(api, ctx.db);
    await api.register(tokenRoutes, { ctx, rate: options.serviceTokenRateLimit });
    await api.register(loginRoutes, { ctx });
    await api.register(accountRoutes, { ctx });
    await api.register(passwordResetRoutes, { ctx });
    await api.register(erpUserRoutes, { ctx });
    await api.register(orgRoutes, { ctx });
    await api.register(projectRoutes, { ctx });
    await api.register(noticeRoutes, { ctx });
    await api.register(dictionaryRoutes, { ctx });
    await api.register(entityRoutes, { ctx });
    await api.register(selectTableFieldRoutes, { ctx });
    await api.register(uploadRoutes, { ctx });
    await api.register(columnSettingRoutes, { ctx });
    await api.register(routInspContentByTypeRoutes, { ctx });
    await api.register(deviceCardRoutes, { ctx });
    await api.register(formulaDeviceRoutes, { ctx });
    await api.register(screenRoutes, { ctx, stream: options.screenStream, listen: database.listen });
    await api.register(videoRoutes, { ctx });
    await api.register(shareRoutes, { ctx });
    await api.register(bimRoutes, { ctx });
    await api.register(clientConfigRoutes);
    await api.register(workbenchRoutes, { ctx });
    await api.register(projectPluginRoutes, { ctx });
    await api.register(metaRoutes, { ctx });
    const facts = { database: database.describe, devices, offlineAfterMs: options.devices?.offlineAfterMs, simulator: !!simulatorOptions, push: !!options.push, demoData: !!options.demoData, serviceTokenRateLimit: options.serviceTokenRateLimit, auditRetentionDays: retentionDays };
    await api.register(devConfigRoutes, { ctx, facts });
    await api.register(openApiRoutes, { ctx, routes: routeCatalog });
    await api.register(devices.routes);
    for (const extra of options.routes ?? []) await api.register(extra, { ctx });
  });
  progress('routes');
  let simulator: Simulator | null = null;
  if (simulatorOptions) {
    // Its backfill ran under the start-up lock above.
    // Live readings through the devices' doors when asked (main.ts: SIMULATOR_FEED, default on).
    const feed = simulatorOptions.feedDevices ? createReadingFeed(app, devices.hj212?.port ?? null) : undefined;
    const plant = simulatorOptions.plant ?? plantSimulator(ctx.db, catalog);
    const started = await startSimulator(ctx.db, screenTables(catalog), { ...simulatorOptions, backfillHours: 0, feed, plant }, app.log);
    simulator = started;
    // Stopped before the database closes; an in-flight tick finishes first.
    app.addHook('preClose', async () => {
      await started.stop();
      await feed?.close();
    });
  }
  // After the simulator has stopped: the listener closes, queued readings are written.
  app.addHook('preClose', () => devices.close());
  // The push worker stops before the database closes; requests in flight are aborted, their items stay due.
  const push = options.push ? new PushWorker(ctx.db, options.push === true ? {} : options.push, app.log) : null;
  if (push) {
    push.start();
    app.addHook('preClose', () => push.stop());
  }
  app.decorate('simulator', simulator);
  app.decorate('devices', devices);
  app.decorate('push', push);
  app.decorate('liveSchemas', live);
  return app;
}

export type PreparedDatabase = {
  applied: string[];
  seeded: boolean;
  tables: SyncReport;
  entitySeeds: EntitySeedReport | null;
  /** Grants added to full roles for menu nodes they lacked (server/platform/full-roles.ts). */
  fullRoleGrants: number;
  /** Grants of schemas/menus.json given to roles by name (server/platform/menu-grants.ts). */
  menuGrants: number;
  /** Audit rows older than the retention purged at start (server/platform/audit-retention.ts). */
  auditPurged: number;
  /** Rollup tables rebuilt from the raw rows at start: new or of an older definition (server/screens/rollups.ts). */
  rollupsRebuilt: string[];
};

/**
 * Brings a database up to what the code and schemas/ expect: migrations, the demo identity seed, full
 * roles given the menu's new nodes, entity tables (created or extended, platform tables checked), then
 * entity seed rows. buildApp runs exactly this; tests may too.
 */
export async function prepareDatabase(
  db: Kysely<Database>,
  catalog: Catalog,
  options: { seed: boolean; auditRetentionDays?: number },
): Promise<PreparedDatabase> {
  const applied = await migrate(db, MIGRATIONS);
  const seeded = options.seed ? await seedDemoData(db, catalog) : false;
  const fullRoleGrants = await expandFullRoles(db, catalog.menuIds);
  const menuGrants = await applyMenuGrants(db, catalog.grants, catalog.menuIds);
  await recordMenuSeen(db, catalog.menuIds);
  const tables = await syncTables(db, catalog.entities.values());
  const entitySeeds = options.seed ? await seedEntities(db, catalog.entities, catalog.seeds) : null;
  await seedPlantStatements(db, entitySeeds);
  const rollupsRebuilt = await ensureRollups(db, catalog);
  await ensureScreenVersions(db, catalog);
  await ensurePushRecordGuard(db);
  const auditPurged = await purgeAuditLog(db, options.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS);
  return { applied, seeded, tables, entitySeeds, fullRoleGrants, menuGrants, auditPurged, rollupsRebuilt };
}

function checkedStaticRoot(dir: string): string {
  const root = resolve(dir);
  if (!existsSync(resolve(root, 'index.html'))) throw new Error(`serveStatic: ${root}/index.html not found (run npm run build)`);
  return root;
}
