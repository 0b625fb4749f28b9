// 合同管理 › 设备租赁合同 (schemas/pages/equipment-lease.json) as its users meet it: the list, and the add
// dialog with its header filled — a contract of 甜城湖片区棚户区改造项目 leased from 内江建工建筑工程有限公司.
import type { Locator, Page } from 'playwright-core';
import { choose, dialogTitled, fill, pickDate, rows } from './engine-page';

export const LEASE_PROJECT = '甜城湖片区棚户区改造项目';
export const LESSOR = '内江建工建筑工程有限公司';

export async function openLeases(page: Page): Promise<void> {
  await page.goto('/contract/lease');
  await rows(page).first().waitFor({ timeout: 20_000 });
}

/** 新增租赁合同 with number, name, project, lessor and dates filled; the lines are the caller's. */
export async function startLease(page: Page, no: string, name: string): Promise<Locator> {
  await page.getByRole('button', { name: /新增租赁合同/ }).click();
  const add = dialogTitled(page, '新增设备租赁合同');
  await add.waitFor();
  await fill(add, '合同编号', no);
  await fill(add, '合同名称', name);
  await choose(page, add, '所属项目', LEASE_PROJECT);
  await choose(page, add, '出租单位', LESSOR);
  await pickDate(add, '签订日期', '2026-11-20');
  await pickDate(add, '租期开始', '2026-11-25');
  await pickDate(add, '租期结束', '2027-11-24');
  return add;
}
