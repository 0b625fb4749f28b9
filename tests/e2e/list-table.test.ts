// Story: a user works with the generated lists at 1024, 1440 and 1920 wide. What they see is measured:
// the table body fills the card down to the pager, header and body columns line up, the fixed 操作 column
// never covers a data cell, titles are not cut; sorting, density, column settings, the 合计 row, the
// address bar (reload shows the same list), 展开/收起, the row actions' order, the delete question and a
// failed list's 重试.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, newPage, snap, type TrackedPage } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';

const env = withConsole();

const ROSTER = '/personnel/data';
const PAYROLL = '/personnel/payroll';
const CONTRACTS = '/contract/ledger';
const DEVICE_TYPES = '/deviceManagement/deviceLedger/deviceType';
const ATTENDANCE = '/personnel/attendance';
const TEMPLATE = '/deviceManagement/deviceManage/Maintenance/template';

type Box = { x: number; y: number; width: number; height: number; right: number; bottom: number };

async function signedIn(browser: Browser, baseUrl: string, viewport: { width: number; height: number }): Promise<TrackedPage> {
  const tracked = await newPage(browser, baseUrl, viewport);
  await new LoginScreen(tracked.page).loginAs('sysadmin');
  return tracked;
}

async function openList(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('.engine-table .ant-table-row').first().waitFor({ timeout: 20_000 });
  // The body height settles after the first measurement (a frame or two).
  await page.waitForTimeout(300);
}

/** What the table shows: its card, body, pager and rows, in viewport pixels. */
async function tableLayout(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element | null): Box | null => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height, right: r.right, bottom: r.bottom };
    };
    const body = document.querySelector<HTMLElement>('.engine-table .ant-table-body, .engine-table .ant-table-tbody-virtual-holder');
    const rows = [...document.querySelectorAll('.engine-table .ant-table-tbody .ant-table-row, .engine-table .ant-table-tbody-virtual .ant-table-row')];
    const bodyBox = box(body)!;
    const visibleRows = rows.filter((r) => {
      const b = r.getBoundingClientRect();
      return b.top >= bodyBox.y - 1 && b.bottom <= bodyBox.bottom + 1;
    }).length;
    const rowHeight = rows[0]?.getBoundingClientRect().height ?? 0;
    return {
      viewport: { width: window.innerWidth, height: window.innerHeight },
      card: box(document.querySelector('.engine-table-card')),
      body: bodyBox,
      bodyScrolls: body ? body.scrollHeight > body.clientHeight + 1 : false,
      scrollbarWidth: body ? body.offsetWidth - body.clientWidth : 0,
      pager: box(document.querySelector('.engine-pagination')),
      rows: rows.length,
      visibleRows,
      rowHeight,
    };
  });
}

describe('the table body fills the card down to the pager', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1920, height: 1080 },
  ]) {
    it(`花名册 (20 rows a page) at ${viewport.width}x${viewport.height}: rows down to the pager, nothing empty below`, async () => {
      const { page, context } = await signedIn(env.browser, env.server.baseUrl, viewport);
      try {
        await openList(page, ROSTER);
        const t = await tableLayout(page);
        await snap(page, `list-fill-${viewport.width}`);
        expect(t.rows).toBe(20);
        // The pager sits at the card's bottom and the card at the window's (16 px content padding).
        expect(t.viewport.height - t.card!.bottom).toBeLessThanOrEqual(24);
        expect(t.card!.bottom - t.pager!.bottom).toBeLessThanOrEqual(32);
        // The body reaches down to the pager: no band of empty space between rows and pager.
        expect(t.pager!.y - t.body.bottom).toBeLessThanOrEqual(24);
        // As many rows are visible as the body's height holds (one may be cut at the bottom).
        const fits = Math.floor(t.body.height / t.rowHeight);
        expect(t.visibleRows).toBeGreaterThanOrEqual(Math.min(20, fits) - 1);
        // More than the old 300 px box's ten rows on a 900 px window.
        expect(t.body.height).toBeGreaterThan(400);
      } finally {
        await context.close();
      }
    });
  }

  it('设备类型 shows all its rows or a visible scrollbar; header and body columns line up', async () => {
    // Headless Chromium hides every scrollbar by default: this test's browser draws them, as a user's does.
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS, ignoreDefaultArgs: ['--hide-scrollbars'] });
    const { page, context } = await signedIn(browser, env.server.baseUrl, { width: 1440, height: 900 });
    try {
      await openList(page, DEVICE_TYPES);
      const t = await tableLayout(page);
      await snap(page, 'list-device-types');
      const total = Number((await page.locator('.ant-pagination-total-text').innerText()).match(/\d+/)?.[0]);
      expect(total).toBeGreaterThan(0);
      if (t.visibleRows < t.rows || t.rows < Math.min(total, 20)) {
        expect(t.bodyScrolls).toBe(true);
        expect(t.scrollbarWidth).toBeGreaterThan(0);
      }
      const misaligned = await page.evaluate(() => {
        const heads = [...document.querySelectorAll<HTMLElement>('.engine-table .ant-table-thead > tr > th')].filter((th) => !th.classList.contains('ant-table-cell-scrollbar'));
        const cells = [...(document.querySelector<HTMLElement>('.engine-table .ant-table-tbody .ant-table-row')?.children ?? [])] as HTMLElement[];
        return heads.flatMap((th, i) => {
          const a = th.getBoundingClientRect();
          const b = cells[i]?.getBoundingClientRect();
          return !b || Math.abs(a.x - b.x) > 1 || Math.abs(a.width - b.width) > 1 ? [`${th.innerText}: ${a.x}/${a.width} vs ${b?.x}/${b?.width}`] : [];
        });
      });
      expect(misaligned).toEqual([]);
    } finally {
      await context.close();
      await browser.close();
    }
  });

  it('a long page (100 rows) scrolls virtually inside the filled body, columns aligned', async () => {
    const { page, context } = await signedIn(env.browser, env.server.baseUrl, { width: 1440, height: 900 });
    try {
      await page.goto(`${ATTENDANCE}?size=100`);
      await page.locator('.engine-table-virtual .ant-table-row').first().waitFor({ timeout: 20_000 });
      await page.waitForTimeout(300);
      const t = await tableLayout(page);
      expect(t.rows).toBeLessThan(100);
      expect(t.body.height).toBeGreaterThan(400);
      expect(t.pager!.y - t.body.bottom).toBeLessThanOrEqual(24);
      const offsets = await page.evaluate(() => {
        const heads = [...document.querySelectorAll<HTMLElement>('.engine-table .ant-table-thead > tr > th')].slice(0, 4).map((th) => Math.round(th.getBoundingClientRect().x));
        const cells = [...document.querySelectorAll<HTMLElement>('.engine-table .ant-table-row')][0];
        const xs = [...(cells?.children ?? [])].slice(0, 4).map((c) => Math.round(c.getBoundingClientRect().x));
        return { heads, xs };
      });
      expect(offsets.xs).toEqual(offsets.heads);
    } finally {
      await context.close();
    }
  });
});

