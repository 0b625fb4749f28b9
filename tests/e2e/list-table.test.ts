// Story: a user works with the generated lists at 1024, 1440 and 1920 wide. What they see is measured:
// the table body fills the card down to the pager, header and body columns line up, the fixed 操作 column
// never covers a data cell, titles are not cut; sorting, density, column settings, the 合计 row, the
// address bar (reload shows the same list), 展开/收起, the row actions' order, the delete question and a
// failed list's 重试.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { pinyin } from 'pinyin-pro';
import { CHROMIUM_ARGS, chromiumPath, newPage, snap, type TrackedPage } from './support/browser';
import { LoginScreen } from './support/console';
import { overlaps, tableLayout } from './support/list-measure';
import { withConsole } from './support/server';

const env = withConsole();

const ROSTER = '/personnel/data';
const PAYROLL = '/personnel/payroll';
const CONTRACTS = '/contract/ledger';
const DEVICE_TYPES = '/deviceManagement/deviceLedger/deviceType';
const ATTENDANCE = '/personnel/attendance';
const TEMPLATE = '/deviceManagement/deviceManage/Maintenance/template';

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
        expect(t.pager!.y - t.body.bottom - t.summaryHeight).toBeLessThanOrEqual(24);
        // As many rows are visible as the body's height holds (one may be cut at the bottom).
        const fits = Math.floor(t.body.height / t.rowHeight);
        expect(t.visibleRows).toBeGreaterThanOrEqual(Math.min(20, fits) - 1);
        // More than the old 300 px box's ten rows on a 900 px window.
        expect(t.body.height).toBeGreaterThan(400);
        // 人员照片 is a row-high thumbnail named by its column: a row with a photo is as low as one without
        // (a 48 px picture made every row 73 px and showed 9 of 20 at 1920×1080).
        const rowHeights = await page.locator('.ant-table-tbody .ant-table-row').evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
        expect(Math.max(...rowHeights) - Math.min(...rowHeights)).toBeLessThanOrEqual(1);
        expect(Math.max(...rowHeights)).toBeLessThanOrEqual(56);
        const photos = page.locator('.ant-table-tbody img');
        expect(await photos.count()).toBeGreaterThan(0);
        expect(await photos.evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).alt !== '人员照片').length)).toBe(0);
        // The select-all box is named in Chinese for screen readers (antd's own name is "Select all").
        expect(await page.getByRole('checkbox', { name: '全选当页', exact: true }).count()).toBe(1);
        // Each row's box is named by its record, as the delete confirmation names it (选择“姚志勇”).
        const rowBoxes = page.locator('.ant-table-tbody .ant-table-row input[type=checkbox]');
        const names = await rowBoxes.evaluateAll((boxes) => boxes.map((b) => b.getAttribute('aria-label') ?? ''));
        expect(names.length).toBe(20);
        expect(names.filter((n) => !/^选择“.+”$/.test(n))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('设备类型 shows all its rows or a visible scrollbar; header and body columns line up', async () => {
    // Headless Chromium hides every scrollbar by default: this test's browser draws them, as a user's does.
    const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS, ignoreDefaultArgs: ['--hide-scrollbars'] });
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
      expect(t.pager!.y - t.body.bottom - t.summaryHeight).toBeLessThanOrEqual(24);
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

  it('新增人员 lays its fields in one column on a phone (390×844) and in the schema\'s two at 1440', async () => {
    const { page } = tracked;
    const columns = async () => {
      await page.getByRole('button', { name: /新增人员/ }).click();
      const dialog = page.locator('.ant-modal');
      await dialog.locator('.ant-formily-item').first().waitFor();
      await page.waitForTimeout(300);
      const lefts = await dialog.locator('.ant-formily-grid-layout > *').evaluateAll((items) =>
        items.filter((e) => e.getBoundingClientRect().height > 0).map((e) => Math.round(e.getBoundingClientRect().left)),
      );
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      return new Set(lefts).size;
    };
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(ROSTER);
    // On a phone the rows are cards: the name whole as the card's title with its actions, no table.
    const cards = page.locator('.engine-cards .engine-infinite-item');
    await cards.first().waitFor({ timeout: 20_000 });
    expect(await cards.count()).toBe(20);
    expect(await page.locator('.engine-table').count()).toBe(0);
    const first = await cards.first().evaluate((card) => {
      const title = card.querySelector<HTMLElement>('.engine-infinite-title')!;
      const box = card.getBoundingClientRect();
      return { name: title.innerText, whole: title.scrollWidth <= title.clientWidth + 1, inside: box.left >= 0 && box.right <= window.innerWidth, actions: card.querySelectorAll('.engine-infinite-actions button').length };
    });
    expect(first.name.length).toBeGreaterThanOrEqual(2);
    expect(first.whole).toBe(true);
    expect(first.inside).toBe(true);
    expect(first.actions).toBeGreaterThan(0);
    await snap(page, 'list-phone-cards');
    // The header fits: its controls side by side inside the window, none on another; the company is
    // chosen in the menu drawer, its name whole there.
    const header = await page.locator('.layout-header-inner').evaluate((h) => {
      const boxes = [...h.querySelectorAll<HTMLElement>('.header-left > *, .header-right > *')].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0);
      const overlapping = boxes.some((a, i) => boxes.some((b, j) => j > i && a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom && b.top < a.bottom));
      return { inside: boxes.every((r) => r.left >= 0 && r.right <= window.innerWidth + 1), overlapping, company: h.querySelectorAll('.header-company').length };
    });
    expect(header).toEqual({ inside: true, overlapping: false, company: 0 });
    await page.getByRole('button', { name: '展开菜单' }).click();
    const drawerCompany = page.locator('.layout-drawer .header-company');
    await drawerCompany.waitFor();
    const company = await drawerCompany.evaluate((c) => {
      const name = c.querySelector<HTMLElement>('.ant-select-selection-item, .ant-select-content-value, .ant-cascader-selection-item') ?? (c as HTMLElement);
      return { text: name.innerText.trim(), whole: name.scrollWidth <= name.clientWidth + 1 };
    });
    expect(company.text.length).toBeGreaterThan(2);
    expect(company.whole).toBe(true);
    await snap(page, 'list-phone-drawer');
    await page.keyboard.press('Escape');
    expect(await columns()).toBe(1);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openList(page, ROSTER);
    expect(await columns()).toBe(2);
  });
});

