// Soak benchmark (issue #5): keeps the enterprise overview open in Chromium with refresh sped up 10×
// and the demo simulator writing every second, and prints, at start and end, the JS heap (after a
// forced GC), DOM nodes, live chart instances against mounted charts, live timers and event streams.
// It also prints the time to the first full render in a cold browser context and the JS the screen
// route loads, gzipped. Prints figures; asserts nothing.
//   npm run bench:soak                    (30 minutes)
//   SOAK_MINUTES=2 npm run bench:soak     (a quick look)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/e2e/support/browser';
import { freePort } from './load-support';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const REFRESH_FACTOR = 0.1;
const SCREEN = `/LargeScreen/EnterpriseScreen/overview?refreshFactor=${REFRESH_FACTOR}`;
const VIEWPORT = { width: 1920, height: 1080 };
const DIST = process.env.DIST_DIR || 'dist';

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'zhgd-soak-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: DIST, DATABASE_URL: '', SIMULATOR: '1', SIMULATOR_INTERVAL_MS: '1000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('server exited early');
    if (await fetch(`${baseUrl}/prod-apicore/api/token/getToken`).then((r) => r.ok).catch(() => false)) break;
    if (i > 360) throw new Error('server did not start in 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every panel of the screen has left its loading state and shows data. */
const fullyRendered = () => {
  const panels = [...document.querySelectorAll('.ls-panel')];
  return panels.length > 0 && panels.every((p) => p.getAttribute('data-state') === 'ready');
};

type Sample = { heapMb: number; nodes: number; charts: number; mountedCharts: number; timers: number; streams: number };

async function sample(page: Page): Promise<Sample> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
  const counters = await page.evaluate(() => {
    const w = window as unknown as Record<string, number | undefined>;
    return {
      charts: w.__lsCharts ?? NaN,
      mountedCharts: document.querySelectorAll('[_echarts_instance_]').length,
      timers: w.__lsTimers ?? NaN,
      streams: w.__lsStreams ?? NaN,
    };
  });
  await cdp.detach();
  return { heapMb: metric('JSHeapUsedSize') / 1024 / 1024, nodes: metric('Nodes'), ...counters };
}

const show = (label: string, s: Sample) =>
  console.log(
    `${label.padEnd(6)} heap ${s.heapMb.toFixed(2)} MB · DOM nodes ${s.nodes} · charts ${s.charts} (mounted ${s.mountedCharts}) · timers ${s.timers} · streams ${s.streams}`,
  );

async function main() {
  const built = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('build failed');
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  try {
    // Log in once to get a session; the measured context starts with an empty cache.
    const login = await browser.newContext({ baseURL: server.baseUrl, viewport: VIEWPORT, locale: 'zh-CN' });
    const loginPage = await login.newPage();
    const backOfficeScripts = new Set<string>();
    loginPage.on('response', (res) => res.request().resourceType() === 'script' && backOfficeScripts.add(new URL(res.url()).pathname));
    await loginPage.goto('/login');
    await loginPage.getByPlaceholder('请输入用户名').fill('qiye01');
    await loginPage.getByPlaceholder('请输入密码').fill('Demo@1234');
    await loginPage.getByRole('button', { name: /登\s*录/ }).click();
    await loginPage.getByRole('button', { name: '用户菜单' }).waitFor({ timeout: 30_000 });
    const storageState = await login.storageState();
    await login.close();

    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: VIEWPORT, locale: 'zh-CN', storageState });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const scripts: Array<Promise<{ bytes: number; screenOnly: boolean }>> = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      const screenOnly = !backOfficeScripts.has(new URL(res.url()).pathname);
      scripts.push(res.body().then((b) => ({ bytes: gzipSync(b).length, screenOnly }), () => ({ bytes: 0, screenOnly })));
    });

    const started = Date.now();
    await page.goto(SCREEN);
    await page.waitForFunction(fullyRendered, undefined, { timeout: 60_000, polling: 50 });
    const firstRenderMs = Date.now() - started;
    const loaded = await Promise.all(scripts);
    const kb = (list: typeof loaded) => (list.reduce((a, b) => a + b.bytes, 0) / 1024).toFixed(1);
    const own = loaded.filter((s) => s.screenOnly);
    console.log(`first full render (cold context): ${firstRenderMs} ms   (target < 2500 ms)`);
    console.log(`JS of the screen route, gzipped: ${kb(own)} KB in ${own.length} files the back office does not load`);
    console.log(`JS loaded in all for a cold open of the screen, gzipped: ${kb(loaded)} KB in ${loaded.length} files`);

    await page.waitForTimeout(10_000); // let the first refreshes and animations settle
    const start = await sample(page);
    show('start', start);
    const end0 = Date.now() + MINUTES * 60_000;
    while (Date.now() < end0) {
      await page.waitForTimeout(Math.min(60_000, end0 - Date.now()));
      const minute = Math.round((Date.now() - started) / 60_000);
      const s = await sample(page);
      console.log(`  ${minute} min: heap ${s.heapMb.toFixed(2)} MB, charts ${s.charts}, timers ${s.timers}`);
    }
    const end = await sample(page);
    show('end', end);
    console.log(`heap growth: ${(end.heapMb - start.heapMb).toFixed(2)} MB   (target < 5 MB)`);
    console.log(`chart instances = mounted charts: ${end.charts === end.mountedCharts ? 'yes' : 'NO'} (${end.charts} / ${end.mountedCharts})`);
    console.log(`page errors during the run: ${errors.length}${errors.length ? ` — first: ${errors[0]}` : ''}`);
    await context.close();
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