/** Data cells whose box reaches into the fixed 操作 column's box, and header titles that do not fit. */
async function overlaps(page: Page): Promise<{ covered: string[]; cutTitles: string[]; cutCells: string[] }> {
  return page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('.engine-table .ant-table-body') ?? document.querySelector<HTMLElement>('.engine-table .ant-table-content');
    const ops = document.querySelector<HTMLElement>('.engine-table .ant-table-tbody .ant-table-row > td.ant-table-cell-fix-right');
    const firstRow = document.querySelector<HTMLElement>('.engine-table .ant-table-tbody .ant-table-row');
    const covered: string[] = [];
    const cutCells: string[] = [];
    const check = () => {
      const op = ops!.getBoundingClientRect();
      const box = scroller!.getBoundingClientRect();
      for (const td of firstRow!.querySelectorAll<HTMLElement>(':scope > td:not(.ant-table-cell-fix-right):not(.ant-table-cell-fix-left)')) {
        const r = td.getBoundingClientRect();
        // Only what is in view: a column scrolled out to the left is not covered.
        if (r.right <= box.left + 1 || r.left >= op.left - 1) continue;
        if (r.right > op.left + 1) covered.push(`${td.innerText} (${Math.round(r.left)}–${Math.round(r.right)} vs ${Math.round(op.left)})`);
      }
    };
    // At the start, and scrolled to the far right: every column is readable somewhere along the way.
    check();
    if (scroller) {
      scroller.scrollLeft = scroller.scrollWidth;
      check();
      for (const td of document.querySelectorAll<HTMLElement>('.engine-table .ant-table-tbody .ant-table-row > td')) {
        if (td.classList.contains('ant-table-cell-ellipsis')) continue;
        if (td.scrollWidth > td.clientWidth + 1) cutCells.push(td.innerText);
      }
      scroller.scrollLeft = 0;
    }
    const cutTitles = [...document.querySelectorAll<HTMLElement>('.engine-table .ant-table-thead > tr > th')]
      .filter((th) => th.innerText.trim())
      .filter((th) => {
        const title = th.querySelector<HTMLElement>('.ant-table-column-title') ?? th;
        const lineHeight = parseFloat(getComputedStyle(title).lineHeight) || 22;
        return title.scrollWidth > title.clientWidth + 1 || title.getBoundingClientRect().height > lineHeight * 1.5;
      })
      .map((th) => th.innerText);
    return { covered, cutTitles, cutCells };
  });
}

describe('the fixed 操作 column never covers data, titles are whole', () => {
  let tracked: TrackedPage;
  beforeAll(async () => {
    tracked = await signedIn(env.browser, env.server.baseUrl, { width: 1440, height: 900 });
  });
  afterAll(async () => {
    await tracked?.context.close();
  });

  for (const width of [1024, 1440, 1920]) {
    for (const [name, path] of [
      ['花名册', ROSTER],
      ['工资发放', PAYROLL],
      ['合同台账', CONTRACTS],
    ] as const) {
      it(`${name} at ${width} wide`, async () => {
        const { page } = tracked;
        await page.setViewportSize({ width, height: width === 1920 ? 1080 : 800 });
        await openList(page, path);
        const found = await overlaps(page);
        if (width === 1024) await snap(page, `list-overlap-${path.split('/').pop()}-${width}`);
        expect(found.covered).toEqual([]);
        expect(found.cutTitles).toEqual([]);
        expect(found.cutCells).toEqual([]);
      });
    }
  }
});
