// Story (issue 12, 搅拌站管理), in Chromium against the real server, as the plant's manager jiaobanzhan01:
// every page of the area opens with the plant's seeded rows; a pending order is rejected (the reason is
// required) and another approved from the list, its state a coloured tag; a load on the road is signed in
// its dialog (签收方量, 签收人, 签收时间) and leaves the list of moves; a completed order's detail shows its
// production tasks and trips as tables; the transport list scrolls to its next page and back (§2.6); a
// formula opens with its seven materials. No console error anywhere.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';

type MenuNode = { id: string; path: string; title: string; view?: string; children?: MenuNode[] };

const env = withConsole();
const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');
const dialogTitled = (page: Page, title: string) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: new RegExp(`^${title}$`) }) });
const stateOf = (row: Locator) => row.locator('.engine-state-tag').innerText();
const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });

/** The pages of the 搅拌站管理 area, with their routes. */
function plantPages(): Array<{ title: string; route: string }> {
  const { menus } = JSON.parse(readFileSync('schemas/menus.json', 'utf8')) as { menus: MenuNode[] };
  const area = menus.find((m) => m.id === 'concretePlant');
  if (!area?.children) throw new Error('menu area concretePlant missing');
  return area.children.filter((c) => c.view?.startsWith('page:')).map((c) => ({ title: c.title, route: `/${area.path}/${c.path}` }));
}

async function confirm(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
}

describe('搅拌站管理 as the plant manager', () => {
  it('opens every page with rows, reviews orders, signs a load and shows an order’s history', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('jiaobanzhan01');
    const empty: string[] = [];
    for (const { title, route } of plantPages()) {
      await page.goto(route);
      // The transport list shows its rows as cards (list.mode infiniteScroll), every other page a table.
      const ok = await rows(page).or(page.locator('.engine-infinite-item')).first().waitFor({ timeout: 15_000 }).then(() => true, () => false);
      if (!ok) empty.push(title);
    }
    expect(empty).toEqual([]);

    // Orders: the two seeded 待审核 orders (the coming days), one rejected with its reason, one approved.
    await page.goto('/concretePlant/order');
    const pending = rows(page).filter({ has: page.locator('.engine-state-tag', { hasText: /^待审核$/ }) });
    await pending.first().waitFor({ timeout: 20_000 });
    const [first, second] = await pending.locator('td').filter({ hasText: /^HD-DD-\d{4}$/ }).allInnerTexts();
    expect(second).toBeTruthy();

    await rowOf(page, first).getByRole('button', { name: /驳\s*回/ }).click();
    const reject = dialogTitled(page, '驳回');
    await reject.waitFor();
    await confirm(reject);
    await reject.getByText('请输入驳回原因').waitFor();
    await reject.locator('textarea').first().fill('工地未具备浇筑条件，请确认后重新下单');
    await confirm(reject);
    await expect.poll(() => stateOf(rowOf(page, first))).toBe('已驳回');

    await rowOf(page, second).getByRole('button', { name: /审核通过/ }).click();
    const approve = dialogTitled(page, '审核通过');
    await approve.waitFor();
    await confirm(approve);
    await expect.poll(() => stateOf(rowOf(page, second))).toBe('已审核');
    await snap(page, 'concrete-plant-orders');

    // A load on the road of the order in production: signed in its dialog.
    await page.goto('/concretePlant/trip');
    const onRoad = rows(page).filter({ has: page.locator('.engine-state-tag', { hasText: /^(已发车|已到场)$/ }) }).first();
    await onRoad.waitFor({ timeout: 20_000 });
    const tripNo = (await onRoad.locator('td').filter({ hasText: /^HD-FH-/ }).first().innerText()).trim();
    const trip = rowOf(page, tripNo);
    await trip.getByRole('button', { name: /签\s*收/ }).click();
    const sign = dialogTitled(page, '签收');
    await sign.waitFor();
    const item = (label: string) => sign.locator('.ant-formily-item').filter({ has: page.locator('.ant-formily-item-label', { hasText: label }) }).first();
    await item('签收方量').locator('input').first().fill('1');
    await item('签收人').locator('input').first().fill('刘洋');
    const picker = item('签收时间').locator('input').first();
    await picker.click();
    await picker.fill('2026-11-25 10:30:00');
    await picker.press('Enter');
    await snap(page, 'concrete-plant-sign');
    await confirm(sign);
    await expect.poll(() => stateOf(trip)).toBe('已签收');
    expect(await trip.locator('[data-transition]').count()).toBe(0);

    // A completed order: its history as a timeline, its tasks and trips as tables.
    await page.goto('/concretePlant/order');
    const done = rows(page).filter({ has: page.locator('.engine-state-tag', { hasText: /^已完成$/ }) }).first();
    await done.waitFor({ timeout: 20_000 });
    await done.getByRole('button', { name: /查\s*看/ }).click();
    const detail = dialogTitled(page, '订单详情');
    await detail.waitFor();
    await detail.getByText('生产任务', { exact: false }).first().waitFor();
    await detail.getByText('发货单', { exact: false }).first().waitFor();
    await expect.poll(() => detail.locator('.ant-table-row').count()).toBeGreaterThan(1);
    await snap(page, 'concrete-plant-order-detail');

    // The transport list (§2.6): pages of 10 cards; at the bottom the next page arrives (after 400 ms), the
    // box back at 260 px; at the top the previous page.
    await page.goto('/concretePlant/transport');
    const cards = page.locator('.engine-infinite-item');
    const box = page.locator('.engine-infinite');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(10);
    const firstTrip = await cards.first().getAttribute('data-row-key');
    await box.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => box.getAttribute('data-page-index')).toBe('1');
    await expect.poll(() => box.evaluate((el) => Math.round(el.scrollTop))).toBe(260);
    expect(await page.locator('.engine-infinite-serial').first().innerText()).toBe('11');
    expect(await cards.first().getAttribute('data-row-key')).not.toBe(firstTrip);
    expect(await cards.count()).toBe(10);
    await snap(page, 'concrete-plant-transport');
    await box.evaluate((el) => el.scrollTo(0, 0));
    await expect.poll(() => box.getAttribute('data-page-index')).toBe('0');
    expect(await page.locator('.engine-infinite-serial').first().innerText()).toBe('1');
    expect(await cards.first().getAttribute('data-row-key')).toBe(firstTrip);

    // A formula with its materials per m³, each from a bin of the formula's line.
    await page.goto('/concretePlant/formula');
    await rows(page).first().getByRole('button', { name: /编\s*辑/ }).click();
    const formula = dialogTitled(page, '编辑配合比');
    await formula.waitFor();
    await expect.poll(() => formula.locator('.ant-table-row').count()).toBe(7);
    await snap(page, 'concrete-plant-formula');

    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 300_000);
});
