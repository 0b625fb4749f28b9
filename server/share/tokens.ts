// Share-link tokens (docs/share-links.md): `<kind>.<id>.<expiry>.<nonce>.<HMAC-SHA256>`, signed with a
// key of their own created once in server_secrets (as the service tokens, server/auth/service-tokens.ts,
// but never the same key), so issuing writes nothing, every process agrees, and checking is a signature
// and an expiry. The signature covers a domain tag, the kind, the id, the expiry and the nonce: changing
// any part, or using a camera's link where a model's is asked, fails.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SHARE_KINDS, SHARE_MAX_HOURS, type ShareKind } from '../../common/share';
import type { Database } from '../db/schema';
import { serverSecret } from '../auth/server-secret';

const KEY_NAME = 'share-link-hmac';
const DOMAIN = 'share-link/v1';
const HOUR_MS = 3_600_000;
const TOKEN = new RegExp(`^(${SHARE_KINDS.join('|')})\\.([1-9][0-9]{0,9})\\.([0-9a-z]{1,12})\\.([A-Za-z0-9_-]{11})\\.([A-Za-z0-9_-]{43})$`);

export type ShareClaim = { kind: ShareKind; id: number; expiresAt: number; nonce: string };

/** The signing key (server-secret.ts). */
export const shareKey = (db: Kysely<Database>): Promise<Buffer> => serverSecret(db, KEY_NAME);

const payloadOf = (kind: ShareKind, id: number, expiry: string, nonce: string): string => `${kind}.${id}.${expiry}.${nonce}`;
const sign = (key: Buffer, payload: string): string => createHmac('sha256', key).update(`${DOMAIN}|${payload}`, 'utf8').digest('base64url');

export async function issueShareToken(db: Kysely<Database>, kind: ShareKind, id: number, hours: number, now = Date.now()): Promise<{ token: string; claim: ShareClaim }> {
  const expiresAt = now + hours * HOUR_MS;
  const nonce = randomBytes(8).toString('base64url');
  const payload = payloadOf(kind, id, expiresAt.toString(36), nonce);
  return { token: `${payload}.${sign(await shareKey(db), payload)}`, claim: { kind, id, expiresAt, nonce } };
}

/**
 * The claim of a token of this kind that is well formed, signed with this server's key and not expired;
 * null otherwise (never a reason: a caller learns only that the link does not work). An expiry further
 * off than the longest lifetime was never issued here and is refused too.
 */
export async function verifyShareToken(db: Kysely<Database>, token: unknown, kind: ShareKind, now = Date.now()): Promise<ShareClaim | null> {
  const match = typeof token === 'string' && token.length <= 128 ? TOKEN.exec(token) : null;
  if (!match || match[1] !== kind) return null;
  const id = Number(match[2]);
  const expiresAt = parseInt(match[3], 36);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  if (!(expiresAt > now) || expiresAt > now + SHARE_MAX_HOURS * HOUR_MS + 60_000) return null;
  const expected = Buffer.from(sign(await shareKey(db), payloadOf(kind, id, match[3], match[4])));
  const given = Buffer.from(match[5]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { kind, id, expiresAt, nonce: match[4] };
}
