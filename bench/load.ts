// Load benchmark (issue 9 "Load without stalls"). Prints figures; asserts nothing.
//   npm run bench:load                                   (PGlite in a temporary folder, 2 × 120 s)
//   LOAD_SECONDS=30 npm run bench:load                   (a shorter run)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:load   (PostgreSQL, fresh schema)
//
// It starts the production server (server/main.ts, demo simulator on at its 10 s default) as a child
// process on 127.0.0.1, logs LOAD_SESSIONS (200) sessions in through the API across the demo accounts
// (one service token, logins spread over the accounts, a retry after a pause if one is refused), and runs:
//   phase 1  every session reads typical back-office lists and screen endpoints for LOAD_SECONDS, pausing
//            LOAD_THINK_MS (1000, ±50 %) between reads as a person does; p50 / p99 / max latency, errors.
//   phase 2  the same readers again with LOAD_STREAMS (500) TyScreen/Stream connections open beside them
//            (screens LOAD_STREAM_SCREENS, default BuildPersonnel = 人员管理, across the sessions); the
//            readers' figures and their ratio to phase 1.
//   phase 3  the streams alone, then nothing (min(LOAD_SECONDS, 30) s each): the CPU the streams cost.
// A probe asks a route that never touches the database (an unknown API path → 404) every 100 ms, so
// event-loop stalls show apart from database waits.
//
// LOAD_MODE=ceiling (PGlite's ceiling, docs/security-load.md "PGlite under overload"): logs in LOAD_LOGINS (16)
// sessions, then runs LOAD_STEPS (25,50,100,200) users in turn, LOAD_STEP_SECONDS (10) each, every user
// reading as above (tokens shared between users) and honouring a 503: it counts it, checks its Retry-After
// and 服务繁忙，请稍后重试, and waits the Retry-After before reading again. Per step it prints requests answered
// and per second, p50 / p99 / max of the answered, 503s (with Retry-After), client time-outs (must be 0),
// other errors, /healthz p99 and /readyz answers (probed every 250 ms and every second), and the load average.
// Run it with PGLITE_MAX_WAIT_MS=0 for the unbounded queue (before issue 26) to compare.
//
// CPU method: on PostgreSQL the server's connections carry a unique application_name; every second the
// bench lists their backend pids in pg_stat_activity and reads each one's utime + stime from
// /proc/<pid>/stat (PostgreSQL must run on this machine). Each backend counts from its first to its last
// sample. "PostgreSQL CPU from the streams" = backend CPU with the streams open and no readers − backend
// CPU with nothing open (the simulator runs in both), in % of one core; phase 2 − phase 1 is printed too,
// but when readers saturate the CPU, streams displace them rather than add to it. The server process's own CPU is read the same way (on PGlite the database
// runs inside it). Targets on the development machine: 0 errors, p99 < 250 ms on PostgreSQL, max < 2 s;
// with the streams, PostgreSQL < 25 % CPU from the streams and the readers' p99 within 20 % of phase 1.
import { loadavg } from 'node:os';
import { Agent, fetch as undiciFetch } from 'undici';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/seed/demo-accounts';
import { backendPids, CpuMeter, PoliteRecorder, Recorder, showFigures, sleep, startServer, type Figures } from './load-support';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 120);
const SESSIONS = Number(process.env.LOAD_SESSIONS ?? 200);
const STREAMS = Number(process.env.LOAD_STREAMS ?? 500);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 1000);
const TIMEOUT_MS = 30_000;
const STREAM_SCREENS = (process.env.LOAD_STREAM_SCREENS ?? 'BuildPersonnel').split(',').filter(Boolean);
/** Accounts that hold data; wuquanxian (no data authority) reads nothing. */
const ACCOUNTS = DEMO_ACCOUNTS.map((a) => a.userName).filter((u) => u !== 'wuquanxian');

const API = '/prod-api/api';
/** What a back-office user and a screen read; each account keeps those that answer status 1 for it. */
const READS = [
  ...['Worker', 'Attendance', 'Project', 'Hazard', 'VehiclePassage', 'MonitorDevice', 'Alarm', 'RoutInspManage'].map(
    (base) => `${API}/${base}/WherePageList?index=0&size=20&fromplat=pc`,
  ),
  `${API}/Project/WhereProjectList?index=0&size=20`,
  `${API}/ERPUser/GetUserInfo`,
  `${API}/SysNotice/GetSysNoticeList?index=0&size=10`,
  `${API}/TyScreen/BuildPersonnel`,
  `${API}/TyScreen/EnterpriseOverview`,
  `${API}/TyScreen/Roster?index=0&size=20`,
  `${API}/TyScreen/GetSbgl_sbtj`,
];

