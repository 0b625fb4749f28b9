// Story (issue 12, §2.4, §2.5): the ready-mix plant's manager (jiaobanzhan01) opens every plant screen —
// 搅拌站管理, 混凝土生产大屏 (both addresses), 混凝土 (header entry 18), the 搅拌站 ledger, dust and video
// screens and the project screens 拌合站物料 and 物料监测 — on a 1920×1080 wall with the demo simulator
// running the plant: every panel shows data from the one ConcretePlant call, the tankers are on the map,
// charts and the map draw at device pixels, nothing scrolls and nothing logs an error (the 1024×768 projector
// and the 3840×2160 wall are the width sweep's, large-screens-widths.test.ts). The fullscreen toggle pairs
// 混凝土 with 混凝土生产大屏.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, snap, type TrackedPage } from './support/browser';
import { LoginScreen } from './support/console';
import { expectCanvasesAtDevicePixels, expectNoOverflow, expectPanelsReady, openScreen, panels, settles } from './support/screens';
import { withConsole } from './support/server';

const env = withConsole({ simulator: true, simulatorIntervalMs: 3000 });

type Size = { width: number; height: number };
const DESIGN: Size = { width: 1920, height: 1080 };

const SCREENS: ReadonlyArray<{ path: string; header: string; panels: string[] }> = [
  { path: '/LargeScreen/MixingPlant', header: '企业数据大屏', panels: ['订单状态', '在产订单', '本月客户对账', '罐车分布', '发货台账', '料仓库存', '近7日库存趋势', '超差报警'] },
  { path: '/LargeScreen/ProductionScreen', header: '企业数据大屏', panels: ['生产方量', '在产订单', '今日材料消耗', '罐车分布', '生产任务看板', '罐车状态', '料仓库存', '超差报警'] },
  { path: '/ProductionScreen', header: '企业数据大屏', panels: ['生产方量', '在产订单', '今日材料消耗', '罐车分布', '生产任务看板', '罐车状态', '料仓库存', '超差报警'] },
  { path: '/ProjectScreen/concrete', header: '项目数据大屏', panels: ['生产方量', '在产订单', '今日材料消耗', '罐车分布', '生产任务看板', '罐车状态', '料仓库存', '超差报警'] },
  { path: '/ReadyMixPlantManagement/ReadyMixStationLedger', header: '企业数据大屏', panels: ['订单状态', '本月客户对账', '本月材料消耗与进场', '发货台账', '最新盘记录', '生产方量', '生产任务看板'] },
  { path: '/ReadyMixPlantManagement/ReadyMixStationDust', header: '企业数据大屏', panels: ['实时扬尘', '罐车状态', '24小时扬尘趋势', '24小时噪声趋势', '生产方量', '超差报警'] },
  { path: '/ReadyMixPlantManagement/ReadyMixStationVideo', header: '企业数据大屏', panels: ['实时扬尘', '罐车状态', '搅拌站视频', '生产任务看板', '超差报警'] },
  { path: '/LargeScreen/ProjectScreen/mixingPlantMaterials', header: '项目数据大屏', panels: ['料仓库存', '今日材料消耗', '近7日库存趋势', '最新盘记录', '本月材料消耗与进场', '超差报警'] },
  { path: '/LargeScreen/ProjectScreen/materialMonitoring', header: '项目数据大屏', panels: ['料仓库存', '近7日库存趋势', '本月材料消耗与进场', '超差报警', '今日材料消耗', '最新盘记录'] },
];

