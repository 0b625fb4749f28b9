// Page helpers for the large screens: open a screen, wait for its panels, and check what every screen
// must satisfy — every panel shows data, canvases render at device pixels, nothing scrolls, video plays.
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

export type PanelInfo = { title: string; state: string; text: string };

/** Opens a screen address and waits for its body (the shell's lazy chunk and the body's own). */
export async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('.ls-body').waitFor();
  await page.locator('.ls-body .ls-panel').first().waitFor({ timeout: 20_000 });
}

export async function panels(page: Page): Promise<PanelInfo[]> {
  return page.locator('.ls-body .ls-panel').evaluateAll((els) =>
    els.map((el) => ({
      title: el.getAttribute('aria-label') ?? '',
      state: el.getAttribute('data-state') ?? '',
      text: (el.querySelector('.ls-panel-body') as HTMLElement | null)?.innerText ?? '',
    })),
  );
}

/**
 * Waits until the screen has panels and every one shows data (ready, not 暂无数据 / 加载中 / an error), as one
 * condition: a project screen opened without pjctid1 may load twice (the server's first project, then the
 * header's choice), so a panel seen ready once can be loading again a moment later.
 */
export async function expectPanelsReady(page: Page, timeout = 20_000): Promise<PanelInfo[]> {
  const problems = (shown: PanelInfo[]): string[] =>
    shown.length === 0
      ? ['(no panel yet)']
      : shown.flatMap((p) => [
          ...(p.state === 'ready' ? [] : [`${p.title}: ${p.state}`]),
          ...(/暂无数据|加载中/.test(p.text) ? [`${p.title}: ${p.text.slice(0, 40)}`] : []),
        ]);
  let all: PanelInfo[] = [];
  await expect
    .poll(async () => problems((all = await panels(page))), { timeout })
    .toEqual([]);
  return all;
}

export type CanvasBox = { label: string; width: number; height: number; cssWidth: number; cssHeight: number; hostWidth: number; hostHeight: number; dpr: number };

/** Every visible canvas of the body with its pixel size, its CSS box and the box of the element hosting it. */
export async function canvasBoxes(page: Page, selector = '.ls-body canvas'): Promise<CanvasBox[]> {
  return page.locator(selector).evaluateAll((els) =>
    (els as HTMLCanvasElement[])
      .filter((c) => c.getBoundingClientRect().width > 0)
      .map((c) => {
        const r = c.getBoundingClientRect();
        const host = (c.closest('.ls-chart') ?? c.parentElement) as HTMLElement;
        const h = host.getBoundingClientRect();
        return {
          label: c.closest('[aria-label]')?.getAttribute('aria-label') ?? '',
          width: c.width,
          height: c.height,
          cssWidth: r.width,
          cssHeight: r.height,
          hostWidth: h.width,
          hostHeight: h.height,
          dpr: window.devicePixelRatio,
        };
      }),
  );
}

/**
 * Canvases are drawn at the real pixel size of their box: width/height attributes = CSS box × devicePixelRatio
 * (±1 px of rounding), and a chart's canvas fills its host (no CSS transform scaling).
 */
export async function expectCanvasesAtDevicePixels(page: Page, selector?: string): Promise<CanvasBox[]> {
  const boxes = await canvasBoxes(page, selector);
  expect(boxes.length).toBeGreaterThan(0);
  for (const b of boxes) {
    expect(Math.abs(b.width - b.cssWidth * b.dpr), `${b.label} width`).toBeLessThanOrEqual(1);
    expect(Math.abs(b.height - b.cssHeight * b.dpr), `${b.label} height`).toBeLessThanOrEqual(1);
    expect(Math.abs(b.cssWidth - b.hostWidth), `${b.label} fills its box`).toBeLessThanOrEqual(1);
    expect(Math.abs(b.cssHeight - b.hostHeight), `${b.label} fills its box`).toBeLessThanOrEqual(1);
  }
  return boxes;
}

/** The page does not scroll and no panel's content overflows its frame. */
export async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth + 1 || doc.scrollHeight > window.innerHeight + 1) out.push(`page ${doc.scrollWidth}×${doc.scrollHeight}`);
    const body = document.querySelector<HTMLElement>('.ls-body');
    if (body && body.scrollHeight > body.clientHeight + 1) out.push(`body ${body.scrollHeight} > ${body.clientHeight}`);
    for (const el of document.querySelectorAll<HTMLElement>('.ls-body .ls-panel, .ls-body .ls-panel-body')) {
      if (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1) {
        out.push(`${el.closest('.ls-panel')?.getAttribute('aria-label')}: ${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`);
      }
    }
    return out;
  });
  expect(overflow).toEqual([]);
}

/** Smallest text on a wall at any width ≥ 1024 (issue 27; `--ls-text-min` in large-screen.css). */
export const WALL_TEXT_MIN_PX = 12;

/** Every visible text on the screen is at least WALL_TEXT_MIN_PX (the header, panels, map controls, tiles). */
export async function expectReadableText(page: Page): Promise<void> {
  const small = await page.evaluate((min) => {
    const out = new Set<string>();
    const root = document.querySelector('.ls-root') ?? document.body;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.textContent?.trim()) continue;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      const px = parseFloat(style.fontSize);
      if (px < min - 0.05) out.add(`${el.closest('.ls-panel')?.getAttribute('aria-label') ?? '页头'}: «${n.textContent.trim().slice(0, 16)}» ${px.toFixed(1)}px`);
    }
    return [...out];
  }, WALL_TEXT_MIN_PX);
  expect(small).toEqual([]);
}

const timeOf = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);

/** The video plays: its position moves on past a second. */
export async function expectPlaying(video: Locator): Promise<void> {
  await expect.poll(() => timeOf(video), { timeout: 20_000 }).toBeGreaterThan(1);
  await expectAdvancing(video);
}

/** A playing video's position moves on (e.g. after the window changed size). */
export async function expectAdvancing(video: Locator): Promise<void> {
  const at = await timeOf(video);
  await expect.poll(() => timeOf(video), { timeout: 10_000 }).toBeGreaterThan(at + 0.3);
}

export type LiveCounters = { charts: number; timers: number; streams: number };

/** The counters the kit and the scheduler expose for soak runs. */
export const liveCounters = (page: Page): Promise<LiveCounters> =>
  page.evaluate(() => {
    const w = window as unknown as { __lsCharts?: number; __lsTimers?: number; __lsStreams?: number };
    return { charts: w.__lsCharts ?? -1, timers: w.__lsTimers ?? -1, streams: w.__lsStreams ?? -1 };
  });

/** Retries `check` until it passes (a resize settles: debounce, ResizeObserver, chart redraw). */
export async function settles(check: () => Promise<unknown>, timeout = 10_000): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          await check();
          return 'ok';
        } catch (e) {
          return e instanceof Error ? e.message : String(e);
        }
      },
      { timeout, interval: 250 },
    )
    .toBe('ok');
}
