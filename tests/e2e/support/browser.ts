// Debian's Chromium driven by playwright-core (no browser download), collecting console errors so a
// test fails on any of them.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/**
 * CHROMIUM_PATH if set; else Debian's headless build of the same Chromium (package chromium-headless-shell,
 * what Playwright itself runs headless: measured about a tenth less time on the large screens than the full
 * browser), else Debian's chromium.
 */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

export type TrackedPage = { page: Page; context: BrowserContext; consoleErrors: string[] };

/**
 * A page in a fresh context, in Chinese on China time. By default with the user's "reduce motion" setting
 * (src/lib/ui/motion.ts): no count-ups, chart transitions or antd animations — a third less browser work on a
 * large screen, and nothing to wait out. `motion: 'full'` for a test of the animated path.
 */
const BASE_URL = new WeakMap<Page, string>();
/** The server a page of newPage talks to. */
export const baseUrlOf = (page: Page): string | undefined => BASE_URL.get(page);

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1440, height: 900 },
  deviceScaleFactor = 1,
  motion: 'reduce' | 'full' = 'reduce',
): Promise<TrackedPage> {
  const reducedMotion = motion === 'reduce' ? 'reduce' : 'no-preference';
  const context = await browser.newContext({ baseURL, viewport, deviceScaleFactor, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', reducedMotion });
  const page = await context.newPage();
  BASE_URL.set(page, baseURL);
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => consoleErrors.push(`pageerror: ${err.message}`));
  return { page, context, consoleErrors };
}

/**
 * With E2E_SNAP=1, screenshots go to .tmp/screenshots (git-ignored) for a person to look at; otherwise none
 * (a hundred PNG encodes of a run nobody looks at, e.g. in CI).
 */
export async function snap(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SNAP !== '1') return;
  await page.screenshot({ path: `.tmp/screenshots/${name}.png`, fullPage: false });
}

/** A download's bytes, read through the connection (the run's browser is a shared remote one). */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
