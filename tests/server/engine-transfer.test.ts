// Export and import (docs/metadata.md): the .xlsx of all filtered rows with the field titles as header
// and dictionary labels for codes, under a UTF-8 file name; import of the same sheet validated row by
// row with the create validator, all or nothing.
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../common/metadata';
import { sheetFields } from '../../server/engine/excel';
import { call, session, startApp } from './helpers';
import { catalog, DEVICE, endpoint, entityModel, multipart, postMultipart, projectId, questionGroups, TEMPLATE, templatePayload } from './engine-support';

type Row = Record<string, unknown> & { id: string };

let app: FastifyInstance;
/** The system administrator: '*' holds every button, export and import included (§6). */
let admin: string;
let project: string;
beforeAll(async () => {
  app = await startApp();
  admin = (await session(app, 'sysadmin')).token;
  project = await projectId(app, admin, 'NJJG-2024-001');
});
afterAll(async () => {
  await app.close();
});

/** The export's columns: every answered field but the ids (server/engine/excel.ts sheetFields). */
const titles = (entity: string) => sheetFields(entityModel(entity)).map((f) => f.title);
/** Every field's title: what an older export's header held (编号 included); import still reads it. */
const allTitles = (entity: string) => entityModel(entity).fields.map((f) => f.title);
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
const byName = (value: string) => JSON.stringify([{ field: 'contentName', operator: 'contains', value }]);

async function exported(entity: string, token: string, query: Record<string, string> = {}) {
  const raw = await app.inject({ method: 'GET', url: endpoint(entity, 'export'), query, headers: { authorization: `Bearer ${token}`, fromplat: 'pc' } });
  const book = new ExcelJS.Workbook();
  if (raw.statusCode === 200 && String(raw.headers['content-type']).includes('spreadsheetml')) await book.xlsx.load(raw.rawPayload as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0];
  const rows = sheet ? sheet.getSheetValues().slice(1).map((r) => (Array.isArray(r) ? r.slice(1) : [])) : [];
  return { raw, rows };
}

