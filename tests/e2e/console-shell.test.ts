// docs/console-shell.md in a real browser against the real server: the notice banner appears 13 s after
// the back office opens with the newest unread notice (§2.6, §9), and a screen addressed by a company
// (§2.4 sortId=1&enterpid1=) shows that company's projects on the dartGreen map (§9), or the refusal.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage } from './support/browser';
import { LoginScreen } from './support/console';
import { openScreen } from './support/screens';
import { withConsole } from './support/server';

const env = withConsole();

async function getJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const token = document.cookie.split('; ').find((c) => c.startsWith('access_token='))?.split('=')[1] ?? '';
    const r = await fetch(p, { headers: { Authorization: `Bearer ${token}`, fromplat: 'pc' } });
    return r.json();
  }, path) as Promise<T>;
}

describe('console shell', () => {
  it('the notice banner shows the newest unread notice 13 s after the back office opens', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('qiye01');
    const opened = Date.now();
    const unread = await getJson<{ data: Array<{ title: string }> }>(page, '/prod-api/api/SysNotice/GetSysNoticeList?index=0&size=500&sysNoticeIsRead=0');
    expect(unread.data.length).toBeGreaterThan(0);
    expect(await page.locator('.notice-banner').count()).toBe(0);
    const banner = page.locator('.notice-banner');
    await banner.waitFor({ timeout: 25_000 });
    expect(Date.now() - opened).toBeGreaterThan(11_000);
    expect(await banner.innerText()).toContain(`新通知：${unread.data[0].title}`);
    await banner.getByRole('button', { name: '查看' }).click();
    await page.getByRole('dialog').getByText(unread.data[0].title).first().waitFor();
    expect(await banner.count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 60_000);

  it("enterpid1 opens a subsidiary's overview: its projects on the dartGreen map; an unknown company is refused", async () => {
    const { page, context } = await newPage(env.browser, env.server.baseUrl, { width: 1920, height: 1080 });
    await new LoginScreen(page).loginAs('qiye01');
    const orgs = await getJson<{ data: Array<{ id: string; name: string }> }>(page, '/prod-api/api/Org/GetOrgList?index=0&size=100');
    const road = orgs.data.find((o) => o.name === '内江建工路桥工程有限公司');
    expect(road).toBeDefined();
    const projects = await getJson<{ data: Array<{ projectPosInfo: { id: string; projectName: string } }> }>(page, '/prod-api/api/Project/WhereProjectList?index=0&size=100');
    const all = projects.data.length;

    await openScreen(page, `/LargeScreen/EnterpriseScreen/overview?sortId=1&enterpid1=${road!.id}`);
    const map = page.getByTestId('project-map');
    expect(await map.getAttribute('data-map-style')).toBe('dartGreen');
    await expect.poll(() => page.evaluate(() => (window as unknown as { __lsMap?: { markerIds(): string[] } }).__lsMap?.markerIds().length ?? -1), { timeout: 20_000 }).toBe(3);
    expect(all).toBeGreaterThan(3);
    expect(await page.getByRole('group', { name: '项目总数' }).getAttribute('data-value')).toBe('3');

    await openScreen(page, '/LargeScreen/EnterpriseScreen/overview?sortId=1&enterpid1=999999');
    await page.getByRole('region', { name: '项目分布' }).getByText('项目不存在或不在您的权限范围内').waitFor({ timeout: 20_000 });
    await context.close();
  }, 90_000);
});
