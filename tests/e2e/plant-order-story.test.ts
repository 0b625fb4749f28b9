// The order-to-signature story of issue 12 ("Done when"), as a new user of the plant would try it, in
// Chromium against the real server, as the plant's manager jiaobanzhan01 — one login, one page, every
// step through the generated forms, no number typed (issue 29: 订单编号, 任务编号 and 发货单号 read
// 保存后自动生成 in the dialogs and appear in the lists once saved): a new order in 订单管理's dialog (待审核), 审核通过 (已审核); two
// production tasks for it at once (批量新增任务: the order shared, one row per line); each started
// (开始生产: the order moves to 生产中 by itself); a load of each task in 发货签收's dialog; the order on
// 混凝土生产大屏's 在产订单 while it produces, and 混凝土 following pjctid1 of the address; both loads signed (签收) until the order is 已完成; then the
// order's 流转记录 (审核通过 → 开始生产 → 完成订单, each by 郑海波) and its moves in 操作日志; and the batch
// records' statistics (盘记录统计: per day, per line, 合计). No console error.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newPage, snap } from './support/browser';
import { chooseFirstOption, LoginScreen } from './support/console';
import { openScreen, panels } from './support/screens';
import { withConsole } from './support/server';
import { dialogTitled, itemOf, rowOf, rows, stateOf } from './support/engine-page';

const env = withConsole();
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();

/** A number the server assigned (numbering rules, issue 29): the prefix, the China day, a four-digit sequence. */
const assigned = (prefix: string) => new RegExp(`^${prefix}-\\d{8}-\\d{4}$`);

/** The cell of a list row holding a number of that prefix. */
async function numberIn(row: Locator, prefix: string): Promise<string> {
  const cells = (await row.locator('td').allInnerTexts()).map((t) => t.trim());
  const found = cells.find((t) => assigned(prefix).test(t));
  if (!found) throw new Error(`no ${prefix} number in ${cells.join(' | ')}`);
  return found;
}

/** A numbered field of a new row's dialog: read-only, 保存后自动生成, nothing typed. */
async function expectAssignedOnSave(dialog: Locator, label: string): Promise<void> {
  const input = itemOf(dialog, label).locator('input').first();
  expect(await input.getAttribute('readonly')).not.toBeNull();
  expect(await input.getAttribute('placeholder')).toBe('保存后自动生成');
  expect(await input.inputValue()).toBe('');
}