async function sheetOf(lines: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('导入');
  for (const line of lines) sheet.addRow(line);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const xlsx = (data: Buffer, name = '巡检模板.xlsx') =>
  multipart({ token: 'svc', fromplat: 'pc', wid: '11' }, { name, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data });
const importFile = (token: string, data: Buffer, name?: string) => postMultipart(app, endpoint(TEMPLATE, 'import'), token, xlsx(data, name));

describe('export', () => {
  it('answers an .xlsx of every matching row with the titles as header and a UTF-8 file name', async () => {
    for (let i = 0; i < 3; i += 1) {
      await call(app, 'POST', endpoint(TEMPLATE, 'create'), { token: admin, body: templatePayload({ project_id: project, content_name: `导出测试${i}` }) });
    }
    const { raw, rows } = await exported(TEMPLATE, admin, { filters: byName('导出测试'), sort: 'contentName:asc' });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(raw.headers['content-disposition']).toBe(`attachment; filename="RoutInspContent_${today()}.xlsx"; filename*=UTF-8''${encodeURIComponent(`巡检模板_${today()}.xlsx`)}`);
    expect(rows[0]).toEqual(titles(TEMPLATE));
    expect(rows.slice(1).map((r) => r[titles(TEMPLATE).indexOf('模板表名称')])).toEqual(['导出测试0', '导出测试1', '导出测试2']);
    const lists = rows.slice(1).map((r) => JSON.parse(String(r[titles(TEMPLATE).indexOf('巡检内容')])));
    expect(lists[0]).toEqual(questionGroups('安全装置'));
    expect(rows[1][titles(TEMPLATE).indexOf('所属单位')]).toBe('内江建工集团有限公司');
  });

  it('opens cleanly in a spreadsheet: widths fit the content, the header frozen and filtered, no ids', async () => {
    const long = '很长的模板名称'.repeat(5);
    await call(app, 'POST', endpoint(TEMPLATE, 'create'), { token: admin, body: templatePayload({ project_id: project, content_name: long }) });
    const raw = await app.inject({ method: 'GET', url: endpoint(TEMPLATE, 'export'), query: { filters: byName('很长的模板名称') }, headers: { authorization: `Bearer ${admin}`, fromplat: 'pc' } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).not.toContain('编号');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe(`A1:${String.fromCharCode(64 + header.length)}1`);
    const name = header.indexOf('模板表名称') + 1;
    // A CJK character is two units wide: the column holds the 35-character name.
    expect(sheet.getColumn(name).width).toBeGreaterThanOrEqual(60);
    for (const [i, title] of header.entries()) expect(sheet.getColumn(i + 1).width, String(title)).toBeGreaterThanOrEqual(String(title).length * 2);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row.some((c) => typeof c === 'string' && /^\d{6,}$/.test(c))).toBe(false);
    const disposition = String(raw.headers['content-disposition']);
    const named = await app.inject({ method: 'GET', url: endpoint(TEMPLATE, 'export'), query: { title: '巡检/模板' }, headers: { authorization: `Bearer ${admin}`, fromplat: 'pc' } });
    expect(decodeURIComponent(String(named.headers['content-disposition']).split("''")[1])).toBe(`巡检模板_${today()}.xlsx`);
    expect(disposition).toContain(`_${today()}.xlsx`);
  });

  it('exports every matching row, beyond one page', async () => {
    const { rows } = await exported(TEMPLATE, admin);
    const list = await call(app, 'GET', endpoint(TEMPLATE, 'list'), { token: admin, query: { index: 0, size: 1 } });
    expect(rows.length - 1).toBe(list.body.pageInfo!.record_count);
    expect(rows.length - 1).toBeGreaterThan(10);
  });

  it('writes static dictionary codes as their labels', async () => {
    const { token } = await session(app, 'qiye01');
    const { rows } = await exported(DEVICE, token);
    const column = titles(DEVICE).indexOf('审核状态');
    const labels = new Set(catalog.dictionaries.get('auditStatus')!.map((o) => o.selContent));
    const cells = rows.slice(1).map((r) => r[column]).filter((c) => c !== undefined && c !== null);
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.every((c) => labels.has(String(c)))).toBe(true);
  });

  it('writes project names, not ids, as list cells show them', async () => {
    const { token } = await session(app, 'qiye01');
    const list = await call<Row[]>(app, 'GET', endpoint(DEVICE, 'list'), { token, query: { index: 0, size: 500 } });
    const { rows } = await exported(DEVICE, token);
    const column = titles(DEVICE).indexOf('所属项目');
    const cells = rows.slice(1).map((r) => r[column]);
    expect(cells).toHaveLength(list.body.data!.length);
    expect(cells).toEqual(list.body.data!.map((r) => (r.labels as Record<string, string>).projectId));
    expect(cells).toContain('甜城湖片区棚户区改造项目');
    expect(cells.some((c) => /^\d+$/.test(String(c)))).toBe(false);
  });

  it('needs the export button: qiye02 gets 402', async () => {
    const { token } = await session(app, 'qiye02');
    const { raw } = await exported(TEMPLATE, token);
    expect(raw.json()).toEqual({ status: 0, code: 402, detail: '没有权限' });
  });
});

