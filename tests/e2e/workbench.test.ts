// docs/workbench.md in Chromium against the real server: xiangmu01 opens 工作台 from the header, sees its
// pending tasks grouped by business with counts, clicks the newest 工资发放 task and lands on 工资发放 with
// exactly that record listed (its state 未审核); sysadmin opens 运行配置 (the database kind, the loaded
// metadata, no secret), which a non-administrator's router does not have. No console error.
import { describe, expect, it } from 'vitest';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';
import { rows, stateOf } from './support/engine-page';

const env = withConsole();

describe('工作台 and 运行配置', () => {
  it('a pending task is listed on 工作台 and its click opens the record on its page', async () => {
    const { page, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('xiangmu01');
    await page.getByRole('link', { name: '工作台' }).click();
    await page.waitForURL(/\/indexHomes$/);
    const payroll = page.getByRole('region', { name: '工资发放待办' });
    await payroll.waitFor({ timeout: 20_000 });
    await expect.poll(() => payroll.locator('.ant-badge-count').first().innerText()).toMatch(/^\d+$/);
    const first = payroll.locator('.wb-rows li').first();
    const summary = (await first.locator('.wb-row-link').innerText()).split(' · ')[0];
    expect(await first.locator('.wb-state').innerText()).toBe('未审核');
    await snap(page, 'workbench');
    await first.locator('.wb-row-link').click();
    await page.waitForURL(/\/personnel\/payroll\?filters=/);
    await rows(page).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().innerText()).toContain(summary);
    expect(await stateOf(rows(page).first())).toBe('未审核');
    expect(consoleErrors).toEqual([]);
  }, 120_000);

  it('运行配置 shows an administrator what runs, and no secret', async () => {
    const { page, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('sysadmin');
    await page.goto('/indexHomes');
    await page.getByRole('link', { name: '运行配置' }).click();
    await page.waitForURL(/\/DevelopmentConfig$/);
    const status = page.locator('.ant-card').filter({ hasText: '运行状态' });
    await status.getByText('数据库').waitFor({ timeout: 20_000 });
    const text = await page.locator('main, .ant-layout-content').first().innerText();
    expect(text).toMatch(/PGlite|PostgreSQL/);
    expect(text).toContain('已加载的元数据');
    expect(text).not.toMatch(/postgres:\/\/|password/i);
    await snap(page, 'development-config');
    expect(consoleErrors).toEqual([]);
  }, 120_000);

  it('a non-administrator has no 运行配置 page', async () => {
    const { page } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('qiye01');
    await page.goto('/indexHomes');
    await page.getByRole('region', { name: /待办/ }).first().waitFor({ timeout: 20_000 });
    expect(await page.getByRole('link', { name: '运行配置' }).count()).toBe(0);
    // Its router has no such route (role metadata admin): 404, never the configuration.
    const asked: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/DevelopmentConfig/GetRunningConfig')) asked.push(r.status());
    });
    await page.goto('/DevelopmentConfig');
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/404$/);
    expect(await page.getByText('已加载的元数据').count()).toBe(0);
    expect(asked.every((s) => s === 403)).toBe(true);
  }, 120_000);
});
