// The spoil story of issue 14 ("Done when"), as new users would try it, in Chromium against the real
// server: at 甜城湖片区棚户区改造项目's gate the project user xiangmu01 records (车辆管理 › 车辆出入 补录出入)
// a 渣土车 leaving that holds no 准运证; the server opens its trip and a 无证运输 violation in the same
// write; the supervisor jianguan01 finds it on 渣土监管 › 违规记录 (待处理), accepts it (处理中) and closes
// it with the result (已处理); its history names both moves. One page per account; no console error.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';
import { dialogTitled, itemOf, rowOf, rows, stateOf } from './support/engine-page';

const env = withConsole();
const PROJECT = '甜城湖片区棚户区改造项目';

const confirm = (dialog: Locator) => dialog.getByRole('button', { name: /确\s*定/ }).click();
/** Now in China, as the date-time picker takes it. */
const cstNow = (minutes = 0) => new Date(Date.now() + 8 * 3_600_000 + minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');

async function fill(dialog: Locator, label: string, text: string): Promise<void> {
  await itemOf(dialog, label).locator('input, textarea').first().fill(text);
}

async function choose(page: Page, dialog: Locator, label: string, text: string): Promise<void> {
  await itemOf(dialog, label).locator('.ant-select').click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await dropdown.locator('.ant-select-item-option', { hasText: text }).first().click();
  await dropdown.waitFor({ state: 'hidden' });
}

async function move(page: Page, row: Locator, label: string, fields: (dialog: Locator) => Promise<void>): Promise<void> {
  await row.locator('[data-transition]').filter({ hasText: new RegExp(`^${label.split('').join('\\s*')}$`) }).click();
  const dialog = dialogTitled(page, label);
  await dialog.waitFor();
  await fields(dialog);
  await confirm(dialog);
  await dialog.waitFor({ state: 'detached', timeout: 15_000 });
}

describe('渣土监管: a spoil truck without a permit leaves the site', () => {
  it('xiangmu01 records the exit, the 无证运输 violation appears, jianguan01 accepts and closes it', async () => {
    const gate = await newPage(env.browser, env.server.baseUrl);
    const supervisor = await newPage(env.browser, env.server.baseUrl);
    const plate = `川KZ${String(Date.now() % 10_000).padStart(4, '0')}`;

    // 1. The gate records the truck leaving (补录出入), washed, with no permit on record.
    const site = gate.page;
    await new LoginScreen(site).loginAs('xiangmu01');
    await site.goto('/carmanage/vehiclePassage');
    await site.getByRole('button', { name: /补录出入/ }).click();
    const add = dialogTitled(site, '补录车辆出入');
    await add.waitFor();
    await choose(site, add, '所属项目', PROJECT);
    await fill(add, '车牌号', plate);
    await choose(site, add, '车辆类型', '渣土车');
    await choose(site, add, '进出方向', '出场');
    const time = itemOf(add, '通行时间').locator('input').first();
    await time.click();
    await time.fill(cstNow(-1));
    await time.press('Enter');
    await fill(add, '出入口', '东门');
    await snap(site, 'spoil-exit');
    await confirm(add);
    await add.waitFor({ state: 'detached', timeout: 15_000 });
    await rowOf(site, plate).first().waitFor({ timeout: 15_000 });

    // 2. The supervisor finds the violation the exit raised, 待处理.
    const boss = supervisor.page;
    await new LoginScreen(boss).loginAs('jianguan01');
    await boss.goto('/slag/violation');
    await rows(boss).first().waitFor({ timeout: 20_000 });
    const found = rowOf(boss, plate);
    await expect.poll(() => found.count(), { timeout: 15_000 }).toBe(1);
    expect(await found.innerText()).toContain('无证运输');
    expect(await stateOf(found)).toBe('待处理');

    // 3. 受理, then 处理完结 with the result.
    await move(boss, found, '受理', async (dialog) => {
      await fill(dialog, '受理意见', '调取出入口抓拍与准运证台账，情况属实，立案调查。');
    });
    await expect.poll(() => stateOf(found), { timeout: 15_000 }).toBe('处理中');
    await move(boss, found, '处理完结', async (dialog) => {
      await choose(boss, dialog, '处理结果', '罚款');
      // itemOf takes a pattern: the title's brackets escaped.
      await fill(dialog, '罚款金额\\(元\\)', '5000');
      await fill(dialog, '处理说明', '依据《内江市城市建筑垃圾管理办法》对运输单位罚款5000元，车辆补办准运证前不得出场。');
    });
    await expect.poll(() => stateOf(found), { timeout: 15_000 }).toBe('已处理');

    // 4. Its history: 受理 and 处理完结 by 赵磊; no more moves.
    await found.getByRole('button', { name: /查\s*看/ }).click();
    const detail = dialogTitled(boss, '违规记录详情');
    await detail.waitFor();
    const timeline = detail.locator('.workflow-history .ant-timeline-item');
    await expect.poll(() => timeline.count(), { timeout: 15_000 }).toBe(2);
    const entries = await timeline.allInnerTexts();
    expect(entries[0]).toContain('受理');
    expect(entries[1]).toContain('处理完结');
    expect(entries[1]).toContain('赵磊');
    await snap(boss, 'spoil-violation-closed');
    expect(await found.locator('[data-transition]').count()).toBe(0);

    expect(gate.consoleErrors).toEqual([]);
    expect(supervisor.consoleErrors).toEqual([]);
    await gate.context.close();
    await supervisor.context.close();
  });
});
