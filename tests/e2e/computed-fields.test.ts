// Issue 28, computed fields in a real browser (docs/metadata.md "Computed fields"): xiangmu01 opens
// 合同管理 › 设备租赁合同, adds a contract with two lines and watches 合同金额 — read-only, the formula
// `sum(items, quantity * monthlyRent * months)` — follow every keystroke, the line table's 合计 row
// totalling 数量 and each line's 合同金额 share; saved, the list shows the server's total.
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';
import { confirm, itemOf, rowOf } from './support/engine-page';
import { openLeases, startLease } from './support/lease';

const env = withConsole();

const amountOf = (dialog: Locator) => itemOf(dialog, '合同金额（元）').locator('input').first();

async function typeLine(lines: Locator, values: { name: string; quantity: string; rent: string; months: string }): Promise<void> {
  await lines.getByRole('button', { name: '新增一行' }).click();
  await lines.getByLabel('设备名称').last().fill(values.name);
  await lines.getByLabel('数量（台）').last().fill(values.quantity);
  await lines.getByLabel('月租金（元/台）').last().fill(values.rent);
  await lines.getByLabel('租期（月）').last().fill(values.months);
}

describe('设备租赁合同: 合同金额 is computed from the lines, live in the dialog and stored by the server', () => {
  it('xiangmu01 types two lines, sees 合同金额 and the 合计 row follow, saves, and the list shows the total', async () => {
    const no = `NJJG-ZL-F-${String(Date.now() % 100_000).padStart(5, '0')}`;
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('xiangmu01');
    await openLeases(page);
    const add = await startLease(page, no, '塔吊及升降机租赁合同');

    // Read-only: the user cannot type a total.
    const amount = amountOf(add);
    expect(await amount.isEditable()).toBe(false);
    const lines = add.locator('.engine-child-table');
    await typeLine(lines, { name: '塔式起重机', quantity: '1', rent: '8000', months: '12' });
    await expect.poll(() => amount.inputValue(), { timeout: 5000 }).toBe('96,000.00');
    await typeLine(lines, { name: '施工升降机', quantity: '2', rent: '4500.5', months: '3' });
    // 1 × 8000 × 12 + 2 × 4500.5 × 3 = 96000 + 27003
    await expect.poll(() => amount.inputValue(), { timeout: 5000 }).toBe('123,003.00');
    const sumRow = lines.locator('.engine-summary-row');
    expect(await sumRow.innerText()).toContain('合计');
    expect(await sumRow.locator('[data-sum="quantity"]').innerText()).toBe('3');
    expect(await sumRow.locator('[data-sum="amount"]').innerText()).toBe('123,003.00');
    expect(await lines.locator('[data-share="amount"]').allInnerTexts()).toEqual(['96,000.00', '27,003.00']);
    // An edit of one cell moves the total at once.
    await lines.getByLabel('租期（月）').last().fill('4');
    await expect.poll(() => amount.inputValue(), { timeout: 5000 }).toBe('132,004.00');
    expect(await sumRow.locator('[data-sum="amount"]').innerText()).toBe('132,004.00');
    if (process.env.FORMULA_SHOT) {
      await page.screenshot({ path: process.env.FORMULA_SHOT });
      await add.locator('.ant-modal-body').evaluate((body) => body.scrollTo(0, body.scrollHeight));
      await lines.locator('.ant-table-body').evaluate((body) => body.scrollTo(body.scrollWidth, 0));
      await add.screenshot({ path: process.env.FORMULA_SHOT.replace(/\.png$/, '-lines.png') });
    }
    await snap(page, 'computed-fields-dialog');

    await confirm(add);
    await add.waitFor({ state: 'detached', timeout: 15_000 });
    const saved = rowOf(page, no);
    // The list's money display (万 above 10,000): 132004 → 13.20万.
    await expect.poll(() => saved.innerText(), { timeout: 15_000 }).toContain('13.20万');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
