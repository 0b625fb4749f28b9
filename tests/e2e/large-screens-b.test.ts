// Story (§2.4, §9): an enterprise user (qiye01) opens the 特种设备, 质量安全, 环境监测, 车辆管理 and 设备管理
// screens of 企业数据大屏 on a 1920×1080 wall with the demo simulator running. Every panel shows data from
// its one request, charts render at device pixels, nothing scrolls, each screen listens to its stream,
// and the same screens still fit on a 1024×768 display and a 3840×2160 wall.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { expectCanvasesAtDevicePixels, expectNoOverflow, expectPanelsReady, liveCounters, openScreen } from './support/screens';
import { withConsole } from './support/server';
import { deviceHeaders } from '../../server/devices/signature';

const env = withConsole({ simulator: true, simulatorIntervalMs: 3000 });

type ScreenCase = {
  path: string;
  /** The server call (and stream) behind the screen. */
  call: string;
  panels: string[];
  /** A figure of the 关键指标 strip that the demo data makes positive. */
  figure: string;
  /**
   * The figure counts today only from this China-time hour on (gates open about 06:00): before it, zero is
   * the true answer and the tile must show it as a number.
   */
  figureFromHour?: number;
  /** A list panel whose rows carry the demo data. */
  list: { panel: string; role: 'row' | 'listitem' };
};

const ENTERPRISE = '/LargeScreen/EnterpriseScreen';

const SCREENS: ScreenCase[] = [
  {
    path: `${ENTERPRISE}/danger`,
    call: 'Danger',
    panels: ['设备概况', '塔吊载重比排行', '近24小时报警', '塔吊实时监测', '24小时峰值趋势', '升降机实时监测', '项目设备分布', '报警记录'],
    figure: '塔吊',
    list: { panel: '升降机实时监测', role: 'row' },
  },
  {
    path: `${ENTERPRISE}/qualitySafety`,
    call: 'QualitySafety',
    panels: ['隐患状态统计', '隐患类型统计', '隐患等级分布', '整改情况', '最新未销项隐患', '近30天隐患趋势', '检查类型统计', '项目隐患排行'],
    figure: '隐患总数',
    list: { panel: '项目隐患排行', role: 'listitem' },
  },
  {
    path: `${ENTERPRISE}/environment`,
    call: 'Environment',
    panels: ['监测设备状态', '今日超标统计', '风向风速', '24小时颗粒物趋势', '各项目实时监测', '24小时噪声趋势', '近7日颗粒物日均值', '24小时温湿度'],
    figure: '监测项目',
    list: { panel: '各项目实时监测', role: 'row' },
  },
  {
    path: `${ENTERPRISE}/vehicle`,
    call: 'Vehicle',
    panels: ['车辆类型统计', '今日进场车型占比', '冲洗与上传', '24小时进出场统计', '最新出入记录', '项目进场排行', '在场车辆分布'],
    figure: '今日进场',
    figureFromHour: 9,
    list: { panel: '最新出入记录', role: 'row' },
  },
  {
    path: `${ENTERPRISE}/tested`,
    call: 'Tested',
    panels: ['设备运行状态', '设备分类统计', '设备类型占比', '各项目设备在线情况', '项目设备明细', '维保概况', '维保设备类型统计'],
    figure: '监测设备',
    list: { panel: '项目设备明细', role: 'row' },
  },
];

