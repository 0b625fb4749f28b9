// Story (§2.4, §2.5, §2.6): from the back office a user switches to the large screen of their kind,
// sees the header menus of §2.5 at wall-display widths, and returns with 管理后台. Issue 29: every company
// kind's 数据大屏 lands on its own family (the ready-mix plant on its own screens), and an address naming a
// project (pjctid1) shows that one project in the header as in the body.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';

const env = withConsole();

/** Each company kind's landing screen and the header's family (entries, the current one, the title). */
const KINDS = [
  { user: 'qiye01', kind: '企业', path: /\/LargeScreen\/EnterpriseScreen\/engineering$/, title: '企业数据大屏', current: '项目概况', family: ['项目概况', '项目管理', '人员管理', '视频监控'] },
  { user: 'jianguan01', kind: '监管', path: /\/LargeScreen\/SupervisoryScreen\/overview\?sortId=101$/, title: '监管数据大屏', current: '项目概况', family: ['项目概况', '人员管理'] },
  { user: 'xiangmu01', kind: '项目', path: /\/LargeScreen\/ProjectScreen\/projectOverview\?sortId=21&pjctid1=\d+$/, title: '项目数据大屏', current: '项目概况', family: ['项目概况', '进度管理', '人员管理', '视频监控'] },
  { user: 'jiaobanzhan01', kind: '搅拌站', path: /\/LargeScreen\/MixingPlant$/, title: '企业数据大屏', current: '搅拌站管理', family: ['搅拌站管理', '混凝土生产', '搅拌站台账', '搅拌站扬尘', '搅拌站视频'] },
] as const;

const menuLabels = (page: Page) => page.locator('.ls-menu .ls-menu-item').allInnerTexts();

const projectIdOf = (page: Page, name: string) =>
  page.evaluate(async (projectName) => {
    const token = document.cookie.split('; ').find((c) => c.startsWith('access_token='))?.split('=')[1] ?? '';
    const r = await fetch('/prod-api/api/Project/WhereProjectList?index=0&size=500', { headers: { Authorization: `Bearer ${token}` } });
    const body = (await r.json()) as { data?: Array<{ projectPosInfo: { id: string; projectName: string } }> };
    return (body.data ?? []).map((p) => p.projectPosInfo).find((p) => p.projectName === projectName)?.id;
  }, name);

