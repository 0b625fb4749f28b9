// The push outbox across a crash (issue 13 "Done when"): the real server process (server/main.ts, as
// `npm start` runs it) on a file-backed PGlite folder queues attendance for a receiver that is down, is
// killed with SIGKILL while a request is in flight (the receiver has stored it but not answered), and is
// started again on the same folder: every item reaches the receiver exactly once — the one cut off is sent
// again under its idempotency key and kept once — and each item has exactly one 上传成功 record.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PROJECTS } from '../../server/seed/demo-data';
import { DEMO_PASSWORD, PATHS } from './helpers';
import { endpoint } from './engine-support';
import { startReceiver, type Receiver } from './push-support';
import { snapshotBlob } from './snapshot';
import { freePort } from '../support/free-port';

const APP_KEY = 'KillTestApp01';
const SECRET = 'kill-test-secret-0123456789';
const ITEMS = 6;

const dataDir = mkdtempSync(join(tmpdir(), 'zhgd-push-kill-'));
const children: ChildProcess[] = [];
let receiver: Receiver | undefined;

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});


/** Polls `check` until it holds (bounded by `ms`; the test fails with `what` otherwise). */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 90_000, log?: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${log ? `\n${log()}` : ''}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

type Server = { child: ChildProcess; base: string; log: () => string };

async function startServer(): Promise<Server> {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: join(dataDir, 'no-dist'),
      SIMULATOR: '0',
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      // The receiver listens on 127.0.0.1: the operator's allow-list names it (docs/push.md "Targets").
      PUSH_ALLOWED_TARGETS: receiver ? new URL(receiver.url).host : '',
      PUSH_INTERVAL_MS: '100',
      PUSH_TIMEOUT_MS: '5000',
      PUSH_LEASE_MS: '6000',
      PUSH_BACKOFF_MS: '100',
      PUSH_MAX_BACKOFF_MS: '400',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  await until('the server to listen', async () => {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      return (await fetch(`${base}${PATHS.getToken}`)).ok;
    } catch {
      return false;
    }
  }, 120_000);
  return { child, base, log: () => log };
}

type Envelope<T> = { status: number; data?: T; detail?: string; total?: number };

async function login(base: string, userName: string): Promise<string> {
  const token = ((await (await fetch(`${base}${PATHS.getToken}`)).json()) as Envelope<string>).data!;
  const form = new URLSearchParams({ grant_type: 'password', loginType: '1', userName, password: DEMO_PASSWORD, confirmPhone: '', confirmCode: '', companyId: '', companyName: '' });
  const res = await fetch(`${base}${PATHS.login}?token=${token}&fromplat=pc&wid=11`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', fromplat: 'pc' }, body: form });
  const body = (await res.json()) as Envelope<{ access_token: string }>;
  if (body.status !== 1) throw new Error(`login ${userName}: ${JSON.stringify(body)}`);
  return body.data!.access_token;
}

async function api<T>(base: string, token: string, method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>): Promise<Envelope<T>> {
  const url = new URL(`${base}${path}`);
  if (method === 'GET' && payload) for (const [k, v] of Object.entries(payload)) url.searchParams.set(k, String(v));
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, fromplat: 'pc', ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    body: method === 'POST' ? JSON.stringify(payload ?? {}) : undefined,
  });
  return (await res.json()) as Envelope<T>;
}

type Row = Record<string, unknown>;

