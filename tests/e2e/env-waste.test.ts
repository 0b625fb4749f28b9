// 环保管理 stories of issue 14 in Chromium against the real server (docs/environment.md): the project user
// xiangmu01 takes the seeded manifest NJGF-2026-0104 (待转移) through 发运 and 接收签收 (a received quantity
// short by more than 5 %, flagged 差异超限), records the receiver's disposal on 处置记录, and confirms the
// disposal (已处置); then handles an environment alarm on 告警记录: 开始处理 (处理中) and 处理完成 (已处理),
// the handler shown in the list. No console error.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';
import { choose, confirm, dialogTitled, fill, itemOf, move, rowOf, rows, stateOf } from './support/engine-page';

const env = withConsole();
const MANIFEST = 'NJGF-2026-0104';
const cstDate = (days = 0) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await rows(page).first().waitFor({ timeout: 20_000 });
}

describe('环保管理', () => {
  it('a transfer manifest goes 待转移 → 运输中 → 已接收 → 已处置, and an environment alarm is handled', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('xiangmu01');

    // 1. 发运 and 接收签收 on 转移联单.
    await open(page, '/environment/wasteManifest');
    const manifest = rowOf(page, MANIFEST);
    await expect.poll(() => stateOf(manifest), { timeout: 15_000 }).toBe('待转移');
    await move(page, manifest, '发运', async () => {});
    await expect.poll(() => stateOf(manifest), { timeout: 15_000 }).toBe('运输中');
    await move(page, manifest, '接收签收', async (dialog) => {
      await fill(dialog, '接收数量', '18.6');
      await fill(dialog, '接收签收人', '罗文斌');
    });
    await expect.poll(() => stateOf(manifest), { timeout: 15_000 }).toBe('已接收');
    await expect.poll(() => manifest.innerText()).toContain('差异超限');

    // 2. 处置记录 of the received load.
    await open(page, '/environment/wasteDisposal');
    await page.getByRole('button', { name: /登记处置/ }).click();
    const add = dialogTitled(page, '登记处置记录');
    await add.waitFor();
    await choose(page, add, '所属项目', '甜城湖片区棚户区改造项目');
    await choose(page, add, '转移联单', MANIFEST);
    await choose(page, add, '处置方式', '资源化利用');
    await fill(add, '处置数量', '18.6');
    const day = itemOf(add, '处置日期').locator('input').first();
    await day.click();
    await day.fill(cstDate());
    await day.press('Enter');
    await fill(add, '处置场所', '内江市城投建筑垃圾资源化利用中心（市中区白马镇）');
    await snap(page, 'env-waste-disposal');
    await confirm(add);
    await add.waitFor({ state: 'detached', timeout: 15_000 });
    await rowOf(page, MANIFEST).first().waitFor({ timeout: 15_000 });

    // 3. 处置确认.
    await open(page, '/environment/wasteManifest');
    await move(page, manifest, '处置确认', async (dialog) => {
      await fill(dialog, '处置说明', '破碎筛分制再生骨料');
    });
    await expect.poll(() => stateOf(manifest), { timeout: 15_000 }).toBe('已处置');
    expect(await manifest.locator('[data-transition]').count()).toBe(0);
    await snap(page, 'env-waste-manifest-disposed');

    // 4. An environment alarm: 开始处理, 处理完成.
    await open(page, '/quality/alarmRecord');
    const alarm = rowOf(page, 'PM10 163.5');
    await expect.poll(() => stateOf(alarm), { timeout: 15_000 }).toBe('未处理');
    await move(page, alarm, '开始处理', async (dialog) => {
      await fill(dialog, '处理说明', '已通知现场开启雾炮并覆盖裸土');
    });
    await expect.poll(() => stateOf(alarm), { timeout: 15_000 }).toBe('处理中');
    await move(page, alarm, '处理完成', async (dialog) => {
      await fill(dialog, '处理说明', '雾炮喷淋30分钟后PM10降至82µg/m³，恢复正常');
    });
    await expect.poll(() => stateOf(alarm), { timeout: 15_000 }).toBe('已处理');
    expect(await alarm.innerText()).toContain('刘洋');
    await snap(page, 'env-alarm-handled');

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
