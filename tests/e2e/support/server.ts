// Starts the real server (the same entry `npm start` runs) on a free port with a fresh PGlite folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, inject } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../support/free-port';

export type RunningServer = { baseUrl: string; stop(): Promise<void>; output(): string };


export type ServerOptions = {
  /** Run the demo device simulator (live readings, 24 h backfill) every `simulatorIntervalMs`. */
  simulator?: boolean;
  simulatorIntervalMs?: number;
};

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'zhgd-e2e-'));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    // No simulator by default: back-office stories need a quiet database; screen tests turn it on.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: process.env.DIST_DIR || 'dist',
      DATABASE_URL: '',
      SIMULATOR: options.simulator ? '1' : '0',
      SIMULATOR_INTERVAL_MS: String(options.simulatorIntervalMs ?? 10_000),
      // CI runs this suite beside both server suites on two cores: PGlite's admission bound (2 s in
      // production, docs/security-load.md) would refuse a screen's burst of panel requests there. The
      // admission stays on; tests/server/pglite-overload.test.ts holds the bound's behaviour.
      PGLITE_MAX_WAIT_MS: process.env.PGLITE_MAX_WAIT_MS ?? '30000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Three servers start together on two cores (global-setup.ts): generous on a busy machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const res = await fetch(`${baseUrl}/prod-apicore/api/token/getToken`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      // Not left running behind the failed start.
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server did not start in 180 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A server another process started (the run's shared servers, global-setup.ts): stop() leaves it running. */
const sharedServer = (baseUrl: string): RunningServer => ({ baseUrl, output: () => '', stop: async () => {} });

export type ConsoleOptions = ServerOptions & {
  /**
   * Not the shared server: for a file that changes what every other file relies on (a demo account's
   * password, sessions revoked, a role's grants). The run's scratch server (global-setup.ts), shared by
   * such files only, so what each changes must not touch what another relies on; with E2E_SHARED=0 a
   * server of the file's own. Default: the run's shared server.
   */
  own?: boolean;
};

/**
 * A real server and a browser for a test file. By default the run's shared ones (global-setup.ts: one
 * quiet server, one with the simulator, one Chromium), so a file starts in about a second; files run one
 * after another and leave the demo accounts as they found them. Read `env.server` / `env.browser` inside tests.
 */
export function withConsole(options: ConsoleOptions = {}): { server: RunningServer; browser: Browser } {
  const env = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    const shared = inject('e2eShared');
    const browser = shared ? chromium.connect(shared.browser) : launchBrowser();
    const url = shared && (options.own ? (options.simulator ? undefined : shared.scratchUrl) : options.simulator ? shared.simulatorUrl : shared.quietUrl);
    const server = url ? Promise.resolve(sharedServer(url)) : startServer(options);
    [env.server, env.browser] = await Promise.all([server, browser]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
