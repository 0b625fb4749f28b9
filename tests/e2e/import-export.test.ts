// Import and export as a user meets them (issue 11): 巡检设备's 导出 gives a sheet that opens cleanly
// (widths that fit, the header frozen and filtered, no ids or upload addresses, the page title and the
// day in the file name); 导入 opens a dialog whose template comes from the schema, whose preview lists
// every error of every line, which imports the valid lines and hands back the rejected ones with their
// 错误原因; a 5xx shows 服务器繁忙，请稍后重试 with the request id.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { downloadBytes, newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';

const env = withConsole();
const PAGE = '/deviceManagement/deviceLedger/routInspManage';

async function workbook(download: Download): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await downloadBytes(download)) as unknown as ExcelJS.Buffer);
  return book;
}

const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? ''));

async function open(page: Page) {
  await new LoginScreen(page).loginAs('qiye01');
  await page.goto(PAGE);
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 20_000 });
}

describe('巡检设备 export and import', () => {
  it('导出: fitted widths, frozen and filtered header, no ids, uploads by file name, title and day in the name', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await open(page);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name: /导\s*出/ }).click()]);
    const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
    expect(download.suggestedFilename()).toBe(`巡检设备_${day}.xlsx`);
    const sheet = (await workbook(download)).worksheets[0];
    const header = headerOf(sheet);
    expect(header).toContain('设备编号');
    expect(header).not.toContain('编号');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    // Every column at least as wide as its title and its longest value (a CJK character counts two).
    const width = (v: unknown) => [...String(v ?? '')].reduce((w, c) => w + (/[\u1100-\uffff]/.test(c) ? 2 : 1), 0);
    // A date is a real Excel date now: it shows as its format (yyyy-mm-dd, yyyy-mm-dd hh:mm), not as Date#toString.
    const shown = (cell: ExcelJS.Cell) => (cell.value instanceof Date ? 'x'.repeat(String(cell.numFmt ?? '').length || 10) : cell.value);
    for (let c = 1; c <= header.length; c += 1) {
      let widest = width(header[c - 1]);
      sheet.eachRow((row) => (widest = Math.max(widest, Math.min(58, width(shown(row.getCell(c)))))));
      expect(sheet.getColumn(c).width, header[c - 1]).toBeGreaterThanOrEqual(widest);
    }
    const values = sheet.getSheetValues().slice(2).flatMap((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(values.some((v) => typeof v === 'string' && v.includes('/prod-api/'))).toBe(false);
    const photo = header.indexOf('设备照片') + 1;
    const photos = new Set<string>();
    sheet.eachRow((row, n) => void (n > 1 && photos.add(String(row.getCell(photo).value))));
    // Uploads by their files' names, one a line (issue 28), an empty cell for none — never an address.
    expect([...photos].every((p) => p === 'null' || (p !== '' && !p.includes('/prod-api/')))).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('导入: template, preview with every error of every line, import of the valid lines, rejected lines to download', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await open(page);
    // A real 设备类型 and 所属项目 from the list the user sees.
    const [exported] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name: /导\s*出/ }).click()]);
    const current = (await workbook(exported)).worksheets[0];
    const currentHeader = headerOf(current);
    const deviceType = String(current.getRow(2).getCell(currentHeader.indexOf('设备类型') + 1).value);
    const project = String(current.getRow(2).getCell(currentHeader.indexOf('所属项目') + 1).value);

    await page.getByRole('button', { name: /导\s*入/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '导入巡检设备' });
    await dialog.waitFor();
    const [templateDownload] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '下载导入模板' }).click()]);
    expect(templateDownload.suggestedFilename()).toMatch(/^巡检设备_导入模板_\d{8}\.xlsx$/);
    const book = await workbook(templateDownload);
    const sheet = book.worksheets[0];
    const header = headerOf(sheet);
    expect(header).toContain('*设备编号');
    expect(header).toContain('生产厂家');
    expect(header).not.toContain('设备照片');
    const col = (title: string) => header.findIndex((h) => h.replace(/^\*/, '') === title) + 1;
    const stamp = String(Date.now()).slice(-6);
    const line = (row: number, values: Record<string, string>) => {
      for (let c = 1; c <= header.length; c += 1) sheet.getCell(row, c).value = null;
      for (const [title, value] of Object.entries(values)) sheet.getCell(row, col(title)).value = value;
    };
    const good = (n: number) => ({ 设备编号: `DR-${stamp}-${n}`, 设备名称: `导入设备${n}`, 设备类型: deviceType, 规格型号: 'QTZ80', 所属项目: project, 进场日期: '2024-03-01' });
    line(2, good(1));
    // Three problems on one line: no name, a date that is none, a project that does not exist.
    line(3, { ...good(2), 设备名称: '', 进场日期: '三月一日', 所属项目: '没有这个项目' });
    line(4, good(3));
    const file = Buffer.from(await book.xlsx.writeBuffer());

    await dialog.locator('input[type=file]').setInputFiles({ name: '巡检设备导入.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
    const summary = dialog.getByTestId('import-summary');
    await summary.waitFor({ timeout: 30_000 });
    expect((await summary.innerText()).replace(/\s+/g, '')).toContain('共3行，可导入2行，有错误1行（3处错误）');
    const badRow = dialog.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '3处错误' });
    const errors = await badRow.locator('.engine-import-errors li').allInnerTexts();
    expect(errors).toHaveLength(3);
    expect(errors.join('|')).toContain('没有这个项目');
    expect(errors.join('|')).toContain('设备名称');
    expect(errors.join('|')).toContain('进场日期');
    await expect.poll(() => dialog.getByRole('button', { name: /全部导入/ }).isDisabled()).toBe(true);
    await snap(page, 'import-preview');

    await dialog.getByRole('button', { name: /仅导入有效行/ }).click();
    await dialog.getByText('成功导入2条，1条有误未导入').waitFor({ timeout: 30_000 });
    const [rejected] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '下载未导入的行' }).click()]);
    const back = (await workbook(rejected)).worksheets[0];
    const backHeader = headerOf(back);
    expect(backHeader.at(-1)).toBe('错误原因');
    expect(back.rowCount).toBe(2);
    const reason = String(back.getRow(2).getCell(backHeader.length).value);
    expect(reason.split('；')).toHaveLength(3);
    await dialog.getByRole('button', { name: /完\s*成/ }).click();

    // The two good lines are in the list.
    const search = page.locator('.engine-search input').first();
    if (await search.isVisible()) await search.fill(`DR-${stamp}`);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(async () => (await page.locator('.ant-table-tbody').innerText()).includes(`导入设备1`), { timeout: 15_000 }).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a 5xx shows 服务器繁忙，请稍后重试 with the request id, never "Error"', async () => {
    const { page, context } = await newPage(env.browser, env.server.baseUrl);
    await open(page);
    await page.route(/\/prod-api\/api\/RoutInspManage\/WherePageList/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', headers: { 'x-request-id': 'a1b2c3d4e5f6' }, body: JSON.stringify({ status: 0, detail: '服务器繁忙，请稍后重试', requestId: 'a1b2c3d4e5f6' }) }),
    );
    await page.reload();
    const notice = page.locator('.ant-message-notice').filter({ hasText: '服务器繁忙' });
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.innerText()).toContain('服务器繁忙，请稍后重试（请求编号：a1b2c3d4e5f6）');
    expect(await page.locator('.ant-message-notice').filter({ hasText: /^Error$/ }).count()).toBe(0);
    await context.close();
  });
});
