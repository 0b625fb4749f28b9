// System notices (§7.4) with per-user state: read and deleted are the user's own, the notice stays.
// Audience (docs/decisions.md "System notices"): a notice without a company is for every user; one
// published by a company is for the members of that company and of its subsidiaries; one with a
// recipient (migration 016: password resets, server/platform/password-reset.ts) is for that user alone.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type NoticeRow = {
  id: number;
  title: string;
  content: string;
  publisher: string;
  published_at: Date;
  read_at: Date | null;
};

export type ReadFilter = 'unread' | 'read' | 'all';

/** The companies whose notices reach a user: the user's member companies and all their ancestors. */
const audienceOf = (userId: number) => sql<boolean>`(n.recipient_id = ${userId} or n.recipient_id is null and (n.company_id is null or n.company_id in (
  with recursive up(id) as (
    select company_id from memberships where user_id = ${userId}
    union select c.parent_id from companies c join up on c.id = up.id where c.parent_id is not null
  ) select id from up)))`;

function visible(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('system_notices as n')
    .leftJoin('notice_states as s', (join) => join.onRef('s.notice_id', '=', 'n.id').on('s.user_id', '=', userId))
    .where('s.deleted_at', 'is', null)
    .where(audienceOf(userId));
}

export async function listNotices(
  db: Kysely<Database>,
  userId: number,
  filter: ReadFilter,
  page: { index: number; size: number },
): Promise<{ rows: NoticeRow[]; total: number }> {
  let base = visible(db, userId);
  if (filter === 'unread') base = base.where('s.read_at', 'is', null);
  if (filter === 'read') base = base.where('s.read_at', 'is not', null);
  const counted = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
  const rows = await base
    .select(['n.id', 'n.title', 'n.content', 'n.publisher', 'n.published_at', 's.read_at'])
    .orderBy('n.published_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(page.size)
    .offset(page.index * page.size)
    .execute();
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function findNotice(db: Kysely<Database>, userId: number, id: number): Promise<NoticeRow | null> {
  const row = await visible(db, userId)
    .select(['n.id', 'n.title', 'n.content', 'n.publisher', 'n.published_at', 's.read_at'])
    .where('n.id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function markRead(db: Kysely<Database>, userId: number, noticeId: number): Promise<void> {
  await db
    .insertInto('notice_states')
    .values({ notice_id: noticeId, user_id: userId, read_at: sql<Date>`now()` })
    // The first reading time is kept when a notice is opened again.
    .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doUpdateSet({ read_at: sql<Date>`coalesce(notice_states.read_at, now())` }))
    .execute();
}

export async function hideNotice(db: Kysely<Database>, userId: number, noticeId: number): Promise<void> {
  await db
    .insertInto('notice_states')
    .values({ notice_id: noticeId, user_id: userId, deleted_at: sql<Date>`now()` })
    .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doUpdateSet({ deleted_at: sql<Date>`now()` }))
    .execute();
}
