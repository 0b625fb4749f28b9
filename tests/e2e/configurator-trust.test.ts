// Issue 28 in a real browser: the 设备租赁合同 area, written in JSON only, as its users meet it. The project
// user xiangmu01 — who has no 组织管理 page — opens 合同管理 › 设备租赁合同 without a 没有权限 toast, sees each
// contract's 出租单位 by name, picks one from the select and saves a contract; the group company's qiye01 is
// refused the same 合同编号 in the same project (the subsidiary's number, "unique per company" of the
// project's owner), and the list still holds one such contract.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';
import { confirm, itemOf, rowOf } from './support/engine-page';
import { LESSOR, openLeases, startLease } from './support/lease';

const env = withConsole();

/** Fills the add dialog with a contract of `no`; the computed or typed 合同金额 as the page has it. */
async function addLease(page: Page, no: string): Promise<Locator> {
  const add = await startLease(page, no, '施工升降机租赁合同');
  const amount = itemOf(add, '合同金额（元）').locator('input').first();
  if (await amount.isEditable()) await amount.fill('93600');
  const lines = add.locator('.engine-child-table');
  await lines.getByRole('button', { name: '新增一行' }).click();
  await lines.getByLabel('设备名称').last().fill('施工升降机');
  await lines.getByLabel('数量（台）').last().fill('1');
  await lines.getByLabel('月租金（元/台）').last().fill('7800');
  await lines.getByLabel('租期（月）').last().fill('12');
  return add;
}

describe('设备租赁合同: a page written in JSON works for a project user and keeps its numbers unique', () => {
  it('xiangmu01 picks the 出租单位 and saves; qiye01 is refused the same number in that project', async () => {
    const no = `NJJG-ZL-E2E-${String(Date.now() % 100_000).padStart(5, '0')}`;
    const member = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(member.page).loginAs('xiangmu01');
    await openLeases(member.page);
    // The seed contracts name their lessor by id; the list shows the organisation's name, no 没有权限 toast.
    const seeded = rowOf(member.page, 'NJJG-ZL-2026-001');
    await expect.poll(() => seeded.innerText(), { timeout: 15_000 }).toContain(LESSOR);
    expect(await member.page.locator('.ant-message-notice', { hasText: '没有权限' }).count()).toBe(0);

    const add = await addLease(member.page, no);
    await snap(member.page, 'configurator-lease-add');
    await confirm(add);
    await add.waitFor({ state: 'detached', timeout: 15_000 });
    const mine = rowOf(member.page, no);
    await expect.poll(() => mine.innerText(), { timeout: 15_000 }).toContain(LESSOR);
    expect(await mine.innerText()).toContain('草稿');
    expect(member.consoleErrors).toEqual([]);
    await member.context.close();

    const group = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(group.page).loginAs('qiye01');
    await openLeases(group.page);
    const again = await addLease(group.page, no);
    await confirm(again);
    await group.page.locator('.ant-message-notice', { hasText: '租赁合同编号已存在' }).waitFor({ timeout: 15_000 });
    // The dialog stays open with what was typed; nothing was saved.
    expect(await again.isVisible()).toBe(true);
    await again.getByRole('button', { name: /取\s*消/ }).click();
    await again.waitFor({ state: 'hidden' });
    // The list (newest signing first) holds the subsidiary's contract once.
    await expect.poll(() => rowOf(group.page, no).count(), { timeout: 15_000 }).toBe(1);
    await group.context.close();
  });
});
