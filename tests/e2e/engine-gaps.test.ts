// Story (issue #4 engine gaps), in Chromium against the real server: on 工资卡 the 花名册人员 picker lists
// only the chosen project's workers and fills the holder from the picked one, and the card saves; details
// show money in 元/万/亿 and masked ID numbers as the list does; a boolean search field offers 全部 / 在线 /
// 离线; 驳回 opens its dialog on 工资发放; the dashboard data has its own pages (告警记录, 隐患排查).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';

const env = withConsole();
// A page of more than a screenful turns virtual (§9): its rows are not <tr>s then.
const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');
const total = async (page: Page) => Number((await page.getByText(/共\s*\d+\s*条/).first().innerText()).match(/\d+/)?.[0]);
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
const dialogTitled = (page: Page, title: string) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
/** The form item of a dialog by its label. */
const item = (scope: ReturnType<typeof dialogTitled>, label: string) =>
  scope.locator('.ant-formily-item').filter({ has: scope.page().locator('.ant-formily-item-label', { hasText: label }) }).first();

/** Waits for dialogs to finish their opening animation, so a screenshot shows them whole. */
const settled = (page: Page) => page.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter, .ant-fade-appear, .ant-fade-enter'));

/** The shown value of a form item (its control, without the label). */
const valueOf = (scope: ReturnType<typeof dialogTitled>, label: string) => item(scope, label).locator('.ant-formily-item-control').innerText();

/** Roster names of one project (schemas/seed/worker.json), and of every other project. */
function rosterNames(projectNo: string): { own: Set<string>; others: Set<string> } {
  const { rows: workers } = JSON.parse(readFileSync('schemas/seed/worker.json', 'utf8')) as { rows: Array<{ projectNo: string; workerName: string }> };
  const own = new Set(workers.filter((w) => w.projectNo === projectNo).map((w) => w.workerName));
  return { own, others: new Set(workers.filter((w) => w.projectNo !== projectNo && !own.has(w.workerName)).map((w) => w.workerName)) };
}

/** Picks an option of an antd select; `search` types the text first (long option lists are virtual). */
async function pick(page: Page, select: ReturnType<Page['locator']>, text: string | RegExp, search = false): Promise<void> {
  await select.locator('.ant-select-selector').click();
  if (search && typeof text === 'string') await select.locator('input').fill(text);
  const option = openDropdown(page).locator('.ant-select-item-option', { hasText: text }).first();
  await option.waitFor();
  await option.click();
  await openDropdown(page).waitFor({ state: 'hidden' });
}

async function optionTexts(page: Page, select: ReturnType<Page['locator']>): Promise<string[]> {
  await select.locator('.ant-select-selector').click();
  const open = openDropdown(page);
  await open.locator('.ant-select-item-option').first().waitFor();
  return open.locator('.ant-select-item-option').allInnerTexts();
}