describe('import', () => {
  const header = allTitles(TEMPLATE);
  const line = (values: Record<string, unknown>) => header.map((t) => values[t] ?? null);
  const good = (name: string) =>
    line({ 设备类型: '塔式起重机', 项目名称: project, 模板描述: '导入的模板', 模板表名称: name, 巡检内容: JSON.stringify(questionGroups('导入')) });
  const count = async (name: string) =>
    (await call(app, 'GET', endpoint(TEMPLATE, 'list'), { token: admin, query: { index: 0, size: 1, filters: byName(name) } })).body.pageInfo!.record_count;

  it('reports each bad row with its field and message and inserts nothing', async () => {
    const file = await sheetOf([
      header,
      good('导入坏批次1'),
      line({ 设备类型: '塔式起重机', 项目名称: project, 模板描述: '缺名称' }),
      [],
      line({ 设备类型: '塔式起重机', 项目名称: '999999', 模板描述: '项目不存在', 模板表名称: '导入坏批次2' }),
      line({ 设备类型: '塔式起重机', 项目名称: project, 模板描述: '列表坏了', 模板表名称: '导入坏批次3', 巡检内容: '[{"serNum":"1"}]' }),
      line({ 设备类型: '塔式起重机', 项目名称: project, 模板描述: '数字坏了', 模板表名称: '导入坏批次4', 题目限制: '很多' }),
    ]);
    const reply = await importFile(admin, file);
    expect(reply.body.status).toBe(1);
    expect(reply.body.data as ImportReport).toEqual({
      inserted: 0,
      errors: [
        { row: 3, field: 'contentName', message: '请输入模板名称' },
        { row: 5, field: 'projectId', message: '请选择项目名称' },
        { row: 6, field: 'otherList', message: '巡检内容格式不正确' },
        { row: 7, field: 'questionLimit', message: '题目限制格式不正确' },
      ],
      total: 5,
      valid: 1,
      exampleSkipped: false,
    });
    expect(await count('导入坏批次')).toBe(0);
  });

  it('inserts good rows in one go, ignoring the id and read-only columns', async () => {
    const first = good('导入好批次1');
    first[header.indexOf('编号')] = '1';
    first[header.indexOf('所属单位')] = '冒充的公司';
    const reply = await importFile(admin, await sheetOf([header, first, good('导入好批次2')]));
    expect(reply.body).toMatchObject({ status: 1, data: { inserted: 2, errors: [] } });
    const rows = await call<Row[]>(app, 'GET', endpoint(TEMPLATE, 'list'), { token: admin, query: { index: 0, size: 10, filters: byName('导入好批次'), sort: 'contentName:asc' } });
    expect(rows.body.data!.map((r) => [r.contentName, r.companyName, r.projectName, r.questionType])).toEqual([
      ['导入好批次1', '内江建工集团有限公司', '甜城湖片区棚户区改造项目', 1],
      ['导入好批次2', '内江建工集团有限公司', '甜城湖片区棚户区改造项目', 1],
    ]);
    expect(JSON.parse(rows.body.data![0].otherList as string)).toEqual(questionGroups('导入'));
  });

  it('round-trips an export', async () => {
    const { raw } = await exported(TEMPLATE, admin, { filters: byName('导入好批次') });
    const reply = await importFile(admin, raw.rawPayload);
    expect(reply.body).toMatchObject({ status: 1, data: { inserted: 2, errors: [] } });
    expect(await count('导入好批次')).toBe(4);
  });

  it('reads project names back to ids within the caller\'s scope; an unknown name is a row error', async () => {
    const file = await sheetOf([
      header,
      line({ 设备类型: '塔式起重机', 项目名称: '甜城湖片区棚户区改造项目', 模板描述: '按名称导入', 模板表名称: '按名称导入1' }),
      line({ 设备类型: '塔式起重机', 项目名称: '没有这个项目', 模板描述: '按名称导入', 模板表名称: '按名称导入2' }),
    ]);
    const bad = await importFile(admin, file);
    expect(bad.body.data).toEqual({ inserted: 0, errors: [{ row: 3, field: 'projectId', message: '项目名称“没有这个项目”不存在或无权访问' }], total: 2, valid: 1, exampleSkipped: false });
    const good = await importFile(admin, await sheetOf([header, line({ 设备类型: '塔式起重机', 项目名称: '甜城湖片区棚户区改造项目', 模板描述: '按名称导入', 模板表名称: '按名称导入1' })]));
    expect(good.body).toMatchObject({ status: 1, data: { inserted: 1, errors: [] } });
    const rows = await call<Row[]>(app, 'GET', endpoint(TEMPLATE, 'list'), { token: admin, query: { index: 0, size: 10, filters: byName('按名称导入') } });
    expect(rows.body.data!.map((r) => [r.projectId, r.projectName])).toEqual([[project, '甜城湖片区棚户区改造项目']]);
  });

  it('refuses a sheet with another header, a file that is not .xlsx, .xls or .csv, an empty sheet, and callers without inport', async () => {
    const foreign = await importFile(admin, await sheetOf([[...header, '备注栏'], good('x')]));
    expect(foreign).toMatchObject({ status: 400, body: { detail: '请求参数格式错误：导入文件的表头“备注栏”不是本页的字段，请下载导入模板' } });
    const none = await importFile(admin, await sheetOf([['编号', '所属单位'], ['1', 'x']]));
    expect(none).toMatchObject({ status: 400, body: { detail: '请求参数格式错误：导入文件的表头与导出的表头不一致' } });
    // .xlsx, .xls and .csv are read (engine-import-files.test.ts); a .txt is not.
    const text = await importFile(admin, Buffer.from('设备类型,项目名称'), 'a.txt');
    expect(text.body).toEqual({ status: 0, detail: '导入文件格式不正确，请使用导出的Excel模板' });
    const renamed = await importFile(admin, Buffer.from('not a zip at all'), 'a.xlsx');
    expect(renamed.body).toEqual({ status: 0, detail: '导入文件格式不正确，请使用导出的Excel模板' });
    const empty = await importFile(admin, await sheetOf([header]));
    expect(empty.body).toEqual({ status: 0, detail: '导入文件中没有数据' });
    const { token } = await session(app, 'qiye02');
    const denied = await importFile(token, await sheetOf([header, good('无权导入')]));
    expect(denied.body).toEqual({ status: 0, code: 402, detail: '没有权限' });
    const notMultipart = await call(app, 'POST', endpoint(TEMPLATE, 'import'), { token: admin, body: { file: 'x' } });
    expect(notMultipart.status).toBe(400);
  });
});

