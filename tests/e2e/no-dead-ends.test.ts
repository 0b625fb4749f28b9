// Story (issue 11, "No dead ends"): every demo account opens the large screens from each 大屏 button and
// lands on a built screen (a real body, never 未找到该大屏 / 大屏加载失败 or a spinner); every enabled entry of every
// header set (enterprise, supervisory, project) opens a built screen and is highlighted there; /LargeScreen
// goes to the first built screen of the user's kind; the bell opens the notices page (China time on a PC set
// to UTC, the clocks and the greeting: china-time.test.ts). During an outage the alarm ticker says
// 数据连接中断, on a dark toast. wuquanxian (no data authority) sees one 无数据权限 page.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';

const env = withConsole();

const ACCOUNTS = ['sysadmin', 'qiye01', 'qiye02', 'jianguan01', 'xiangmu01', 'xiangmu02', 'duogongsi', 'jiaobanzhan01', 'diaodu01'] as const;
const HEADER_SETS = [
  { name: 'enterprise', title: '企业数据大屏', query: 'sortId=1' },
  { name: 'supervisory', title: '监管数据大屏', query: 'sortId=101' },
  { name: 'project', title: '项目数据大屏', query: 'sortId=21&id=11' },
] as const;

/** A built screen rendered: its body has panels or canvases with content, and no placeholder. */
async function expectBuiltScreen(page: Page, where: string): Promise<void> {
  await page.locator('.ls-body').waitFor({ timeout: 20_000 });
  await expect
    .poll(
      async () =>
        page.evaluate(() => {
          const body = document.querySelector('.ls-body');
          if (!body) return 'no body';
          if (/未找到该大屏|大屏加载失败/.test(body.textContent ?? '')) return 'placeholder';
          const panels = [...body.querySelectorAll('.ls-panel')];
          const withContent = panels.filter((p) => p.getAttribute('data-state') !== 'loading' && (p.querySelector('canvas') || (p.textContent ?? '').trim().length > 4));
          return withContent.length > 0 || body.querySelector('canvas') ? 'built' : 'empty';
        }),
      { timeout: 20_000, message: where },
    )
    .toBe('built');
}

/** Header sets already clicked through, by landing screen and set: their entry labels. */
const WALKED = new Map<string, string[]>();

/** The labels of the header's enabled entries, left half then right half. */
/** The header's entries once they are final (a project header leaves out what its projects have nothing for). */
const headerEntries = async (page: Page) => {
  await page.locator('.ls-header[data-entries="settled"]').waitFor({ timeout: 15_000 });
  return page.locator('.ls-menu .ls-menu-item').allInnerTexts();
};

describe('no dead ends', () => {
  for (const user of ACCOUNTS) {
    it(`${user}: 大屏 buttons and every header entry open built screens`, async () => {
      const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl, { width: 1440, height: 900 });
      await new LoginScreen(page).loginAs(user);

      // The header's 数据大屏 button.
      await page.getByRole('button', { name: /数据大屏/ }).click();
      await page.waitForURL(/largescreen|projectscreen/i);
      await expectBuiltScreen(page, `${user} 数据大屏`);
      const landed = new URL(page.url()).pathname;
      // Each kind lands on its §2.4 default: a project user on the project overview, an enterprise user on 工程概况,
      // a ready-mix plant's user on its 搅拌站管理 (issue 29).
      const lands = { xiangmu01: '/LargeScreen/ProjectScreen/projectOverview', qiye01: '/LargeScreen/EnterpriseScreen/engineering', jianguan01: '/LargeScreen/SupervisoryScreen/overview', jiaobanzhan01: '/LargeScreen/MixingPlant', diaodu01: '/LargeScreen/MixingPlant' } as Record<string, string>;
      if (lands[user]) expect(landed).toBe(lands[user]);
      if (user === 'xiangmu01') expect(await page.locator('.ls-title-text').innerText()).toBe('项目数据大屏');
      if (user === 'sysadmin') await snap(page, 'no-dead-ends-screen-button');

      // The function-type 大屏 tab (企业大屏 / 监管大屏 / 项目大屏) of the back office.
      await page.goto('/backHome');
      const tab = page.locator('.header-function-buttons button').nth(1);
      if ((await tab.count()) > 0) {
        await tab.click();
        await page.waitForURL(/largescreen|projectscreen/i);
        await expectBuiltScreen(page, `${user} ${await tab.innerText().catch(() => '大屏 tab')}`);
        expect(new URL(page.url()).pathname).toBe(landed);
      }

      // /LargeScreen: the same first built screen of the user's kind, no spinner.
      await page.goto('/LargeScreen');
      await page.waitForURL((u) => u.pathname !== '/LargeScreen');
      expect(new URL(page.url()).pathname).toBe(landed);
      await expectBuiltScreen(page, `${user} /LargeScreen`);

      // Every enabled entry of every header set. The entries and their targets follow the set (sortId) and,
      // in a project header, what the account's projects have (screen-targets.ts shownEntries / entryTarget /
      // withoutLacking): the first account landing on a screen with a set of entries clicks through them;
      // another account showing the same entries there is not walked again, and its screens' data is
      // covered by the width sweep (large-screens-widths) and the screens' own stories.
      for (const set of HEADER_SETS) {
        await page.goto(`${landed}?${set.query}`);
        await page.getByRole('heading', { name: set.title }).waitFor();
        const labels = await headerEntries(page);
        const key = `${landed}?${set.query}|${labels.join('、')}`;
        if (WALKED.has(key)) continue;
        WALKED.set(key, labels);
        for (let i = 0; i < labels.length; i += 1) {
          await page.locator('.ls-header[data-entries="settled"]').waitFor({ timeout: 15_000 });
          const entry = page.locator('.ls-menu .ls-menu-item').nth(i);
          await entry.click();
          await expect.poll(() => entry.getAttribute('aria-current'), { message: `${user} ${set.name} ${labels[i]}` }).toBe('page');
          await expectBuiltScreen(page, `${user} ${set.name} ${labels[i]} → ${page.url()}`);
          await page.getByRole('heading', { name: set.title }).waitFor();
        }
        if (user === 'qiye01') await snap(page, `no-dead-ends-header-${set.name}`);
      }
      expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
      await context.close();
    }, 240_000);
  }

  it('the bell opens the notices page', async () => {
    const { page, context } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('qiye01');
    await page.getByRole('link', { name: /消息通知/ }).click();
    await page.waitForURL((u) => u.pathname === '/MessageNotification/MessageNotifications');
    await page.locator('.ant-table, .ant-list, .ant-empty').first().waitFor();
    await snap(page, 'no-dead-ends-bell');
    await context.close();
  });
});

