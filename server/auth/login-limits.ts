// Login limits (OWASP authentication guidance; docs/security-auth.md). Three limiters, counted and
// decided atomically in one transaction that locks their rows before the password is checked, so
// concurrent attempts cannot all pass:
// - per account+address pair: the first 5 failures are checked, then each further attempt waits 1, 2,
//   4, 8, then 15 minutes after the previous one; a success clears the pair;
// - per account across addresses: 50 failures within an hour refuse the account until that hour ends,
//   except from addresses it logged in from successfully in the last 30 days;
// - per address across accounts (spraying): 100 failures within 15 minutes, same exemption.
// An attempt reserves a failure in every limiter before the check; a success gives the reservations back.
// Reserved attempts whose password is still being checked are counted as `pending` too: an attempt that
// would pass the pair's free failures only because of attempts in flight waits for their outcome (a burst of
// correct logins of one account, e.g. a page opened in several tabs, must never lock it: a correct password is
// not a failure); one that would pass them on confirmed failures is decided as before. A pending count not
// settled within PENDING_STALE_MS (a process that stopped mid-check) is ignored.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

export type LoginPolicy = {
  pairFreeFailures: number;
  /** Wait after each failure past the free ones: first, doubling up to the maximum. */
  pairFirstDelayMs: number;
  pairMaxDelayMs: number;
  /** A pair not failing for this long starts over. */
  pairResetMs: number;
  accountFailures: number;
  accountWindowMs: number;
  addressFailures: number;
  addressWindowMs: number;
  /** Addresses that logged in successfully this recently are exempt from the account and address limits. */
  knownAddressMs: number;
  /** The clock (tests move it). */
  now: () => number;
};

const MINUTE = 60_000;

export const DEFAULT_LOGIN_POLICY: LoginPolicy = {
  pairFreeFailures: 5,
  pairFirstDelayMs: MINUTE,
  pairMaxDelayMs: 15 * MINUTE,
  pairResetMs: 24 * 60 * MINUTE,
  accountFailures: 50,
  accountWindowMs: 60 * MINUTE,
  addressFailures: 100,
  addressWindowMs: 15 * MINUTE,
  knownAddressMs: 30 * 24 * 60 * MINUTE,
  now: () => Date.now(),
};

/** Accounts are compared case-insensitively so 'SysAdmin' and 'sysadmin' share one counter. */
export const accountKey = (userName: string): string => userName.trim().toLowerCase();

type Keys = { pair: string; account: string; address: string };
const keysOf = (account: string, address: string): Keys => ({
  pair: `pair:${account}\n${address}`,
  account: `account:${account}`,
  address: `address:${address}`,
});

type LimitRow = { key: string; failures: number; window_start: Date; locked_until: Date | null; updated_at: Date; pending: number };

/** The outcome of a reservation: go ahead and check the password, or refuse for `waitMs`. */
export type Reservation = { allowed: true; known: boolean } | { allowed: false; waitMs: number };

/** A password check takes well under a second; a pending count older than this was never settled. */
const PENDING_STALE_MS = 10_000;
/** How often, and how long at most, an attempt waits for the attempts in flight before it. */
const PENDING_POLL_MS = 50;
const PENDING_WAIT_MS = 15_000;

export async function reserveAttempt(db: Kysely<Database>, p: LoginPolicy, account: string, address: string): Promise<Reservation> {
  const waitUntil = Date.now() + PENDING_WAIT_MS;
  for (;;) {
    const reservation = await tryReserve(db, p, account, address);
    if (reservation !== 'in-flight' || Date.now() > waitUntil) {
      await purgeNowAndThen(db, p);
      // Still undecided after the longest wait: decided as a failure would be, the safe side.
      return reservation === 'in-flight' ? { allowed: false, waitMs: p.pairFirstDelayMs } : reservation;
    }
    await new Promise((resolve) => setTimeout(resolve, PENDING_POLL_MS));
  }
}

async function tryReserve(db: Kysely<Database>, p: LoginPolicy, account: string, address: string): Promise<Reservation | 'in-flight'> {
  const keys = keysOf(account, address);
  return db.transaction().execute(async (trx): Promise<Reservation | 'in-flight'> => {
    const now = p.now();
    const known = await isKnown(trx, p, account, address, now);
    const rows = await lockRows(trx, known ? [keys.pair] : [keys.pair, keys.account, keys.address], now);

    const pair = rows.get(keys.pair)!;
    const pairLocked = pair.locked_until !== null && pair.locked_until.getTime() > now;
    const pairFresh = !pairLocked && now - pair.updated_at.getTime() > p.pairResetMs;
    const pairFailures = pairFresh ? 0 : pair.failures;
    const pending = pairFresh || now - pair.updated_at.getTime() > PENDING_STALE_MS ? 0 : pair.pending;
    let waitMs = pairLocked ? pair.locked_until!.getTime() - now : 0;
    /** A window counter: failures in the current window (a finished window starts over at this attempt). */
    const windowed = (key: string, windowMs: number, limit: number): { failures: number; start: Date } | null => {
      const row = rows.get(key);
      if (!row) return null;
      if (now - row.window_start.getTime() >= windowMs) return { failures: 0, start: new Date(now) };
      if (row.failures >= limit) waitMs = Math.max(waitMs, row.window_start.getTime() + windowMs - now);
      return { failures: row.failures, start: row.window_start };
    };
    const byAccount = windowed(keys.account, p.accountWindowMs, p.accountFailures);
    const byAddress = windowed(keys.address, p.addressWindowMs, p.addressFailures);
    if (waitMs > 0) return { allowed: false, waitMs };

    // Reserve: this attempt counts as a failure until it succeeds.
    const failures = pairFailures + 1;
    const over = failures - p.pairFreeFailures;
    // Past the free failures only with attempts still in flight: their outcome decides, wait for it.
    if (over >= 0 && pending > 0) return 'in-flight';
    const lockedUntil = over >= 0 ? new Date(now + Math.min(p.pairMaxDelayMs, p.pairFirstDelayMs * 2 ** over)) : null;
    await write(trx, keys.pair, { failures, window_start: pairFresh ? new Date(now) : pair.window_start, locked_until: lockedUntil, pending: pending + 1 }, now);
    for (const [key, w] of [[keys.account, byAccount], [keys.address, byAddress]] as const) {
      if (w) await write(trx, key, { failures: w.failures + 1, window_start: w.start, locked_until: null }, now);
    }
    return { allowed: true, known };
  });
}