/** China time now, as the forms take it (YYYY-MM-DD HH:mm:ss), shifted by minutes. */
const cst = (minutes = 0) => new Date(Date.now() + 8 * 3_600_000 + minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');

async function fill(dialog: Locator, label: string, text: string): Promise<void> {
  await itemOf(dialog, label).locator('input, textarea').first().fill(text);
}

async function pickDate(dialog: Locator, label: string, text: string): Promise<void> {
  const input = itemOf(dialog, label).locator('input').first();
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

/** Opens a select and picks the option whose label contains `text` (typed into a searchable one). */
async function choose(page: Page, select: Locator, text: string, search = false): Promise<void> {
  await select.click();
  if (search) await page.keyboard.type(text);
  const dropdown = openDropdown(page);
  await dropdown.locator('.ant-select-item-option', { hasText: text }).first().click();
  await dropdown.waitFor({ state: 'hidden' });
}

async function confirm(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
}

/** A workflow button of a row, its dialog confirmed (fields filled first). */
async function move(page: Page, row: Locator, label: string, fields?: (dialog: Locator) => Promise<void>): Promise<void> {
  await row.locator('[data-transition]').filter({ hasText: new RegExp(`^${label.split('').join('\\s*')}$`) }).click();
  const dialog = dialogTitled(page, label);
  await dialog.waitFor();
  if (fields) await fields(dialog);
  await confirm(dialog);
  await dialog.waitFor({ state: 'detached', timeout: 15_000 });
}

describe('搅拌站: an order from its creation to its signed deliveries, as jiaobanzhan01', () => {
  it('creates, approves, plans two tasks, dispatches, signs until 已完成, and finds every step', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('jiaobanzhan01');
    const tag = String(Date.now() % 100_000).padStart(5, '0');
    const pourPart = `5#楼3层顶板E2E${tag}`;

    // 1. 新增订单 in the generated dialog: 4 方 of C30, pumped.
    await page.goto('/concretePlant/order');
    await rows(page).first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: /新增订单/ }).click();
    const add = dialogTitled(page, '新增订单');
    await add.waitFor();
    await expectAssignedOnSave(add, '订单编号');
    await chooseFirstOption(page, itemOf(add, '客户').locator('.ant-select'));
    await chooseFirstOption(page, itemOf(add, '工地').locator('.ant-select'));
    await fill(add, '浇筑部位', pourPart);
    await choose(page, itemOf(add, '强度等级').locator('.ant-select'), 'C30');
    await fill(add, '坍落度', '180');
    await fill(add, '坍落度偏差', '20');
    await fill(add, '方量', '4');
    await pickDate(add, '计划浇筑时间', cst(60));
    await choose(page, itemOf(add, '浇筑方式').locator('.ant-select'), '泵送');
    await fill(add, '现场联系人', '刘洋');
    await fill(add, '现场电话', '13812345678');
    await snap(page, 'plant-story-order-form');
    await confirm(add);
    await add.waitFor({ state: 'detached', timeout: 15_000 });
    // The list shows the number the server gave it (DD-<China day>-<sequence>).
    await rowOf(page, pourPart).waitFor({ timeout: 15_000 });
    const orderNo = await numberIn(rowOf(page, pourPart), 'DD');
    const order = rowOf(page, orderNo);
    await expect.poll(() => stateOf(order), { timeout: 15_000 }).toBe('待审核');
    // 编辑订单 shows the number, read-only.
    await order.getByRole('button', { name: /编\s*辑/ }).click();
    const edit = dialogTitled(page, '编辑订单');
    await edit.waitFor();
    const shown = itemOf(edit, '订单编号').locator('input').first();
    await expect.poll(() => shown.inputValue()).toBe(orderNo);
    expect(await shown.getAttribute('readonly')).not.toBeNull();
    await snap(page, 'plant-story-order-edit');
    await edit.getByRole('button', { name: /取\s*消/ }).click();
    await edit.waitFor({ state: 'detached' });

    // 2. 审核通过.
    await move(page, order, '审核通过');
    await expect.poll(() => stateOf(order)).toBe('已审核');

    // 3. Two tasks at once: 批量新增任务, the order shared, a row for each line with its C30 formula.
    await page.goto('/concretePlant/task');
    await rows(page).first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: /批量新增任务/ }).click();
    const batch = dialogTitled(page, '批量新增生产任务');
    await batch.waitFor();
    await choose(page, itemOf(batch, '订单').locator('.ant-select'), orderNo, true);
    await batch.getByRole('button', { name: '新增一行' }).click();
    const lines = batch.locator('.engine-child-table .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => lines.count()).toBe(2);
    // No 任务编号 column: each task gets its number on save.
    expect(await batch.getByLabel('任务编号').count()).toBe(0);
    for (const [i, line] of ['1', '2'].entries()) {
      const row = lines.nth(i);
      await choose(page, row.locator('.ant-select').nth(0), `${line}号线`);
      await choose(page, row.locator('.ant-select').nth(1), `C30 泵送混凝土（${line}号线）`);
      await row.getByLabel('计划方量').fill('2');
    }
    await snap(page, 'plant-story-batch-tasks');
    await confirm(batch);
    await page.locator('.ant-message-notice', { hasText: '成功 2 条，失败 0 条' }).first().waitFor({ timeout: 15_000 });
    await batch.waitFor({ state: 'detached' });
    // The two tasks of the order in the list, each with its RW- number, told apart by their line.
    const taskNo: Record<string, string> = {};
    for (const line of ['1', '2']) {
      const task = rowOf(page, orderNo).filter({ hasText: `${line}号线` }).first();
      await task.waitFor({ timeout: 15_000 });
      taskNo[line] = await numberIn(task, 'RW');
    }
    expect(taskNo['1']).not.toBe(taskNo['2']);

    // 4. 开始生产 each: the first moves the order to 生产中.
    for (const line of ['1', '2']) {
      const task = rowOf(page, taskNo[line]);
      await expect.poll(() => stateOf(task), { timeout: 15_000 }).toBe('待生产');
      await move(page, task, '开始生产');
      await expect.poll(() => stateOf(task)).toBe('生产中');
    }

    // 5. A load of each task (2 方 each) in 新增发货单; picking the car fills its driver.
    await page.goto('/concretePlant/trip');
    await rows(page).first().waitFor({ timeout: 20_000 });
    const tripNo: Record<string, string> = {};
    for (const line of ['1', '2']) {
      await page.getByRole('button', { name: /新增发货单/ }).click();
      const trip = dialogTitled(page, '新增发货单');
      await trip.waitFor();
      await expectAssignedOnSave(trip, '发货单号');
      await choose(page, itemOf(trip, '生产任务').locator('.ant-select'), taskNo[line], true);
      await chooseFirstOption(page, itemOf(trip, '罐车').locator('.ant-select'));
      await expect.poll(() => itemOf(trip, '司机').locator('input').first().inputValue()).not.toBe('');
      await fill(trip, '发车方量', '2');
      await pickDate(trip, '出站时间', cst(-30));
      await confirm(trip);
      await trip.waitFor({ state: 'detached', timeout: 15_000 });
      // The load's FH- number in the list, on the row of its task.
      await rowOf(page, taskNo[line]).first().waitFor({ timeout: 15_000 });
      tripNo[line] = await numberIn(rowOf(page, taskNo[line]).first(), 'FH');
      await expect.poll(() => stateOf(rowOf(page, tripNo[line])), { timeout: 15_000 }).toBe('已发车');
    }

    // 6. 混凝土生产大屏: the order among 在产订单 while it produces.
    await openScreen(page, '/ProductionScreen');
    const inProduction = async () => (await panels(page)).find((p) => p.title === '在产订单')?.text ?? '';
    await expect.poll(inProduction, { timeout: 30_000 }).toContain(orderNo);
    await snap(page, 'plant-story-production-screen');

    // 6b. §2.4: 混凝土 (/ProjectScreen/concrete) follows the project of the address (pjctid1): the screen's
    // call names the plant's project and its 在产订单 shows the order.
    const projects = await page.evaluate(async () => {
      const token = document.cookie.split('; ').find((c) => c.startsWith('access_token='))?.split('=')[1] ?? '';
      const r = await fetch('/prod-api/api/Project/WhereProjectList?index=0&size=500', { headers: { Authorization: `Bearer ${token}` } });
      const body = (await r.json()) as { data?: Array<{ projectPosInfo: { id: string; projectName: string } }> };
      return (body.data ?? []).map((p) => p.projectPosInfo);
    });
    const own = projects.find((p) => p.projectName === '华鼎商砼搅拌站技改项目');
    expect(own).toBeTruthy();
    const asked = page.waitForRequest((r) => r.url().includes('/TyScreen/ConcretePlant') && new URL(r.url()).searchParams.get('pjctid1') === String(own!.id));
    await openScreen(page, `/ProjectScreen/concrete?sortId=21&id=18&pjctid1=${own!.id}`);
    await asked;
    await expect.poll(inProduction, { timeout: 30_000 }).toContain(orderNo);

    // 7. 签收 both loads; the second brings the signed volume to the order's and completes it.
    await page.goto('/concretePlant/trip');
    for (const line of ['1', '2']) {
      const trip = rowOf(page, tripNo[line]);
      await trip.waitFor({ timeout: 20_000 });
      await move(page, trip, '签收', async (dialog) => {
        await fill(dialog, '签收方量', '2');
        await fill(dialog, '签收人', '刘洋');
        await pickDate(dialog, '签收时间', cst());
      });
      await expect.poll(() => stateOf(trip), { timeout: 15_000 }).toBe('已签收');
    }
    await page.goto('/concretePlant/order');
    const done = rowOf(page, orderNo);
    await expect.poll(() => stateOf(done), { timeout: 20_000 }).toBe('已完成');

    // 8. The order's history: 审核通过 → 开始生产 → 完成订单, its tasks and loads.
    await done.getByRole('button', { name: /查\s*看/ }).click();
    const detail = dialogTitled(page, '订单详情');
    await detail.waitFor();
    const timeline = detail.locator('.workflow-history .ant-timeline-item');
    await expect.poll(() => timeline.count(), { timeout: 15_000 }).toBe(3);
    const entries = await timeline.allInnerTexts();
    expect(entries.map((t) => t.replace(/郑海波.*$/s, '').trim())).toEqual(['审核通过', '开始生产', '完成订单']);
    expect(entries[2]).toContain('订单自动完成');
    for (const line of ['1', '2']) {
      await detail.getByText(taskNo[line]).first().waitFor();
      await detail.getByText(tripNo[line]).first().waitFor();
    }
    await snap(page, 'plant-story-order-history');
    await page.keyboard.press('Escape');

    // 9. 操作日志: the order's creation (its number in the summary) and its three state changes (its record id), by 郑海波.
    await page.goto('/userManage/auditLog');
    await page.getByPlaceholder('请输入操作对象').fill('混凝土订单');
    // The filtered list, not the first page before it (where the order's tasks and loads, which name the
    // order, are newest).
    const searched = page.waitForResponse((r) => r.url().includes('filters=') && r.url().includes(encodeURIComponent('混凝土订单')));
    await page.getByPlaceholder('请输入操作对象').press('Enter');
    await searched;
    const created = rows(page).filter({ hasText: orderNo }).filter({ hasText: '混凝土订单' }).filter({ hasText: '新增' });
    await created.first().waitFor({ timeout: 15_000 });
    const cells = await created.first().locator('td').allInnerTexts();
    expect(cells).toContain('新增');
    const recordId = cells[cells.indexOf('混凝土订单') + 1].trim();
    expect(recordId).toMatch(/^\d+$/);
    const ofOrder = rows(page).filter({ has: page.locator('td', { hasText: new RegExp(`^${recordId}$`) }) }).filter({ hasText: '混凝土订单' });
    await expect.poll(() => ofOrder.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    const texts = (await ofOrder.allInnerTexts()).join('\n');
    for (const move of ['新增', '待审核 → 已审核', '已审核 → 生产中', '生产中 → 已完成']) expect(texts).toContain(move);
    expect(texts).toContain('郑海波');
    await snap(page, 'plant-story-audit-log');

    // 10. 盘记录统计 (the 盘记录 page's second tab): batches, volume and alarms per day, then per line.
    await page.goto('/concretePlant/batchRecord');
    await page.getByRole('tab', { name: '盘记录统计' }).click();
    const stats = page.locator('.engine-statistics .ant-table-tbody .ant-table-row');
    await expect.poll(() => stats.count(), { timeout: 15_000 }).toBeGreaterThan(1);
    expect(await stats.first().locator('td').first().innerText()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.locator('.engine-statistics .ant-segmented-item', { hasText: '按生产线' }).click();
    await expect.poll(async () => (await stats.locator('td:first-child').allInnerTexts()).map((t) => t.trim())).toEqual(['1号线', '2号线']);
    const total = page.locator('.engine-statistics [data-sum="batches"]');
    await expect.poll(() => total.innerText()).toMatch(/^[\d,]+$/);
    await snap(page, 'plant-story-batch-statistics');

    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 240_000);
});