describe('wage card worker picker, as qiye01', () => {
  it('lists the chosen project\'s workers, fills the holder and saves the card', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    const shell = await new LoginScreen(page).loginAs('qiye01');
    await page.goto('/personnel/bankCard');
    await rows(page).first().waitFor({ timeout: 20_000 });
    const before = await total(page);

    await page.getByRole('button', { name: /新增工资卡/ }).click();
    const dialog = dialogTitled(page, '新增工资卡');
    await dialog.waitFor();
    await pick(page, item(dialog, '所属项目').locator('.ant-select'), '华鼎商砼搅拌站技改项目', true);
    const workers = await optionTexts(page, item(dialog, '花名册人员').locator('.ant-select'));
    expect(workers.length).toBeGreaterThan(3);
    // Only this project's roster (华鼎商砼 is NJJG-2024-009), none of another project's.
    const roster = rosterNames('NJJG-2024-009');
    for (const name of workers) expect(roster.own.has(name), name).toBe(true);
    await snap(page, 'bank-card-worker-picker');
    await page.keyboard.press('Escape');
    await pick(page, item(dialog, '花名册人员').locator('.ant-select'), '金德华', true);
    await expect.poll(() => item(dialog, '持卡人姓名').locator('input').inputValue()).toBe('金德华');
    await expect.poll(() => item(dialog, '身份证号').locator('input').inputValue()).toMatch(/^\d{17}[\dX]$/);
    await pick(page, item(dialog, '开户银行').locator('.ant-select'), '中国建设银行');
    await item(dialog, '银行卡号').locator('input').fill('6217004378881769999');
    const applied = item(dialog, '申请日期').locator('input');
    await applied.fill('2026-11-20');
    await applied.press('Enter');
    await settled(page);
    await snap(page, 'bank-card-dialog-filled');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await shell.expectMessage('新增成功');
    await expect.poll(() => total(page)).toBe(before + 1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('changing the project clears a worker of the previous one', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('qiye01');
    await page.goto('/personnel/bankCard');
    await rows(page).first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: /新增工资卡/ }).click();
    const dialog = dialogTitled(page, '新增工资卡');
    await pick(page, item(dialog, '所属项目').locator('.ant-select'), '华鼎商砼搅拌站技改项目', true);
    await pick(page, item(dialog, '花名册人员').locator('.ant-select'), '金德华', true);
    await expect.poll(() => item(dialog, '花名册人员').locator('.ant-select-selection-item').count()).toBe(1);
    await pick(page, item(dialog, '所属项目').locator('.ant-select'), '甜城湖片区棚户区改造项目', true);
    await expect.poll(() => item(dialog, '花名册人员').locator('.ant-select-selection-item').count()).toBe(0);
    const workers = await optionTexts(page, item(dialog, '花名册人员').locator('.ant-select'));
    expect(workers).not.toContain('金德华');
    const roster = rosterNames('NJJG-2024-001');
    for (const name of workers) expect(roster.own.has(name), name).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('details by the list display rules, as qiye01', () => {
  it('工资卡详情 masks the ID and card numbers; 工资发放详情 shows amounts in 元/万', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('qiye01');
    await page.goto('/personnel/bankCard');
    await rows(page).first().waitFor({ timeout: 20_000 });
    await rows(page).first().getByRole('button', { name: /查\s*看/ }).click();
    const card = dialogTitled(page, '工资卡详情');
    await card.waitFor();
    await expect.poll(() => valueOf(card, '身份证号')).toMatch(/^\d{4}\*{10}[\dX]{4}$/);
    expect(await valueOf(card, '银行卡号')).toMatch(/^\d{4}\*+\d{4}$/);
    expect(await valueOf(card, '所属项目')).toMatch(/项目|工程/);
    expect(await valueOf(card, '开户银行')).toMatch(/银行$/);
    await settled(page);
    await snap(page, 'bank-card-detail');
    await card.getByRole('button', { name: /关\s*闭/ }).click();

    await page.goto('/personnel/payroll');
    await rows(page).first().waitFor({ timeout: 20_000 });
    await rows(page).first().getByRole('button', { name: /查\s*看/ }).click();
    const batch = dialogTitled(page, '发放批次详情');
    await batch.waitFor();
    await expect.poll(() => valueOf(batch, '应发总额')).toMatch(/^\d+\.\d{2}(元|万|亿)$/);
    await settled(page);
    await snap(page, 'payroll-detail');
    await batch.getByRole('button', { name: /关\s*闭/ }).click();

    // 审核 is a workflow now (tests/e2e/workflow.test.ts): a pending batch offers 审核通过 and 驳回.
    const pending = rows(page).filter({ hasText: '未审核' }).first();
    await pending.getByRole('button', { name: /驳\s*回/ }).click();
    const reject = dialogTitled(page, '驳回');
    await reject.waitFor();
    await expect.poll(() => reject.innerText()).toContain('驳回原因');
    await reject.getByRole('button', { name: /取\s*消/ }).click();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('boolean search and the dashboard pages, as qiye01', () => {
  it('门禁设备 searches 在线状态 with 全部 / 在线 / 离线', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('qiye01');
    await page.goto('/accessControl/gate');
    await rows(page).first().waitFor({ timeout: 20_000 });
    const all = await total(page);
    // The search form shows one row; 在线状态 is on the second (展开).
    await page.locator('.engine-search-toggle').click();
    const online = page.locator('.engine-search .ant-formily-item').filter({ hasText: '在线状态' }).locator('.ant-select');
    expect(await online.innerText()).toContain('全部');
    expect(await optionTexts(page, online)).toEqual(['全部', '在线', '离线']);
    await openDropdown(page).locator('.ant-select-item-option', { hasText: '离线' }).click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => total(page)).toBeLessThan(all);
    for (const text of await rows(page).allInnerTexts()) expect(text).toContain('离线');
    await snap(page, 'gate-search-offline');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('质量安全 › 告警记录 searches 未处理 (a boolean field); 隐患排查 lists hazards', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('qiye01');
    await page.goto('/quality/alarmRecord');
    await rows(page).first().waitFor({ timeout: 20_000 });
    // The search form shows one row; 处理状态 is on the second (展开).
    await page.locator('.engine-search-toggle').click();
    const handled = page.locator('.engine-search .ant-formily-item').filter({ hasText: '处理状态' }).locator('.ant-select');
    await pick(page, handled, '未处理');
    // The filtered total, once the filtered list has answered (the rows of the first page may all be 未处理 already).
    const searched = page.waitForResponse((r) => r.url().includes('filters='));
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await searched;
    await expect.poll(async () => (await rows(page).allInnerTexts()).every((t) => t.includes('未处理'))).toBe(true);
    // Handling an alarm is a workflow now (开始处理 → 处理完成, tests/e2e/env-waste.test.ts); the boolean
    // search above is what this page adds here.
    expect(await total(page)).toBeGreaterThan(0);
    await snap(page, 'alarm-record-list');

    await page.goto('/quality/hazard');
    await rows(page).first().waitFor({ timeout: 20_000 });
    expect(await total(page)).toBeGreaterThan(0);
    await snap(page, 'hazard-list');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