describe('sorting, status tags, 合计, density, column settings, the address bar, errors', () => {
  let tracked: TrackedPage;
  beforeAll(async () => {
    tracked = await signedIn(env.browser, env.server.baseUrl, { width: 1440, height: 900 });
  });
  afterAll(async () => {
    await tracked?.context.close();
  });

  const headersOf = new Map<string, Record<string, string>>();
  const listRequests = (page: Page, path: string) => {
    const seen: URL[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (!url.pathname.endsWith(path)) return;
      seen.push(url);
      headersOf.set(url.toString(), r.headers());
    });
    return seen;
  };

  it('a sortable column sorts on the server; the sort lives in the address bar and survives a reload', async () => {
    const { page } = tracked;
    await openList(page, PAYROLL);
    const requests = listRequests(page, '/WherePageList');
    const header = page.getByRole('columnheader', { name: '实发总额' });
    await header.click();
    await page.waitForURL(/sort=paidAmount%3Aasc|sort=paidAmount:asc/);
    await page.waitForTimeout(500);
    expect(requests.at(-1)?.searchParams.get('sort')).toBe('paidAmount:asc');
    const amounts = async () =>
      page.locator('.engine-table .ant-table-row').evaluateAll((rows) =>
        rows.map((r) => {
          const cells = [...r.querySelectorAll('td')].map((td) => td.textContent ?? '');
          return cells;
        }),
      );
    await header.click();
    await page.waitForURL(/paidAmount(%3A|:)desc/);
    await page.reload();
    await page.locator('.engine-table .ant-table-row').first().waitFor();
    expect(await page.locator('.engine-table th[aria-sort="descending"]').innerText()).toContain('实发总额');
    expect((await amounts()).length).toBeGreaterThan(0);
  });

  it('花名册 姓名 sorts in pinyin order (安… 白… 陈…), not in code-point order, page after page (issue 29)', async () => {
    const { page } = tracked;
    await openList(page, ROSTER);
    // The surname's syllable of a name, read as a surname (曾 zeng, 单 shan), as pinyin-pro reads it.
    const surname = (name: string) => pinyin(name, { type: 'array', toneType: 'none', v: true, surname: 'head' })[0] ?? '';
    const names = async () => {
      const column = await page.locator('.engine-table thead th').evaluateAll((ths) => ths.findIndex((th) => th.textContent?.trim() === '姓名'));
      expect(column).toBeGreaterThanOrEqual(0);
      return page.locator('.engine-table .ant-table-row').evaluateAll((rows, i) => rows.map((r) => r.querySelectorAll('td')[i]?.textContent?.trim() ?? ''), column);
    };
    const sorted = page.waitForResponse((r) => new URL(r.url()).searchParams.get('sort') === 'workerName:asc');
    await page.getByRole('columnheader', { name: '姓名', exact: true }).click();
    await sorted;
    await page.waitForURL(/sort=workerName(%3A|:)asc/);
    await page.waitForTimeout(300);
    const first = await names();
    expect(first.length).toBeGreaterThan(5);
    const syllables = first.map(surname);
    // Surnames by pinyin: each row's syllable at or after the one above it.
    for (let i = 1; i < syllables.length; i += 1) expect(syllables[i] >= syllables[i - 1], `${first[i - 1]} (${syllables[i - 1]}) before ${first[i]} (${syllables[i]})`).toBe(true);
    // Not the code-point order the list had before (丁 U+4E01 … first).
    expect([...first].sort()).not.toEqual(first);
    // The next page goes on where this one ended.
    const next = page.waitForResponse((r) => new URL(r.url()).searchParams.get('sort') === 'workerName:asc');
    await page.locator('.ant-pagination-next').click();
    await next;
    await page.waitForTimeout(300);
    const second = (await names()).map(surname);
    expect(second[0] >= syllables[syllables.length - 1]).toBe(true);
  });

  it('status fields show as coloured tags from their dictionary; 合计 sums the whole filtered list', async () => {
    const { page } = tracked;
    const requests = listRequests(page, '/WherePageList');
    await openList(page, PAYROLL);
    const tags = page.locator('.engine-table .engine-dict-tag');
    await tags.first().waitFor();
    // 资金到账状态: 已到账 green, 未到账 orange, … — more than one colour, not all the plain text colour.
    const colors = new Set(await tags.evaluateAll((els) => els.map((el) => getComputedStyle(el).color)));
    expect(colors.size).toBeGreaterThan(1);
    const summary = page.locator('.engine-table .engine-summary-row');
    await summary.waitFor();
    expect(await summary.innerText()).toContain('合计');
    // In view: under the scrolling rows and above the pager, not scrolled away at the body's end.
    const place = await page.evaluate(() => {
      const r = (sel: string) => document.querySelector(sel)!.getBoundingClientRect();
      return { summary: r('.engine-summary-row'), body: r('.engine-table .ant-table-body'), pager: r('.engine-pagination') };
    });
    expect(place.summary.top).toBeGreaterThanOrEqual(place.body.bottom - 1);
    expect(place.summary.bottom).toBeLessThanOrEqual(place.pager.top + 1);
    const asked = requests.at(-1)!;
    expect(asked.searchParams.get('sums')).toBe('workerCount,totalAmount,paidAmount');
    // The server's sum over every row (all pages), not the page's: compare with a read of every row.
    const every = new URL(asked.toString());
    every.searchParams.set('size', '100');
    every.searchParams.set('index', '0');
    every.searchParams.delete('sums');
    const reply = await tracked.context.request.get(every.toString(), { headers: headersOf.get(asked.toString()) });
    const body = (await reply.json()) as { data: Array<{ workerCount: number }>; pageInfo: { record_count: number } };
    const all = { count: body.data.reduce((n, r) => n + Number(r.workerCount ?? 0), 0), total: body.pageInfo.record_count };
    expect(all.total).toBeGreaterThan(10);
    const shown = await summary.locator('[data-sum="workerCount"]').innerText();
    expect(Number(shown.replace(/,/g, ''))).toBe(all.count);
    await snap(page, 'list-summary');
  });

  it('lists open 紧凑, density 中等 makes rows higher; refresh reads the list again', async () => {
    const { page } = tracked;
    await openList(page, ROSTER);
    const rowHeight = () => page.locator('.engine-table .ant-table-row').first().evaluate((r) => r.getBoundingClientRect().height);
    const before = await rowHeight();
    await page.getByRole('button', { name: '密度' }).click();
    await page.locator('.ant-dropdown-menu-item', { hasText: '中等' }).click();
    await page.waitForTimeout(200);
    expect(await rowHeight()).toBeGreaterThan(before);
    const requests = listRequests(page, '/WherePageList');
    await page.getByRole('button', { name: '刷新' }).click();
    await page.waitForTimeout(500);
    expect(requests.length).toBeGreaterThan(0);
    // 查询 with the filters unchanged reads the list again too.
    const searched = listRequests(page, '/WherePageList');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => searched.length).toBeGreaterThan(0);
    // The density chosen stays after a reload; 紧凑 again for the files after this one.
    const middle = await rowHeight();
    await page.reload();
    await page.locator('.engine-table .ant-table-row').first().waitFor();
    expect(await rowHeight()).toBe(middle);
    await page.getByRole('button', { name: '密度' }).click();
    await page.locator('.ant-dropdown-menu-item', { hasText: '紧凑' }).click();
    await expect.poll(rowHeight).toBe(before);
  });

  it('column settings: drag a column to reorder, pin it right, hide all but one, reset', async () => {
    const { page } = tracked;
    await openList(page, CONTRACTS);
    const titles = () => page.locator('.engine-table .ant-table-thead th').allInnerTexts().then((t) => t.map((x) => x.trim()).filter(Boolean));
    await page.getByRole('button', { name: '列设置' }).click();
    const items = page.locator('.engine-column-setting');
    await items.first().waitFor();
    // 合同编号 (the first) is pinned left by the schema: drag the fourth entry onto the second.
    const first = (await items.nth(1).innerText()).trim();
    const third = (await items.nth(3).innerText()).trim();
    // An HTML5 drag of the third entry onto the first, as the browser sends it.
    await page.evaluate(() => {
      const rows = [...document.querySelectorAll('.engine-column-setting')];
      const data = new DataTransfer();
      const fire = (el: Element, type: string) => el.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
      fire(rows[3], 'dragstart');
      return new Promise<void>((done) =>
        setTimeout(() => {
          fire(rows[1], 'dragenter');
          fire(rows[1], 'dragover');
          fire(rows[1], 'drop');
          fire(rows[3], 'dragend');
          done();
        }, 50),
      );
    });
    await page.waitForTimeout(200);
    const after = await titles();
    expect(after.indexOf(third)).toBeLessThan(after.indexOf(first));
    // Pin 合同名称 to the right: it moves next to 操作, stuck while the body scrolls.
    await page.getByRole('button', { name: '合同名称固定在右侧' }).click();
    await page.waitForTimeout(200);
    const pinned = await titles();
    expect(pinned.at(-2)).toBe('合同名称');
    expect(await page.locator('.engine-table th.ant-table-cell-fix-right', { hasText: '合同名称' }).count()).toBe(1);
    // 全选 off leaves one column; on shows all again.
    const all = page.locator('.engine-column-settings-title .ant-checkbox-wrapper');
    await all.click();
    await page.waitForTimeout(200);
    expect((await titles()).filter((t) => t !== '序号' && t !== '操作')).toHaveLength(1);
    await all.click();
    await page.getByRole('button', { name: '重置' }).click();
    await page.waitForTimeout(300);
    const reset = await titles();
    expect(reset.slice(0, 3)).toEqual(['序号', '合同编号', '合同名称']);
  });

  it('filters, page and size live in the address bar: a shared link shows the same list, Enter searches', async () => {
    const { page } = tracked;
    await openList(page, ROSTER);
    const name = page.getByPlaceholder('请输入姓名');
    await name.fill('王');
    const searched = page.waitForResponse((r) => r.url().includes('filters='));
    await name.press('Enter');
    await page.waitForURL(/filters=/);
    await searched;
    await page.locator('.engine-table .ant-spin-spinning').waitFor({ state: 'detached' }).catch(() => undefined);
    const url = page.url();
    expect(decodeURIComponent(url)).toContain('"value":"王"');
    const total = await page.locator('.ant-pagination-total-text').innerText();
    // Another tab opening the link sees the same filter and rows.
    const other = await tracked.context.newPage();
    await other.goto(url);
    await other.locator('.engine-table .ant-table-row').first().waitFor();
    expect(await other.getByPlaceholder('请输入姓名').inputValue()).toBe('王');
    expect(await other.locator('.ant-pagination-total-text').innerText()).toBe(total);
    await other.close();
    // Page 2 of 30 a page, through the pager: in the link.
    await page.goto(ROSTER);
    await page.locator('.engine-table .ant-table-row').first().waitFor();
    await page.locator('.ant-pagination-item-2').click();
    await page.waitForURL(/page=2/);
    await page.reload();
    await page.locator('.engine-table .ant-table-row').first().waitFor();
    expect(await page.locator('.ant-pagination-item-active').innerText()).toBe('2');
    expect(await page.locator('.engine-table .ant-table-row').first().locator('td').nth(1).innerText()).toBe('21');
  });

  it('a search form with more fields than fit shows one row and 展开 / 收起', async () => {
    const { page } = tracked;
    await openList(page, ROSTER);
    const items = page.locator('.engine-search .ant-formily-item');
    const visible = async () => (await items.evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).length));
    const collapsed = await visible();
    const toggle = page.locator('.engine-search-toggle');
    await toggle.click();
    expect(await toggle.innerText()).toContain('收起');
    expect(await visible()).toBeGreaterThan(collapsed);
    const tops = await items.evaluateAll((els) => [...new Set(els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => Math.round(e.getBoundingClientRect().top)))]);
    expect(tops.length).toBeGreaterThan(1);
    await toggle.click();
    expect(await visible()).toBe(collapsed);
  });

  it('row actions read 查看 编辑 … 删除 everywhere; delete names the record with a red 确定', async () => {
    const { page } = tracked;
    await openList(page, TEMPLATE);
    const actions = await page.locator('.engine-table .ant-table-row').first().locator('td').last().locator('button').allInnerTexts();
    expect(actions.map((a) => a.replace(/\s/g, ''))).toEqual(['查看', '编辑', '删除']);
    // The template keeps §5.1's text.
    await page.locator('.engine-table .ant-table-row').first().getByRole('button', { name: /删\s*除/ }).click();
    await page.locator('.ant-modal-confirm', { hasText: '此操作将永久删除该设备, 是否继续?' }).waitFor();
    // A click while the confirm still zooms in may be lost on a busy machine: click 取消 until it is gone.
    const templateConfirm = page.locator('.ant-modal-confirm');
    await expect
      .poll(async () => {
        if ((await templateConfirm.count()) > 0) await templateConfirm.getByRole('button', { name: /取\s*消/ }).click({ timeout: 2000 }).catch(() => undefined);
        return templateConfirm.count();
      }, { timeout: 20_000 })
      .toBe(0);
    await openList(page, ROSTER);
    const row = page.locator('.engine-table .ant-table-row').first();
    const name = (await row.locator('td').nth(2).innerText()).trim();
    await row.getByRole('button', { name: /删\s*除/ }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain(`确定删除"${name}"吗？`);
    const ok = confirm.locator('.ant-btn-dangerous', { hasText: /确\s*定/ });
    expect(await ok.count()).toBe(1);
    expect(await ok.evaluate((b) => getComputedStyle(b).backgroundColor)).toMatch(/rgb\(255, 77, 79\)|rgb\(2[0-9]{2}, [0-9]{1,2}, [0-9]{1,2}\)/);
    await confirm.getByRole('button', { name: /取\s*消/ }).click();
  });

  it('a failed list shows an error state with 重试, not 暂无数据; 重试 reads it again', async () => {
    const { page } = tracked;
    let fail = true;
    await page.route('**/WhereContractList*', (route) => (fail ? route.fulfill({ status: 502, body: 'Bad Gateway' }) : route.continue()));
    try {
      await page.goto(CONTRACTS);
      const error = page.locator('.engine-list-error');
      await error.waitFor({ timeout: 20_000 });
      expect(await page.getByText('暂无数据').count()).toBe(0);
      fail = false;
      await error.getByRole('button', { name: /重\s*试/ }).click();
      await page.locator('.engine-table .ant-table-row').first().waitFor();
      expect(await error.count()).toBe(0);
    } finally {
      await page.unroute('**/WhereContractList*');
    }
  });
});