describe('import dialog: template, preview of every error, valid rows only', () => {
  const base = () => endpoint(TEMPLATE, 'import');
  const templateUrl = () => base().replace(/[^/]+$/, 'ImportTemplate');
  const count = async (name: string) =>
    (await call(app, 'GET', endpoint(TEMPLATE, 'list'), { token: admin, query: { index: 0, size: 1, filters: byName(name) } })).body.pageInfo!.record_count;

  async function template(url = templateUrl()) {
    const raw = await app.inject({ method: 'GET', url, query: { title: '巡检模板' }, headers: { authorization: `Bearer ${admin}`, fromplat: 'pc' } });
    expect(raw.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw.rawPayload as unknown as ExcelJS.Buffer);
    return { raw, book, sheet: book.worksheets[0] };
  }

  it('the template has the importable columns, * on required ones, drop-downs of dictionaries, an example line and a guide', async () => {
    const { raw, book, sheet } = await template();
    expect(raw.headers['content-disposition']).toContain(encodeURIComponent('巡检模板_导入模板_'));
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toContain('*模板表名称');
    expect(header).toContain('*设备类型');
    expect(header).toContain('*模板描述');
    // No key, read-only or company column: the server sets those.
    expect(header).not.toContain('编号');
    expect(header.some((h) => h.includes('所属单位'))).toBe(false);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    // A code table's column is a drop-down of its labels (安全隐患 隐患级别), from the hidden 选项 sheet.
    const hazard = await template(endpoint('Hazard', 'import').replace(/[^/]+$/, 'ImportTemplate'));
    const hazardHeader = (hazard.sheet.getRow(1).values as unknown[]).slice(1).map((h) => String(h).replace(/^\*/, ''));
    const level = hazardHeader.indexOf('隐患级别') + 1;
    const validation = hazard.sheet.getCell(3, level).dataValidation;
    expect(validation).toMatchObject({ type: 'list', showErrorMessage: true });
    const options = hazard.book.getWorksheet('选项')!;
    expect(options.state).toBe('veryHidden');
    const [, letter, last] = /!\$([A-Z]+)\$1:\$[A-Z]+\$(\d+)/.exec(String(validation.formulae?.[0]))!;
    const choices = Array.from({ length: Number(last) }, (_, i) => String(options.getCell(`${letter}${i + 1}`).value));
    const hazardLevel = entityModel('Hazard').fields.find((f) => f.title === '隐患级别')!;
    const dictionary = (hazardLevel.dictionary as { type: string }).type;
    expect(choices).toEqual(catalog.dictionaries.get(dictionary)!.map((o) => o.selContent));
    expect(String(hazard.sheet.getCell(2, level).value)).toBe(choices[0]);
    expect(book.getWorksheet('填写说明')!.getCell('A1').value).toBe('列名');
    // The unchanged template imports nothing: the example line is skipped.
    const reply = await importFile(admin, raw.rawPayload);
    expect(reply.body).toEqual({ status: 0, detail: '导入文件中没有数据' });
  });

  it('a preview lists every error of every line and writes nothing', async () => {
    const { sheet, book } = await template();
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map((h) => String(h).replace(/^\*/, ''));
    const at = (title: string) => header.indexOf(title) + 1;
    const put = (row: number, values: Record<string, unknown>) => {
      for (const [title, value] of Object.entries(values)) sheet.getCell(row, at(title)).value = value as ExcelJS.CellValue;
    };
    sheet.spliceRows(2, 1);
    put(2, { 设备类型: '塔式起重机', 项目名称: '甜城湖片区棚户区改造项目', 模板描述: '预览', 模板表名称: '预览好行', 巡检内容: JSON.stringify(questionGroups('预览')) });
    // Three problems on one line: no name, an unknown project, a bad number.
    put(3, { 设备类型: '塔式起重机', 项目名称: '没有这个项目', 模板描述: '预览', 题目限制: '很多' });
    put(4, { 设备类型: '塔式起重机', 项目名称: '甜城湖片区棚户区改造项目', 模板描述: '预览', 模板表名称: '预览好行2' });
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const reply = await postMultipart(app, `${base()}?mode=preview`, admin, xlsx(file));
    const report = reply.body.data as ImportReport;
    expect(reply.body.status).toBe(1);
    expect(report).toMatchObject({ inserted: 0, total: 3, valid: 2 });
    const line3 = report.lines!.find((l) => l.row === 3)!;
    expect(line3.errors.map((e) => e.field).sort()).toEqual(['contentName', 'projectId', 'questionLimit']);
    expect(line3.cells.contentName).toBe('');
    expect(line3.cells.projectId).toBe('没有这个项目');
    expect(report.columns!.map((c) => c.title)).toContain('模板表名称');
    expect(await count('预览好行')).toBe(0);

    // Only the valid lines: two inserted, the bad one comes back with its 错误原因.
    const valid = await postMultipart(app, `${base()}?mode=valid`, admin, xlsx(file));
    const done = valid.body.data as ImportReport;
    expect(valid.body).toMatchObject({ status: 1, detail: '导入完成：成功2条，1条有误未导入' });
    expect(done.inserted).toBe(2);
    expect(await count('预览好行')).toBe(2);
    const rejected = new ExcelJS.Workbook();
    await rejected.xlsx.load(Buffer.from(done.rejectedFile!, 'base64') as unknown as ExcelJS.Buffer);
    const rows = rejected.worksheets[0].getSheetValues().slice(1).map((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(rows).toHaveLength(2);
    expect(rows[0].at(-1)).toBe('错误原因');
    expect(rows[0].at(-2)).toBe('原行号');
    expect(rows[1].at(-2)).toBe(3);
    const reason = String(rows[1].at(-1));
    expect(reason).toContain('请输入模板名称');
    expect(reason).toContain('没有这个项目');
    expect(reason).toContain('题目限制格式不正确');

    // The rejected file, corrected, imports as it is (its extra columns are ignored).
    const sheet2 = rejected.worksheets[0];
    const title = (sheet2.getRow(1).values as unknown[]).slice(1).map((h) => String(h).replace(/^\*/, ''));
    sheet2.getCell(2, title.indexOf('模板表名称') + 1).value = '预览改好';
    sheet2.getCell(2, title.indexOf('项目名称') + 1).value = '甜城湖片区棚户区改造项目';
    sheet2.getCell(2, title.indexOf('题目限制') + 1).value = null;
    const again = await importFile(admin, Buffer.from(await rejected.xlsx.writeBuffer()));
    expect(again.body).toMatchObject({ status: 1, data: { inserted: 1, errors: [] } });
  });

  it('all-or-nothing stays the default; an unknown mode is refused; qiye02 may not fetch the template', async () => {
    const bad = await postMultipart(app, `${base()}?mode=everything`, admin, xlsx(Buffer.from('x')));
    expect(bad.status).toBe(400);
    const { token } = await session(app, 'qiye02');
    const denied = await call(app, 'GET', templateUrl(), { token });
    expect(denied.body).toEqual({ status: 0, code: 402, detail: '没有权限' });
  });
});
