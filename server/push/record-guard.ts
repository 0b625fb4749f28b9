// 推送记录 are the evidence of what was sent to the government (docs/push.md): the worker inserts them and
// nothing else writes them. The entity's hook refuses create, import, edit and delete to every account
// (server/hooks/push.ts); this trigger holds the same line in the database, like the audit trail's: a row
// is never deleted, and an update may change only 重新推送 (re_push, the one workflow move) and the
// engine's bookkeeping of it (updated_at, version). Installed after the entity tables exist, once.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { PUSH_RECORD_TABLE } from './outbox';

const TRIGGER = 'push_record_evidence';
/** Columns an update may change: the 重新推送 state and the engine's update bookkeeping. */
const MUTABLE = ['re_push', 'updated_at', 'version'];

export async function ensurePushRecordGuard(db: Kysely<Database>): Promise<boolean> {
  const present = await sql<{ n: number }>`select count(*)::int as n from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where t.tgname = ${TRIGGER} and c.relname = ${PUSH_RECORD_TABLE} and pg_table_is_visible(c.oid)`.execute(db);
  if ((present.rows[0]?.n ?? 0) > 0) return false;
  const ignored = sql.raw(MUTABLE.map((c) => ` - '${c}'`).join(''));
  await sql`create or replace function push_record_evidence() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and (to_jsonb(new)${ignored}) = (to_jsonb(old)${ignored}) then
          return new;
        end if;
        raise exception 'push_record rows are evidence: only 重新推送 may change them' using errcode = '42501';
      end $$`.execute(db);
  await sql`create trigger ${sql.id(TRIGGER)} before update or delete on ${sql.id(PUSH_RECORD_TABLE)}
      for each row execute function push_record_evidence()`.execute(db);
  await sql`create trigger ${sql.id(`${TRIGGER}_truncate`)} before truncate on ${sql.id(PUSH_RECORD_TABLE)}
      for each statement execute function push_record_evidence()`.execute(db);
  return true;
}
