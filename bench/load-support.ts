// Support for bench/load.ts: the server under test as a child process (on PGlite in a temporary folder or
// on PostgreSQL in a fresh schema of its own), latency figures, and CPU time read from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../tests/support/free-port';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A free TCP port on 127.0.0.1 (also bench/screen-soak.ts). */
export { freePort };

export type ServerUnderTest = {
  baseUrl: string;
  pid: number;
  /** PostgreSQL only: the application_name the server's connections carry (to find its backends). */
  applicationName: string | null;
  adminUrl: string | null;
  describe: string;
  stop: () => Promise<void>;
};

/** URL with extra query parameters (libpq `options` and `application_name`, read by node-postgres). */
function withParams(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

export async function startServer(env: Record<string, string>): Promise<ServerUnderTest> {
  const port = await freePort();
  const adminUrl = process.env.DATABASE_URL || null;
  const tag = randomBytes(6).toString('hex');
  const schema = `bench_${tag}`;
  const applicationName = adminUrl ? `zhgd-bench-${tag}` : null;
  let dataDir: string | null = null;
  let databaseUrl = '';
  if (adminUrl) {
    await admin(adminUrl, `create schema ${schema}`);
    databaseUrl = withParams(adminUrl, { options: `-c search_path=${schema}`, application_name: applicationName! });
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'zhgd-load-'));
  }
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir ?? '',
      DATABASE_URL: databaseUrl,
      STATIC_DIR: join(tmpdir(), 'zhgd-load-no-static'),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('server exited early');
    if (await fetch(`${baseUrl}/prod-apicore/api/token/getToken`).then((r) => r.ok).catch(() => false)) break;
    if (i > 1200) throw new Error('server did not start in 5 min');
    await sleep(250);
  }
  return {
    baseUrl,
    pid: child.pid!,
    applicationName,
    adminUrl,
    describe: adminUrl ? `PostgreSQL ${new URL(adminUrl).host}${new URL(adminUrl).pathname} (schema ${schema})` : `PGlite ${dataDir}`,
    stop: async () => {
      const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      if (adminUrl) await admin(adminUrl, `drop schema if exists ${schema} cascade`);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

// ---- latency figures ----

export type Figures = { count: number; errors: number; p50: number; p99: number; max: number; perSecond: number };

export class Recorder {
  readonly latencies: number[] = [];
  errors = 0;
  readonly errorSamples = new Map<string, number>();
  constructor(private readonly startedAt = performance.now()) {}
  ok(ms: number): void {
    this.latencies.push(ms);
  }
  fail(ms: number, what: string): void {
    this.latencies.push(ms);
    this.errors += 1;
    this.errorSamples.set(what, (this.errorSamples.get(what) ?? 0) + 1);
  }
  figures(): Figures {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const at = (q: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
    const seconds = (performance.now() - this.startedAt) / 1000;
    return { count: sorted.length, errors: this.errors, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN, perSecond: sorted.length / seconds };
  }
}

/**
 * A reader that honours 503 (bench/load.ts LOAD_MODE=ceiling): answered requests give the latencies; a 503
 * with Retry-After and the busy text is counted and waited out; a client time-out is counted apart.
 */
export class PoliteRecorder extends Recorder {
  /** 503 answers, and how many of them carried Retry-After and 服务繁忙，请稍后重试. */
  busy = 0;
  busyPolite = 0;
  readonly busyLatencies: number[] = [];
  timeouts = 0;
  refused(ms: number, polite: boolean): void {
    this.busy += 1;
    if (polite) this.busyPolite += 1;
    this.busyLatencies.push(ms);
  }
  timedOut(): void {
    this.timeouts += 1;
  }
  /** The slowest refusal: how long a refused user waited to be told. */
  get busyMax(): number {
    return this.busyLatencies.reduce((a, b) => Math.max(a, b), 0);
  }
}

export const showFigures = (label: string, f: Figures): string =>
  `${label.padEnd(26)} ${String(f.count).padStart(7)} req  ${f.perSecond.toFixed(0).padStart(5)}/s  p50 ${f.p50.toFixed(0).padStart(5)} ms  p99 ${f.p99
    .toFixed(0)
    .padStart(5)} ms  max ${f.max.toFixed(0).padStart(6)} ms  errors ${f.errors}`;

// ---- CPU time from /proc ----

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** utime + stime of a process in seconds, or null when it is gone. */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * CPU time of a changing set of processes: sampled every second; each pid counts from when it was first
 * seen to when it was last seen, so backends the pool opens and closes are counted (to within a second).
 */
export class CpuMeter {
  readonly #first = new Map<number, number>();
  readonly #last = new Map<number, number>();
  #timer: NodeJS.Timeout | null = null;
  #startedAt = 0;
  #stoppedAt = 0;
  constructor(private readonly pids: () => Promise<number[]>) {}
  async start(): Promise<void> {
    this.#startedAt = performance.now();
    await this.#sample();
    this.#timer = setInterval(() => void this.#sample(), 1000);
  }
  async #sample(): Promise<void> {
    for (const pid of await this.pids().catch(() => [])) {
      const s = cpuSeconds(pid);
      if (s === null) continue;
      if (!this.#first.has(pid)) this.#first.set(pid, s);
      this.#last.set(pid, s);
    }
  }
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    await this.#sample();
    this.#stoppedAt = performance.now();
  }
  /** Busy share of one core over the measured time, in %. */
  percent(): number {
    let total = 0;
    for (const [pid, first] of this.#first) total += (this.#last.get(pid) ?? first) - first;
    return (100 * total) / ((this.#stoppedAt - this.#startedAt) / 1000);
  }
  get processes(): number {
    return this.#first.size;
  }
}

/** The PostgreSQL backends of the server under test, found by their application_name. */
export function backendPids(adminUrl: string, applicationName: string): { pids: () => Promise<number[]>; close: () => Promise<void> } {
  const client = new pg.Client({ connectionString: adminUrl });
  const connected = client.connect();
  return {
    pids: async () => {
      await connected;
      const r = await client.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [applicationName]);
      return r.rows.map((row) => row.pid);
    },
    close: async () => {
      await connected.catch(() => undefined);
      await client.end();
    },
  };
}
