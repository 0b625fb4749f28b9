// GET /prod-api/api/DevelopmentConfig/GetRunningConfig (docs/workbench.md "/DevelopmentConfig"): the
// running configuration for a system administrator (§6 IsSystemAdmin), read-only. Everyone else gets
// HTTP 403 仅系统管理员可查看运行配置. No secret is ever in the answer: the database by its kind only
// (never its URL, host or password), the map key as 已配置 / 未配置, no signing keys, no device keys.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../common/constants';
import { fail, ok } from '../../common/envelope';
import { WORKBENCH_API, type RunningConfig } from '../../common/workbench';
import type { AppContext } from '../app-context';
import { DEFAULT_LOGIN_POLICY } from '../auth/login-limits';
import { sessionOf } from '../auth/session-context';
import { DEVICE_PUSH_PATH } from '../devices/http-ingest';
import type { Devices } from '../devices/start';
import { MAX_BATCH } from '../engine/workflow';
import { UPLOAD_RULES } from '../engine/upload-rules';
import { query } from '../http/schemas';
import { mediaHostsOf } from '../http/security-headers';
import { allowedTargets } from '../push/target';
import { readClientConfig } from './client-config';
import { DEFAULT_TOKEN_RATE_LIMIT, type TokenRateLimit } from './token';

export const DEV_CONFIG_PATHS = { config: `${API_BASE}${WORKBENCH_API.runningConfig}` } as const;
export const DEV_CONFIG_MESSAGES = { adminOnly: '仅系统管理员可查看运行配置' } as const;

/** What buildApp knows of the running process; the database by its description, reduced to its kind here. */
export type RuntimeFacts = {
  database: string;
  devices: Pick<Devices, 'hj212'>;
  offlineAfterMs?: number;
  simulator: boolean;
  push: boolean;
  demoData: boolean;
  serviceTokenRateLimit?: TokenRateLimit;
  auditRetentionDays: number;
};

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? '';
const STARTED = Date.now();
const MB = 1024 * 1024;

const databaseKind = (describe: string) => (describe.startsWith('PostgreSQL') ? 'PostgreSQL' : describe.includes('内存') ? 'PGlite（内存）' : 'PGlite');

function menuCounts(nodes: readonly { isButton: boolean; children: readonly unknown[] }[]): { pages: number; buttons: number } {
  let pages = 0;
  let buttons = 0;
  const walk = (list: readonly { isButton: boolean; children: readonly unknown[] }[]) => {
    for (const n of list) {
      if (n.isButton) buttons += 1;
      else pages += 1;
      walk(n.children as typeof list);
    }
  };
  walk(nodes);
  return { pages, buttons };
}

export function runningConfig(ctx: AppContext, facts: RuntimeFacts, now = Date.now()): RunningConfig {
  const { catalog } = ctx;
  const entities = [...catalog.entities.values()];
  const rate = facts.serviceTokenRateLimit ?? DEFAULT_TOKEN_RATE_LIMIT;
  const targets = allowedTargets().map((t) => `${t.wildcard ? '*.' : ''}${t.host}${t.port ? `:${t.port}` : ''}`);
  return {
    version: VERSION,
    node: process.version,
    startedAt: new Date(STARTED).toISOString(),
    uptimeSeconds: Math.max(0, Math.round((now - STARTED) / 1000)),
    database: { kind: databaseKind(facts.database) },
    schemas: {
      entities: entities.length,
      workflows: entities.filter((e) => e.workflow).length,
      pages: catalog.pages.size,
      menus: menuCounts(catalog.menu),
      dictionaries: catalog.dictionaries.size,
      dictionaryOptions: [...catalog.dictionaries.values()].reduce((n, d) => n + d.length, 0),
      contentSchemas: catalog.content.size,
      warnings: catalog.warnings.length,
    },
    devices: {
      hj212: facts.devices.hj212 ? { enabled: true, port: facts.devices.hj212.port } : { enabled: false, port: null },
      http: { enabled: true, path: DEVICE_PUSH_PATH },
      offlineAfterMinutes: facts.offlineAfterMs ? Math.round(facts.offlineAfterMs / 60_000) : null,
      simulator: facts.simulator,
    },
    push: { worker: facts.push, allowedTargets: targets, anyPublicTarget: targets.length === 0 },
    limits: {
      uploads: (Object.keys(UPLOAD_RULES) as (keyof typeof UPLOAD_RULES)[]).map((mode) => ({
        mode,
        extensions: UPLOAD_RULES[mode].extensions,
        maxMB: UPLOAD_RULES[mode].maxBytes / MB,
      })),
      serviceTokenRate: { max: rate.max, windowSeconds: Math.round(rate.timeWindowMs / 1000) },
      login: { pairFreeFailures: (ctx.loginPolicy ?? DEFAULT_LOGIN_POLICY).pairFreeFailures, accountFailures: (ctx.loginPolicy ?? DEFAULT_LOGIN_POLICY).accountFailures, addressFailures: (ctx.loginPolicy ?? DEFAULT_LOGIN_POLICY).addressFailures },
      sessionHours: Math.round(ctx.sessionTtlMs / 3_600_000),
      batchRows: MAX_BATCH,
      auditRetentionDays: facts.auditRetentionDays,
    },
    clientConfig: {
      tiandituKey: readClientConfig().tiandituKey ? '已配置' : '未配置',
      videoMediaHosts: mediaHostsOf(),
    },
    demoData: facts.demoData,
  };
}


export async function devConfigRoutes(app: FastifyInstance, { ctx, facts }: { ctx: AppContext; facts: RuntimeFacts }): Promise<void> {
  app.get(
    DEV_CONFIG_PATHS.config,
    { schema: { querystring: query({}) }, config: { readOnly: true, summary: '运行配置（仅系统管理员）' } },
    async (request, reply) => {
      if (!sessionOf(request).user.is_system_admin) return reply.code(403).send(fail(DEV_CONFIG_MESSAGES.adminOnly, 403));
      return ok(runningConfig(ctx, facts));
    },
  );
}
