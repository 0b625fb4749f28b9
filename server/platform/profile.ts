// The signed-in user's own record (§7.2 GetUserInfo / ModifyMyInfo).
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema';
import { companyById, membershipsOf, type Membership } from './companies';

export type Profile = {
  user: UserRow;
  companyName: string;
  membership: Membership | null;
};

/** The profile as seen in the session's company (the original company's role while monitoring). */
export async function loadProfile(
  db: Kysely<Database>,
  userId: number,
  companyId: number,
  roleCompanyId: number,
): Promise<Profile | null> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  const [company, memberships] = await Promise.all([companyById(db, companyId), membershipsOf(db, userId)]);
  return {
    user,
    companyName: company?.name ?? '',
    membership: memberships.find((m) => m.companyId === roleCompanyId) ?? null,
  };
}

export type ProfileChange = { realName: string; mobile: string; email: string };

export async function updateProfile(db: Kysely<Database>, userId: number, change: ProfileChange): Promise<void> {
  await db
    .updateTable('users')
    .set({ real_name: change.realName, mobile: change.mobile, email: change.email })
    .where('id', '=', userId)
    .execute();
}
