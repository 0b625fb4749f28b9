// §7.2 getToken (server/auth/service-tokens.ts): a stateless signed token, so issuing writes nothing;
// valid until it expires (§9 SERVICE_TOKEN_TTL_MS); rate-limited per client address.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_TTL_MS } from '../../common/constants';
import { issueServiceToken, isValidServiceToken } from '../../server/auth/service-tokens';
import { openDatabase } from '../../server/db/connect';
import { SERVER_MESSAGES } from '../../server/messages';
import { call, login, PATHS, startApp } from './helpers';

let app: FastifyInstance;
let db: Awaited<ReturnType<typeof openDatabase>>['db'];

beforeAll(async () => {
  app = await startApp({
    serviceTokenRateLimit: { max: 5, timeWindowMs: 60_000 },
    routes: [
      async (_api, { ctx }) => {
        db = ctx.db;
      },
    ],
  });
});
afterAll(async () => {
  await app.close();
});

/** Rows in every table of the app's schema. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  const out: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const r = await sql<{ n: string | number }>`select count(*) as n from ${sql.id(name)}`.execute(db);
    out[name] = Number(r.rows[0].n);
  }
  return out;
}

describe('issuing', () => {
  it('writes nothing: the service_tokens table is gone and no table changes', async () => {
    await call(app, 'GET', PATHS.getToken, { remoteAddress: '10.0.0.1' });
    const before = await rowCounts();
    expect(before).not.toHaveProperty('service_tokens');
    expect(before.server_secrets).toBe(1);
    for (let i = 0; i < 5; i += 1) expect((await call(app, 'GET', PATHS.getToken, { remoteAddress: `10.0.1.${i}` })).body.status).toBe(1);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('validating', () => {
  it('accepts a token until it expires, and nothing altered or forged', async () => {
    const now = Date.now();
    const token = await issueServiceToken(db, now);
    expect(await isValidServiceToken(db, token, now)).toBe(true);
    expect(await isValidServiceToken(db, token, now + SERVICE_TOKEN_TTL_MS - 1)).toBe(true);
    expect(await isValidServiceToken(db, token, now + SERVICE_TOKEN_TTL_MS)).toBe(false);
    const [expiry, nonce, mac] = token.split('.');
    const later = (parseInt(expiry, 36) + 3_600_000).toString(36);
    const flipped = mac.slice(0, -1) + (mac.endsWith('A') ? 'B' : 'A');
    for (const bad of [`${later}.${nonce}.${mac}`, `${expiry}.${nonce}.${flipped}`, `${expiry}.${nonce}`, '', 'x'.repeat(80)]) {
      expect(await isValidServiceToken(db, bad, now), bad).toBe(false);
    }
    // A token expiring further out than one lifetime was not issued here.
    const farFuture = await issueServiceToken(db, now + SERVICE_TOKEN_TTL_MS);
    expect(await isValidServiceToken(db, farFuture, now)).toBe(false);
  });

  it('logs in with an issued token and refuses an expired one', async () => {
    expect((await login(app, 'qiye01', { serviceToken: await issueServiceToken(db) })).body.status).toBe(1);
    const expired = await issueServiceToken(db, Date.now() - SERVICE_TOKEN_TTL_MS - 1);
    expect((await login(app, 'qiye01', { serviceToken: expired })).body.detail).toBe(SERVER_MESSAGES.serviceTokenInvalid);
  });
});

describe('rate limit', () => {
  it('answers 429 in Chinese past the limit of an address; other addresses go on', async () => {
    for (let i = 0; i < 5; i += 1) expect((await call(app, 'GET', PATHS.getToken, { remoteAddress: '10.9.0.1' })).status).toBe(200);
    const over = await call(app, 'GET', PATHS.getToken, { remoteAddress: '10.9.0.1' });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ status: 0, detail: SERVER_MESSAGES.tooManyRequests });
    expect((await call(app, 'GET', PATHS.getToken, { remoteAddress: '10.9.0.2' })).status).toBe(200);
  });

  it('allows 60 a minute per address by default', async () => {
    const plain = await startApp();
    try {
      const replies = await Promise.all(Array.from({ length: 61 }, () => call(plain, 'GET', PATHS.getToken, { remoteAddress: '10.9.1.1' })));
      expect(replies.filter((r) => r.status === 200)).toHaveLength(60);
      expect(replies.filter((r) => r.status === 429)).toHaveLength(1);
    } finally {
      await plain.close();
    }
  });
});