describe('outage on the large screens', () => {
  it('the alarm ticker says 数据连接中断 when the stream and the API are down, on dark toasts', async () => {
    const { page, context } = await newPage(env.browser, env.server.baseUrl, { width: 1440, height: 900 });
    await new LoginScreen(page).loginAs('qiye01');
    await page.route('**/prod-api/api/TyScreen/**', (route) => route.abort('connectionrefused'));
    await page.goto('/LargeScreen/EnterpriseScreen/overview');
    const ticker = page.getByRole('marquee', { name: '实时报警' });
    await expect.poll(() => ticker.innerText(), { timeout: 20_000 }).toContain('数据连接中断');
    expect(await ticker.innerText()).not.toContain('暂无报警');
    // A toast inside the screen shell is dark.
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: '修改密码' }).click();
    await page.locator('.ant-modal').waitFor();
    const modalBg = await page.locator('.ant-modal-content').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(luminance(modalBg), modalBg).toBeLessThan(0.3);
    await page.keyboard.press('Escape');
    await snap(page, 'outage-ticker');

    // The warning centre's ticker says the same.
    await page.goto('/LargeScreen/EnterpriseScreen/warning');
    await expect.poll(() => page.getByRole('marquee', { name: '未处理报警' }).innerText(), { timeout: 20_000 }).toContain('数据连接中断');
    await context.close();
  });

  it('a message toast on a large screen is dark', async () => {
    const { page, context } = await newPage(env.browser, env.server.baseUrl, { width: 1440, height: 900 });
    await new LoginScreen(page).loginAs('qiye01');
    await page.goto('/LargeScreen/EnterpriseScreen/overview');
    await page.locator('.ls-body').waitFor();
    // Headless Chromium refuses fullscreen without a gesture it trusts: the shell says so in a toast.
    await page.evaluate(() => {
      Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: false });
    });
    await page.getByRole('button', { name: '全屏' }).click();
    const notice = page.locator('.ant-message-notice-content').first();
    await notice.waitFor({ timeout: 10_000 });
    const bg = await notice.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(luminance(bg), bg).toBeLessThan(0.3);
    await snap(page, 'dark-toast');
    await context.close();
  });
});

describe('no data authority', () => {
  it('wuquanxian sees one 无数据权限 page in the back office and on the screens, and can go back to login', async () => {
    const { page, context } = await newPage(env.browser, env.server.baseUrl, { width: 1440, height: 900 });
    await new LoginScreen(page).open();
    await new LoginScreen(page).submit('wuquanxian');
    await page.getByText('无数据权限', { exact: true }).waitFor({ timeout: 20_000 });
    const text = await page.locator('.no-data-authority').innerText();
    expect(text).toContain('孙芳');
    expect(text).toContain('系统管理员');
    // No module, list or KPI behind it.
    expect(await page.locator('.ant-layout-sider, .ant-table, .ls-body').count()).toBe(0);
    await snap(page, 'no-data-authority');
    for (const path of ['/deviceManagement/deviceLedger/deviceType', '/LargeScreen/EnterpriseScreen/overview', '/LargeScreen']) {
      await page.goto(path);
      await page.getByText('无数据权限', { exact: true }).waitFor();
      expect(await page.locator('.ant-layout-sider, .ant-table, .ls-body').count(), path).toBe(0);
    }
    await page.getByRole('button', { name: /返回登录/ }).click();
    await page.getByPlaceholder('请输入用户名').waitFor();
    await context.close();
  });
});

/** Relative luminance 0 (black) … 1 (white) of a CSS rgb()/rgba() colour. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? ['255', '255', '255']).slice(0, 3).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}
