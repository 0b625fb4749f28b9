// Login throttling: 5 failures within 15 minutes per account or per address block further attempts
// (docs/api.md: 登录失败次数过多，请15分钟后再试). Stored in the database so every process sees it.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export const MAX_FAILURES = 5;
export const WINDOW_MINUTES = 15;

/** Accounts are compared case-insensitively so 'SysAdmin' and 'sysadmin' share one counter. */
export const accountKey = (userName: string): string => userName.trim().toLowerCase();

export async function isThrottled(db: Kysely<Database>, account: string, address: string): Promise<boolean> {
  const since = sql<Date>`now() - make_interval(mins => ${WINDOW_MINUTES})`;
  // Per account, a success resets the count (the owner got in); per address it does not, so one
  // address cannot spray guesses across accounts by logging into one of its own in between.
  const lastSuccess = db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.max('attempted_at').as('at'))
    .where('account', '=', account)
    .where('success', '=', true);
  const byAccount = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('account', '=', account)
    .where('success', '=', false)
    .where('attempted_at', '>', since)
    .where((eb) => eb.or([eb(lastSuccess, 'is', null), eb('attempted_at', '>', lastSuccess)]))
    .executeTakeFirst();
  if (Number(byAccount?.n ?? 0) >= MAX_FAILURES) return true;
  const byAddress = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('address', '=', address)
    .where('success', '=', false)
    .where('attempted_at', '>', since)
    .executeTakeFirst();
  return Number(byAddress?.n ?? 0) >= MAX_FAILURES;
}

export async function recordAttempt(db: Kysely<Database>, account: string, address: string, success: boolean): Promise<void> {
  await db.insertInto('login_attempts').values({ account, address, success }).execute();
}
