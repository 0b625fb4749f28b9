// Security headers on HTML, static assets and API answers (server/http/security-headers.ts), and /healthz and /readyz.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildOptions } from '../../server/app';
import type { Database } from '../../server/db/schema';
import { HEALTH_PATHS, installHealth } from '../../server/http/health';
import { PERMISSIONS_POLICY } from '../../server/http/security-headers';
import { PATHS, session, startApp } from './helpers';

let dist: string;
let app: FastifyInstance;
const start = (o: BuildOptions = {}) =>
  startApp({ serveStatic: dist, ...o });

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'zhgd-headers-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>项目平台</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  app = await start();
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const CSP =
  "default-src 'self';script-src 'self' 'wasm-unsafe-eval';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;" +
  "connect-src 'self';media-src 'self' blob:;worker-src 'self' blob:;object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";

function expectSecurityHeaders(r: LightMyRequestResponse, what: string): void {
  expect(r.headers['content-security-policy'], what).toBe(CSP);
  expect(r.headers['x-frame-options'], what).toBe('DENY');
  expect(r.headers['x-content-type-options'], what).toBe('nosniff');
  expect(r.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(r.headers['permissions-policy'], what).toBe(PERMISSIONS_POLICY);
  expect(r.headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(r.headers['strict-transport-security'], what).toBeUndefined();
}

describe('security headers', () => {
  it('are on HTML, deep links, assets, API answers and API 404s', async () => {
    const { token } = await session(app, 'qiye01');
    const cases: Array<[string, Record<string, string>]> = [
      ['/', {}],
      ['/LargeScreen/EnterpriseScreen/overview', {}],
      ['/assets/index-abc123.js', {}],
      [PATHS.getToken, {}],
      [PATHS.userInfo, { authorization: `Bearer ${token}` }],
      ['/prod-api/api/NoSuchThing', {}],
    ];
    for (const [url, headers] of cases) {
      const r = await app.inject({ method: 'GET', url, headers });
      expect(r.statusCode, url).toBeLessThan(500);
      expectSecurityHeaders(r, url);
    }
  });

  it('mark API answers no-store, but not the static app', async () => {
    for (const url of [PATHS.getToken, '/prod-api/api/NoSuchThing']) {
      expect((await app.inject({ method: 'GET', url })).headers['cache-control'], url).toBe('no-store');
    }
    for (const url of ['/', '/assets/index-abc123.js']) {
      expect((await app.inject({ method: 'GET', url })).headers['cache-control'], url).not.toContain('no-store');
    }
  });

  it('send HSTS only over HTTPS, as told by a trusted proxy', async () => {
    const plain = await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await start({ trustProxy: true });
    try {
      const https = await proxied.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await proxied.inject({ method: 'GET', url: PATHS.getToken, headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  // Starts an app of its own: a generous limit for a loaded CI machine (the checks are the same).
  it('allow the Tianditu tile hosts as images only when a key is set', { timeout: 240_000 }, async () => {
    const saved = process.env.TIANDITU_KEY;
    process.env.TIANDITU_KEY = '0123456789abcdef0123456789abcdef';
    const keyed = await start();
    try {
      const csp = String((await keyed.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
      const img = csp.split(';').find((d) => d.startsWith('img-src'));
      expect(img).toBe(`img-src 'self' data: blob: ${Array.from({ length: 8 }, (_, i) => `https://t${i}.tianditu.gov.cn`).join(' ')}`);
      expect(csp).toContain("connect-src 'self';");
    } finally {
      await keyed.close();
      if (saved === undefined) delete process.env.TIANDITU_KEY;
      else process.env.TIANDITU_KEY = saved;
    }
  });
});

// Liveness and readiness: answered by the app serving the browser build too (not its index.html).
describe('health (server/http/health.ts)', () => {
  it('answers live and ready without a session, not cached', async () => {
    for (const [path, status] of [[HEALTH_PATHS.live, 'ok'], [HEALTH_PATHS.ready, 'ready']] as const) {
      const reply = await app.inject({ method: 'GET', url: path });
      expect(reply.statusCode, path).toBe(200);
      expect(reply.json()).toEqual({ status });
      expect(reply.headers['cache-control']).toBe('no-store');
    }
  });

  it('is not ready while its database does not answer', async () => {
    // A database nobody listens on: the check fails (connection refused) and /readyz says 503; /healthz still 200.
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 1_000 }) }) });
    const bare = Fastify();
    installHealth(bare, db);
    try {
      expect((await bare.inject({ method: 'GET', url: HEALTH_PATHS.ready })).statusCode).toBe(503);
      expect((await bare.inject({ method: 'GET', url: HEALTH_PATHS.ready })).json()).toEqual({ status: 'unavailable' });
      expect((await bare.inject({ method: 'GET', url: HEALTH_PATHS.live })).statusCode).toBe(200);
    } finally {
      await bare.close();
      await db.destroy();
    }
  });
});
