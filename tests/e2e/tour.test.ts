// Story: a user opens every page of the platform from the menu and sees real data in Chinese, with no
// console error. Screenshots land in .tmp/screenshots for a person to look at.
import { describe, expect, it } from 'vitest';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';

const env = withConsole();

describe('a tour of the back office as qiye01', () => {
  it('shows the login and register screens in Chinese', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).open();
    await snap(page, 'tour-login');
    await page.getByRole('link', { name: '注册' }).click();
    await page.waitForURL(/\/register/);
    await page.getByPlaceholder(/手机/).first().waitFor();
    await snap(page, 'tour-register');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('opens home, account, notices, icons, a generated page and a missing page with their content', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('qiye01');

    // Home: counts come from the seeded projects (8 in the group company's scope).
    await page.getByText('项目总数').waitFor();
    await page.getByText('甜城湖片区棚户区改造项目').first().waitFor();
    await page.getByText('加载中请稍后').waitFor({ state: 'detached' }).catch(() => {});
    expect(await page.title()).toBe('首页 - 项目平台');
    await snap(page, 'tour-home');

    await page.locator('.ant-menu-submenu-title', { hasText: '我的账户' }).click();
    await page.getByRole('menuitem', { name: /个人信息/ }).click();
    await page.getByText('李明').first().waitFor();
    await page.getByText('13890510002').first().waitFor();
    await snap(page, 'tour-account');

    await page.locator('.ant-menu-submenu-title', { hasText: '消息通知' }).click();
    await page.getByRole('menuitem', { name: /系统通知/ }).click();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(0);
    await page.getByText(/共\s*\d+\s*条/).first().waitFor();
    await page.getByText('10 条/页').first().waitFor(); // antd's zh_CN locale is in force app-wide
    await snap(page, 'tour-notices');

    // Reading a notice lowers the unread badge.
    const badge = page.locator('.ant-badge .ant-scroll-number').first();
    const before = Number(await badge.getAttribute('title'));
    await page.getByRole('tab', { name: /未读/ }).click();
    await page.getByRole('button', { name: /查\s*看/ }).first().click();
    const detail = page.getByRole('dialog');
    await detail.waitFor();
    await page.waitForTimeout(400); // let the opening animation settle for the screenshot
    await snap(page, 'tour-notice-detail');
    await detail.getByRole('button', { name: /关\s*闭/ }).click();
    await detail.waitFor({ state: 'hidden' });
    await page.waitForFunction(
      (b) => Number(document.querySelector('.ant-badge .ant-scroll-number')?.getAttribute('title') ?? 0) === b - 1,
      before,
    );

    await page.locator('.ant-menu-submenu-title', { hasText: '系统管理' }).click();
    await page.getByRole('menuitem', { name: /图标库/ }).click();
    const tiles = page.locator('.icon-gallery-tile');
    await tiles.first().waitFor();
    expect(await tiles.count()).toBe(72);
    await page.getByPlaceholder('搜索图标名称').fill('HomeOutlined');
    await page.getByRole('button', { name: 'HomeOutlined', exact: true }).click();
    await page.locator('.ant-message-notice', { hasText: '复制成功' }).waitFor();
    await snap(page, 'tour-icons');

    // A generated page opens from the menu with its rows (every page: tests/e2e/every-page.test.ts).
    await page.getByRole('menuitem', { name: /用户管理/ }).click();
    await page.locator('.ant-table-row').first().waitFor();
    await page.getByText('qiye02').first().waitFor();
    await snap(page, 'tour-users');

    await page.goto('/no/such/page');
    await page.getByText('404').first().waitFor();
    await snap(page, 'tour-404');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
