// Delivery (docs/architecture.md): compressed answers, hashed assets cached for a year, index.html
// revalidated, and a request id on every answer that a 5xx names in its Chinese message.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_TREE_PATH } from '../../server/engine/menu-route';
import { chooseEncoding } from '../../server/http/compression';
import { call, PATHS, session, startApp } from './helpers';

let app: FastifyInstance;
let dist: string;
const script = `console.log(${JSON.stringify('智慧工地'.repeat(2000))});`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'zhgd-delivery-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>项目平台</title><div id="root"></div><!-- ${'x'.repeat(2000)} -->`);
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), script);
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets', 'plain-Zz99.js'), script);
  app = await startApp({
    serveStatic: dist,
    routes: [
      async (api) => {
        api.get('/prod-api/api/Test/Boom', async () => {
          throw new Error('secret.internal:5432 exploded');
        });
      },
    ],
  });
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('caching of the built app', () => {
  it('hashed assets are immutable for a year, index.html and deep links revalidate', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/backHome']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

describe('compression', () => {
  it('sends the build’s brotli sibling to a client that accepts it', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(script);
  });

  it('compresses an asset without a sibling, and HTML, on the fly', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/plain-Zz99.js', headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(asset.rawPayload).toString()).toBe(script);
    expect(asset.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 5);
    const page = await app.inject({ method: 'GET', url: '/backHome', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
  });

  it('compresses JSON answers, and sends them plain to a client that accepts no encoding', async () => {
    const { token } = await session(app, 'qiye01');
    const headers = { authorization: `Bearer ${token}`, fromplat: 'pc' };
    // The grantable menu tree: a large envelope (hundreds of nodes).
    const plain = await app.inject({ method: 'GET', url: MENU_TREE_PATH, headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);
    const packed = await app.inject({ method: 'GET', url: MENU_TREE_PATH, headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(packed.rawPayload).toString())).toEqual(plain.json());
    const small = await app.inject({ method: 'GET', url: PATHS.getToken, headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe('request ids', () => {
  it('every answer names its request; a 5xx says 服务器繁忙 with the same id and no internals', async () => {
    const token = await call(app, 'GET', PATHS.getToken);
    expect(String(token.raw.headers['x-request-id'])).toMatch(/^[0-9a-f]{12}$/);
    const { token: bearer } = await session(app, 'sysadmin');
    const boom = await call(app, 'GET', '/prod-api/api/Test/Boom', { token: bearer });
    expect(boom.status).toBe(500);
    const id = String(boom.raw.headers['x-request-id']);
    expect(boom.body).toEqual({ status: 0, detail: '服务器繁忙，请稍后重试', requestId: id });
    expect(boom.raw.body).not.toContain('secret');
    expect(boom.raw.body).not.toContain('Error');
  });
});
