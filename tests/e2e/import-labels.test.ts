// References and files in Excel, and 仅导入有效行 (issue 28, docs/metadata.md "Import"), as a user meets
// them on 花名册 and 设备租赁合同: the 导出 of a filtered list writes each row's project by name, its 出租单位
// (an organisation) by name and its photo or attachments by file name; after the rows are deleted, 导入 of
// that very file stores them again with the same project, organisation and files (the same uploads). A
// sheet with good and bad lines: 仅导入有效行 imports the good ones and the result names every fault of
// every bad line (a line with two faults shows both).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { downloadBytes, newPage, snap } from './support/browser';
import { LoginScreen } from './support/console';
import { withConsole } from './support/server';
import { seriousViolations } from './support/axe';

// Its own server (the scratch one): it adds, deletes and re-imports roster rows other files read as the seed's.
const env = withConsole({ own: true });
const PAGE = '/personnel/data';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PORTRAIT = readFileSync(join(__dirname, '..', '..', 'server', 'screens', 'demo-photos', 'female-1.png')).toString('base64');
const STAMP = String(Date.now()).slice(-6);

type Worker = Record<string, unknown> & { id: string; labels?: Record<string, string> };

/** A GB 11643 number of 内江市市中区 born on 1992-02-02 with sequence `seq` and its check character. */
function idNumber(seq: number): string {
  const body = `51100219920202${String(seq).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, c, i) => s + Number(c) * weights[i], 0);
  return body + '10X98765432'[sum % 11];
}

/** A call of the generic API with the page's session (the access-token cookie). */
function api<T>(page: Page, path: string, body?: Record<string, unknown>): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const token = document.cookie.split('; ').find((c) => c.startsWith('access_token='))?.split('=')[1] ?? '';
      const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const r = await fetch(`/prod-api/api/${path}`, body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) });
      return r.json();
    },
    { path, body },
  );
}

/** Uploads a portrait as the page's user (as the form's upload does); answers its address. */
function upload(page: Page, name: string, kind: 'image' | 'file' = 'image'): Promise<string> {
  const data = kind === 'image' ? PORTRAIT : Buffer.from(`%PDF-1.4\n%${name}\n`).toString('base64');
  return page.evaluate(
    async ({ name, data, kind }) => {
      const token = document.cookie.split('; ').find((c) => c.startsWith('access_token='))?.split('=')[1] ?? '';
      const form = new FormData();
      form.append('upload_type', kind);
      form.append('file', new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], { type: kind === 'image' ? 'image/png' : 'application/pdf' }), name);
      const r = await fetch('/prod-api/api/Upload/UploadImageRedis', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
      return ((await r.json()) as { data: string }).data;
    },
    { name, data, kind },
  );
}

const byTeam = (team: string) => `Worker/WherePageList?index=0&size=50&sort=id:asc&filters=${encodeURIComponent(JSON.stringify([{ field: 'teamName', operator: 'eq', value: team }]))}`;

const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? ''));

/** 花名册 filtered to one 班组 (the list's search), so 导出 writes those workers only. */
async function showTeam(page: Page, team: string) {
  await page.getByPlaceholder('请输入班组').fill(team);
  await page.getByRole('button', { name: /查\s*询/ }).click();
}

async function importFile(page: Page, name: string, buffer: Buffer, title = '花名册') {
  await page.getByRole('button', { name: /导\s*入/ }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: `导入${title}` });
  await dialog.waitFor();
  await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: XLSX, buffer });
  await dialog.getByTestId('import-summary').waitFor({ timeout: 30_000 });
  return dialog;
}


/** 导出 of the list shown: the file's bytes and its cells by row and column title (row 1 is the header). */
async function exportList(page: Page): Promise<{ bytes: Buffer; sheet: ExcelJS.Worksheet; cell: (row: number, title: string) => ExcelJS.CellValue }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name: /导\s*出/ }).click()]);
  const bytes = await downloadBytes(download);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0];
  const header = headerOf(sheet);
  return { bytes, sheet, cell: (row, title) => sheet.getRow(row).getCell(header.indexOf(title) + 1).value };
}

describe('projects, organisations and files in Excel', () => {
  it('导出 writes names and file names; 导入 of that file after a delete stores the same project and photos', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('qiye01');
    await page.goto(PAGE);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 20_000 });
    const first = (await api<{ data: Worker[] }>(page, 'Worker/WherePageList?index=0&size=1')).data[0];
    const team = `往返班组${STAMP}`;
    const photos = [await upload(page, `正面照${STAMP}.png`), await upload(page, `侧面照${STAMP}.png`)];
    for (const [i, [name, photo]] of [['往返甲', photos[0]], ['往返乙', photos[1]]].entries()) {
      const created = await api<{ status: number; detail: string }>(page, 'Worker/CreateModel', {
        projectId: first.projectId, workerName: name, idCardNo: idNumber(400 + i), gender: '2', teamName: team, entryDate: '2026-03-01', photo,
      });
      expect(created, JSON.stringify(created)).toMatchObject({ status: 1 });
    }
    const before = (await api<{ data: Worker[] }>(page, byTeam(team))).data;
    expect(before).toHaveLength(2);

    await showTeam(page, team);
    await page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '往返乙' }).waitFor();
    const { bytes, sheet, cell } = await exportList(page);
    // The list's order (newest first).
    expect([2, 3].map((r) => [cell(r, '姓名'), cell(r, '所属项目'), cell(r, '人员照片')])).toEqual([
      ['往返乙', first.labels?.projectId, `侧面照${STAMP}.png`],
      ['往返甲', first.labels?.projectId, `正面照${STAMP}.png`],
    ]);
    const values = sheet.getSheetValues().slice(2).flatMap((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(values.some((v) => typeof v === 'string' && v.includes('/prod-api/'))).toBe(false);

    for (const w of before) expect(await api<{ status: number }>(page, 'Worker/DeleteModel', { rec_id: w.id })).toMatchObject({ status: 1 });
    expect((await api<{ data: Worker[] }>(page, byTeam(team))).data).toEqual([]);

    const dialog = await importFile(page, `花名册_${STAMP}.xlsx`, bytes);
    expect((await dialog.getByTestId('import-summary').innerText()).replace(/\s+/g, '')).toContain('共2行，可导入2行，有错误0行');
    await dialog.getByRole('button', { name: /全部导入/ }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '导入成功，共导入2条' }).waitFor({ timeout: 30_000 });

    // New rows (new ids), the same values: names, ID numbers, project, dates and the very same uploads.
    const byName = (rows: Worker[]) => [...rows].sort((a, b) => String(a.workerName).localeCompare(String(b.workerName), 'zh-CN'));
    const after = byName((await api<{ data: Worker[] }>(page, byTeam(team))).data);
    const same = (w: Worker) => [w.workerName, w.idCardNo, w.gender, w.projectId, w.teamName, w.entryDate, w.photo];
    expect(after.map(same)).toEqual(byName(before).map(same));
    expect(after.map((w) => w.photo).sort()).toEqual([...photos].sort());
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('仅导入有效行 imports the good lines and names every fault of every other line', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('qiye01');
    await page.goto(PAGE);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 20_000 });
    const first = (await api<{ data: Worker[] }>(page, 'Worker/WherePageList?index=0&size=1')).data[0];
    const project = first.labels!.projectId;
    const team = `有效行${STAMP}`;
    await upload(page, `工牌照${STAMP}.png`);

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('花名册');
    sheet.addRow(['所属项目', '姓名', '身份证号', '班组', '人员照片']);
    sheet.addRow([project, '有效甲', idNumber(510), team, `工牌照${STAMP}.png`]);
    // Two faults: an ID number that is none, a photo nobody uploaded.
    const wrong = idNumber(511).slice(0, 17) + (idNumber(511).endsWith('1') ? '2' : '1');
    sheet.addRow([project, '有误乙', wrong, team, '没有这张照片.png']);
    sheet.addRow(['没有这个项目', '有误丙', idNumber(512), team, '']);
    sheet.addRow([project, '有效丁', idNumber(513), team, '']);
    const dialog = await importFile(page, `花名册_有效行_${STAMP}.xlsx`, Buffer.from(await book.xlsx.writeBuffer()));
    expect((await dialog.getByTestId('import-summary').innerText()).replace(/\s+/g, '')).toContain('共4行，可导入2行，有错误2行（3处错误）');
    // The import preview with its faults passes axe-core (issue 27).
    expect(await seriousViolations(page, { include: '.ant-modal' })).toEqual([]);

    await dialog.getByRole('button', { name: /仅导入有效行/ }).click();
    await dialog.getByText('成功导入2条，2条有误未导入').waitFor({ timeout: 30_000 });
    const failures = dialog.getByTestId('import-failures');
    const faults = async (row: number) => failures.locator('tr.ant-table-row').filter({ has: page.locator('td', { hasText: new RegExp(`^${row}$`) }) }).locator('li').allInnerTexts();
    expect((await faults(3)).sort()).toEqual(['人员照片“没有这张照片.png”不存在或无权使用（只能填写您上传的或本页记录中已有的图片的文件名）', '请输入正确的身份证号码'].sort());
    expect(await faults(4)).toEqual(['所属项目“没有这个项目”不存在或无权访问']);
    await snap(page, 'import-valid-report');
    if (process.env.E2E_REPORT_SHOT) await page.screenshot({ path: process.env.E2E_REPORT_SHOT });

    const stored = (await api<{ data: Worker[] }>(page, byTeam(team))).data;
    expect(stored.map((w) => w.workerName)).toEqual(['有效甲', '有效丁']);
    expect(String(stored[0].photo)).toMatch(/^\/prod-api\/api\/Upload\/File\/\d+$/);
    await dialog.getByRole('button', { name: /完\s*成/ }).click();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the preview names the roster row an ID number is already on, and a line the sheet repeats (issue 29)', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('qiye01');
    await page.goto(PAGE);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 20_000 });
    const first = (await api<{ data: Worker[] }>(page, 'Worker/WherePageList?index=0&size=1')).data[0];
    const onRoster = idNumber(610);
    const created = await api<{ status: number }>(page, 'Worker/CreateModel', { projectId: first.projectId, workerName: '在册姚', idCardNo: onRoster, gender: '1' });
    expect(created, JSON.stringify(created)).toMatchObject({ status: 1 });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('花名册');
    sheet.addRow(['所属项目', '姓名', '身份证号']);
    sheet.addRow([first.labels!.projectId, '重复甲', onRoster]);
    sheet.addRow([first.labels!.projectId, '重复乙', idNumber(611)]);
    sheet.addRow([first.labels!.projectId, '重复丙', idNumber(611)]);
    const dialog = await importFile(page, `花名册_重复_${STAMP}.xlsx`, Buffer.from(await book.xlsx.writeBuffer()));
    expect((await dialog.getByTestId('import-summary').innerText()).replace(/\s+/g, '')).toContain('共3行，可导入1行，有错误2行（2处错误）');
    const text = await dialog.innerText();
    expect(text).toContain('身份证号已存在：花名册中的“在册姚”');
    expect(text).toContain(`身份证号“${idNumber(611)}”与第3行重复`);
    await snap(page, 'import-duplicate-id');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('设备租赁合同: 出租单位 by name and 合同附件 by file names in the export, the same organisation and files after 导入', async () => {
    const { page, context, consoleErrors } = await newPage(env.browser, env.server.baseUrl);
    await new LoginScreen(page).loginAs('qiye01');
    await page.goto('/contract/lease');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 20_000 });
    const seeded = (await api<{ data: Worker[] }>(page, 'EquipmentLease/WherePageList?index=0&size=1')).data[0];
    const files = [await upload(page, `租赁合同${STAMP}.pdf`, 'file'), await upload(page, `设备清单${STAMP}.pdf`, 'file')];
    const prefix = `E2E-${STAMP}`;
    for (const [i, attachments] of [files[0], files.join(',')].entries()) {
      const created = await api<{ status: number; detail: string }>(page, 'EquipmentLease/CreateModel', {
        leaseNo: `${prefix}-${i + 1}`, leaseName: `导入往返租赁合同${i + 1}`, projectId: seeded.projectId, lessorId: seeded.lessorId, leaseKind: '1',
        amount: 10000 * (i + 1), signDate: '2026-03-01', startDate: '2026-03-02', endDate: '2026-12-31', attachments,
      });
      expect(created, JSON.stringify(created)).toMatchObject({ status: 1 });
    }
    const mine = `EquipmentLease/WherePageList?index=0&size=10&sort=id:asc&keyword=${prefix}`;
    const before = (await api<{ data: Worker[] }>(page, mine)).data;
    expect(before).toHaveLength(2);

    const keyword = page.getByPlaceholder('请输入关键字');
    if (!(await keyword.isVisible())) await page.getByText('展开').click();
    await keyword.fill(prefix);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: `${prefix}-2` }).waitFor();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
    const { bytes, cell } = await exportList(page);
    const byNo = new Map([2, 3].map((r) => [String(cell(r, '合同编号')), [cell(r, '出租单位'), cell(r, '合同附件')]]));
    expect(byNo.get(`${prefix}-1`)).toEqual([seeded.labels?.lessorId ?? expect.any(String), `租赁合同${STAMP}.pdf`]);
    expect(byNo.get(`${prefix}-2`)).toEqual([byNo.get(`${prefix}-1`)![0], `租赁合同${STAMP}.pdf\n设备清单${STAMP}.pdf`]);
    expect(String(byNo.get(`${prefix}-1`)![0])).not.toMatch(/^\d+$/);

    for (const row of before) expect(await api<{ status: number }>(page, 'EquipmentLease/DeleteModel', { rec_id: row.id })).toMatchObject({ status: 1 });
    const dialog = await importFile(page, `设备租赁合同_${STAMP}.xlsx`, bytes, '设备租赁合同');
    expect((await dialog.getByTestId('import-summary').innerText()).replace(/\s+/g, '')).toContain('共2行，可导入2行，有错误0行');
    await dialog.getByRole('button', { name: /全部导入/ }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '导入成功，共导入2条' }).waitFor({ timeout: 30_000 });
    const same = (r: Worker) => [r.leaseNo, r.leaseName, r.projectId, r.lessorId, r.amount, r.signDate, r.endDate, r.attachments];
    const sorted = (rows: Worker[]) => [...rows].sort((a, b) => String(a.leaseNo).localeCompare(String(b.leaseNo)));
    expect(sorted((await api<{ data: Worker[] }>(page, mine)).data).map(same)).toEqual(sorted(before).map(same));
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
