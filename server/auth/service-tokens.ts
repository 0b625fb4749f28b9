// The service token of §7.2 getToken: required by login, valid 2 h (§9 SERVICE_TOKEN_TTL_MS; the client
// refreshes it every 114 min). Stateless (docs/security-auth.md): `<expiry>.<nonce>.<HMAC-SHA256>` signed
// with a key created once in server_secrets, so issuing writes nothing, every process and restart agrees,
// and validation is a signature and expiry check.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SERVICE_TOKEN_TTL_MS } from '../../common/constants';
import type { Database } from '../db/schema';
import { serverSecret } from './server-secret';

const KEY_NAME = 'service-token-hmac';
const TOKEN = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

/** The signing key (server-secret.ts). */
export const serviceTokenKey = (db: Kysely<Database>): Promise<Buffer> => serverSecret(db, KEY_NAME);

const sign = (key: Buffer, payload: string): string => createHmac('sha256', key).update(payload, 'utf8').digest('base64url');

export async function issueServiceToken(db: Kysely<Database>, now = Date.now()): Promise<string> {
  const payload = `${(now + SERVICE_TOKEN_TTL_MS).toString(36)}.${randomBytes(12).toString('base64url')}`;
  return `${payload}.${sign(await serviceTokenKey(db), payload)}`;
}

export async function isValidServiceToken(db: Kysely<Database>, token: string | undefined, now = Date.now()): Promise<boolean> {
  const match = token ? TOKEN.exec(token) : null;
  if (!match) return false;
  const expiresAt = parseInt(match[1], 36);
  if (!(expiresAt > now) || expiresAt > now + SERVICE_TOKEN_TTL_MS) return false;
  const expected = Buffer.from(sign(await serviceTokenKey(db), `${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
