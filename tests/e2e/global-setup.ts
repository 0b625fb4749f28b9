// Once per e2e run: the servers and the browser every file shares (support/server.ts withConsole) —
// one quiet server (no simulator: back-office stories), one with the simulator every 3 s (screens), one
// scratch server for the files that change what the others rely on (a password, a role's grants), and
// one Chromium that files connect to. Starting them once instead of per file saves most of a minute a
// file. E2E_SHARED=0 gives every file its own again (to bisect an interaction between files).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumPath } from './support/browser';
import { startServer, type RunningServer } from './support/server';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  export interface ProvidedContext {
    e2eShared: {
      quietUrl: string;
      simulatorUrl: string;
      scratchUrl: string;
      browser: string;
      /** A folder for the demo accounts' signed-in browser states (support/console.ts loginAs). */
      logins: string;
    } | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.E2E_SHARED === '0') {
    project.provide('e2eShared', null);
    return async () => {};
  }
  let browser: BrowserServer | undefined;
  // A server that fails to start must not leave the others running.
  const started = await Promise.allSettled([startServer(), startServer({ simulator: true, simulatorIntervalMs: 3000 }), startServer()]);
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
    throw failed.reason;
  }
  const [quiet, simulated, scratch] = started.map((s) => (s as PromiseFulfilledResult<RunningServer>).value);
  try {
    browser = await chromium.launchServer({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  } catch (error) {
    await Promise.all([quiet.stop(), simulated.stop(), scratch.stop()]);
    throw error;
  }
  const logins = mkdtempSync(join(tmpdir(), 'zhgd-e2e-logins-'));
  project.provide('e2eShared', { quietUrl: quiet.baseUrl, simulatorUrl: simulated.baseUrl, scratchUrl: scratch.baseUrl, browser: browser.wsEndpoint(), logins });
  return async () => {
    rmSync(logins, { recursive: true, force: true });
    await browser?.close();
    await Promise.all([quiet.stop(), simulated.stop(), scratch.stop()]);
  };
}