/** The TyScreen calls of a page (`Stream:<screen>` for streams) and the most data calls ever in flight. */
function watchScreenCalls(page: Page) {
  const state = { seen: [] as string[], inFlight: 0, maxInFlight: 0, reset: () => undefined as void };
  const callOf = (url: string): string | undefined => {
    const m = /\/api\/TyScreen\/(\w+)(?:\?screen=(\w+))?/.exec(url);
    return m ? (m[2] ? `Stream:${m[2]}` : m[1]) : undefined;
  };
  const isData = (url: string) => callOf(url) !== undefined && !url.includes('/TyScreen/Stream');
  state.reset = () => {
    state.seen = [];
    state.maxInFlight = state.inFlight;
  };
  page.on('request', (r) => {
    const call = callOf(r.url());
    if (call) state.seen.push(call);
    if (!isData(r.url())) return;
    state.inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
  });
  const done = (r: { url(): string }) => {
    if (isData(r.url())) state.inFlight -= 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return state;
}

/** Every chart of the body has drawn its canvas. */
async function expectChartsDrawn(page: Page): Promise<void> {
  const charts = await page.locator('.ls-body .ls-chart').count();
  expect(charts).toBeGreaterThan(0);
  await expect.poll(() => page.locator('.ls-body .ls-chart canvas').count()).toBe(charts);
}

describe('enterprise screens: special equipment, quality and safety, environment, vehicles, equipment', () => {
  it('qiye01 sees every panel with data at 1920×1080, sharp canvases, no scrolling, one stream per screen', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl, { width: 1920, height: 1080 });
    const calls = watchScreenCalls(page);
    await new LoginScreen(page).loginAs('qiye01');

    for (const s of SCREENS) {
      calls.reset();
      await openScreen(page, s.path);
      await page.getByRole('heading', { name: '企业数据大屏' }).waitFor();
      const shown = await expectPanelsReady(page);
      expect(shown.map((p) => p.title), s.path).toEqual(s.panels);
      await expectChartsDrawn(page);
      await expectCanvasesAtDevicePixels(page);
      await expectNoOverflow(page);

      const strip = page.getByRole('group', { name: '关键指标' });
      const figure = async () => Number(await strip.getByRole('group', { name: s.figure, exact: true }).getAttribute('data-value'));
      const hourInChina = (new Date().getUTCHours() + 8) % 24;
      if (s.figureFromHour !== undefined && hourInChina < s.figureFromHour) {
        await expect.poll(figure, { timeout: 10_000, message: `${s.path}: ${s.figure}` }).toBeGreaterThanOrEqual(0);
      } else {
        await expect.poll(figure, { timeout: 10_000, message: `${s.path}: ${s.figure}` }).toBeGreaterThan(0);
      }
      const rows = await page.getByRole('region', { name: s.list.panel }).getByRole(s.list.role).count();
      expect(rows, `${s.list.panel} rows`).toBeGreaterThan(s.list.role === 'row' ? 1 : 0);

      // One call feeds the screen (again when its stream announces a change), never two at once.
      expect(calls.seen.filter((c) => c === s.call).length).toBeGreaterThan(0);
      expect(calls.seen.filter((c) => !c.startsWith('Stream:') && c !== s.call)).toEqual([]);
      expect(calls.maxInFlight).toBe(1);
      await expect.poll(() => calls.seen.includes(`Stream:${s.call}`)).toBe(true);
      expect((await liveCounters(page)).streams).toBe(1);
      await snap(page, `large-screens-b-${s.call}-1920`);
    }

    // The crane monitor moves on by itself (10 s × refreshFactor) and the arrows step by hand. The pointer
    // over the panel holds the rotation: it is moved off the screen's panels first (the last click of the
    // screens above can leave it where the monitor then appears, and it never moved in CI).
    await page.mouse.move(1, 1);
    // The rotation visits the cranes reporting now (online, with a reading): on a busy machine the demo
    // simulator can fall behind until only one is, and one crane does not rotate. Two report just now.
    for (const crane of ['2024001-TOWERCRANE-01', '2024002-TOWERCRANE-01']) {
      const body = JSON.stringify({ data: { loadRatio: 35, momentRatio: 30 } });
      const reply = await fetch(`${env.server.baseUrl}/prod-api/api/DeviceData/Push`, { method: 'POST', headers: deviceHeaders(crane, `demo-${crane}-key`, body), body });
      expect(await reply.json(), crane).toMatchObject({ status: 1 });
    }
    await page.goto(`${ENTERPRISE}/danger?refreshFactor=0.1`);
    const monitor = page.getByRole('region', { name: '塔吊实时监测' });
    await monitor.locator('[data-device]').waitFor();
    const first = await monitor.locator('[data-device]').getAttribute('data-device');
    // Ten one-second turns of a quiet machine; generous on a busy one.
    await expect.poll(() => monitor.locator('[data-device]').getAttribute('data-device'), { timeout: 30_000 }).not.toBe(first);
    const before = await monitor.locator('[data-device]').getAttribute('data-device');
    await monitor.getByRole('button', { name: '下一台塔吊' }).click();
    expect(await monitor.locator('[data-device]').getAttribute('data-device')).not.toBe(before);

    // Leaving the screens releases every chart, timer and stream.
    await page.getByRole('button', { name: /管理后台/ }).click();
    await page.waitForURL((u) => !u.pathname.toLowerCase().includes('largescreen'));
    await expect.poll(() => liveCounters(page)).toEqual({ charts: 0, timers: 0, streams: 0 });

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
  // 1024×768 and 3840×2160 for every screen: tests/e2e/large-screens-widths.test.ts.
});

