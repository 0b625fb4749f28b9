// Story (§2.4, §9): every large screen that has a body fits any wall — a 1024×768 projector, a 1366×768
// laptop, the 1920×1080 design and a 3840×2160 wall — without scrolling and with no text under 12 px, every panel shows data, charts are drawn at
// device pixels, camera tiles play video (its position moves on), and nothing logs an error. Enterprise and project screens are opened as qiye01, the supervision
// screens as jianguan01 (government, area 511000). The screens are read from the registry, so each new
// body is covered as soon as it is registered; opened without sortId, each shows its family's header
// (§2.5). Plus the overview's map shows the same area and grouping at every width, and a click on a real
// map marker (OpenLayers) opens that project's card.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { bodyFontSize } from '../../src/features/large-screen/display-scale';
import { SCREENS } from '../../src/features/large-screen/screens';
import { newPage, snap, type TrackedPage } from './support/browser';
import { LoginScreen } from './support/console';
import { expectAdvancing, expectCanvasesAtDevicePixels, expectNoOverflow, expectPanelsReady, expectPlaying, expectReadableText, openScreen, settles } from './support/screens';
import { withConsole } from './support/server';

const env = withConsole();

type Size = { width: number; height: number };
const DESIGN: Size = { width: 1920, height: 1080 };
const SIZES: readonly Size[] = [DESIGN, { width: 1366, height: 768 }, { width: 1024, height: 768 }, { width: 3840, height: 2160 }];
const SCREEN_TIMEOUT_MS = 90_000;

const SUPERVISORY = '/LargeScreen/SupervisoryScreen/';
const bodies = SCREENS.filter((s) => s.body).map((s) => s.path);
const supervisory = bodies.filter((p) => p.startsWith(SUPERVISORY));
/**
 * The project family of §2.5 (menus.ts screenFamilyOf, not imported: it brings the browser's session
 * store): its header is 项目数据大屏; the group set's own /ProjectScreen targets are enterprise screens.
 */
const GROUP_ONLY_TARGETS = ['/projectscreen/engineering', '/projectscreen/projectmanagements'];
const isProjectScreen = (p: string) => /^\/(largescreen\/)?projectscreen\//i.test(p) && !GROUP_ONLY_TARGETS.includes(p.toLowerCase());
const project = bodies.filter(isProjectScreen);
const enterprise = bodies.filter((p) => !p.startsWith(SUPERVISORY) && !isProjectScreen(p));
const OVERVIEW = '/LargeScreen/EnterpriseScreen/overview';

/** The body uses the display scale of §9 for this window. */
async function expectBodyScale(page: Page, size: Size): Promise<void> {
  const px = await page.locator('.ls-body').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(Math.abs(px - bodyFontSize(size.width, size.height))).toBeLessThan(0.6);
}

const shotName = (path: string, size: Size) => `widths${path.replace(/^\/LargeScreen/, '').replace(/\//g, '-')}-${size.width}`;

/** Opens every screen of `paths` as `user` in one page (one login), at each size in turn. */
function screensAs(user: string, paths: readonly string[], headerTitle: string) {
  describe(`as ${user}`, () => {
    let tracked: TrackedPage;
    beforeAll(async () => {
      tracked = await newPage(env.browser, env.server.baseUrl, DESIGN);
      await new LoginScreen(tracked.page).loginAs(user);
    });
    afterAll(() => tracked?.context.close());

    it.each(paths)('%s fits 1024, 1366, 1920 and 3840 wide with every panel ready and readable text', async (path) => {
      const { page, consoleErrors } = tracked;
      const errorsBefore = consoleErrors.length;
      await page.setViewportSize(DESIGN);
      await openScreen(page, path);
      expect(await page.locator('.ls-title-text').innerText()).toBe(headerTitle);
      await expectPanelsReady(page);
      // Table-only screens (花名册) draw no canvas; every chart and map host must have its canvas.
      const drawsCanvas = (await page.locator('.ls-body .ls-chart, .ls-body [data-testid=project-map]').count()) > 0;
      // Screens with cameras play video: the first playing tile's position moves on at every size.
      const video = page.locator('.ls-body .vp[data-state="playing"] video').first();
      const playsVideo = (await page.locator('.ls-body .vp').count()) > 0;
      if (playsVideo) await expectPlaying(video);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await settles(() => expectBodyScale(page, size));
        await settles(async () => {
          if (drawsCanvas) await expectCanvasesAtDevicePixels(page);
          await expectNoOverflow(page);
          await expectReadableText(page);
        });
        await expectPanelsReady(page);
        if (playsVideo) await expectAdvancing(video);
        if (process.env.WIDTHS_SNAP) {
          await page.waitForTimeout(1500); // charts rebuilt for the new size animate in
          await snap(page, shotName(path, size));
        }
      }
      expect(consoleErrors.slice(errorsBefore)).toEqual([]);
    }, SCREEN_TIMEOUT_MS);
  });
}

