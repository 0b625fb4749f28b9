// PGlite past its ceiling (issue 26 "Hold under weight", docs/security-load.md "PGlite under overload"): a
// request that would wait for the one connection longer than the bound gets 503, Retry-After and
// 服务繁忙，请稍后重试 instead of a silent time-out; a request already admitted is never cut off, so nothing is
// half-written; /healthz answers throughout and /readyz tells the truth; afterwards everything answers.
// PGlite is saturated by holding its lock, as a long transaction does. Timings are printed, never asserted.
// On PostgreSQL (DATABASE_URL) the admission does not exist and concurrent reads answer as before.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import { DatabaseAdmission } from '../../server/db/admission';
import type { DatabaseHandle } from '../../server/db/connect';
import { Mutex, type Release } from '../../server/db/mutex';
import { PGliteDialect } from '../../server/db/pglite-dialect';
import type { Database } from '../../server/db/schema';
import { HEALTH_PATHS } from '../../server/http/health';
import { call, login, PATHS, session, startApp, type Reply } from './helpers';
import { snapshotBlob } from './snapshot';

const BUSY = '服务繁忙，请稍后重试';
const BOUND_MS = 500;
/** Longer than any answer of the new code; the old code answers nothing while PGlite is held. */
const GIVE_UP_MS = 6_000;
const onPostgres = !!process.env.DATABASE_URL;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** Resolves when `work` does or after `ms`, whichever is first (the old code would wait forever). */
const within = async <T>(work: Promise<T>, ms: number): Promise<T | 'still waiting'> => Promise.race([work, sleep(ms).then(() => 'still waiting' as const)]);

function expectBusy(reply: Reply, what: string): void {
  expect(reply.status, what).toBe(503);
  expect(Number(reply.raw.headers['retry-after']), what).toBeGreaterThanOrEqual(1);
  expect(reply.body, what).toMatchObject({ status: 0, detail: BUSY });
  expect(typeof reply.body.requestId, what).toBe('string');
}

describe('the admission to PGlite (server/db/admission.ts, server/db/mutex.ts)', () => {
  it('lets a request being admitted wait its turn for PGlite in order, and only up to the bound', async () => {
    const mutex = new Mutex();
    const admission = new DatabaseAdmission(mutex, 200);
    const order: string[] = [];
    const hold = await mutex.lock();
    const before = mutex.lock().then((release) => {
      order.push('query queued before');
      release();
    });
    const admitted = admission.admit().then((a) => order.push(`admission ${a.admitted}`));
    const after = mutex.lock().then((release) => {
      order.push('query queued after');
      release();
    });
    hold();
    await Promise.all([before, admitted, after]);
    expect(order).toEqual(['query queued before', 'admission true', 'query queued after']);
    // Held past the bound: the request gives up its turn and its place.
    const again = await mutex.lock();
    expect(await admission.admit()).toMatchObject({ admitted: false, why: 'waited' });
    expect([admission.active, admission.waiting, mutex.timedWaiting]).toEqual([1, 0, 0]);
    again();
  });

  it('refuses at once a request whose predicted wait passes the bound, admits the one already queued', async () => {
    const mutex = new Mutex();
    let now = 0;
    const admission = new DatabaseAdmission(mutex, 60_000, 8, () => now);
    const hold = await mutex.lock();
    const first = admission.admit();
    now += 70_000; // PGlite held for longer than the bound: one more in the queue cannot make it.
    const second = await admission.admit();
    expect(second).toMatchObject({ admitted: false, why: 'predicted', retryAfterSeconds: 30 });
    hold();
    expect(await first).toMatchObject({ admitted: true });
    expect(admission.counts).toEqual({ admitted: 1, refused: 1 });
  });

  it('lets so many requests be under way at once; the next is admitted when one is done', async () => {
    const mutex = new Mutex();
    const admission = new DatabaseAdmission(mutex, 60_000, 2);
    const [a, b] = await Promise.all([admission.admit(), admission.admit()]);
    let third: Awaited<ReturnType<DatabaseAdmission['admit']>> | null = null;
    const waiting = admission.admit().then((c) => (third = c));
    await Promise.resolve();
    expect([a.admitted, b.admitted, third, admission.active, admission.waiting]).toEqual([true, true, null, 2, 1]);
    if (a.admitted) a.leave();
    if (a.admitted) a.leave(); // twice: still one place
    await waiting;
    expect(third).toMatchObject({ admitted: true });
    expect([admission.active, admission.waiting]).toEqual([2, 0]);
  });

  it('gives up a waiting request when its client has gone, holding nothing', async () => {
    const mutex = new Mutex();
    const admission = new DatabaseAdmission(mutex, 60_000);
    const hold = await mutex.lock();
    const gone = new AbortController();
    const waiting = admission.admit(gone.signal);
    gone.abort();
    expect(await waiting).toMatchObject({ admitted: false, why: 'gone' });
    expect(mutex.timedWaiting).toBe(0);
    hold();
    await new Promise((resolve) => setImmediate(resolve));
    expect(mutex.held).toBe(false);
  });
});

