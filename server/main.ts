// Production entry: build the app, listen, print where it runs and the demo accounts. Configuration
// comes from the environment: PORT (3000), HOST (127.0.0.1: only this machine, since the demo accounts
// share a published password; 0.0.0.0 or an address for a deployment), DATA_DIR (./data), DATABASE_URL,
// STATIC_DIR (dist, served when it holds a build), TRUST_PROXY behind a load balancer (1 or the proxies'
// addresses: server/http/trust-proxy.ts),
// SIMULATOR=0 to turn the demo device simulator off, SIMULATOR_INTERVAL_MS (10000), SIMULATOR_FEED=direct to
// have it write readings into the tables instead of sending them through HJ 212 / HTTP, DEMO_DATA=0 to keep the
// demo rows as seeded (no dating relative to now, no backfill: server/screens/demo.ts),
// HJ212_PORT to start the HJ 212 TCP listener for environment monitors (npm start sets 9212; unset = off),
// HJ212_HOST (HOST), HJ212_IDLE_MS (300000), DEVICE_OFFLINE_MS (mark a device silent this long offline;
// npm start sets 600000, unset = never): docs/device-ingestion.md. SCHEMAS_DIR (the repository's schemas/).
// PUSH_WORKER=0 turns the government data push worker off; PUSH_INTERVAL_MS (5000), PUSH_TIMEOUT_MS (10000),
// PUSH_LEASE_MS (3 × timeout), PUSH_BACKOFF_MS (30000, doubled per failure), PUSH_MAX_BACKOFF_MS (3600000): docs/push.md.
// Under `npm run dev` (scripts/dev.mjs, an IPC channel) it reports when it listens and checks edited
// schemas on request (dev-schemas.ts); a good edit is applied in this process (dev-reload.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { formatProblem, formatProblemZh, SchemaError } from '../common/metadata/problems';
import { buildApp, type BuildOptions } from './app';
import { openDevApps } from './dev-reload';
import { answerSchemaChecks } from './dev-schemas';
import { parseTrustProxy } from './http/trust-proxy';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || '127.0.0.1';
const staticDir = process.env.STATIC_DIR ?? 'dist';

/** A SchemaError at start: its lines in Chinese and English, no stack trace, exit 1. */
async function buildOrExit(options: BuildOptions) {
  try {
    return await buildApp(options);
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    console.error(error.problems.flatMap((p) => [formatProblemZh(p), formatProblem(p)]).join('\n'));
    console.error(`schemas/ 有 ${error.problems.length} 个配置问题，服务未启动 / schemas/ has ${error.problems.length} problem(s); the server did not start`);
    process.exit(1);
  }
}

/** The start's long steps as they end: a start on a busy machine is slow, never cut off, and says where it is. */
const STEP_TEXT = { database: '数据库已连接', prepared: '数据库已就绪（迁移、初始数据、统计表）', routes: '接口已注册' } as const;
/**
 * What the start is doing meanwhile, said as each step begins (issue 29: a first start creates the database and
 * writes the demo data, a minute or more). PGlite holds this process's event loop while it works, so the
 * every-10-seconds reminder comes from scripts/start.mjs, which repeats the last of these lines.
 */
const STEP_BEGIN = {
  database: '正在打开数据库（首次启动时创建）',
  prepared: '正在准备数据库（迁移、初始数据、演示数据、最近 24 小时的设备数据，首次启动较慢）',
  routes: '正在注册接口',
  listen: '正在开始监听',
} as const;
const NEXT_STEP = { database: 'prepared', prepared: 'routes', routes: 'listen' } as const;
console.log(`启动：${STEP_BEGIN.database}…`);

const options: BuildOptions = {
  onProgress: ({ step, ms }) => {
    console.log(`启动：${STEP_TEXT[step]}，用时 ${(ms / 1000).toFixed(1)} 秒`);
    console.log(`启动：${STEP_BEGIN[NEXT_STEP[step]]}…`);
  },
  dataDir: process.env.DATA_DIR ?? './data',
  databaseUrl: process.env.DATABASE_URL || undefined,
  serveStatic: existsSync(join(staticDir, 'index.html')) ? staticDir : undefined,
  trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
  logger: { level: process.env.LOG_LEVEL ?? 'warn' },
  simulator:
    process.env.SIMULATOR === '0'
      ? false
      : { intervalMs: Number(process.env.SIMULATOR_INTERVAL_MS ?? 10_000) || 10_000, feedDevices: process.env.SIMULATOR_FEED !== 'direct' },
  demoData: process.env.DEMO_DATA !== '0',
  schemasDir: process.env.SCHEMAS_DIR || undefined,
  push:
    process.env.PUSH_WORKER === '0'
      ? false
      : {
          intervalMs: Number(process.env.PUSH_INTERVAL_MS ?? 5_000) || 5_000,
          timeoutMs: Number(process.env.PUSH_TIMEOUT_MS ?? 10_000) || 10_000,
          leaseMs: Number(process.env.PUSH_LEASE_MS ?? 0) || undefined,
          backoffMs: Number(process.env.PUSH_BACKOFF_MS ?? 30_000) || 30_000,
          maxBackoffMs: Number(process.env.PUSH_MAX_BACKOFF_MS ?? 3_600_000) || 3_600_000,
        },
  devices: {
    offlineAfterMs: Number(process.env.DEVICE_OFFLINE_MS ?? 0) || undefined,
    hj212: process.env.HJ212_PORT
      ? { port: Number(process.env.HJ212_PORT), host: process.env.HJ212_HOST ?? host, idleMs: Number(process.env.HJ212_IDLE_MS ?? 300_000) || 300_000 }
      : undefined,
  },
};
// `npm run dev`: apps rebuilt in place on one database and one HTTP server (dev-reload.ts); else one app.
const dev = process.send ? await openDevApps(options, buildOrExit) : null;
const app = dev ? dev.current() : await buildOrExit(options);

// Graceful shutdown (docs/security-auth.md): app.close stops accepting, answers newcomers 503, lets the
// requests in flight finish, ends the screen streams and the simulator (preClose), then closes the
// database (onClose). A second signal, or 10 s without finishing, exits at once.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    setTimeout(() => process.exit(1), 10_000).unref();
    (dev ? dev.close() : app.close()).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  });
}

try {
  await (dev ? dev.listen(port, host) : app.listen({ port, host }));
  // Name where it listens, and an address a person can open: 0.0.0.0 is where we listen, not where to browse.
  const everywhere = host === '0.0.0.0' || host === '::';
  const shown = everywhere ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const address = `http://${shown}:${port}`;
  const listening = everywhere ? `监听所有网络接口 ${host}:${port}` : `监听 ${host.includes(':') ? `[${host}]` : host}:${port}`;
  const loopback = host === '127.0.0.1' || host === 'localhost' || host === '::1';
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.userName.length));
  console.log(
    [
      '',
      `智慧工地控制台已启动：${address}（${listening}）`,
      ...(loopback ? ['仅本机可访问；部署时请先修改演示账号密码，再以 HOST=0.0.0.0（或本机地址）启动'] : []),
      `演示账号（密码均为 ${DEMO_PASSWORD}）：`,
      ...DEMO_ACCOUNTS.map((a) => `  ${a.userName.padEnd(width)}  ${a.who}`),
      '',
    ].join('\n'),
  );
  if (dev) answerSchemaChecks(dev, process.env.SCHEMAS_DIR || undefined);
} catch (error) {
  app.log.error(error);
  await (dev ? dev.close() : app.close());
  process.exit(1);
}
