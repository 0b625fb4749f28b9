// A named random key kept in server_secrets (the service tokens' and the share links' HMAC keys): created
// on first use (first writer wins), read once per database handle.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

const keys = new WeakMap<Kysely<Database>, Map<string, Promise<Buffer>>>();

export function serverSecret(db: Kysely<Database>, name: string): Promise<Buffer> {
  let byName = keys.get(db);
  if (!byName) keys.set(db, (byName = new Map()));
  let key = byName.get(name);
  if (!key) {
    key = loadSecret(db, name);
    byName.set(name, key);
    key.catch(() => byName.delete(name));
  }
  return key;
}

async function loadSecret(db: Kysely<Database>, name: string): Promise<Buffer> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}
