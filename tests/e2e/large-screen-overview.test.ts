// Story (§2.4, §9): an enterprise user opens 企业数据大屏 › 项目概况 on a 1920×1080 wall. Every panel
// shows live data from one request, charts render at device pixels, nothing scrolls, the server's stream
// drives the refreshes, and leaving the screen releases every chart, timer and stream.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { expectCanvasesAtDevicePixels, expectNoOverflow, expectPanelsReady, liveCounters, openScreen } from './support/screens';
import { withConsole } from './support/server';

const env = withConsole({ simulator: true, simulatorIntervalMs: 3000 });

const OVERVIEW = '/LargeScreen/EnterpriseScreen/overview';
const PANELS = ['项目状态统计', '设备运行状态', '设备分类统计', '项目分布', '环境监测排行', '24小时环境趋势', '报警信息'];

/** Requests to the overview endpoint: how many, and the most ever in flight at once. */
function watchOverviewRequests(page: Page) {
  const seen = { total: 0, inFlight: 0, maxInFlight: 0, stream: 0 };
  const isOverview = (url: string) => url.includes('/api/TyScreen/EnterpriseOverview');
  page.on('request', (r) => {
    if (r.url().includes('/api/TyScreen/Stream')) seen.stream += 1;
    if (!isOverview(r.url())) return;
    seen.total += 1;
    seen.inFlight += 1;
    seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
  });
  const done = (r: { url(): string }) => {
    if (isOverview(r.url())) seen.inFlight -= 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return seen;
}

describe('enterprise overview screen', () => {
  it('qiye01 sees every panel with data at 1920×1080, sharp canvases, no scrolling, stream-driven refresh', async () => {
    // With motion (count-ups, chart transitions) as a wall shows it; the other files reduce motion.
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl, { width: 1920, height: 1080 }, 1, 'full');
    const requests = watchOverviewRequests(page);
    await new LoginScreen(page).loginAs('qiye01');
    await openScreen(page, OVERVIEW);
    await page.getByRole('heading', { name: '企业数据大屏' }).waitFor();

    const shown = await expectPanelsReady(page);
    expect(shown.map((p) => p.title)).toEqual(PANELS);
    await expect.poll(() => page.locator('.ls-body .ls-chart canvas').count()).toBe(4);
    await expectCanvasesAtDevicePixels(page);
    await expectNoOverflow(page);

    // Figures and lists carry the seeded group's data.
    const strip = page.getByRole('group', { name: '关键指标' });
    await expect.poll(async () => Number(await strip.getByRole('group', { name: '项目总数' }).getAttribute('data-value'))).toBeGreaterThan(0);
    expect(await page.getByRole('region', { name: '环境监测排行' }).getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await page.getByRole('region', { name: '报警信息' }).getByRole('row').count()).toBeGreaterThan(1);
    expect(await page.getByRole('region', { name: '项目分布' }).locator('.ov-map').getAttribute('data-markers')).not.toBe('0');

    // A ranking row selects its project: the card names it.
    const first = page.getByRole('region', { name: '环境监测排行' }).getByRole('button').first();
    const name = (await first.locator('.ls-ranking-name').innerText()).trim();
    await first.click();
    const card = page.getByRole('complementary', { name: `项目：${name}` });
    await card.waitFor();
    expect(await card.innerText()).toContain('PM10');
    await card.getByRole('button', { name: '关闭项目信息' }).click();
    await card.waitFor({ state: 'detached' });

    await snap(page, 'large-screen-overview-1920');

    // The stream is open and its updates refetch (polling alone would wait 30 s); never two at once.
    expect((await liveCounters(page)).streams).toBe(1);
    expect(requests.stream).toBeGreaterThan(0);
    await expect.poll(() => requests.total, { timeout: 25_000, interval: 500 }).toBeGreaterThanOrEqual(3);
    expect(requests.maxInFlight).toBe(1);
    expect((await liveCounters(page)).charts).toBe(4);

    // Leaving the screen releases every chart, timer and stream.
    await page.getByRole('button', { name: /管理后台/ }).click();
    await page.waitForURL((u) => !u.pathname.toLowerCase().includes('largescreen'));
    await expect.poll(() => liveCounters(page)).toEqual({ charts: 0, timers: 0, streams: 0 });

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('on a display with devicePixelRatio 2 the canvases carry twice the pixels of their box', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl, { width: 1920, height: 1080 }, 2);
    await new LoginScreen(page).loginAs('qiye01');
    await openScreen(page, OVERVIEW);
    await expectPanelsReady(page);
    await expect.poll(() => page.locator('.ls-body .ls-chart canvas').count()).toBe(4);
    const boxes = await expectCanvasesAtDevicePixels(page);
    expect(boxes.every((b) => b.dpr === 2)).toBe(true);
    await expectNoOverflow(page);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
