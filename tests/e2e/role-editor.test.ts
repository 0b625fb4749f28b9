// Story (issue 4): qiye01 takes 删除 of 设备类型 away from the 企业管理员 role in the role editor (the §6
// permission matrix: pages × actions). duogongsi, who holds that role, logs in again: the 删除 button is gone
// from 设备类型 while 编辑 stays, and a direct delete call is refused by the server with 402 没有权限.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';

const env = withConsole({ own: true });
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

describe('role editor: a removed button disappears and is refused', () => {
  it('qiye01 removes 删除 of 设备类型 from 企业管理员', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    const shell = await new LoginScreen(page).loginAs('qiye01');
    await page.goto('/userManage/role');
    const role = rows(page).filter({ hasText: '企业管理员' });
    await role.waitFor({ timeout: 20_000 });
    await role.getByRole('button', { name: '编辑' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '编辑角色' });
    // The permission matrix: pages as rows, actions as columns; search narrows it to 设备类型.
    const search = dialog.locator('input[aria-label="搜索页面"]');
    await search.waitFor({ timeout: 20_000 });
    await snap(page, 'role-editor-matrix');
    await search.fill('设备类型');
    const row = dialog.locator('tr.pm-row[data-row-id="deviceLedger.deviceType"]');
    await row.waitFor();
    expect(await dialog.locator('tr.pm-row').count()).toBe(1);
    const checkbox = row.getByRole('checkbox', { name: '设备类型 删除' });
    await expect.poll(() => checkbox.isChecked()).toBe(true);
    await checkbox.click();
    await expect.poll(() => checkbox.isChecked()).toBe(false);
    // Its siblings stay granted, and the row's select-all shows a partial grant.
    expect(await row.getByRole('checkbox', { name: '设备类型 编辑' }).isChecked()).toBe(true);
    expect(await row.locator('.ant-checkbox-indeterminate').count()).toBe(1);
    await snap(page, 'role-editor-unchecked');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await shell.expectMessage('修改成功，该角色的用户重新登录后生效');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('duogongsi (企业管理员) no longer sees 删除 on 设备类型, and the server refuses the delete', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('duogongsi');
    await page.goto('/deviceManagement/deviceLedger/deviceType');
    await rows(page).first().waitFor({ timeout: 20_000 });
    expect(await rows(page).first().getByRole('button', { name: '编辑' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: '删除' }).count()).toBe(0);
    await snap(page, 'role-editor-no-delete');

    const reply = await page.evaluate(async () => {
      const token = document.cookie.split('; ').find((c) => c.startsWith('access_token='))?.split('=')[1] ?? '';
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', fromplat: 'pc' };
      const list = await (await fetch('/prod-api/api/DeviceType/WhereDeviceTypeList?index=0&size=1', { headers })).json();
      const id = list.data[0].id as string;
      const del = await (await fetch('/prod-api/api/DeviceType/Delete', { method: 'POST', headers, body: JSON.stringify({ rec_id: id }) })).json();
      const after = await (await fetch('/prod-api/api/DeviceType/WhereDeviceTypeList?index=0&size=1', { headers })).json();
      return { del, before: list.pageInfo.record_count, after: after.pageInfo.record_count };
    });
    expect(reply.del).toEqual({ status: 0, code: 402, detail: '没有权限' });
    expect(reply.after).toBe(reply.before);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