/** The password was wrong: the reserved failure stands, it is no longer in flight. */
export async function recordFailure(db: Kysely<Database>, account: string, address: string): Promise<void> {
  await db
    .updateTable('login_limits')
    .set((eb) => ({ pending: eb.fn('greatest', [eb.lit(0), eb('pending', '-', 1)]) }))
    .where('key', '=', keysOf(account, address).pair)
    .execute();
}

/** The password was right: the pair starts over, the account and address get their reservation back. */
export async function recordSuccess(db: Kysely<Database>, p: LoginPolicy, account: string, address: string, known: boolean): Promise<void> {
  const keys = keysOf(account, address);
  const now = new Date(p.now());
  await db.transaction().execute(async (trx) => {
    // Rows locked in key order, as in reserveAttempt, so the two cannot deadlock.
    const held = known ? [keys.pair] : [keys.account, keys.address, keys.pair].sort();
    await trx.selectFrom('login_limits').select('key').where('key', 'in', held).orderBy('key').forUpdate().execute();
    // The pair starts over in place (not deleted: attempts in flight keep their row and their pending count).
    await trx
      .updateTable('login_limits')
      .set((eb) => ({ failures: 0, window_start: now, locked_until: null, updated_at: now, pending: eb.fn('greatest', [eb.lit(0), eb('pending', '-', 1)]) }))
      .where('key', '=', keys.pair)
      .execute();
    if (!known) {
      await trx
        .updateTable('login_limits')
        .set((eb) => ({ failures: eb.fn('greatest', [eb.lit(0), eb('failures', '-', 1)]) }))
        .where('key', 'in', [keys.account, keys.address])
        .execute();
    }
    await trx
      .insertInto('login_known')
      .values({ account, address, last_success_at: now })
      .onConflict((oc) => oc.columns(['account', 'address']).doUpdateSet({ last_success_at: now }))
      .execute();
  });
}

async function isKnown(trx: Transaction<Database>, p: LoginPolicy, account: string, address: string, now: number): Promise<boolean> {
  const row = await trx
    .selectFrom('login_known')
    .select('last_success_at')
    .where('account', '=', account)
    .where('address', '=', address)
    .executeTakeFirst();
  return row !== undefined && now - row.last_success_at.getTime() < p.knownAddressMs;
}

/** Creates missing rows, then locks them in key order (the same order everywhere: no deadlock). */
async function lockRows(trx: Transaction<Database>, keys: string[], now: number): Promise<Map<string, LimitRow>> {
  const sorted = [...keys].sort();
  const at = new Date(now);
  // A row the purge deleted between the insert and the lock is created again (READ COMMITTED).
  for (;;) {
    await trx
      .insertInto('login_limits')
      .values(sorted.map((key) => ({ key, failures: 0, window_start: at, locked_until: null, updated_at: at })))
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const rows = await trx.selectFrom('login_limits').selectAll().where('key', 'in', sorted).orderBy('key').forUpdate().execute();
    if (rows.length === sorted.length) return new Map(rows.map((r) => [r.key, r]));
  }
}

async function write(
  trx: Transaction<Database>,
  key: string,
  values: { failures: number; window_start: Date; locked_until: Date | null; pending?: number },
  now: number,
): Promise<void> {
  await trx
    .updateTable('login_limits')
    .set({ ...values, updated_at: new Date(now) })
    .where('key', '=', key)
    .execute();
}

/** Rows of finished windows and locks, and old known addresses, go at most once a minute per process. */
const lastPurge = new WeakMap<Kysely<Database>, number>();
async function purgeNowAndThen(db: Kysely<Database>, p: LoginPolicy): Promise<void> {
  const now = p.now();
  if (now - (lastPurge.get(db) ?? 0) < MINUTE) return;
  lastPurge.set(db, now);
  const horizon = new Date(now - Math.max(p.pairResetMs, p.accountWindowMs, p.addressWindowMs));
  await db
    .deleteFrom('login_limits')
    .where('updated_at', '<', horizon)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', new Date(now))]))
    .execute();
  await db.deleteFrom('login_known').where('last_success_at', '<', new Date(now - p.knownAddressMs)).execute();
}