describe('large-screen shell', () => {
  it('qiye01 opens the enterprise screen from the header and comes back with 管理后台', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl, { width: 1920, height: 1080 });
    await new LoginScreen(page).loginAs('qiye01');
    await page.getByRole('button', { name: /数据大屏/ }).click();
    await page.waitForURL(/\/LargeScreen\/EnterpriseScreen\/engineering/);
    await page.getByRole('heading', { name: '企业数据大屏' }).waitFor();
    const entries = (await page.locator('.ls-menu').allInnerTexts()).join(' ');
    for (const label of ['项目概况', '项目管理', '人员管理', '视频监控', '特种设备', '质量管理', '安全管理', '环境监测']) {
      expect(entries).toContain(label);
    }
    // §9: the root font follows the width relative to 1920 px.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('16px');
    await snap(page, 'large-screen-enterprise');
    await page.getByRole('button', { name: /管理后台/ }).click();
    await page.waitForURL((u) => !u.pathname.toLowerCase().includes('largescreen'));
    // Seen once to time out on a busy machine: say where the page stood.
    await page
      .getByRole('button', { name: '用户菜单' })
      .waitFor()
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\nat ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 300)}\nconsole: ${consoleErrors.join(' | ')}`);
      });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it.each(KINDS)('$user ($kind) clicks 数据大屏 and lands on its own family', async ({ user, path, title, current, family }) => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl, { width: 1920, height: 1080 });
    await new LoginScreen(page).loginAs(user);
    await page.getByRole('button', { name: /数据大屏/ }).click();
    await page.waitForURL(path);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.locator('.ls-body .ls-panel').first().waitFor({ timeout: 20_000 });
    const labels = await menuLabels(page);
    for (const label of family) expect(labels, user).toContain(label);
    expect(await page.locator('.ls-menu-item[aria-current="page"]').innerText()).toBe(current);
    // xiangmu01 lands on 甜城湖, which has no tunnel: its header leaves 隧道管理 out (issue 27).
    if (user === 'xiangmu01') await expect.poll(() => menuLabels(page), { timeout: 15_000 }).not.toContain('隧道管理');
    if (user === 'jiaobanzhan01') {
      // Only the plant's own screens: none of the construction company's.
      expect(labels).toEqual(family);
      await page.locator('.ls-body .ls-panel[data-state="ready"]').first().waitFor({ timeout: 20_000 });
      await snap(page, 'plant-landing-1920');
      // The family's entries open its screens, and the header stays the plant's.
      await page.getByRole('button', { name: '混凝土生产', exact: true }).click();
      await page.waitForURL(/\/LargeScreen\/ProductionScreen\?id=32$/);
      expect(await menuLabels(page)).toEqual(family);
      expect(await page.locator('.ls-menu-item[aria-current="page"]').innerText()).toBe('混凝土生产');
      // 管理后台 of 搅拌站管理 opens its own back-office page.
      await page.getByRole('button', { name: '搅拌站管理', exact: true }).click();
      await page.waitForURL(/\/LargeScreen\/MixingPlant\?id=31$/);
      await page.getByRole('button', { name: /管理后台/ }).click();
      await page.waitForURL(/\/concretePlant\/order$/);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a pjctid1 link shows that one project in the header’s title and picker as in the body; the picker moves the address', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl, { width: 1920, height: 1080 });
    await new LoginScreen(page).loginAs('qiye01');
    const other = '内自同城快速通道（大安段）';
    const id = await projectIdOf(page, other);
    expect(id).toBeTruthy();
    // The session's own project (the first, 甜城湖) is another one.
    await page.goto(`/LargeScreen/ProjectScreen/tunnelManager?pjctid1=${id}`);
    await page.getByRole('heading', { name: '项目数据大屏' }).waitFor();
    await expect.poll(() => page.locator('.ls-title-project').innerText(), { timeout: 15_000 }).toBe(other);
    const picked = page.locator('.ls-project-select .ant-select-selection-item');
    await expect.poll(() => picked.innerText(), { timeout: 15_000 }).toBe(other);
    const tube = page.getByRole('region', { name: '隧道纵断面' });
    await expect.poll(() => tube.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    expect(await tube.innerText()).toContain('凤鸣山隧道');
    expect(await page.locator('.ls-menu-item').allInnerTexts()).toContain('隧道管理');
    expect(await page.locator('.ls-root').innerText()).not.toContain('甜城湖');
    await snap(page, 'pjctid1-tunnel-1920');
    // The picker puts its choice in the address; header and body follow it.
    await page.locator('.ls-project-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '甜城湖片区棚户区改造项目' }).click();
    await page.waitForURL((u) => u.searchParams.get('pjctid1') !== id && u.searchParams.has('pjctid1'));
    await expect.poll(() => page.locator('.ls-title-project').innerText()).toBe('甜城湖片区棚户区改造项目');
    await expect.poll(() => picked.innerText()).toBe('甜城湖片区棚户区改造项目');
    await expect.poll(() => tube.innerText(), { timeout: 20_000 }).toContain('本项目无隧道');
    // Every panel of that wall says why it is empty (issue 27), and the header leaves out 混凝土 (no plant
    // supplies 甜城湖) while it keeps 隧道管理, the entry being shown.
    const panels = page.locator('.ls-body .ls-panel');
    await expect.poll(() => panels.evaluateAll((els) => els.filter((el) => el.getAttribute('data-state') !== 'empty').length), { timeout: 20_000 }).toBe(0);
    const panelTexts = await panels.evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText));
    expect(panelTexts.length).toBeGreaterThanOrEqual(5);
    for (const text of panelTexts) expect(text).toContain('本项目无隧道');
    const entries = () => page.locator('.ls-menu-item').allInnerTexts();
    await expect.poll(entries, { timeout: 15_000 }).not.toContain('混凝土');
    expect(await entries()).toContain('隧道管理');
    await snap(page, 'no-tunnel-1920');
    // 混凝土 with pjctid1, at the address of the issue (its picker read 甜城湖 there too).
    await page.goto(`/LargeScreen/ProjectScreen/concrete?pjctid1=${id}`);
    await page.getByRole('main', { name: '混凝土' }).waitFor();
    await expect.poll(() => page.locator('.ls-project-select .ant-select-selection-item').innerText(), { timeout: 15_000 }).toBe(other);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the project set by id > 10 splits into two halves and scales at 3840 and 1024 widths', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl, { width: 3840, height: 2160 });
    await new LoginScreen(page).loginAs('xiangmu01');
    await page.goto('/LargeScreen/ProjectScreen/projectOverview?sortId=21&id=11');
    await page.getByRole('heading', { name: '项目数据大屏' }).waitFor();
    const [left, right] = await Promise.all([page.locator('.ls-menu-left a, .ls-menu-left button').count(), page.locator('.ls-menu-right a, .ls-menu-right button').count()]);
    // Only entries of built screens are shown (issue 11), split into halves (the left takes the odd one).
    expect(left - right).toBeGreaterThanOrEqual(0);
    expect(left - right).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px'); // capped at 2×
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect.poll(() => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize))).toBeCloseTo((16 * 1024) / 1920, 1);
    await snap(page, 'large-screen-project-1024');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