describe('plant screens', () => {
  let tracked: TrackedPage;
  beforeAll(async () => {
    tracked = await newPage(env.browser, env.server.baseUrl, DESIGN);
    await new LoginScreen(tracked.page).loginAs('jiaobanzhan01');
  });
  afterAll(() => tracked?.context.close());

  it.each(SCREENS)('$path: every panel with data from the running plant, sharp canvases, no scrolling, no error', async ({ path, header, panels }) => {
    const { page, consoleErrors } = tracked;
    const errorsBefore = consoleErrors.length;
    await page.setViewportSize(DESIGN);
    await openScreen(page, path);
    expect(await page.locator('.ls-title-text').innerText()).toBe(header);
    const shown = await expectPanelsReady(page);
    expect(shown.map((p) => p.title)).toEqual(panels);
    const strip = page.getByRole('group', { name: '关键指标' });
    await expect.poll(async () => Number(await strip.getByRole('group', { name: '生产中订单', exact: true }).getAttribute('data-value')), { timeout: 10_000 }).toBeGreaterThan(0);
    if (panels.includes('罐车分布')) {
      const map = page.locator('.pl-map');
      await expect.poll(async () => Number(await map.getAttribute('data-markers'))).toBeGreaterThan(1);
    }
    for (const list of ['在产订单', '生产任务看板', '发货台账', '最新盘记录']) {
      if (panels.includes(list)) expect(await page.getByRole('region', { name: list }).getByRole('row').count(), list).toBeGreaterThan(1);
    }
    // The 1024 and 3840 widths of every screen are the width sweep's (large-screens-widths.test.ts).
    await settles(async () => {
      await expectCanvasesAtDevicePixels(page);
      await expectNoOverflow(page);
    });
    if (process.env.PLANT_SNAP) {
      await page.waitForTimeout(1200);
      await snap(page, `plant${path.replace(/\//g, '-')}-1920`);
    }
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  }, 90_000);

  it('task and order numbers are whole at 1920 (issue 29: "RW…"), and the lone plant camera fills its wall', async () => {
    const { page, consoleErrors } = tracked;
    const errorsBefore = consoleErrors.length;
    await page.setViewportSize(DESIGN);
    /** The texts of a table's first column cut by its width (scrollWidth over clientWidth). */
    const cut = (table: string) =>
      page.getByRole('table', { name: table }).evaluate((el) =>
        [...el.querySelectorAll('[role="row"]:not([aria-hidden]) > [role="cell"]:first-child')]
          .filter((c) => (c as HTMLElement).scrollWidth > (c as HTMLElement).clientWidth)
          .map((c) => (c as HTMLElement).innerText),
      );
    const rowsOf = (table: string) => page.getByRole('table', { name: table }).locator('[role="row"][class*="ls-scroll-row"]').count();
    await openScreen(page, '/LargeScreen/ProductionScreen');
    await expectPanelsReady(page);
    for (const table of ['生产任务', '已审核和生产中的订单']) {
      await expect.poll(() => rowsOf(table), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await cut(table), table).toEqual([]);
    }
    const first = await page.getByRole('table', { name: '生产任务' }).locator('[role="cell"]').first().innerText();
    expect(first).toMatch(/^HD-RW-/);
    // The side panels too (a narrow column gives up columns, never the number).
    for (const [path, tables] of [
      ['/ReadyMixPlantManagement/ReadyMixStationLedger', ['生产任务', '最新盘记录']],
      ['/LargeScreen/ProjectScreen/materialMonitoring', ['最新盘记录']],
      ['/LargeScreen/MixingPlant', ['已审核和生产中的订单']],
    ] as const) {
      await openScreen(page, path);
      await expectPanelsReady(page);
      for (const table of tables) {
        await expect.poll(() => rowsOf(table), { timeout: 15_000 }).toBeGreaterThan(0);
        expect(await cut(table), `${path} ${table}`).toEqual([]);
      }
    }

    // 搅拌站视频: the plant has one camera — it fills the wall, no 无信号 beside it.
    await openScreen(page, '/ReadyMixPlantManagement/ReadyMixStationVideo');
    await expectPanelsReady(page);
    const wall = page.getByRole('list', { name: '搅拌站视频' });
    await expect.poll(() => wall.getByRole('listitem').count(), { timeout: 15_000 }).toBe(1);
    expect(await wall.getAttribute('data-grid')).toBe('1x1');
    expect(await wall.innerText()).not.toContain('无信号');
    const [cell, box] = await Promise.all([wall.getByRole('listitem').boundingBox(), wall.boundingBox()]);
    expect(cell!.width).toBeGreaterThan(box!.width * 0.95);
    await snap(page, 'plant-lone-camera-1920');
    // A chosen 分屏 is shown whole.
    await page.getByRole('radio', { name: '4分屏' }).click();
    await expect.poll(() => wall.getByRole('listitem').count()).toBe(4);
    expect(await wall.getByText('无信号').count()).toBe(3);
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  }, 90_000);

  it('header entry 18 opens 混凝土, and the fullscreen toggle pairs it with 混凝土生产大屏', async () => {
    const { page, consoleErrors } = tracked;
    const errorsBefore = consoleErrors.length;
    await page.setViewportSize(DESIGN);
    await openScreen(page, '/LargeScreen/ProjectScreen/materialMonitoring?id=21');
    await page.locator('[data-menu-id="18"]').click();
    await page.waitForURL(/\/ProjectScreen\/concrete/);
    const titles = async () => (await panels(page)).map((p) => p.title);
    const concrete = SCREENS.find((s) => s.path === '/ProjectScreen/concrete')!.panels;
    await expect.poll(titles, { timeout: 20_000 }).toEqual(concrete);
    await expectPanelsReady(page);
    await page.getByRole('button', { name: '全屏', exact: true }).click();
    await page.waitForURL(/\/ProductionScreen/);
    await expect.poll(titles, { timeout: 20_000 }).toEqual(SCREENS.find((s) => s.path === '/ProductionScreen')!.panels);
    await expectPanelsReady(page);
    await page.getByRole('button', { name: '退出全屏', exact: true }).click();
    await page.waitForURL(/\/ProjectScreen\/concrete/);
    expect(consoleErrors.slice(errorsBefore)).toEqual([]);
  }, 60_000);
});
