// Soak benchmark of the wall runtime (docs/large-screens.md "Wall runtime"): one headless Chromium page
// runs the carousel across every built screen (`?carousel=all`) for SOAK_MINUTES (30) with every refresh
// 10× faster (`refreshFactor=0.1`: polls, stream retries, table steps, the carousel's own interval), against
// a real server this script starts with the demo simulator writing every second. It prints:
// - the JS heap (after a forced GC) each time the carousel is back on its first screen, and its growth
//   from the first such cycle to the last (target < 5 MB);
// - chart instances against the charts mounted in the page at every switch (equal);
// - live timers and event streams after each switch against that screen's first visit (back to baseline),
//   and after leaving the screens (0);
// - the first full render of the first screen in a cold context, the screen route's gzipped JS, page
//   errors, panels in error per screen, and the watchdog's reloads (none expected).
// Prints figures; exits 1 only when the run could not be made.
//   npm run bench:soak                                  (30 minutes, 6 s a screen)
//   SOAK_MINUTES=3 SOAK_SWITCH_SECONDS=3 npm run bench:soak
//   SOAK_CAROUSEL=overview,warning,report SOAK_USER=qiye01 npm run bench:soak
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/support/browser';
import { freePort } from './load-support';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const REFRESH_FACTOR = 0.1;
/** Seconds each screen shows (the carousel's interval × the refresh factor). */
const SWITCH_SECONDS = Number(process.env.SOAK_SWITCH_SECONDS ?? 6);
const CAROUSEL = process.env.SOAK_CAROUSEL ?? 'all';
const USER = process.env.SOAK_USER ?? 'sysadmin';
const START = `/LargeScreen/EnterpriseScreen/overview?carousel=${CAROUSEL}&interval=${Math.round(SWITCH_SECONDS / REFRESH_FACTOR)}&refreshFactor=${REFRESH_FACTOR}`;
const VIEWPORT = { width: 1920, height: 1080 };
const DIST = process.env.DIST_DIR || 'dist';
/** A live timer more than this over the screen's first visit counts as not back to baseline. */
const TIMER_SLACK = 2;

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
    if (i > 720) throw new Error('server did not start in 180 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
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

/** Every panel of the screen has left its loading state. */
const settled = () => {
  const panels = [...document.querySelectorAll('.ls-body .ls-panel')];
  return panels.length > 0 && panels.every((p) => p.getAttribute('data-state') !== 'loading');
};

type Counters = { path: string; position: number; switches: number; charts: number; mountedCharts: number; timers: number; streams: number; errored: string[]; reloads: number };

const counters = (page: Page): Promise<Counters> =>
  page.evaluate(() => {
    const w = window as unknown as Record<string, unknown> & { __lsCarousel?: { position: number; switches: number } };
    return {
      path: location.pathname,
      position: w.__lsCarousel?.position ?? -2,
      switches: w.__lsCarousel?.switches ?? 0,
      charts: Number(w.__lsCharts ?? NaN),
      mountedCharts: document.querySelectorAll('[_echarts_instance_]').length,
      timers: Number(w.__lsTimers ?? NaN),
      streams: Number(w.__lsStreams ?? NaN),
      errored: [...document.querySelectorAll('.ls-body .ls-panel[data-state="error"]')].map((p) => p.getAttribute('aria-label') ?? ''),
      reloads: Number(w.__lsReloads ?? 0),
    };
  });

/** JS heap used after a forced GC, and DOM nodes (Chromium's own counts over CDP). */
async function heap(page: Page): Promise<{ heapMb: number; nodes: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
  return { heapMb: metric('JSHeapUsedSize') / 1024 / 1024, nodes: metric('Nodes') };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function main() {
  const built = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('build failed');
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  try {
    // Log in once to get a session; the measured context starts with an empty cache.
    const login = await browser.newContext({ baseURL: server.baseUrl, viewport: VIEWPORT, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    const loginPage = await login.newPage();
    const backOfficeScripts = new Set<string>();
    loginPage.on('response', (res) => res.request().resourceType() === 'script' && backOfficeScripts.add(new URL(res.url()).pathname));
    await loginPage.goto('/login');
    await loginPage.getByPlaceholder('请输入用户名').fill(USER);
    await loginPage.getByPlaceholder('请输入密码').fill('Demo@1234');
    await loginPage.getByRole('button', { name: /登\s*录/ }).click();
    await loginPage.getByRole('button', { name: '用户菜单' }).waitFor({ timeout: 30_000 });
    const storageState = await login.storageState();
    await login.close();

    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: VIEWPORT, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', storageState });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const scripts: Array<Promise<{ bytes: number; screenOnly: boolean }>> = [];
    const onScript = (res: import('playwright-core').Response) => {
      if (res.request().resourceType() !== 'script') return;
      const screenOnly = !backOfficeScripts.has(new URL(res.url()).pathname);
      scripts.push(res.body().then((b) => ({ bytes: gzipSync(b).length, screenOnly }), () => ({ bytes: 0, screenOnly })));
    };
    page.on('response', onScript);

    const started = Date.now();
    await page.goto(START);
    await page.waitForFunction(settled, undefined, { timeout: 60_000, polling: 50 });
    const firstRenderMs = Date.now() - started;
    page.off('response', onScript);
    const loaded = await Promise.all(scripts);
    const kb = (list: typeof loaded) => (list.reduce((a, b) => a + b.bytes, 0) / 1024).toFixed(1);
    const own = loaded.filter((s) => s.screenOnly);
    const screens = await page.evaluate(() => (window as unknown as { __lsCarousel?: { paths: string[] } }).__lsCarousel?.paths ?? []);
    console.log(`first full render (cold context): ${firstRenderMs} ms   (target < 2500 ms)`);
    console.log(`JS of the first screen, gzipped: ${kb(own)} KB in ${own.length} files the back office does not load`);
    console.log(`carousel: ${screens.length} screens, ${SWITCH_SECONDS} s each (${((screens.length * SWITCH_SECONDS) / 60).toFixed(1)} min a round), ${MINUTES} min, as ${USER}, refresh ×${1 / REFRESH_FACTOR}`);
    if (screens.length < 2) throw new Error(`the carousel did not start (${START})`);

    const baseline = new Map<string, { timers: number; streams: number }>();
    const cycleHeaps: Array<{ cycle: number; heapMb: number; nodes: number }> = [];
    const erroredScreens = new Map<string, string[]>();
    let revisits = 0;
    let timersBack = 0;
    let streamsBack = 0;
    let worstTimers = { excess: 0, path: '' };
    let chartChecks = 0;
    const chartMismatches: string[] = [];
    let lastPosition = -3;
    let lastSwitches = -1;
    let lastMinute = 0;
    const end = started + MINUTES * 60_000;

    while (Date.now() < end) {
      const now = await counters(page);
      if (now.position === lastPosition && now.switches === lastSwitches) {
        await sleep(200);
        continue;
      }
      lastPosition = now.position;
      lastSwitches = now.switches;
      // A new screen: let its panels settle (at most 70 % of its time), then read the counters.
      await page.waitForFunction(settled, undefined, { timeout: SWITCH_SECONDS * 700, polling: 100 }).catch(() => undefined);
      await sleep(Math.min(1000, SWITCH_SECONDS * 150));
      const c = await counters(page);
      if (c.switches !== now.switches) continue; // it moved on meanwhile
      chartChecks += 1;
      if (c.charts !== c.mountedCharts) chartMismatches.push(`${c.path}: ${c.charts}/${c.mountedCharts}`);
      if (c.errored.length) erroredScreens.set(c.path, c.errored);
      const base = baseline.get(c.path);
      if (!base) baseline.set(c.path, { timers: c.timers, streams: c.streams });
      else {
        revisits += 1;
        if (c.timers <= base.timers + TIMER_SLACK) timersBack += 1;
        if (c.streams <= base.streams) streamsBack += 1;
        if (c.timers - base.timers > worstTimers.excess) worstTimers = { excess: c.timers - base.timers, path: c.path };
      }
      if (c.position === 0 && c.switches > 0) {
        const h = await heap(page);
        const cycle = Math.round(c.switches / screens.length);
        cycleHeaps.push({ cycle, ...h });
        console.log(`  round ${cycle}: heap ${h.heapMb.toFixed(2)} MB after GC, DOM nodes ${h.nodes}, on ${c.path}`);
      }
      const minute = Math.floor((Date.now() - started) / 60_000);
      if (minute > lastMinute) {
        lastMinute = minute;
        console.log(`  ${minute} min: ${c.switches} switches, charts ${c.charts} (mounted ${c.mountedCharts}), timers ${c.timers}, streams ${c.streams}, reloads ${c.reloads}`);
      }
    }

    const last = await counters(page);
    const endHeap = await heap(page);
    console.log(`end    heap ${endHeap.heapMb.toFixed(2)} MB after GC · DOM nodes ${endHeap.nodes} · ${last.switches} switches`);
    if (cycleHeaps.length >= 2) {
      const first = cycleHeaps[0];
      const lastCycle = cycleHeaps[cycleHeaps.length - 1];
      console.log(
        `heap growth on the first screen, round ${first.cycle} → ${lastCycle.cycle}: ${(lastCycle.heapMb - first.heapMb).toFixed(2)} MB   (target < 5 MB); DOM nodes ${first.nodes} → ${lastCycle.nodes}`,
      );
    } else {
      console.log(`heap growth: fewer than two rounds (${cycleHeaps.length}) — run longer or with fewer / shorter screens for a round-to-round figure`);
    }
    console.log(`chart instances = mounted charts: ${chartMismatches.length === 0 ? 'yes' : 'NO'} at ${chartChecks - chartMismatches.length} of ${chartChecks} switches${chartMismatches.length ? ` — ${chartMismatches.slice(0, 5).join('; ')}` : ''}`);
    console.log(
      `back to baseline on ${revisits} revisits: timers ${timersBack}/${revisits} (within +${TIMER_SLACK}; worst +${worstTimers.excess}${worstTimers.path ? ` on ${worstTimers.path}` : ''}), streams ${streamsBack}/${revisits}`,
    );

    // Leaving the screens (in the app, as the 管理后台 button does) releases everything.
    await page.getByRole('button', { name: /管理后台/ }).click();
    await page.waitForURL((u) => !/largescreen|projectscreen|productionscreen|readymix|inspection/i.test(u.pathname), { timeout: 20_000 });
    let left = await counters(page);
    for (let i = 0; i < 50 && left.timers + left.streams + left.charts > 0; i++) {
      await sleep(100);
      left = await counters(page);
    }
    console.log(`after leaving the screens: charts ${left.charts}, timers ${left.timers}, streams ${left.streams}   (target 0 / 0 / 0)`);
    console.log(`watchdog reloads during the run: ${last.reloads}`);
    if (erroredScreens.size) {
      console.log(`screens with panels in error (answers refused for ${USER}, or failed):`);
      for (const [path, titles] of erroredScreens) console.log(`  ${path}: ${titles.join('、')}`);
    }
    console.log(`page errors during the run: ${errors.length}${errors.length ? ` — first: ${errors[0]}` : ''}`);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
