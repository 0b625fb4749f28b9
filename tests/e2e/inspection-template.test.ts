// Story (§2.7, §3.3, §5.1, §6, §7.6): an enterprise user manages inspection templates on the generated
// page — pages through 30+ seeded templates, creates one with the question editor, edits it, views it,
// cancels a delete and deletes it; a view-only user sees no add/edit/delete and the server refuses them.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, snap } from './support/browser';
import { chooseFirstOption, LoginScreen } from './support/console';
import { withConsole } from './support/server';

const env = withConsole();
const TEMPLATE_PATH = '/deviceManagement/deviceManage/Maintenance/template';

async function openTemplates(page: Page): Promise<void> {
  await page.goto(TEMPLATE_PATH);
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 20_000 });
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const dialog = (page: Page, title: string) => page.locator('.ant-modal', { has: page.locator('.ant-modal-title', { hasText: title }) });

describe('inspection templates as qiye01', () => {
  it('lists, pages, validates, creates, edits, views and deletes', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    const shell = await new LoginScreen(page).loginAs('qiye01');
    await openTemplates(page);

    // §2.7 columns and pagination
    const headers = (await page.locator('.ant-table-thead th').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    expect(headers.slice(0, 4)).toEqual(['序号', '设备类型', '模板表名称', '模板描述']);
    expect(await rows(page).count()).toBe(10);
    await page.getByText(/共\s*\d+\s*条/).first().waitFor();
    const total = Number((await page.getByText(/共\s*\d+\s*条/).first().innerText()).match(/\d+/)?.[0]);
    expect(total).toBeGreaterThanOrEqual(30);
    await page.locator('.ant-pagination-item-2').click();
    await page.locator('.ant-table-tbody tr.ant-table-row td', { hasText: /^11$/ }).first().waitFor();
    await snap(page, 'template-list');

    // §5.1 validation order on an empty form
    await page.getByRole('button', { name: /新建模板/ }).click();
    const add = dialog(page, '新建模板');
    await add.waitFor();
    await add.getByRole('button', { name: /确\s*定/ }).click();
    const errors = add.locator('.ant-formily-item-error-help, .ant-form-item-explain-error');
    await errors.first().waitFor();
    const texts = (await errors.allInnerTexts()).map((t) => t.trim());
    expect(texts.slice(0, 4)).toEqual(['请选择设备类型', '请选择项目名称', '请输入模板描述', '请输入模板名称']);

    // fill it in, with one question group in the question editor
    await chooseFirstOption(page, add.locator('.ant-select').first());
    await chooseFirstOption(page, add.locator('.ant-select').nth(1));
    await add.getByPlaceholder('请输入模板描述').fill('端到端测试创建的塔吊日常巡检模板');
    await add.getByPlaceholder('请输入模板名称').fill('E2E塔吊日常巡检表');
    await add.getByRole('button', { name: /添加/ }).first().click();
    await add.getByPlaceholder(/安全装置/).first().fill('安全装置');
    // a question, its options as a 选项/值 table: one added row, then the 合格/不合格/不适用 set in one click
    await add.getByRole('button', { name: /添加检查项/ }).first().click();
    const question = add.getByRole('group', { name: '检查项1' }).first();
    await question.getByLabel('检查项1检查内容').fill('起重量限制器是否灵敏可靠');
    await question.getByRole('button', { name: /添加选项/ }).click();
    await expect.poll(() => question.getByRole('row').count()).toBe(5); // header + 3 preset + 1 added
    await question.getByRole('button', { name: '合格/不合格/不适用' }).click();
    await expect.poll(() => question.getByRole('row').count()).toBe(4);
    await snap(page, 'template-add');
    await add.getByRole('button', { name: /确\s*定/ }).click();
    await shell.expectMessage('提交成功');
    await add.waitFor({ state: 'hidden' });

    // find it, edit it
    await page.getByPlaceholder('请输入模板名称').first().fill('E2E塔吊');
    await page.getByRole('button', { name: /查\s*询|搜\s*索/ }).first().click();
    await page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'E2E塔吊日常巡检表' }).waitFor();
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'E2E塔吊日常巡检表' });
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const edit = dialog(page, '编辑模板');
    await edit.waitFor();
    await expect.poll(() => edit.getByPlaceholder('请输入模板名称').inputValue()).toBe('E2E塔吊日常巡检表');
    await edit.getByPlaceholder('请输入模板名称').fill('E2E塔吊日常巡检表（修订）');
    await edit.getByRole('button', { name: /确\s*定/ }).click();
    await shell.expectMessage('修改成功');

    // view: 模板详情 at 60 % width
    const edited = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '（修订）' });
    await edited.waitFor();
    await edited.getByRole('button', { name: /查\s*看/ }).click();
    const detail = dialog(page, '模板详情');
    await detail.waitFor();
    await detail.getByText('安全装置').first().waitFor();
    // the question list reads as a checklist: group heading, numbered question, option tags
    const checklist = detail.getByRole('region', { name: '安全装置' });
    expect(await checklist.getByRole('listitem').first().innerText()).toMatch(/^1\.\s*起重量限制器是否灵敏可靠\s*合格\s*不合格\s*不适用$/);
    expect(await detail.innerText()).not.toContain('选项编号');
    // Layout width, not the bounding box, which the opening zoom animation scales.
    const width = await detail.evaluate((el) => (el as HTMLElement).offsetWidth);
    expect(Math.abs(width / 1440 - 0.6)).toBeLessThan(0.02);
    await page.waitForTimeout(300);
    await snap(page, 'template-detail');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    // delete: cancel, then confirm (§5.1 texts)
    await edited.getByRole('button', { name: /删\s*除/ }).click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: '此操作将永久删除该设备, 是否继续?' });
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('提示');
    await confirm.getByRole('button', { name: /取\s*消/ }).click();
    await shell.expectMessage('已取消删除');
    await confirm.waitFor({ state: 'hidden' }); // the cancelled confirm has left before the next opens
    await edited.getByRole('button', { name: /删\s*除/ }).click();
    const again = page.locator('.ant-modal-confirm:visible', { hasText: '此操作将永久删除该设备, 是否继续?' });
    await again.waitFor();
    await again.getByRole('button', { name: /确\s*定/ }).click();
    await shell.expectMessage('删除成功!');
    await edited.waitFor({ state: 'detached' });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('inspection templates as qiye02 (view only)', () => {
  it('shows no add, edit or delete, and the server refuses them', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('qiye02');
    await openTemplates(page);
    expect(await page.getByRole('button', { name: /新建模板/ }).count()).toBe(0);
    expect(await rows(page).first().getByRole('button', { name: /编\s*辑/ }).count()).toBe(0);
    expect(await rows(page).first().getByRole('button', { name: /删\s*除/ }).count()).toBe(0);
    expect(await rows(page).first().getByRole('button', { name: /查\s*看/ }).count()).toBe(1);
    const refused = await page.evaluate(async () => {
      const token = document.cookie.split('; ').find((c) => c.startsWith('access_token='))?.split('=')[1] ?? '';
      const r = await fetch('/prod-api/api/RoutInspContent/ModifyContent', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ rec_id: '1', content_name: '越权修改' }),
      });
      return r.json();
    });
    expect(refused).toMatchObject({ status: 0, code: 402, detail: '没有权限' });
    await snap(page, 'template-list-viewer');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
