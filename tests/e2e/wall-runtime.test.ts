// Story (docs/large-screens.md "Wall runtime"): a wall display stays on for weeks. At 00:00 China time its
// 今日 figures and the header's date roll over without a reload (the page's clock is mocked: installed at
// 23:59 China time and run past midnight); F9 / Ctrl+Shift+D toggles the diagnostics overlay; a carousel
// address cycles its screens in the same document and pauses when someone touches the wall.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { openScreen } from './support/screens';
import { withConsole } from './support/server';

const env = withConsole();

const VEHICLE = '/LargeScreen/EnterpriseScreen/vehicle';
const WARNING = '/LargeScreen/EnterpriseScreen/warning';
const DAY_MS = 86_400_000;
const chinaDay = (ms: number): string => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/** The 今日进场 figure of the vehicle screen's key figures. */
const inToday = (page: Page) => page.getByRole('group', { name: '关键指标' }).getByRole('group', { name: '今日进场', exact: true }).getAttribute('data-value');
/** The header clock's date (China time). */
const headerDate = async (page: Page) => (await page.locator('time.ls-clock').getAttribute('datetime'))?.slice(0, 10);

/** Marks the document: the mark is gone after a reload. */
const markDocument = (page: Page) => page.evaluate(() => void ((window as unknown as { __wallMark?: number }).__wallMark = 1));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __wallMark?: number }).__wallMark === 1);

describe('wall runtime', () => {
  it('at 00:00 China time the 今日 figure and the date roll over without a reload', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl, { width: 1920, height: 1080 });
    await new LoginScreen(page).loginAs('qiye01');

    // The server counts "today" by its own clock: its answers before the page's midnight say 37 entries,
    // after it the new day's 0 — as a real server's would at 00:00.
    let afterMidnight = false;
    const answered = { before: 0, after: 0 };
    await page.route(/\/api\/TyScreen\/Vehicle\?/, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: { summary: { inToday: number } } };
      body.data.summary.inToday = afterMidnight ? 0 : 37;
      answered[afterMidnight ? 'after' : 'before'] += 1;
      await route.fulfill({ response: res, json: body });
    });

    const today = chinaDay(Date.now());
    const midnight = Date.parse(`${today}T00:00:00+08:00`) + DAY_MS;
    await page.clock.install({ time: midnight - 60_000 }); // 23:59:00 China time; runs on from there
    await openScreen(page, VEHICLE);
    await expect.poll(() => inToday(page), { timeout: 20_000 }).toBe('37');
    await page.clock.pauseAt(midnight - 3000);
    await markDocument(page);
    expect(await headerDate(page)).toBe(today);
    const before = answered.before;

    afterMidnight = true;
    await page.clock.runFor(5000); // 23:59:57 → 00:00:02
    await expect.poll(() => inToday(page), { timeout: 10_000 }).toBe('0');
    expect(await headerDate(page)).toBe(chinaDay(midnight));
    expect(answered.after).toBeGreaterThanOrEqual(1); // refetched for the new day (once, unless the stream announced a change)
    expect(answered.before).toBe(before);
    expect(await sameDocument(page)).toBe(true); // no reload: the document's mark is still there
    // Every panel kept its data through the rollover.
    expect(await page.locator('.ls-body .ls-panel[data-state="loading"]').count()).toBe(0);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('F9 and Ctrl+Shift+D toggle the diagnostics overlay; a carousel cycles in place and pauses on input', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl, { width: 1920, height: 1080 });
    await new LoginScreen(page).loginAs('qiye01');
    await openScreen(page, VEHICLE);
    await page.locator('.ls-body .ls-panel[data-state="ready"]').first().waitFor();

    const overlay = page.getByRole('dialog', { name: '运行诊断' });
    expect(await overlay.count()).toBe(0);
    await page.keyboard.press('F9');
    await overlay.waitFor();
    const text = await overlay.innerText();
    for (const label of ['中国日期', 'JS 堆内存', 'DOM 节点', '定时器', '事件流', '图表实例 / 已挂载图表', '自动刷新', '轮播', '面板', '最后数据时间', '数据源']) {
      expect(text, label).toContain(label);
    }
    await expect.poll(() => overlay.locator('[data-figure="charts"]').innerText()).toMatch(/^(\d+) \/ \1（一致）$/);
    expect(await overlay.locator('[data-figure="streams"]').innerText()).toMatch(/^1 个（Vehicle /);
    expect(await overlay.locator('[data-figure="reloads"]').innerText()).toMatch(/^0 次/);
    // Each panel with its last data time.
    const rows = overlay.getByRole('region', { name: '面板数据' }).locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(3);
    expect(await rows.first().innerText()).toMatch(/\d{2}:\d{2}:\d{2}/);
    await snap(page, 'wall-diagnostics-1920');
    await page.keyboard.press('Control+Shift+D');
    await overlay.waitFor({ state: 'detached' });
    await page.keyboard.press('Control+Shift+D');
    await overlay.waitFor();
    await overlay.getByRole('button', { name: '关闭运行诊断' }).click();
    await overlay.waitFor({ state: 'detached' });

    // 10 s × refreshFactor 0.1: a screen a second, in the same document.
    await page.goto(`${VEHICLE}?carousel=vehicle,warning&interval=10&refreshFactor=0.1`);
    await page.locator('.ls-body .ls-panel').first().waitFor();
    await markDocument(page);
    const indicator = page.getByRole('status', { name: '大屏轮播' });
    await indicator.waitFor();
    await page.waitForURL((u) => u.pathname === WARNING, { timeout: 10_000 });
    expect(new URL(page.url()).search).toBe('?carousel=vehicle,warning&interval=10&refreshFactor=0.1');
    await page.waitForURL((u) => u.pathname === VEHICLE, { timeout: 10_000 });
    expect(await sameDocument(page)).toBe(true);
    // Someone at the wall: it holds (12 s × 0.1) and says so.
    await page.mouse.move(400, 400);
    await page.mouse.move(420, 420);
    await expect.poll(() => indicator.innerText()).toContain('已暂停');
    await snap(page, 'wall-carousel-paused-1920');
    const held = new URL(page.url()).pathname;
    await page.waitForTimeout(2500);
    expect(new URL(page.url()).pathname).toBe(held);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
