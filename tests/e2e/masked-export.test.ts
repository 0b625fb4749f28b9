// Field permissions in Chromium (issue 10): 监管人员 jianguan01 may export 花名册 but lacks 查看身份证号
// (viewIdNumber), so the workbook 导出 downloads holds every number masked (§5.6); qiye01, holding the
// action, gets them whole. The list masks them for everyone (the column's maskId display).
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { downloadBytes, newPage } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';

const env = withConsole();
const MASKED = /^\d{4}\*{10}[\dX]{4}$/;
const WHOLE = /^\d{17}[\dX]$/;

/** The 身份证号 cells of the list, as shown. */
async function shownNumbers(page: Page): Promise<string[]> {
  const header = page.getByRole('columnheader', { name: '身份证号', exact: true });
  await header.waitFor();
  await page.locator('.ant-table-tbody .ant-table-row').first().waitFor();
  const at = await header.evaluate((th) => (th as HTMLTableCellElement).cellIndex);
  const cells = page.locator(`.ant-table-tbody .ant-table-row > :nth-child(${at + 1})`);
  return (await cells.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

/** Clicks 导出 and reads the 身份证号 column of the downloaded workbook. */
async function exportedNumbers(page: Page): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name: /导\s*出/ }).click()]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await downloadBytes(download)) as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const at = header.indexOf('身份证号');
  expect(at).toBeGreaterThan(0);
  const out: string[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) out.push(String(row.getCell(at).value ?? ''));
  });
  return out.filter(Boolean);
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
      const exported = await exportedNumbers(t.page);
      expect(exported.length).toBeGreaterThanOrEqual(shown.length);
      expect(exported.every((n) => pattern.test(n)), exported.slice(0, 5).join(',')).toBe(true);
      expect(t.consoleErrors, t.consoleErrors.join('\n')).toEqual([]);
      await t.context.close();
    });
  }
});
