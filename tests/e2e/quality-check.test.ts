// The quality and safety check story of issue 14 (docs/quality-safety-checks.md), as new users would try it,
// in Chromium against the real server: the supervisor jianguan01 records a 安全检查 of 甜城湖片区棚户区改造项目
// with a failing 检查项 (the server opens a 隐患 for it) and sends the failing item to the project as a
// 检查整改 notice; the project user xiangmu01 replies with the rectification and a photo; jianguan01 sees
// the photo and verifies the notice (已验证关闭), and the check's detail names its hazard. No console error.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';
import { dialogTitled, itemOf, rowOf, rows, stateOf } from './support/engine-page';

const env = withConsole();
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PROJECT = '甜城湖片区棚户区改造项目';

const confirm = (dialog: Locator) => dialog.getByRole('button', { name: /确\s*定/ }).click();
const cstDate = (days = 0) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

async function fill(dialog: Locator, label: string, text: string): Promise<void> {
  await itemOf(dialog, label).locator('input, textarea').first().fill(text);
}

async function pick(page: Page, select: Locator, text: string): Promise<void> {
  await select.click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await dropdown.locator('.ant-select-item-option', { hasText: text }).first().click();
  await dropdown.waitFor({ state: 'hidden' });
}

const choose = (page: Page, dialog: Locator, label: string, text: string) => pick(page, itemOf(dialog, label).locator('.ant-select'), text);

async function date(dialog: Locator, label: string, day: string): Promise<void> {
  const input = itemOf(dialog, label).locator('input').first();
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

async function move(page: Page, row: Locator, label: string, fields: (dialog: Locator) => Promise<void>): Promise<void> {
  await row.locator('[data-transition]').filter({ hasText: new RegExp(`^${label.split('').join('\\s*')}$`) }).click();
  const dialog = dialogTitled(page, label);
  await dialog.waitFor();
  await fields(dialog);
  await confirm(dialog);
  await dialog.waitFor({ state: 'detached', timeout: 15_000 });
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await rows(page).first().waitFor({ timeout: 20_000 });
}

describe('质量安全检查: a failing check item from the check to the verified rectification', () => {
  it('jianguan01 records the check and issues the notice, xiangmu01 replies with a photo, jianguan01 verifies', async () => {
    const supervisor = await newPage(env.browser, env.server.baseUrl);
    const project = await newPage(env.browser, env.server.baseUrl);
    const stamp = String(Date.now() % 100_000).padStart(5, '0');
    const checkNo = `AQ-E2E-${stamp}`;
    const noticeNo = `ZG-E2E-${stamp}`;

    // 1. 新增检查 with a failing item, as the supervisor.
    const boss = supervisor.page;
    await new LoginScreen(boss).loginAs('jianguan01');
    await open(boss, '/quality/siteCheck');
    await boss.getByRole('button', { name: /新增检查/ }).click();
    const add = dialogTitled(boss, '新增质量安全检查');
    await add.waitFor();
    await fill(add, '检查编号', checkNo);
    await choose(boss, add, '检查类别', '安全检查');
    await choose(boss, add, '所属项目', PROJECT);
    await choose(boss, add, '检查类型', '专项检查');
    await choose(boss, add, '检查方式', '人工检查');
    await date(add, '检查日期', cstDate(0));
    await fill(add, '检查人', '赵磊');
    await fill(add, '检查部位', '5#楼外脚手架');
    const items = add.locator('.engine-child-table');
    await items.getByRole('button', { name: '新增一行' }).click();
    await items.getByLabel('检查项目').last().fill('连墙件');
    await items.getByLabel('检查标准').last().fill('两步三跨设置');
    await pick(boss, items.locator('tr.ant-table-row').last().locator('.ant-select').first(), '不合格');
    await items.getByLabel('问题描述').last().fill('北侧连墙件缺失4处');
    await snap(boss, 'quality-check-add');
    await confirm(add);
    await add.waitFor({ state: 'detached', timeout: 15_000 });
    await rowOf(boss, checkNo).first().waitFor({ timeout: 15_000 });
    expect(await rowOf(boss, checkNo).innerText()).toContain('不合格');

    // 2. 下发整改通知 for that check.
    await open(boss, '/quality/checkNotice');
    await boss.getByRole('button', { name: /下发整改通知/ }).click();
    const issue = dialogTitled(boss, '下发整改通知');
    await issue.waitFor();
    await fill(issue, '通知编号', noticeNo);
    await choose(boss, issue, '所属项目', PROJECT);
    await choose(boss, issue, '检查记录', checkNo);
    await date(issue, '整改期限', cstDate(3));
    await fill(issue, '整改要求', '3日内补设连墙件，经监理验收合格后回复。');
    await confirm(issue);
    await issue.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => stateOf(rowOf(boss, noticeNo)), { timeout: 15_000 }).toBe('待回复');
    expect(await rowOf(boss, noticeNo).innerText()).toContain('连墙件：北侧连墙件缺失4处');

    // 3. 回复 with a photo, as the project.
    const site = project.page;
    await new LoginScreen(site).loginAs('xiangmu01');
    await open(site, '/quality/checkNotice');
    const mine = rowOf(site, noticeNo);
    await expect.poll(() => stateOf(mine), { timeout: 15_000 }).toBe('待回复');
    await move(site, mine, '回复', async (dialog) => {
      await fill(dialog, '整改情况', '已补设连墙件4处，刚性预埋连接，监理已验收。');
      await dialog.locator('input[type=file]').first().setInputFiles({ name: '连墙件整改.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
      await dialog.locator('img[src*="/prod-api/api/Upload/File/"]').first().waitFor({ timeout: 15_000 });
      await snap(site, 'quality-check-reply');
    });
    await expect.poll(() => stateOf(mine), { timeout: 15_000 }).toBe('已回复');

    // 4. The supervisor sees the reply's photo, then 验证通过.
    await open(boss, '/quality/checkNotice');
    const issued = rowOf(boss, noticeNo);
    await expect.poll(() => stateOf(issued), { timeout: 15_000 }).toBe('已回复');
    await issued.getByRole('button', { name: /查\s*看/ }).click();
    const detail = dialogTitled(boss, '检查整改通知详情');
    await detail.waitFor();
    await detail.getByText('已补设连墙件4处').first().waitFor({ timeout: 15_000 });
    const photo = detail.locator('img[src*="/prod-api/api/Upload/File/"]').first();
    await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
    await detail.locator('.ant-modal-close').click();
    await detail.waitFor({ state: 'hidden' });
    await move(boss, issued, '验证通过', async (dialog) => {
      await fill(dialog, '验证意见', '现场复查合格，同意关闭。');
    });
    await expect.poll(() => stateOf(issued), { timeout: 15_000 }).toBe('已验证关闭');

    // 5. The check's detail: 整改状态 已验证关闭 and the item's hazard.
    await open(boss, '/quality/siteCheck');
    await rowOf(boss, checkNo).getByRole('button', { name: /查\s*看/ }).click();
    const check = dialogTitled(boss, '质量安全检查详情');
    await check.waitFor();
    await check.getByText('已验证关闭').first().waitFor({ timeout: 15_000 });
    await check.getByText(/YH-NJJG2024001-\d{3}/).first().waitFor({ timeout: 15_000 });
    await snap(boss, 'quality-check-detail');

    expect(supervisor.consoleErrors).toEqual([]);
    expect(project.consoleErrors).toEqual([]);
    await supervisor.context.close();
    await project.context.close();
  }, 240_000);
});
