// Story (issue 10 workflows), in Chromium against the real server, as qiye01 on 工资发放: a pending batch
// is rejected (the reason is required), resubmitted and approved, its state a coloured tag all along;
// once approved no control offers another move, and a second window that still shows it pending is
// refused by the server naming both states; the detail shows the moves as a timeline, its 变更记录 tab
// and the 操作日志 page list them.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';
import { seriousViolations } from './support/axe';

const env = withConsole();
const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');
const dialogTitled = (page: Page, title: string) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: new RegExp(`^${title}$`) }) });
const settled = (page: Page) => page.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter, .ant-fade-appear, .ant-fade-enter'));
/** The seeded pending batch of 隆昌市宏发 for 2026-10 (schemas/seed/payroll-batch.json). */
const theBatch = (page: Page) => rows(page).filter({ hasText: '隆昌市宏发' }).filter({ has: page.locator('td', { hasText: /^2026-10$/ }) });
const stateOf = (row: Locator) => row.locator('.engine-state-tag').innerText();
const moves = async (row: Locator) => (await row.locator('[data-transition]').allInnerTexts()).map((t) => t.replace(/\s/g, ''));

async function openPayroll(page: Page): Promise<void> {
  await new LoginScreen(page).loginAs('qiye01');
  await page.goto('/personnel/payroll');
  await theBatch(page).waitFor({ timeout: 20_000 });
}

async function move(page: Page, label: RegExp, title: string, fill?: (dialog: Locator) => Promise<void>): Promise<void> {
  await theBatch(page).getByRole('button', { name: label }).click();
  const dialog = dialogTitled(page, title);
  await dialog.waitFor();
  if (fill) await fill(dialog);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
}

describe('工资发放 审核 as a workflow, as qiye01', () => {
  it('moves a batch through its states, refuses an illegal move and shows the history', async () => {
    const a = await newPage(env.browser, env.server.baseUrl);
    const b = await newPage(env.browser, env.server.baseUrl);
    await openPayroll(a.page);
    await openPayroll(b.page);
    const row = theBatch(a.page);
    expect(await stateOf(row)).toBe('未审核');
    expect(await moves(row)).toEqual(['审核通过', '驳回']);
    await settled(a.page);
    await snap(a.page, 'workflow-list');

    // 驳回 asks for its reason first.
    await move(a.page, /驳\s*回/, '驳回', async (dialog) => {
      await expect.poll(() => dialog.innerText()).toContain('驳回后请修改后重新提交。');
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await dialog.getByText('请输入驳回原因').waitFor();
      await settled(a.page);
      await snap(a.page, 'workflow-reject-dialog');
      // A workflow move's dialog, its refusal shown, passes axe-core (issue 27).
      expect(await seriousViolations(a.page, { include: '.ant-modal' })).toEqual([]);
      await dialog.locator('textarea').first().fill('发放人数与考勤人数不符');
    });
    await expect.poll(() => stateOf(row)).toBe('审核驳回');
    expect(await moves(row)).toEqual(['重新提交']);

    await move(a.page, /重新提交/, '重新提交');
    await expect.poll(() => stateOf(row)).toBe('未审核');
    await move(a.page, /审核通过/, '审核通过');
    await expect.poll(() => stateOf(row)).toBe('审核通过');
    // Final: no control for any move.
    expect(await moves(row)).toEqual([]);

    // The second window still shows it pending: the server refuses the move, naming both states.
    await move(b.page, /驳\s*回/, '驳回', (dialog) => dialog.locator('textarea').first().fill('迟到的驳回'));
    await b.page.getByText('当前状态“审核通过”不能执行“驳回”', { exact: false }).first().waitFor();

    // The detail shows the moves as a timeline.
    await row.getByRole('button', { name: /查\s*看/ }).click();
    const detail = dialogTitled(a.page, '发放批次详情');
    await detail.waitFor();
    const timeline = detail.locator('.workflow-history .ant-timeline-item');
    await expect.poll(() => timeline.count()).toBe(3);
    const texts = await timeline.allInnerTexts();
    expect(texts[0]).toContain('驳回');
    expect(texts[0]).toContain('发放人数与考勤人数不符');
    expect(texts[0]).toContain('李明');
    expect(texts[2]).toContain('审核通过');
    await detail.locator('.workflow-history').scrollIntoViewIfNeeded();
    await settled(a.page);
    await snap(a.page, 'workflow-history');

    // 变更记录: the record's own audit rows, newest first, each move with its state change.
    await detail.getByRole('tab', { name: '变更记录' }).click();
    const changes = detail.locator('.ant-tabs-tabpane-active .ant-table-tbody .ant-table-row');
    await expect.poll(() => changes.count()).toBeGreaterThanOrEqual(3);
    const newest = await changes.first().innerText();
    expect(newest).toContain('状态变更');
    expect(newest).toMatch(/未审核\s*→\s*审核通过/);
    await settled(a.page);
    await snap(a.page, 'workflow-change-log');
    await detail.getByRole('button', { name: /关\s*闭|Close/ }).first().click();

    // 操作日志: the same moves among the company's audit rows, found by 操作对象.
    await a.page.goto('/userManage/auditLog');
    await a.page.getByPlaceholder('请输入操作对象').fill('工资发放');
    await a.page.getByPlaceholder('请输入操作对象').press('Enter');
    const logged = rows(a.page).filter({ hasText: '状态变更' });
    await expect.poll(() => logged.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    expect(await logged.first().innerText()).toContain('审核通过');
    await settled(a.page);
    await snap(a.page, 'workflow-audit-log');
    expect(a.consoleErrors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