describe('large screens at three widths', () => {
  it('the registry has bodies for both families', () => {
    expect(enterprise).toContain(OVERVIEW);
    expect(supervisory.length).toBeGreaterThan(0);
  });
  screensAs('qiye01', enterprise, '企业数据大屏');
  // Project screens (/LargeScreen/ProjectScreen/…, /ProjectScreen/…) open with the project header (sortId 21).
  if (project.length > 0) screensAs('qiye01', project, '项目数据大屏');
  screensAs('jianguan01', supervisory, '监管数据大屏');
});

type OverviewAnswer = { data?: { markers?: Array<{ id: string; title: string }> } };

describe('project map of the enterprise overview', () => {
  it('a click on a real marker opens the card of that project', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl, DESIGN);
    const answers: OverviewAnswer[] = [];
    page.on('response', (r: Response) => {
      if (r.url().includes('/api/TyScreen/EnterpriseOverview')) void r.json().then((j: OverviewAnswer) => answers.push(j), () => undefined);
    });
    await new LoginScreen(page).loginAs('qiye01');
    await openScreen(page, OVERVIEW);
    await page.locator('[data-testid=project-map] [data-map-ready="1"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => answers.length).toBeGreaterThan(0);

    // The same area and the same grouping at every width: the zoom moves by log2 of the display scale.
    const view = () => page.evaluate(() => ({ zoom: window.__lsMap!.zoom()!, clusters: window.__lsMap!.clusters().length }));
    const design = await view();
    for (const size of [{ width: 3840, height: 2160 }, { width: 1024, height: 768 }, DESIGN]) {
      await page.setViewportSize(size);
      const expected = design.zoom + Math.log2(bodyFontSize(size.width, size.height) / 16);
      await settles(async () => {
        const now = await view();
        expect(Math.abs(now.zoom - expected)).toBeLessThan(0.01);
        expect(now.clusters).toBe(design.clusters);
      });
      if (size.width !== DESIGN.width) await snap(page, `widths-overview-map-${size.width}`);
    }
    const titles = new Map((answers[0].data?.markers ?? []).map((m) => [m.id, m.title]));

    // A marker drawn inside a cluster, if there is one (focus then has to separate it), else the first.
    const clusters = await page.evaluate(() => window.__lsMap!.clusters());
    const ids = await page.evaluate(() => window.__lsMap!.markerIds());
    expect(ids.length).toBeGreaterThan(1);
    const id = clusters.find((c) => c.length > 1)?.[0] ?? ids[0];
    const name = titles.get(id);
    expect(name).toBeTruthy();

    // Zoom in on it until it stands alone, at a point the map reports from getPixelFromCoordinate.
    await page.evaluate((markerId) => window.__lsMap!.focus(markerId), id);
    await expect.poll(() => page.evaluate((markerId) => window.__lsMap!.clusters().some((c) => c.length === 1 && c[0] === markerId), id)).toBe(true);
    let point: { x: number; y: number } | null = null;
    await expect
      .poll(async () => {
        const next = await page.evaluate((markerId) => window.__lsMap!.clientPointOf(markerId), id);
        const same = next !== null && point !== null && Math.abs(next.x - point.x) < 0.5 && Math.abs(next.y - point.y) < 0.5;
        point = next;
        return same; // the view has stopped moving
      })
      .toBe(true);
    expect(await page.getByRole('complementary').count()).toBe(0);
    await page.mouse.click(point!.x, point!.y);

    const card = page.getByRole('complementary', { name: `项目：${name}` });
    await card.waitFor();
    expect(await card.innerText()).toContain('项目状态');
    await snap(page, 'widths-overview-map-card');
    await card.getByRole('button', { name: '关闭项目信息' }).click();
    await card.waitFor({ state: 'detached' });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
