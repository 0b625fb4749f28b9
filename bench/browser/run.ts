// Benchmark (not a test): the generated pages of the engine against the same screens written by hand with
// antd, in headless Chromium over a production build, measured side by side in alternating runs
// (A, B, A, B … after a warm-up). Prints medians and ratios; asserts nothing.
//   npm run bench:ui                      BENCH_RUNS=11 BENCH_FORM_RUNS=5 BENCH_WARMUP=2 by default
//   BENCH_LIST_DELAY_MS=5 npm run bench:ui   list rows answered 5 ms late (after column settings)
//   BENCH_MINIFY=0 npm run bench:ui          readable function names for profiling
// 1. list: GeneratedPage over a 50-column entity, 100 and 1,000 rows on one page, against an antd Table
//    with the same columns, rows, pagination and virtual setting — mount until the rows are painted.
// 2. dialog: the add dialog of a 200-field entity against an antd Form of the same fields — click on 新增
//    until all 200 controls are painted; then 20 characters typed into the first input.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { DialogResult, ListResult, Side, TypingResult } from './main';

const RUNS = Number(process.env.BENCH_RUNS ?? 11);
const FORM_RUNS = Number(process.env.BENCH_FORM_RUNS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const TYPED = 'abcdefghijklmnopqrst';
const LIST_DELAY_MS = Number(process.env.BENCH_LIST_DELAY_MS ?? 0);
const TARGET = 1.2;
const CONFIG = fileURLToPath(new URL('./vite.config.ts', import.meta.url));
const OUT = fileURLToPath(new URL('../../.tmp/bench-dist', import.meta.url));

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };

function serve(dir: string): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

