// Story (issue 13, docs/devices.md), in Chromium against the real server, as qiye01: register a tower crane
// on 塔吊 (its 备案编号 from 川), fill a 巡检记录 for it from its type's template with one 不合格 answer (the form
// lists the template's questions once the device is chosen), see the record 不合格 / 待整改 and the 整改单 it
// opened, close that 整改单 with its 整改措施, and find the record 已整改 and in the crane's 设备档案.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';

/** A 1×1 PNG: a real image for the per-question photo. */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const env = withConsole();
const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');
const dialogTitled = (page: Page, title: string) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: new RegExp(`^${title}$`) }) });
const itemOf = (page: Page, dialog: Locator) => (label: string) =>
  dialog.locator('.ant-formily-item').filter({ has: page.locator('.ant-formily-item-label', { hasText: new RegExp(`^\\s*\\*?\\s*${label}`) }) }).first();

async function pick(page: Page, select: Locator, text?: string): Promise<void> {
  await select.click();
  if (text) await select.locator('input').first().fill(text);
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  const option = text ? open.locator('.ant-select-item-option', { hasText: text }).first() : open.locator('.ant-select-item-option').first();
  await option.waitFor();
  await option.click();
  await open.waitFor({ state: 'hidden' });
}

async function fillDate(item: Locator, value: string): Promise<void> {
  const input = item.locator('input').first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

describe('设备: a crane, its inspection and the rectification', () => {
  it('registers a crane, fills an inspection with a 不合格 answer and closes the rectification', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    const shell = await new LoginScreen(page).loginAs('qiye01');
    const name = `E2E塔吊${Date.now() % 100000}`;
    const code = `E2E${Date.now() % 1000000}`;

    await page.goto('/deviceManagement/deviceLedger/towerCrane');
    await rows(page).first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: /新增塔吊/ }).click();
    const form = dialogTitled(page, '新增塔吊');
    await form.waitFor();
    const item = itemOf(page, form);
    await item('设备编号').locator('input').fill(code);
    await item('设备名称').locator('input').fill(name);
    await pick(page, item('所属项目').locator('.ant-select'));
    await item('备案编号').locator('input').fill('川BC-T2026-0188');
    await item('规格型号').locator('input').fill('QTZ80(TC6010)');
    await item('额定起重量').locator('input').fill('6');
    await item('额定起重力矩').locator('input').fill('800');
    await item('臂长').locator('input').fill('60');
    await item('安装高度').locator('input').fill('45');
    await fillDate(item('安装日期'), today);
    await snap(page, 'device-crane-form');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await shell.expectMessage('提交成功');
    await rows(page).filter({ hasText: name }).first().waitFor();
    await snap(page, 'device-crane-list');

    await page.goto('/deviceManagement/deviceManage/inspRecord');
    await rows(page).first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: /填写巡检记录/ }).click();
    const record = dialogTitled(page, '新增巡检记录');
    await record.waitFor();
    const field = itemOf(page, record);
    await pick(page, field('所属项目').locator('.ant-select'));
    await pick(page, field('设备').locator('.ant-select'), name);
    const questions = record.locator('[data-question]');
    await questions.first().waitFor({ timeout: 15_000 });
    const count = await questions.count();
    expect(count).toBeGreaterThan(3);
    for (let i = 0; i < count; i += 1) {
      await questions.nth(i).getByText(i === 1 ? '不合格' : '合格', { exact: true }).click();
    }
    await questions.nth(1).getByPlaceholder('请说明不合格情况').fill('标准节螺栓松动');
    // A photo of the failed item, on the question itself.
    const photos = questions.nth(1).getByRole('group', { name: '第2项照片' });
    await photos.locator('input[type=file]').setInputFiles({ name: '螺栓松动.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
    await photos.locator('img[src*="/prod-api/api/Upload/File/"]').first().waitFor({ timeout: 15_000 });
    await field('检查人').locator('input').fill('张伟');
    await fillDate(field('检查时间'), `${today} 09:30:00`);
    await snap(page, 'device-inspection-form');
    await record.getByRole('button', { name: /确\s*定/ }).click();
    await shell.expectMessage('提交成功');
    const filled = rows(page).filter({ hasText: name }).first();
    await filled.waitFor();
    expect(await filled.innerText()).toContain('不合格');
    expect(await filled.innerText()).toContain('待整改');
    // The detail shows the answer's photo next to it.
    await filled.getByRole('button', { name: /查\s*看/ }).click();
    const detail = page.locator('.ant-drawer, .ant-modal').filter({ hasText: '标准节螺栓松动' }).last();
    await detail.locator('img[src*="/prod-api/api/Upload/File/"]').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => detail.getAttribute('class')).not.toMatch(/zoom-appear/); // opened, not still zooming in
    await snap(page, 'device-inspection-photo');

    await page.goto('/deviceManagement/deviceManage/rectification');
    const open = rows(page).filter({ hasText: name }).first();
    await open.waitFor({ timeout: 20_000 });
    expect(await open.innerText()).toContain('标准节螺栓松动');
    await open.getByRole('button', { name: /整改关闭/ }).click();
    const close = dialogTitled(page, '整改关闭');
    await close.waitFor();
    await close.getByRole('button', { name: /确\s*定/ }).click();
    await close.getByText('请输入整改措施').first().waitFor();
    await close.locator('textarea').first().fill('已紧固标准节螺栓，复查合格');
    await close.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => open.locator('.engine-state-tag').innerText()).toBe('已关闭');
    await snap(page, 'device-rectification-closed');

    await page.goto('/deviceManagement/deviceManage/inspRecord');
    const done = rows(page).filter({ hasText: name }).first();
    await done.waitFor({ timeout: 20_000 });
    expect(await done.innerText()).toContain('已整改');
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 300_000);
});
