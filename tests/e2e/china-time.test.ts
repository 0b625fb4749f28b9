// Story (issue 23, docs/architecture.md "Time"): the console shows China time (Asia/Shanghai) whatever zone
// the PC or the wall display is set to. With the browser in UTC and in Asia/Shanghai, and its clock faked to
// 00:30 China time — when UTC's calendar still names the day before — the login's times / endtim (§3.6), the
// project overview's clock, 环境实况 and 报警信息 times, and a list search's 最近一周 shortcut and today all
// say China's date and time. Also: the back office's clock and greeting on a UTC PC.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { snap } from './support/browser';
import { DEMO_PASSWORD, LoginScreen } from './support/console';
import { expectPanelsReady, openScreen } from './support/screens';
import { withConsole } from './support/server';

const env = withConsole();

const DAY_MS = 86_400_000;
const CHINA_MS = 8 * 3_600_000;
const OVERVIEW = '/LargeScreen/ProjectScreen/projectOverview';
const ATTENDANCE = '/personnel/attendance';

/** China's wall clock of an instant, as YYYY-MM-DD HH:mm (UTC fields of the instant + 8 h). */
const chinaText = (ms: number): string => new Date(ms + CHINA_MS).toISOString().slice(0, 16).replace('T', ' ');
const chinaDay = (ms: number): string => chinaText(ms).slice(0, 10);
/** A server timestamp (ISO with Z) as the screens show it, MM-DD HH:mm China time. */
const shown = (iso: string): string => chinaText(Date.parse(iso)).slice(5);

async function newContextPage(browser: Browser, baseURL: string, timezoneId: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1920, height: 1080 }, locale: 'zh-CN', timezoneId, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => consoleErrors.push(`pageerror: ${err.message}`));
  return { context, page, consoleErrors };
}

/** Polls `read` until it gives `want()` or 10 s pass; the last value read (checked by the caller, softly). */
async function settled(read: () => Promise<string>, want: () => string, timeout = 10_000): Promise<string> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (value === want() || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

type Overview = { environment: { latest: { time: string } | null }; alarms: Array<{ time: string }> };

/** The newest ProjectOverview answer the page received (the screen may ask twice: first project, then the header's). */
function watchOverview(page: Page): { latest: Overview | null } {
  const seen = { latest: null as Overview | null };
  page.on('response', async (res) => {
    if (!res.url().includes('/api/TyScreen/ProjectOverview') || !res.ok()) return;
    try {
      seen.latest = ((await res.json()) as { data: Overview }).data;
    } catch {
      /* the page went on */
    }
  });
  return seen;
}

describe('China time whatever the browser’s zone, at 00:30 China time', () => {
  // The next 00:30 China time from now: 16:30 UTC of the day before, whatever the hour this runs at.
  const now = Date.now();
  const fake = Math.floor((now + CHINA_MS) / DAY_MS) * DAY_MS + DAY_MS - CHINA_MS + 30 * 60_000;
  const today = chinaDay(fake);
  const weekAgo = chinaDay(fake - 7 * DAY_MS);

  it.each(['UTC', 'Asia/Shanghai'])('with the browser in %s', async (zone) => {
    expect(new Date(fake).toISOString().slice(0, 10)).not.toBe(today); // the two calendars disagree then
    const { context, page, consoleErrors } = await newContextPage(env.browser, env.server.baseUrl, zone);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(zone);
    await page.clock.install({ time: fake }); // runs on from 00:30 China time
    const overview = watchOverview(page);
    await new LoginScreen(page).loginAs('xiangmu01', DEMO_PASSWORD, { fresh: true });

    // §3.6: the login stores today's China day bounds.
    const bounds = await page.evaluate(() => [localStorage.getItem('times'), localStorage.getItem('endtim')]);
    expect.soft(bounds).toEqual([`${today} 00:00:00`, `${today} 23:59:59`]);

    // The project overview: the clock, 环境实况's reading time and 报警信息's times are China's.
    await openScreen(page, OVERVIEW);
    await expectPanelsReady(page);
    const clock = page.locator('time.ls-clock');
    expect.soft((await clock.getAttribute('datetime'))?.slice(0, 16)).toMatch(new RegExp(`^${today}T00:3\\d`));
    expect.soft(await page.locator('.ls-clock-time').innerText()).toMatch(/^00:3\d/);
    const envTime = page.getByRole('region', { name: '环境实况' }).locator('.ls-panel-extra');
    await expect.poll(() => overview.latest?.environment.latest?.time ?? null, { timeout: 20_000 }).not.toBeNull();
    const envShown = await settled(async () => (await envTime.innerText()).trim(), () => shown(overview.latest!.environment.latest!.time));
    expect.soft(envShown).toBe(shown(overview.latest!.environment.latest!.time));
    const alarms = overview.latest!.alarms;
    expect(alarms.length).toBeGreaterThan(0);
    expect.soft(await page.getByRole('region', { name: '报警信息' }).locator('.ls-panel-body').innerText()).toContain(shown(alarms[0].time));
    await snap(page, `china-time-project-overview-${zone.replace('/', '-')}`);

    // A list search: the 最近一周 shortcut ends today (China's) and the calendar marks China's today.
    await page.goto(ATTENDANCE);
    const start = page.getByPlaceholder('开始日期').first();
    await start.click();
    const popup = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
    await popup.waitFor();
    expect.soft(await popup.locator('.ant-picker-cell-today').getAttribute('title')).toBe(today);
    await popup.locator('.ant-picker-presets li', { hasText: '最近一周' }).click();
    expect.soft(await settled(() => start.inputValue(), () => weekAgo)).toBe(weekAgo);
    expect.soft(await page.getByPlaceholder('结束日期').first().inputValue()).toBe(today);

    expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  });
});

describe('China time on a PC set to UTC', () => {
  it('the header clocks follow Asia/Shanghai and the greeting names the person', async () => {
    const context = await env.browser.newContext({ baseURL: env.server.baseUrl, viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'UTC' });
    const page = await context.newPage();
    await new LoginScreen(page).loginAs('qiye01', DEMO_PASSWORD, { fresh: true });
    // The server's clock, as China's wall clock (UTC+8).
    const serverDate = (await (await fetch(`${env.server.baseUrl}/prod-apicore/api/token/getToken`)).headers.get('date')) ?? '';
    const china = new Date(Date.parse(serverDate) + 8 * 3600_000);
    const hhmm = (d: Date) => `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
    const accepted = [hhmm(china), hhmm(new Date(china.getTime() + 60_000))];
    const clock = await page.locator('.header-clock').innerText();
    expect(accepted.some((t) => clock.includes(t)), `${clock} vs ${accepted.join('/')}`).toBe(true);
    // The greeting names 李明 (qiye01's real name), not the login name.
    const greeting = await page.locator('h4').first().innerText();
    expect(greeting).toMatch(/好，李明$/);
    const hour = china.getUTCHours();
    const expected = hour < 6 ? '凌晨好' : hour < 9 ? '早上好' : hour < 12 ? '上午好' : hour < 14 ? '中午好' : hour < 18 ? '下午好' : '晚上好';
    expect(greeting.startsWith(expected), `${greeting} at China hour ${hour}`).toBe(true);
    await snap(page, 'china-time-backoffice-utc');

    await page.goto('/LargeScreen/EnterpriseScreen/overview');
    const screenTime = await page.locator('.ls-clock-time').innerText();
    expect(accepted.some((t) => screenTime.startsWith(t)), `${screenTime} vs ${accepted.join('/')}`).toBe(true);
    await context.close();
  });
});