async function openPage(browser: Browser, base: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${base}/index.html${LIST_DELAY_MS ? `?listDelayMs=${LIST_DELAY_MS}` : ''}`);
  await page.waitForFunction(() => window.__bench?.ready === true);
  return { page, errors };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const f1 = (n: number) => n.toFixed(1);

type Figure = { name: string; gen: number[]; hand: number[]; target?: number; check: string };

/** Runs `one` alternately for both sides: WARMUP pairs unrecorded, then `runs` recorded pairs. */
async function alternate<T>(runs: number, one: (side: Side) => Promise<T>): Promise<Record<Side, T[]>> {
  const out: Record<Side, T[]> = { gen: [], hand: [] };
  for (let i = 0; i < WARMUP + runs; i++) {
    for (const side of ['gen', 'hand'] as const) {
      const r = await one(side);
      if (i >= WARMUP) out[side].push(r);
    }
  }
  return out;
}

const same = (xs: readonly unknown[]) => xs.every((x) => x === xs[0]);

async function listFigures(browser: Browser, base: string, rows: number): Promise<Figure> {
  const { page, errors } = await openPage(browser, base);
  const r = await alternate<ListResult>(RUNS, (side) => page.evaluate(([s, n]) => window.__bench.measureList(s, n), [side, rows] as const));
  await page.context().close();
  const all = [...r.gen, ...r.hand];
  const g = r.gen[0];
  const h = r.hand[0];
  const problems = [
    !same(all.map((x) => x.rowEls)) && `row elements differ (generated ${r.gen.map((x) => x.rowEls)} / hand ${r.hand.map((x) => x.rowEls)})`,
    !same(all.map((x) => x.headerCols)) && `header columns differ (${g.headerCols} / ${h.headerCols})`,
    !same(all.map((x) => x.firstRowCells)) && `first-row cells differ (${g.firstRowCells} / ${h.firstRowCells})`,
    !same(all.map((x) => x.totalText)) && `pager totals differ (${g.totalText} / ${h.totalText})`,
    !same(all.map((x) => x.virtualHeight)) && `virtual body heights differ (${g.virtualHeight} / ${h.virtualHeight})`,
    !same(all.map((x) => x.firstRowText)) && `first-row text differs:\n      gen  ${g.firstRowText}\n      hand ${h.firstRowText}`,
    all.some((x) => x.unanswered.length) && `unanswered requests: ${[...new Set(all.flatMap((x) => x.unanswered))].join(', ')}`,
    errors.length && `${errors.length} console errors, first: ${errors[0]}`,
  ].filter(Boolean);
  return {
    name: `list 50 cols × ${rows} rows: mount → rows painted`,
    gen: r.gen.map((x) => x.ms),
    hand: r.hand.map((x) => x.ms),
    target: TARGET,
    check: problems.length
      ? `MISMATCH: ${problems.join('; ')}`
      : `both: ${g.virtual ? `virtual body ${g.virtualHeight} px high` : 'plain body'}, ${g.rowEls} row elements, ${g.headerCols} header columns (序号 + 50 + 操作), ` +
        `${g.firstRowCells} cells in row 1, same row-1 text, pager "${g.totalText}"`,
  };
}

type DialogRun = { open: DialogResult; keys: TypingResult; burst: TypingResult };

async function dialogFigures(browser: Browser, base: string): Promise<Figure[]> {
  const { page, errors } = await openPage(browser, base);
  const r = await alternate<DialogRun>(FORM_RUNS, async (side) => {
    await page.evaluate((s) => window.__bench.mountDialogHost(s), side);
    const open = await page.evaluate(() => window.__bench.openDialog());
    // One key at a time into 字段1: each waits for the previous key's paint, so keys never overlap.
    if (!(await page.evaluate(() => window.__bench.prepareTyping(0)))) throw new Error(`${side}: no input to type into`);
    for (let i = 0; i < TYPED.length; i++) {
      await page.keyboard.press(TYPED[i]);
      await page.evaluate((n) => window.__bench.keysPainted(n), i + 1);
    }
    const keys = await page.evaluate((n) => window.__bench.typingResult(n), TYPED.length);
    // The same 20 keys back to back into 字段6, as fast as the browser takes them.
    if (!(await page.evaluate(() => window.__bench.prepareTyping(1)))) throw new Error(`${side}: no second input`);
    await page.keyboard.type(TYPED);
    const burst = await page.evaluate((n) => window.__bench.typingResult(n), TYPED.length);
    await page.evaluate(() => window.__bench.unmount());
    return { open, keys, burst };
  });
  await page.context().close();
  const all = [...r.gen, ...r.hand];
  const openProblems = [
    !all.every((x) => x.open.controls === 200) && `controls ${r.gen.map((x) => x.open.controls)} / ${r.hand.map((x) => x.open.controls)}`,
    !all.every((x) => x.open.labels === 200 && x.open.lastLabel.startsWith('字段200')) && `labels ${r.gen[0].open.labels} / ${r.hand[0].open.labels}`,
    all.some((x) => x.open.unanswered.length) && `unanswered requests: ${[...new Set(all.flatMap((x) => x.open.unanswered))].join(', ')}`,
    errors.length && `${errors.length} console errors, first: ${errors[0]}`,
  ].filter(Boolean);
  const typeProblems = [
    !all.every((x) => x.keys.value === TYPED && x.burst.value === TYPED) && `typed values ${JSON.stringify(r.gen[0].keys.value)} / ${JSON.stringify(r.hand[0].keys.value)}`,
    !all.every((x) => x.keys.perKey.length === TYPED.length && x.burst.perKey.length === TYPED.length) && 'not every keystroke was timed',
  ].filter(Boolean);
  const typeCheck = typeProblems.length ? `MISMATCH: ${typeProblems.join('; ')}` : `both: value "${TYPED}" painted in 字段1 (keys one by one) and 字段6 (burst)`;
  return [
    {
      name: 'dialog 200 fields: 新增 click → 200 controls painted',
      gen: r.gen.map((x) => x.open.ms),
      hand: r.hand.map((x) => x.open.ms),
      target: TARGET,
      check: openProblems.length ? `MISMATCH: ${openProblems.join('; ')}` : 'both: 200 controls (40 inputs, 40 numbers, 40 dates, 40 selects, 40 text areas), 200 labels',
    },
    {
      name: 'typing, one key at a time: keydown → next paint, median of 20',
      gen: r.gen.map((x) => median(x.keys.perKey)),
      hand: r.hand.map((x) => median(x.keys.perKey)),
      check: typeCheck,
    },
    {
      name: 'typing, one key at a time: worst of 20 keys',
      gen: r.gen.map((x) => Math.max(...x.keys.perKey)),
      hand: r.hand.map((x) => Math.max(...x.keys.perKey)),
      check: typeCheck,
    },
    {
      name: `typing, ${TYPED.length} keys back to back: first keydown → last painted`,
      gen: r.gen.map((x) => x.burst.totalMs),
      hand: r.hand.map((x) => x.burst.totalMs),
      check: typeCheck,
    },
  ];
}

function print(figures: Figure[]): void {
  const head = ['measurement', 'generated ms', 'hand-written ms', 'ratio', 'target', 'paired', 'runs'];
  const rows = figures.map((f) => {
    const g = median(f.gen);
    const h = median(f.hand);
    const ratio = g / h;
    const verdict = f.target === undefined ? '' : ratio <= f.target ? ' ok' : ' MISS';
    const paired = median(f.gen.map((x, i) => x / f.hand[i]));
    return [f.name, f1(g), f1(h), `${ratio.toFixed(2)}${verdict}`, f.target === undefined ? '-' : `≤ ${f.target.toFixed(2)}`, paired.toFixed(2), `${f.gen.length}+${f.hand.length}`];
  });
  const widths = head.map((_, i) => Math.max(...[head, ...rows].map((r) => [...r[i]].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${line(head)}\n${widths.map((w) => '─'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));
  console.log('\nmedians; ratio = median generated / median hand-written; paired = median of run-by-run ratios (run i of each side');
  console.log('ran back to back, so a load spike on the machine hits both); all runs (ms), min–max:');
  for (const f of figures) {
    console.log(`  ${f.name}`);
    console.log(`    generated    ${f.gen.map(f1).join(' ')}   (${f1(Math.min(...f.gen))}–${f1(Math.max(...f.gen))})`);
    console.log(`    hand-written ${f.hand.map(f1).join(' ')}   (${f1(Math.min(...f.hand))}–${f1(Math.max(...f.hand))})`);
    console.log(`    check: ${f.check}`);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`load average ${load()} on ${availableParallelism()} cores`);
  console.log('Building bench/browser (production) into .tmp/bench-dist …');
  await build({ configFile: CONFIG });
  console.log(`  built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const { server, base } = await serve(OUT);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    console.log(`Chromium ${browser.version()}, ${WARMUP} warm-up pair(s), then ${RUNS} list / ${FORM_RUNS} dialog runs per side, alternating`);
    if (LIST_DELAY_MS) console.log(`  list requests answered ${LIST_DELAY_MS} ms late (BENCH_LIST_DELAY_MS)`);
    const figures: Figure[] = [];
    for (const rows of [100, 1000]) {
      figures.push(await listFigures(browser, base, rows));
      console.log(`  list × ${rows} done`);
    }
    figures.push(...(await dialogFigures(browser, base)));
    console.log('  dialog done');
    print(figures);
    console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s, load average ${load()}`);
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
