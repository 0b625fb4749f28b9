// Bundle benchmark (not a test): how much JavaScript each entry route loads, gzipped, against the
// targets of issue 11 — 登录页 ≤ 250 KB, the first back-office page ≤ 400 KB, the enterprise overview
// screen ≤ 500 KB. Builds the browser app when stale, starts the real server on it (a fresh PGlite
// folder, no simulator), opens each route in headless Chromium (a fresh context each, as a first visit)
// and sums the gzipped size of every script the page requested until the network is quiet. Prints a
// table and exits 1 when a route is over its target.
//   npm run bench:bundle          DIST_DIR (dist), BENCH_USER (qiye01), BENCH_VERBOSE=1 lists the largest scripts
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/e2e/support/browser';
import { freePort } from '../tests/support/free-port';

const DIST = process.env.DIST_DIR || 'dist';
const USER = process.env.BENCH_USER ?? 'qiye01';
const PASSWORD = 'Demo@1234';
type Route = { name: string; path: string; target: number; signedIn: boolean; ready: string };
const ROUTES: Route[] = [
  { name: '登录页', path: '/login', target: 250, signedIn: false, ready: 'input[placeholder="请输入用户名"]' },
  { name: '后台首页', path: '/backHome', target: 400, signedIn: true, ready: '.ant-layout' },
  { name: '企业总览大屏', path: '/LargeScreen/EnterpriseScreen/overview', target: 500, signedIn: true, ready: 'body' },
];


/** Gzipped bytes of a built script: its .gz sibling from the build, else gzipped here. */
function gzippedSize(pathname: string): number {
  const file = join(DIST, pathname);
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
}

async function measure(browser: Browser, base: string, route: Route): Promise<{ scripts: number; bytes: number }> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  if (route.signedIn) {
    await page.goto(`${base}/login`);
    await page.getByPlaceholder('请输入用户名').fill(USER);
    await page.getByPlaceholder('请输入密码').fill(PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
  }
  // The route as a first visit of its own: a new page whose requests are counted from the start.
  const counted = await context.newPage();
  const scripts = new Set<string>();
  counted.on('request', (r) => {
    if (r.resourceType() === 'script' && r.url().startsWith(base)) scripts.add(new URL(r.url()).pathname);
  });
  await counted.goto(`${base}${route.path}`);
  await counted.locator(route.ready).first().waitFor({ timeout: 60_000 });
  await counted.waitForLoadState('networkidle');
  await counted.waitForTimeout(1000);
  await context.close();
  if (process.env.BENCH_VERBOSE) {
    const sizes = [...scripts].map((p) => [p, gzippedSize(p)] as const).sort((a, b) => b[1] - a[1]);
    for (const [p, n] of sizes.slice(0, 12)) console.log(`    ${(n / 1024).toFixed(0).padStart(5)} KB  ${p}`);
  }
  return { scripts: scripts.size, bytes: [...scripts].reduce((n, p) => n + gzippedSize(p), 0) };
}

async function main(): Promise<void> {
  if (spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' }).status !== 0) throw new Error('build failed');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'zhgd-bundle-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: DIST, DATABASE_URL: '', SIMULATOR: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on('data', (d: Buffer) => String(d).includes('已启动') && resolve());
    server.on('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  let over = 0;
  try {
    console.log('route              scripts   gzipped JS   target    ');
    for (const route of ROUTES) {
      const { scripts, bytes } = await measure(browser, base, route);
      const kb = bytes / 1024;
      const ok = kb <= route.target;
      if (!ok) over += 1;
      console.log(`${route.name.padEnd(12)} ${String(scripts).padStart(8)} ${`${kb.toFixed(0)} KB`.padStart(12)} ${`≤ ${route.target} KB`.padStart(10)}  ${ok ? '达标' : '超出'}`);
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = over > 0 ? 1 : 0;
}

await main();
