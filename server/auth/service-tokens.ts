// The service token of §7.2 getToken: required by login, valid 2 h (§9 SERVICE_TOKEN_TTL_MS; the client
// refreshes it every 114 min). Only its hash is stored.
import { sql, type Kysely } from 'kysely';
import { SERVICE_TOKEN_TTL_MS } from '../../common/constants';
import type { Database } from '../db/schema';
import { newToken, tokenHash } from './tokens';

export async function issueServiceToken(db: Kysely<Database>): Promise<string> {
  const token = newToken();
  // Expired rows are swept on issue, so the table stays as small as the number of live browsers.
  await db.deleteFrom('service_tokens').where('expires_at', '<', sql<Date>`now()`).execute();
  await db
    .insertInto('service_tokens')
    .values({ token_hash: tokenHash(token), expires_at: new Date(Date.now() + SERVICE_TOKEN_TTL_MS) })
    .execute();
  return token;
}

export async function isValidServiceToken(db: Kysely<Database>, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const row = await db
    .selectFrom('service_tokens')
    .select('token_hash')
    .where('token_hash', '=', tokenHash(token))
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}
