// Production-shaped app with the built browser app served (§2.2 history mode: deep links get
// index.html) and a short access-token lifetime to see sessions expire (architecture §6).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/constants';
import { call, PATHS, session, startApp } from './helpers';

const TTL_MS = 1500;
let app: FastifyInstance;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'zhgd-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>项目平台</title><div id="root"></div>');
  writeFileSync(join(dist, 'app.js'), 'console.log("app")');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'index-3f9a1c2b.js'), 'console.log("hashed")'.repeat(100));
  writeFileSync(join(dist, 'assets', 'index-3f9a1c2b.js.br'), brotliCompressSync('console.log("hashed")'.repeat(100)));
  app = await startApp({
    serveStatic: dist,
    sessionTtlMs: TTL_MS,
  });
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('static browser app', () => {
  it('serves files and index.html for deep links, but never for API paths', async () => {
    const asset = await app.inject({ method: 'GET', url: '/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');
    for (const url of ['/', '/backHome', '/MyAccount/index?x=1', '/LargeScreen/EnterpriseScreen/overview']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<div id="root">');
    }
    const api = await app.inject({ method: 'GET', url: '/prod-api/api/Missing/Thing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ status: 0, detail: MESSAGES.notFound });
    const post = await app.inject({ method: 'POST', url: '/backHome' });
    expect(post.statusCode).toBe(404);
  });

  it('answers a conditional GET of a hashed asset, index.html and a deep link with 304 and no body', async () => {
    for (const [url, encoding] of [
      ['/assets/index-3f9a1c2b.js', 'identity'],
      ['/assets/index-3f9a1c2b.js', 'gzip, deflate, br'],
      ['/', 'gzip, deflate, br'],
      ['/backHome', 'gzip, deflate, br'],
    ] as const) {
      const first = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      expect(first.statusCode, url).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^(W\/)?"/);
      // A browser's revalidation (max-age=0 on a reload) by the ETag, and by the date alone.
      const byTag = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding, 'if-none-match': etag, 'cache-control': 'max-age=0' } });
      expect(byTag.statusCode, `${url} ${encoding}`).toBe(304);
      expect(byTag.body).toBe('');
      const byDate = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding, 'if-modified-since': String(first.headers['last-modified']) } });
      expect(byDate.statusCode, url).toBe(304);
      // Another ETag (a new build) gets the whole file.
      const changed = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding, 'if-none-match': 'W/"0-0"' } });
      expect(changed.statusCode, url).toBe(200);
      expect(changed.rawPayload.length).toBe(first.rawPayload.length);
    }
  });

  it('still answers the API normally', async () => {
    const token = await call<string>(app, 'GET', PATHS.getToken);
    expect(token.body.status).toBe(1);
  });
});

describe('session expiry', () => {
  it('answers 401 once the access token is older than its lifetime', async () => {
    const { token } = await session(app, 'qiye01');
    expect((await call(app, 'GET', PATHS.userInfo, { token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 300));
    const reply = await call(app, 'GET', PATHS.userInfo, { token });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ status: 0, code: 401, detail: MESSAGES.sessionExpired });
  });
});