describe.skipIf(onPostgres)('PGlite held past the bound (reason to skip: PostgreSQL has no admission, see below)', () => {
  let app: FastifyInstance;
  let mutex: Mutex;
  let handle: DatabaseHandle;
  /** Told every query's SQL once it has run (the Kysely log), while its request still holds PGlite. */
  let onQuery: ((sql: string) => void) | null = null;

  beforeAll(async () => {
    const snapshot = inject('pgliteSnapshot');
    const pglite = await PGlite.create({ extensions: { pg_trgm }, ...(snapshot ? { loadDataDir: snapshotBlob(snapshot) } : {}) });
    mutex = new Mutex();
    const db = new Kysely<Database>({
      dialect: new PGliteDialect(pglite, mutex),
      log: (event) => {
        if (event.level === 'query') onQuery?.(event.query.sql);
      },
    });
    handle = { db, listen: null, admission: new DatabaseAdmission(mutex, BOUND_MS), describe: 'PGlite (内存)', close: () => db.destroy() };
    app = await buildApp({ database: handle, lazyValidators: true });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const readNotices = (token: string) => call(app, 'GET', PATHS.noticeList, { token, query: { index: 0, size: 10 } });
  const sendMessage = (token: string, title: string) => call(app, 'POST', PATHS.sendMessage, { token, body: { title, content: '请各项目部于本周五前完成汛期安全自查并上报。' } });
  const noticesTitled = (title: string) => handle.db.selectFrom('system_notices').selectAll().where('title', '=', title).execute();
  const health = async (path: string) => {
    const raw: LightMyRequestResponse = await app.inject({ method: 'GET', url: path });
    return { status: raw.statusCode, body: raw.json<{ status: string }>() };
  };

  it('answers 503 with Retry-After and 服务繁忙，请稍后重试 to reads, logins and writes, writes nothing, then answers normally', async () => {
    const { token } = await session(app, 'qiye01'); // also fetches the service token the logins below use
    const hold: Release = await mutex.lock();
    const started = performance.now();
    const timed = <T>(p: Promise<T>) => p.then((value) => ({ value, ms: performance.now() - started }));
    const reads = Array.from({ length: 6 }, () => timed(readNotices(token)));
    const loggingIn = timed(login(app, 'xiangmu01'));
    const writing = timed(sendMessage(token, '过载时被拒绝的通知'));
    const live = timed(health(HEALTH_PATHS.live));
    const ready = timed(health(HEALTH_PATHS.ready));
    const answered = await within(Promise.all([Promise.all(reads), loggingIn, writing, live, ready]), GIVE_UP_MS);
    hold();
    expect(answered, 'requests still waiting while PGlite is held: queued without bound').not.toBe('still waiting');
    if (answered === 'still waiting') return;
    const [readReplies, loginReply, writeReply, liveReply, readyReply] = answered;
    console.log(
      `PGlite held: reads ${readReplies.map((r) => `${r.value.status} in ${r.ms.toFixed(0)} ms`).join(', ')}; login ${loginReply.value.status} in ${loginReply.ms.toFixed(0)} ms; ` +
        `write ${writeReply.value.status} in ${writeReply.ms.toFixed(0)} ms; /healthz ${liveReply.value.status} in ${liveReply.ms.toFixed(0)} ms; /readyz ${readyReply.value.status} in ${readyReply.ms.toFixed(0)} ms (bound ${BOUND_MS} ms)`,
    );
    readReplies.forEach((r, i) => expectBusy(r.value, `read ${i}`));
    expectBusy(loginReply.value, 'login');
    expectBusy(writeReply.value, 'write');
    // Liveness needs no database; readiness says what it sees: PGlite did not answer within 2 s.
    expect(liveReply.value).toEqual({ status: 200, body: { status: 'ok' } });
    expect(readyReply.value).toEqual({ status: 503, body: { status: 'unavailable' } });

    // The refused write left nothing; afterwards every kind of request is answered again.
    expect(await noticesTitled('过载时被拒绝的通知')).toEqual([]);
    expect((await readNotices(token)).body).toMatchObject({ status: 1 });
    expect((await login(app, 'xiangmu01')).body).toMatchObject({ status: 1 });
    expect(await health(HEALTH_PATHS.ready)).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('never cuts off a request already admitted: a write whose queries wait past the bound is written whole', async () => {
    const { token } = await session(app, 'qiye01');
    const title = '过载时已开始的通知';
    // Once the write's first query (the guard's session lookup) has run, PGlite is taken from it, as by a
    // long transaction of another request: the rest of the write waits behind that.
    let held: Promise<Release> | null = null;
    onQuery = (sql) => {
      if (!sql.includes('token_hash')) return;
      held = mutex.lock();
      onQuery = null;
    };
    const started = performance.now();
    const writing = sendMessage(token, title).then((reply) => ({ reply, ms: performance.now() - started }));
    while (!held) await sleep(5);
    const hold = await (held as Promise<Release>);
    // A new request meanwhile waits its bound and is refused; the write is still waiting.
    const newcomer = await within(readNotices(token), GIVE_UP_MS);
    const heldMs = performance.now() - started;
    hold();
    expect(newcomer, 'the newcomer still waiting while PGlite is held').not.toBe('still waiting');
    if (newcomer !== 'still waiting') expectBusy(newcomer, 'newcomer');
    const written = await writing;
    console.log(`admitted write: PGlite taken from it for ${heldMs.toFixed(0)} ms (bound ${BOUND_MS} ms), answered ${written.reply.status} after ${written.ms.toFixed(0)} ms`);
    expect(written.reply.status).toBe(200);
    expect(written.reply.body).toMatchObject({ status: 1, detail: '发送成功' });
    const rows = await noticesTitled(title);
    expect(rows).toHaveLength(1);
    expect(rows[0].content).toBe('请各项目部于本周五前完成汛期安全自查并上报。');
    const audit = await handle.db.selectFrom('audit_log').select('record_id').where('record_id', '=', String(rows[0].id)).where('action', '=', 'create').execute();
    expect(audit).toHaveLength(1);
  });
});

describe.skipIf(!onPostgres)('PostgreSQL: no admission, behaviour unchanged', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 40 concurrent reads and logins as before, none refused', async () => {
    const { token } = await session(app, 'qiye01');
    const replies = await Promise.all([
      ...Array.from({ length: 36 }, () => call(app, 'GET', PATHS.noticeList, { token, query: { index: 0, size: 10 } })),
      ...Array.from({ length: 4 }, () => login(app, 'xiangmu01')),
    ]);
    expect(replies.map((r) => [r.status, r.body.status])).toEqual(replies.map(() => [200, 1]));
  });
});
