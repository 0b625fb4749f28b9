// The supervision story of issue 14 ("Done when"), as new users would try it, in Chromium against the real
// server: the supervisor jianguan01 (内江市住建局, area 511000) issues a 整改通知 to 甜城湖片区棚户区改造项目
// in 整改通知's dialog (待回复); the project user xiangmu01 finds it on the same page and replies with the
// rectification and a photo (已回复); the supervisor sees the photo in the detail, verifies and closes the
// notice (已验证关闭), and its history names both moves. One page per account; no console error.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';
import { choose, confirm, dialogTitled, fill, itemOf, move, rowOf, rows, stateOf } from './support/engine-page';

const env = withConsole();
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PROJECT = '甜城湖片区棚户区改造项目';

/** China's date in `days` days, as the date picker takes it. */
const cstDate = (days = 0) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

async function openNotices(page: Page): Promise<void> {
  await page.goto('/supervision/notice');
  await rows(page).first().waitFor({ timeout: 20_000 });
}

describe('监督管理: a rectification notice from issue to close', () => {
  it('jianguan01 issues, xiangmu01 replies with a photo, jianguan01 verifies and closes', async () => {
    const supervisor = await newPage(env.browser, env.server.baseUrl);
    const project = await newPage(env.browser, env.server.baseUrl);
    const noticeNo = `NJJD-ZG-E2E-${String(Date.now() % 100_000).padStart(5, '0')}`;

    // 1. 下发通知 as the supervisor.
    const boss = supervisor.page;
    await new LoginScreen(boss).loginAs('jianguan01');
    await openNotices(boss);
    await boss.getByRole('button', { name: /下发通知/ }).click();
    const add = dialogTitled(boss, '下发监督通知');
    await add.waitFor();
    await fill(add, '通知编号', noticeNo);
    await choose(boss, add, '通知类型', '整改通知');
    await choose(boss, add, '所属项目', PROJECT);
    const deadline = itemOf(add, '整改期限').locator('input').first();
    await deadline.click();
    await deadline.fill(cstDate(3));
    await deadline.press('Enter');
    await fill(add, '存在问题', '5#楼外脚手架连墙件缺失，剪刀撑不连续。');
    await fill(add, '整改要求', '3日内按专项方案补设连墙件和剪刀撑，经监理验收合格后回复。');
    await snap(boss, 'supervision-notice-issue');
    await confirm(add);
    await add.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => stateOf(rowOf(boss, noticeNo)), { timeout: 15_000 }).toBe('待回复');

    // 2. 回复 as the project, with a photo.
    const site = project.page;
    await new LoginScreen(site).loginAs('xiangmu01');
    await openNotices(site);
    const mine = rowOf(site, noticeNo);
    await expect.poll(() => stateOf(mine), { timeout: 15_000 }).toBe('待回复');
    await move(site, mine, '回复', async (dialog) => {
      await fill(dialog, '整改情况', '已补设连墙件12处，剪刀撑已连续设置，监理已验收。');
      await dialog.locator('input[type=file]').first().setInputFiles({ name: '连墙件整改.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
      await dialog.locator('img[src*="/prod-api/api/Upload/File/"]').first().waitFor({ timeout: 15_000 });
      await snap(site, 'supervision-notice-reply');
    });
    await expect.poll(() => stateOf(mine), { timeout: 15_000 }).toBe('已回复');

    // 3. The supervisor sees the reply and its photo, then 验证关闭.
    await openNotices(boss);
    const issued = rowOf(boss, noticeNo);
    await expect.poll(() => stateOf(issued), { timeout: 15_000 }).toBe('已回复');
    await issued.getByRole('button', { name: /查\s*看/ }).click();
    const detail = dialogTitled(boss, '监督通知详情');
    await detail.waitFor();
    await detail.getByText('已补设连墙件12处').first().waitFor({ timeout: 15_000 });
    const photo = detail.locator('img[src*="/prod-api/api/Upload/File/"]').first();
    await photo.waitFor({ timeout: 15_000 });
    await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
    await detail.locator('.ant-modal-close').click();
    await detail.waitFor({ state: 'hidden' });
    await move(boss, issued, '验证关闭', async (dialog) => {
      await fill(dialog, '验证意见', '现场复查合格，同意关闭。');
    });
    await expect.poll(() => stateOf(issued), { timeout: 15_000 }).toBe('已验证关闭');

    // 4. Its history: 回复 by 刘洋, 验证关闭 by 赵磊; no more moves on the closed row.
    await issued.getByRole('button', { name: /查\s*看/ }).click();
    await detail.waitFor();
    const timeline = detail.locator('.workflow-history .ant-timeline-item');
    await expect.poll(() => timeline.count(), { timeout: 15_000 }).toBe(2);
    const entries = await timeline.allInnerTexts();
    expect(entries[0]).toContain('回复');
    expect(entries[0]).toContain('刘洋');
    expect(entries[1]).toContain('验证关闭');
    expect(entries[1]).toContain('赵磊');
    await snap(boss, 'supervision-notice-closed');
    expect(await issued.locator('[data-transition]').count()).toBe(0);

    expect(supervisor.consoleErrors).toEqual([]);
    expect(project.consoleErrors).toEqual([]);
    await supervisor.context.close();
    await project.context.close();
  });
});
