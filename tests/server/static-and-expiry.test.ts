// Production-shaped app with the built browser app served (§2.2 history mode: deep links get
// index.html) and a short access-token lifetime to see sessions expire (architecture §6).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
