// Field permissions in Chromium (issue 10) and personal data (issue 23): 监管人员 jianguan01 may export 花名册
// but lacks 查看身份证号 (viewIdNumber) and 导出完整个人信息, so the workbook 导出 downloads holds every ID and
// mobile number masked (§5.6: 5110**********123X, 138****1234); qiye01, a full role holding both, gets them
// whole. The list masks them for everyone (the server answers them masked, the column's maskId display).
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { downloadBytes, newPage } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';

const env = withConsole();
const MASKED = /^\d{4}\*{10}[\dX]{4}$/;
const WHOLE = /^\d{17}[\dX]$/;
const MASKED_MOBILE = /^1\d{2}\*{4}\d{4}$/;
const WHOLE_MOBILE = /^1\d{10}$/;

/** The cells of one column of the list, as shown. */
async function shownNumbers(page: Page, title = '身份证号'): Promise<string[]> {
  const header = page.getByRole('columnheader', { name: title, exact: true });
  await header.waitFor();
  await page.locator('.ant-table-tbody .ant-table-row').first().waitFor();
  const at = await header.evaluate((th) => (th as HTMLTableCellElement).cellIndex);
  const cells = page.locator(`.ant-table-tbody .ant-table-row > :nth-child(${at + 1})`);
  return (await cells.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

/** Clicks 导出 and reads the 身份证号 and 手机号码 columns of the downloaded workbook. */
async function exportedNumbers(page: Page): Promise<{ ids: string[]; mobiles: string[] }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name: /导\s*出/ }).click()]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await downloadBytes(download)) as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const column = (title: string) => {
    const at = header.indexOf(title);
    expect(at).toBeGreaterThan(0);
    const out: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) out.push(String(row.getCell(at).value ?? ''));
    });
    return out.filter(Boolean);
  };
  return { ids: column('身份证号'), mobiles: column('手机号码') };
}

describe('花名册 身份证号 follows 查看身份证号, on screen and in the export', () => {
  for (const [user, pattern] of [
    ['jianguan01', MASKED],
    ['qiye01', WHOLE],
  ] as const) {
    it(`${user}: ${pattern === MASKED ? 'masked' : 'whole'}`, async () => {
      const t = await newPage(env.browser, env.server.baseUrl);
      await new LoginScreen(t.page).loginAs(user);
      await t.page.goto('/personnel/data');
      const shown = await shownNumbers(t.page);
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.every((n) => MASKED.test(n)), shown.join(',')).toBe(true);
      const phones = await shownNumbers(t.page, '手机号码');
      expect(phones.every((n) => MASKED_MOBILE.test(n)), phones.join(',')).toBe(true);
      const { ids, mobiles } = await exportedNumbers(t.page);
      expect(ids.length).toBeGreaterThanOrEqual(shown.length);
      expect(ids.every((n) => pattern.test(n)), ids.slice(0, 5).join(',')).toBe(true);
      const mobile = pattern === MASKED ? MASKED_MOBILE : WHOLE_MOBILE;
      expect(mobiles.length).toBeGreaterThan(0);
      expect(mobiles.every((n) => mobile.test(n)), mobiles.slice(0, 5).join(',')).toBe(true);
      expect(t.consoleErrors, t.consoleErrors.join('\n')).toEqual([]);
      await t.context.close();
    });
  }
});
