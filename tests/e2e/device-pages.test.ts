// Story: the two pages added as JSON only (设备类型, 巡检设备) work like the hand-made template page —
// seeded rows, search, create, export — and the equipment record viewer (§2.8) shows a device's four
// template panels and its filled records, newest first, one opened as a checklist.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { downloadBytes, newPage, snap } from './support/browser';
import { chooseFirstOption, LoginScreen } from './support/console';
import { withConsole } from './support/server';

const env = withConsole();
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const total = async (page: Page) => Number((await page.getByText(/共\s*\d+\s*条/).first().innerText()).match(/\d+/)?.[0]);

describe('pages configured as JSON only, as qiye01', () => {
  it('设备类型: lists seeded types, searches, and adds one through the generated dialog', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    const shell = await new LoginScreen(page).loginAs('qiye01');
    await page.goto('/deviceManagement/deviceLedger/deviceType');
    await rows(page).first().waitFor({ timeout: 20_000 });
    const before = await total(page);
    expect(before).toBeGreaterThanOrEqual(10);
    await snap(page, 'device-type-list');

    await page.getByPlaceholder('请输入类型名称').first().fill('塔式');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    // The unfiltered rows stay until the answer arrives: wait for the filtered list itself.
    await expect.poll(async () => {
      const texts = await rows(page).allInnerTexts();
      return texts.length > 0 && texts.every((text) => text.includes('塔式'));
    }).toBe(true);

    await page.getByRole('button', { name: /新增设备类型/ }).click();
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title') }).last();
    await dialog.waitFor();
    await dialog.getByPlaceholder(/请输入类型名称/).fill('桥式起重机');
    await dialog.getByPlaceholder(/请输入类型编码/).fill('QS');
    await chooseFirstOption(page, dialog.locator('.ant-select').nth(0));
    await chooseFirstOption(page, dialog.locator('.ant-select').nth(1));
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await shell.expectMessage('新增成功'); // this page's own message (schemas/pages/device-type.json)
    await page.getByRole('button', { name: /重\s*置/ }).click();
    await expect.poll(() => total(page)).toBe(before + 1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('巡检设备: filters by 进场日期 range and exports the filtered rows as .xlsx', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('qiye01');
    await page.goto('/deviceManagement/deviceLedger/routInspManage');
    await rows(page).first().waitFor({ timeout: 20_000 });
    const all = await total(page);
    expect(all).toBeGreaterThanOrEqual(30);
    // 所属项目 cells show project names, not ids.
    const projectCells = await page.evaluate(() => {
      const headers = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent ?? '');
      const col = headers.findIndex((h) => h.includes('所属'));
      return [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) => tr.children[col]?.textContent?.trim() ?? '');
    });
    expect(projectCells.length).toBeGreaterThan(0);
    for (const cell of projectCells) expect(cell).not.toMatch(/^\d*$/);
    await snap(page, 'rout-insp-manage-list');

    const range = page.locator('.ant-picker-range').first();
    await range.locator('input').first().fill('2024-01-01');
    await range.locator('input').nth(1).fill('2024-06-30');
    await range.locator('input').nth(1).press('Enter');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => total(page)).toBeLessThan(all);
    const filtered = await total(page);
    expect(filtered).toBeGreaterThan(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = await downloadBytes(download);
    expect(file.subarray(0, 2).toString()).toBe('PK'); // an .xlsx is a zip
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('equipment record viewer (§2.8)', () => {
  it('shows the four template panels of a chosen device and its filled records', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('qiye01');
    await page.goto('/deviceManagement/maintenance');
    await page.getByText('请选择设备，查看其巡检、运行、维修、保养模板').waitFor({ timeout: 20_000 });
    const select = page.getByRole('combobox', { name: '选择设备' });
    await select.click();
    await select.fill('TC-TCH-01');
    const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'TC-TCH-01' }).first();
    await option.waitFor();
    await option.click();
    for (const title of ['巡检模板', '运行模板', '维修模板', '保养模板']) await page.getByText(title).first().waitFor();
    await page.getByText('设备信息').waitFor();
    await page.waitForTimeout(300);
    await snap(page, 'record-viewer');
    expect(new URL(page.url()).searchParams.get('device_id')).toBeTruthy();

    // The crane's filled records (seeded 巡检, 运行, 维修, 保养), newest first; 查看 opens one as a checklist.
    const filled = page.locator('.record-filled');
    await filled.getByRole('tab', { name: /巡检记录（\d+）/ }).waitFor({ timeout: 20_000 });
    await filled.getByRole('tab', { name: /保养记录（\d+）/ }).waitFor();
    const panel = filled.locator('.ant-tabs-tabpane-active');
    const times = (await panel.locator('.ant-table-tbody tr.ant-table-row td:first-child').allInnerTexts()).map((t) => t.trim());
    expect(times.length).toBeGreaterThanOrEqual(2);
    expect(times).toEqual([...times].sort().reverse());
    await panel.getByRole('button', { name: /查\s*看/ }).first().click();
    const drawer = page.locator('.record-drawer');
    await drawer.getByText('巡检记录详情').waitFor();
    await drawer.getByText('检查内容').waitFor();
    await expect.poll(() => drawer.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(3);
    expect(await drawer.getByText(times[0]!).count()).toBeGreaterThan(0);
    expect(await drawer.locator('.ant-tag', { hasText: /^(不)?合格$/ }).count()).toBeGreaterThan(3);
    await page.waitForTimeout(300); // the drawer's slide-in, for the picture only
    await snap(page, 'record-viewer-filled');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