// The server runs on its own PGlite folder whatever DATABASE_URL says: the PostgreSQL pass would only repeat it.
describe.skipIf(!!process.env.DATABASE_URL)('push outbox across kill -9', () => {
  it('after a SIGKILL mid-delivery and a restart, every item reaches the receiver exactly once', async () => {
    receiver = await startReceiver({ secrets: { [APP_KEY]: SECRET } });
    receiver.setDown(true);
    // The folder starts as the run's seeded database (global-setup.ts), as after an earlier `npm start`: the
    // first start skips initdb and the seed (about 10 s of a busy machine) and still runs its whole start on it.
    const seeded = await PGlite.create({ dataDir, loadDataDir: snapshotBlob(inject('pgliteSnapshot')), extensions: { pg_trgm } });
    await seeded.close();
    const first = await startServer();
    const token = await login(first.base, 'sysadmin');
    const projects = await api<Array<{ projectPosInfo: { id: string; projectName: string } }>>(first.base, token, 'GET', PATHS.projectList, { index: 0, size: 500 });
    const name = PROJECTS.find((p) => p.no === 'NJJG-2024-001')!.name;
    const project = projects.data!.find((p) => p.projectPosInfo.projectName === name)!.projectPosInfo.id;

    const config = await api<Row>(first.base, token, 'POST', endpoint('PushConfig', 'create'), {
      config_name: '断电测试-考勤推送', project_id: project, platform: '3', data_type: '2', platform_project_code: 'SC511002240012',
      endpoint_url: `${receiver.url}/api/attendance/upload`, app_key: APP_KEY, app_secret: SECRET, encrypt_id_number: true, enabled: true, interval_minutes: 1,
    });
    expect(config.status, JSON.stringify(config)).toBe(1);
    const workers = await api<Row[]>(first.base, token, 'GET', endpoint('Worker', 'list'), {
      index: 0, size: ITEMS, filters: JSON.stringify([{ field: 'projectId', operator: 'eq', value: project }]),
    });
    expect(workers.data!.length).toBe(ITEMS);
    for (const w of workers.data!) {
      const created = await api<Row>(first.base, token, 'POST', endpoint('AttendanceRecord', 'create'), {
        project_id: project, worker_id: Number(w.id), worker_name: w.workerName, work_date: '2026-11-25', in_time: '2026-11-25 08:01:00',
      });
      expect(created.status, JSON.stringify(created)).toBe(1);
    }

    // The platform is down: attempts fail (503) and back off; nothing is accepted.
    await until('failed attempts while the receiver is down', () => receiver!.refused.filter((r) => r.status === 503).length >= ITEMS, 60_000, first.log);
    expect(receiver.accepted.size).toBe(0);

    // Back up, but it holds the first request open after storing it: the server is killed mid-delivery.
    receiver.setHold(true);
    receiver.setDown(false);
    await until('a request in flight', () => receiver!.accepted.size >= 1, 60_000, first.log);
    first.child.kill('SIGKILL');
    await until('the server to die', () => first.child.exitCode !== null || first.child.signalCode !== null);
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(receiver.accepted.size).toBe(1);
    const [cutOff] = [...receiver.accepted.keys()];
    receiver.setHold(false);

    // Restarted on the same folder: the worker sends what is undelivered, the cut-off item once its lease ends.
    const second = await startServer();
    const token2 = await login(second.base, 'sysadmin');
    const successes = async () =>
      (await api<Row[]>(second.base, token2, 'GET', endpoint('PushRecord', 'list'), {
        index: 0, size: 100, filters: JSON.stringify([{ field: 'configId', operator: 'eq', value: String(config.data!.id) }, { field: 'uploadStatus', operator: 'eq', value: '1' }]),
      })).data!;
    await until('every item delivered', async () => (await successes()).length >= ITEMS, 90_000, second.log);

    // One 上传成功 record per item, naming the items the receiver holds.
    const records = await successes();
    expect(records.map((r) => String(r.outboxId)).sort()).toEqual([...receiver.accepted.keys()].sort());

    // Stopped gracefully, so no request is still under way when counting.
    const exited = new Promise((r) => second.child.once('exit', r));
    second.child.kill('SIGTERM');
    await exited;

    const keys = [...receiver.accepted.keys()].sort();
    expect(keys.length).toBe(ITEMS);
    expect(new Set(keys).size).toBe(ITEMS);
    // The cut-off item was sent twice (before the kill, after the restart) and kept once; the others once.
    expect(receiver.sent.get(cutOff)).toBe(2);
    for (const key of keys) if (key !== cutOff) expect(receiver.sent.get(key)).toBe(1);
    for (const got of receiver.accepted.values()) expect(got.idCardNo).toMatch(/^[0-9]{17}[0-9X]$/);
  }, 480_000);
});

