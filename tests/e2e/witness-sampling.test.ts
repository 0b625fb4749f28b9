// The testing story of issue 14 ("Done when: an unqualified sample raises an alarm"), as a new user would try
// it, in Chromium against the real server: the project user xiangmu01 records a 见证取样 of 甜城湖片区棚户区改造
// 项目 in 见证取样's dialog (sampler, witness, seal, institution, a photo, its 检测项目) — 已取样; sends it (已送检),
// the institution receives it (检测中), the measured value goes into the test item (不合格), and 出具报告 with
// 检测结论 不合格 (已出报告). The 检测不合格 alarm is then in 告警记录 and on the 样品管理 screen's 不合格样品.
// No console error.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';
import { choose, confirm, dialogTitled, fill, itemOf, move, rowOf, rows, stateOf } from './support/engine-page';

const env = withConsole();
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PROJECT = '甜城湖片区棚户区改造项目';

/** China's wall time `minutes` from now, as the pickers take it. */
const cst = (minutes = 0) => new Date(Date.now() + 8 * 3_600_000 + minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');

async function pick(dialog: Locator, label: string, value: string): Promise<void> {
  const input = itemOf(dialog, label).locator('input').first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** Picks an option of a select inside the child table (the open dropdown is the last one). */
async function chooseInTable(page: Page, select: Locator, text: string): Promise<void> {
  await select.click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await dropdown.locator('.ant-select-item-option', { hasText: text }).first().click();
  await dropdown.waitFor({ state: 'hidden' });
}

async function openSamples(page: Page): Promise<void> {
  await page.goto('/testing/witnessSample');
  await rows(page).first().waitFor({ timeout: 20_000 });
}

describe('检测管理: an unqualified sample raises an alarm', () => {
  it('xiangmu01 records, sends and reports a sample as 不合格; the alarm appears', async () => {
    const { page, consoleErrors, context } = await newPage(env.browser, env.server.baseUrl);
    const sampleNo = `NJJG-JZ-E2E-${String(Date.now() % 100_000).padStart(5, '0')}`;
    await new LoginScreen(page).loginAs('xiangmu01');

    // 1. 登记取样 with a photo and one test item.
    await openSamples(page);
    await page.getByRole('button', { name: /登记取样/ }).click();
    const add = dialogTitled(page, '登记见证取样');
    await add.waitFor();
    await fill(add, '样品编号', sampleNo);
    await choose(page, add, '所属项目', PROJECT);
    await choose(page, add, '材料类别', '混凝土试块');
    await fill(add, '规格/等级', 'C30');
    await fill(add, '工程部位', '3#楼16层顶板梁板');
    await fill(add, '样品数量', '3');
    await fill(add, '取样人', '王小川');
    await fill(add, '见证人', '何建平');
    await pick(add, '取样时间', cst(-90));
    await fill(add, '封样编号', `FY-E2E-${sampleNo.slice(-5)}`);
    await choose(page, add, '检测机构', '内江市建设工程质量检测中心');
    await add.locator('input[type=file]').first().setInputFiles({ name: '取样照片.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
    await add.locator('img[src*="/prod-api/api/Upload/File/"]').first().waitFor({ timeout: 15_000 });
    const items = add.locator('.engine-child-table');
    await items.getByRole('button', { name: '新增一行' }).click();
    await items.getByLabel('检测项目').last().fill('抗压强度（28d）');
    await items.getByLabel('标准要求').last().fill('≥30.0MPa');
    await snap(page, 'witness-sampling-record');
    await confirm(add);
    await add.waitFor({ state: 'detached', timeout: 15_000 });
    const row = rowOf(page, sampleNo);
    await expect.poll(() => stateOf(row), { timeout: 15_000 }).toBe('已取样');

    // 2. 送检, then the institution's 收样检测.
    await move(page, row, '送检', (dialog) => pick(dialog, '送检时间', cst(-30)));
    await expect.poll(() => stateOf(row), { timeout: 15_000 }).toBe('已送检');
    await move(page, row, '收样检测', async () => undefined);
    await expect.poll(() => stateOf(row), { timeout: 15_000 }).toBe('检测中');

    // 3. The measured value: 27.6MPa, 不合格.
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const edit = dialogTitled(page, '编辑见证取样');
    await edit.waitFor();
    const table = edit.locator('.engine-child-table');
    await table.getByLabel('实测值').first().fill('27.6MPa');
    await chooseInTable(page, table.locator('.ant-select').first(), '不合格');
    await confirm(edit);
    await edit.waitFor({ state: 'detached', timeout: 15_000 });

    // 4. 出具报告 不合格.
    await move(page, row, '出具报告', async (dialog) => {
      await fill(dialog, '报告编号', `NJJC-HNT-E2E-${sampleNo.slice(-5)}`);
      await pick(dialog, '报告日期', cst().slice(0, 10));
      await choose(page, dialog, '检测结论', '不合格');
    });
    await expect.poll(() => stateOf(row), { timeout: 15_000 }).toBe('已出报告');
    expect(await row.innerText()).toContain('不合格');

    // 5. The alarm, in 告警记录 and on the 样品管理 screen.
    await page.goto('/quality/alarmRecord');
    const alarm = rowOf(page, sampleNo);
    await alarm.waitFor({ timeout: 20_000 });
    expect(await alarm.innerText()).toContain('检测不合格');
    await snap(page, 'witness-sampling-alarm');
    await page.goto('/InspectionInstitute/SampleManagement');
    const unqualified = page.getByRole('region', { name: '不合格样品' });
    await unqualified.getByText(PROJECT).first().waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await unqualified.innerText()).includes('未处理'), { timeout: 15_000 }).toBe(true);
    await snap(page, 'witness-sampling-screen');

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