const MODE = process.env.LOAD_MODE ?? 'phases';
const STEPS = (process.env.LOAD_STEPS ?? '25,50,100,200').split(',').map(Number).filter((n) => n > 0);
const STEP_SECONDS = Number(process.env.LOAD_STEP_SECONDS ?? 10);
const LOGINS = Number(process.env.LOAD_LOGINS ?? 16);
const BUSY_TEXT = '服务繁忙，请稍后重试';

const readers = new Agent({ connections: Math.max(SESSIONS, ...STEPS) + 10, keepAliveTimeout: 60_000, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
const streamAgent = new Agent({ connections: STREAMS + 10, keepAliveTimeout: 60_000, bodyTimeout: 0 });

type Session = { account: string; token: string; reads: string[] };

async function getJson(url: string, token: string | null, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
  const res = await undiciFetch(url, {
    dispatcher: readers,
    method: init.method ?? 'GET',
    body: init.body,
    headers: { fromplat: 'pc', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await res.text();
  let body: { status?: number; data?: unknown; detail?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    /* not JSON: counted by the caller */
  }
  return { http: res.status, body };
}

async function logIn(base: string, serviceToken: string, userName: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const form = new URLSearchParams({ grant_type: 'password', loginType: '1', userName, password: DEMO_PASSWORD, confirmPhone: '', confirmCode: '', companyId: '', companyName: '' });
    const r = await getJson(`${base}/prod-apicore/web/login?token=${serviceToken}&fromplat=pc&wid=11`, null, {
      method: 'POST',
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const token = (r.body.data as { access_token?: string } | undefined)?.access_token;
    if (r.body.status === 1 && token) return token;
    if (attempt >= 5) throw new Error(`login ${userName} refused: ${r.http} ${JSON.stringify(r.body).slice(0, 200)}`);
    await sleep(2000 * (attempt + 1));
  }
}

async function openSessions(base: string, count = SESSIONS): Promise<Session[]> {
  const service = (await getJson(`${base}/prod-apicore/api/token/getToken`, null)).body.data as string;
  const tokens: Array<{ account: string; token: string }> = [];
  for (let i = 0; i < count; i += 4) {
    const batch = Array.from({ length: Math.min(4, count - i) }, (_, k) => ACCOUNTS[(i + k) % ACCOUNTS.length]);
    tokens.push(...(await Promise.all(batch.map(async (account) => ({ account, token: await logIn(base, service, account) })))));
  }
  const readsOf = new Map<string, string[]>();
  for (const account of ACCOUNTS) {
    const token = tokens.find((t) => t.account === account)!.token;
    const usable: string[] = [];
    for (const path of READS) {
      const r = await getJson(`${base}${path}`, token);
      if (r.http === 200 && r.body.status === 1) usable.push(path);
    }
    readsOf.set(account, usable);
  }
  return tokens.map((t) => ({ ...t, reads: readsOf.get(t.account)! }));
}

/** Every session reads until `until`, pausing THINK_MS ± 50 % between reads. */
async function read(base: string, sessions: Session[], seconds: number): Promise<Figures & { recorder: Recorder }> {
  const recorder = new Recorder();
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    sessions.map(async (s, n) => {
      await sleep(Math.random() * THINK_MS);
      for (let i = n; performance.now() < until; i++) {
        const path = s.reads[i % s.reads.length];
        const started = performance.now();
        try {
          const r = await getJson(`${base}${path}`, s.token);
          const ms = performance.now() - started;
          if (r.http === 200 && r.body.status === 1) recorder.ok(ms);
          else recorder.fail(ms, `${path.split('?')[0]} → ${r.http} ${r.body.status ?? ''} ${r.body.detail ?? ''}`);
        } catch (error) {
          recorder.fail(performance.now() - started, `${path.split('?')[0]} → ${(error as Error).name}: ${(error as Error).message}`);
        }
        await sleep(THINK_MS * (0.5 + Math.random()));
      }
    }),
  );
  return { ...recorder.figures(), recorder };
}

/** Asks an unknown API path (answered 404 without the database) every 100 ms until stopped. */
function probe(base: string): { stop: () => Figures } {
  const recorder = new Recorder();
  let running = true;
  void (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await undiciFetch(`${base}/no-such-path`, { dispatcher: readers, signal: AbortSignal.timeout(TIMEOUT_MS) });
        await res.arrayBuffer();
        recorder.ok(performance.now() - started);
      } catch (error) {
        recorder.fail(performance.now() - started, (error as Error).message);
      }
      await sleep(100);
    }
  })();
  return {
    stop: () => {
      running = false;
      return recorder.figures();
    },
  };
}

type Streams = { ready: number; events: Map<string, number>; failures: number; close: () => void };

/** Opens `count` streams across the sessions; resolves once every one has sent `ready` (or failed). */
async function openStreams(base: string, sessions: Session[], count: number): Promise<Streams> {
  const controller = new AbortController();
  const out: Streams = { ready: 0, events: new Map(), failures: 0, close: () => controller.abort() };
  const opened = Array.from({ length: count }, async (_, i) => {
    const s = sessions[i % sessions.length];
    const screen = STREAM_SCREENS[i % STREAM_SCREENS.length];
    let signalled = false;
    return new Promise<void>((resolve) => {
      const done = () => {
        if (!signalled) resolve();
        signalled = true;
      };
      void (async () => {
        try {
          const res = await undiciFetch(`${base}${API}/TyScreen/Stream?screen=${screen}`, {
            dispatcher: streamAgent,
            headers: { authorization: `Bearer ${s.token}` },
            signal: controller.signal,
          });
          if (!res.body || !String(res.headers.get('content-type')).includes('text/event-stream')) throw new Error(`no stream: ${res.status}`);
          const decoder = new TextDecoder();
          let buffer = '';
          for await (const chunk of res.body) {
            buffer += decoder.decode(chunk as Uint8Array, { stream: true });
            let cut: number;
            while ((cut = buffer.indexOf('\n\n')) >= 0) {
              const event = /^event: (.*)$/m.exec(buffer.slice(0, cut))?.[1] ?? 'message';
              buffer = buffer.slice(cut + 2);
              out.events.set(event, (out.events.get(event) ?? 0) + 1);
              if (event === 'ready') {
                out.ready += 1;
                done();
              }
            }
          }
          if (!controller.signal.aborted) out.failures += 1;
        } catch (error) {
          if (!controller.signal.aborted) {
            out.failures += 1;
            if (out.failures <= 3) console.error(`stream failed: ${(error as Error).message}`);
          }
        }
        done();
      })();
    });
  });
  await Promise.all(opened);
  return out;
}

const pct = (v: number) => `${v.toFixed(1)} %`;

/** CPU of the server process and its PostgreSQL backends over `seconds` of whatever runs meanwhile. */
async function cpuOver(server: { pid: number }, pg: { pids: () => Promise<number[]> } | null, seconds: number) {
  const db = pg ? new CpuMeter(pg.pids) : null;
  const app = new CpuMeter(async () => [server.pid]);
  await Promise.all([db?.start(), app.start()]);
  await sleep(seconds * 1000);
  await Promise.all([db?.stop(), app.stop()]);
  return { db: db?.percent() ?? null, app: app.percent() };
}
const showErrors = (r: Recorder) => [...r.errorSamples].slice(0, 8).forEach(([what, n]) => console.log(`    ${n} × ${what}`));

/** `users` read for `seconds` over the sessions (shared), waiting out each 503's Retry-After. */
async function readPolitely(base: string, sessions: Session[], users: number, seconds: number): Promise<PoliteRecorder> {
  const recorder = new PoliteRecorder();
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: users }, async (_, n) => {
      const s = sessions[n % sessions.length];
      await sleep(Math.random() * THINK_MS);
      for (let i = n; performance.now() < until; i++) {
        const path = s.reads[i % s.reads.length];
        const started = performance.now();
        let pause = THINK_MS * (0.5 + Math.random());
        try {
          const res = await undiciFetch(`${base}${path}`, {
            dispatcher: readers,
            headers: { fromplat: 'pc', authorization: `Bearer ${s.token}` },
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          const body = (await res.json().catch(() => ({}))) as { status?: number; detail?: string };
          const ms = performance.now() - started;
          if (res.status === 200 && body.status === 1) recorder.ok(ms);
          else if (res.status === 503) {
            const retryAfter = Number(res.headers.get('retry-after'));
            recorder.refused(ms, retryAfter >= 1 && body.detail === BUSY_TEXT);
            pause = Math.max(pause, (retryAfter || 1) * 1000);
          } else recorder.fail(ms, `${path.split('?')[0]} → ${res.status} ${body.status ?? ''} ${body.detail ?? ''}`);
        } catch (error) {
          const name = (error as Error).name;
          if (name === 'TimeoutError' || name === 'AbortError') recorder.timedOut();
          else recorder.fail(performance.now() - started, `${path.split('?')[0]} → ${name}: ${(error as Error).message}`);
        }
        await sleep(pause);
      }
    }),
  );
  return recorder;
}

/** /healthz every 250 ms (its latency) and /readyz every second (its answers) until stopped. */
function healthProbe(base: string): { stop: () => { live: Figures; ready: Map<number, number> } } {
  const live = new Recorder();
  const ready = new Map<number, number>();
  let running = true;
  const loop = async (path: string, every: number, seen: (status: number, ms: number) => void) => {
    while (running) {
      const started = performance.now();
      try {
        const res = await undiciFetch(`${base}${path}`, { dispatcher: readers, signal: AbortSignal.timeout(TIMEOUT_MS) });
        await res.arrayBuffer();
        seen(res.status, performance.now() - started);
      } catch {
        seen(0, performance.now() - started);
      }
      await sleep(every);
    }
  };
  void loop('/healthz', 250, (status, ms) => (status === 200 ? live.ok(ms) : live.fail(ms, String(status))));
  void loop('/readyz', 1000, (status) => ready.set(status, (ready.get(status) ?? 0) + 1));
  return {
    stop: () => {
      running = false;
      return { live: live.figures(), ready };
    },
  };
}

/** LOAD_MODE=ceiling: more and more users until PGlite refuses; where p99 passes 2 s. */
async function ceiling(): Promise<void> {
  const server = await startServer({});
  try {
    const sessions = await openSessions(server.baseUrl, Math.min(LOGINS, Math.max(...STEPS)));
    const bound = process.env.PGLITE_MAX_WAIT_MS ?? '2000 (default)';
    console.log(`\nCeiling — ${server.describe}; PGLITE_MAX_WAIT_MS ${bound}; ${sessions.length} sessions shared by ${STEPS.join(' → ')} users, think ${THINK_MS} ms ±50 %, ${STEP_SECONDS} s per step`);
    await readPolitely(server.baseUrl, sessions, Math.min(...STEPS), Math.min(5, STEP_SECONDS)); // warm-up
    console.log('users  answered     /s   p50 ms   p99 ms   max ms   503 (Retry-After)  503 max ms  timeouts  errors  healthz p99  readyz 200/503  load 1m');
    const rows: Array<{ users: number; perSecond: number; p99: number; refusedShare: number }> = [];
    for (const users of STEPS) {
      const probe = healthProbe(server.baseUrl);
      const started = performance.now();
      const r = await readPolitely(server.baseUrl, sessions, users, STEP_SECONDS);
      const seconds = (performance.now() - started) / 1000;
      const health = probe.stop();
      const f = r.figures();
      const answered = f.count - f.errors;
      const load = loadavg()[0];
      rows.push({ users, perSecond: answered / seconds, p99: f.p99, refusedShare: r.busy / Math.max(1, r.busy + f.count) });
      console.log(
        [
          String(users).padStart(5),
          String(answered).padStart(9),
          (answered / seconds).toFixed(1).padStart(6),
          f.p50.toFixed(0).padStart(8),
          f.p99.toFixed(0).padStart(8),
          f.max.toFixed(0).padStart(8),
          `${r.busy} (${r.busyPolite})`.padStart(18),
          r.busyMax.toFixed(0).padStart(11),
          String(r.timeouts).padStart(9),
          String(f.errors).padStart(7),
          health.live.p99.toFixed(0).padStart(12),
          `${health.ready.get(200) ?? 0}/${health.ready.get(503) ?? 0}`.padStart(15),
          load.toFixed(2).padStart(8),
        ].join(' '),
      );
      [...r.errorSamples].slice(0, 4).forEach(([what, n]) => console.log(`    ${n} × ${what}`));
    }
    const within = rows.filter((row) => row.p99 <= 2000 && row.refusedShare < 0.01);
    const top = within.at(-1);
    console.log(
      top
        ? `\nCeiling: ${top.users} users, ${top.perSecond.toFixed(1)} answered/s with p99 ≤ 2 s and < 1 % refused${within.length < rows.length ? `; past it: ${rows.filter((row) => !within.includes(row)).map((row) => `${row.users} users p99 ${row.p99.toFixed(0)} ms, ${(100 * row.refusedShare).toFixed(0)} % refused`).join('; ')}` : ' (not reached)'}`
        : '\nCeiling: below the first step',
    );
  } finally {
    await server.stop();
    await Promise.all([readers.destroy(), streamAgent.destroy()]);
  }
}

async function main(): Promise<void> {
  const server = await startServer({});
  const pg = server.adminUrl && server.applicationName ? backendPids(server.adminUrl, server.applicationName) : null;
  try {
    const sessions = await openSessions(server.baseUrl);
    console.log(`\nLoad — ${server.describe}; ${sessions.length} sessions (${ACCOUNTS.join(', ')}), think ${THINK_MS} ms, ${SECONDS} s per phase`);
    for (const account of ACCOUNTS) console.log(`  ${account.padEnd(10)} reads ${sessions.find((s) => s.account === account)!.reads.map((p) => p.split('?')[0].replace(`${API}/`, '')).join(', ')}`);
    await read(server.baseUrl, sessions, Math.min(10, SECONDS)); // warm-up

    const phase = async (label: string) => {
      const db = pg ? new CpuMeter(pg.pids) : null;
      const app = new CpuMeter(async () => [server.pid]);
      await Promise.all([db?.start(), app.start()]);
      const p = probe(server.baseUrl);
      const readersFigures = await read(server.baseUrl, sessions, SECONDS);
      const probeFigures = p.stop();
      await Promise.all([db?.stop(), app.stop()]);
      console.log(`\n${label}`);
      console.log(showFigures('  readers', readersFigures));
      showErrors(readersFigures.recorder);
      console.log(showFigures('  probe (no database)', probeFigures));
      console.log(`  server process CPU         ${pct(app.percent())}${db ? `   PostgreSQL backends CPU ${pct(db.percent())} (${db.processes} backends)` : ''}`);
      return { readers: readersFigures, db: db?.percent() ?? null, app: app.percent() };
    };

    const one = await phase('Phase 1 — readers only');
    if (STREAMS > 0) {
      const streams = await openStreams(server.baseUrl, sessions, STREAMS);
      console.log(`\n${streams.ready} of ${STREAMS} streams open (${STREAM_SCREENS.join(', ')}), ${streams.failures} failed`);
      const two = await phase(`Phase 2 — readers with ${STREAMS} streams`);
      // The streams' own cost, without readers competing for the CPU: streams alone against idle.
      const quietSeconds = Math.min(SECONDS, 30);
      const alone = await cpuOver(server, pg, quietSeconds);
      const events = [...streams.events].map(([e, n]) => `${e} ${n}`).join(', ');
      streams.close();
      await sleep(2000);
      const idle = await cpuOver(server, pg, quietSeconds);
      console.log(`  stream events received     ${events}; streams failed ${streams.failures}`);
      console.log(`  readers p99 ratio          ${(two.readers.p99 / one.readers.p99).toFixed(2)} (target ≤ 1.20)   p50 ratio ${(two.readers.p50 / one.readers.p50).toFixed(2)}`);
      if (one.db !== null && two.db !== null) console.log(`  PostgreSQL CPU, phase 2 − phase 1   ${pct(two.db - one.db)} of one core`);
      console.log(`\nPhase 3 — ${STREAMS} streams alone vs idle (${quietSeconds} s each, simulator running)`);
      if (alone.db !== null && idle.db !== null) {
        console.log(`  PostgreSQL backends CPU    streams ${pct(alone.db)}, idle ${pct(idle.db)} → from the streams ${pct(alone.db - idle.db)} of one core (target < 25 %)`);
      }
      console.log(`  server process CPU         streams ${pct(alone.app)}, idle ${pct(idle.app)} → from the streams ${pct(alone.app - idle.app)} of one core`);
    }
    console.log('\nTargets: 0 errors, p99 < 250 ms on PostgreSQL, max < 2 s.');
  } finally {
    await pg?.close();
    await server.stop();
    await Promise.all([readers.destroy(), streamAgent.destroy()]);
  }
}

await (MODE === 'ceiling' ? ceiling() : main());
