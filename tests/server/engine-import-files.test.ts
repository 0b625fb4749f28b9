// Import of files another program wrote (issue 23, docs/metadata.md "Import"): the roster in
// tests/fixtures/import/ as LibreOffice saved it in .xlsx, .xls (BIFF8) and .csv (UTF-8, UTF-8 with a
// BOM, GBK) — its README says how each was made. An ID number typed as a number has lost its last digits
// (more than 15) and is refused with the fix; a shorter number in a text field is its exact digits; every
// kind imports the same rows; a file whose first bytes are not its kind's is refused.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../common/metadata';
import { session, startApp } from './helpers';
import { endpoint, multipart, postMultipart } from './engine-support';

const FIXTURES = join(__dirname, '..', 'fixtures', 'import');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

const TYPES: Record<string, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv',
};

let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  app = await startApp();
  admin = (await session(app, 'sysadmin')).token;
});
afterAll(async () => {
  await app.close();
});

async function importFile(data: Buffer, name: string, mode: 'preview' | 'all' = 'preview') {
  const type = TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream';
  const reply = await postMultipart(app, endpoint('Worker', 'import'), admin, multipart({ fromplat: 'pc', wid: '11', mode }, { name, type, data }));
  return { ...reply, report: reply.body.data as ImportReport };
}

/** Each line's 身份证号 cell and its problems, as the preview shows them. */
const idCells = (report: ImportReport) => report.lines!.map((l) => ({ row: l.row, idCardNo: l.cells.idCardNo, errors: l.errors.map((e) => `${e.field}:${e.message}`) }));

const HINT = '身份证号须以文本格式填写，数字格式会丢失末几位';

describe('a text field typed as a number', () => {
  it('refuses an ID number of 18 digits in a number cell, with how to fix it, in .xlsx, .xls and .csv', async () => {
    for (const name of ['roster-numbers.xlsx', 'roster-numbers.xls', 'roster-numbers.csv']) {
      const { body, report } = await importFile(fixture(name), name);
      expect(body.status, `${name}: ${JSON.stringify(body)}`).toBe(1);
      expect(report.total, name).toBe(4);
      expect(report.valid, name).toBe(2);
      const lines = idCells(report);
      // 张伟 and 王强 (rows 2 and 4): LibreOffice kept 511002198503018240 — not what was typed, though a
      // lucky 511002198503018000 would even pass the check digit.
      expect(lines[0].errors, name).toEqual([`idCardNo:${HINT}`]);
      expect(lines[2].errors, name).toEqual([`idCardNo:${HINT}`]);
      expect(report.errors.filter((e) => e.field === 'idCardNo').map((e) => [e.row, e.message]), name).toEqual([
        [2, HINT],
        [4, HINT],
      ]);
      // 赵敏's first-generation number has 15 digits: exact, no 5.11003E+14, no .0.
      expect(lines[3], name).toEqual({ row: 5, idCardNo: '511002850301827', errors: [] });
      // The mobile numbers are number cells too: their 11 digits.
      expect(report.lines!.map((l) => l.cells.mobile), name).toEqual(['13812345678', '13987654321', '13700001111', '13600002222']);
    }
  });

  it('imports nothing of such a file (all or nothing)', async () => {
    const refused = await importFile(fixture('roster-numbers.xls'), 'roster-numbers.xls', 'all');
    expect(refused.body).toMatchObject({ status: 1, detail: '导入失败：2行数据有误，未导入任何数据', data: { inserted: 0 } });
  });

  it('takes a number cell of up to 15 digits in any text field exactly', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('花名册');
    sheet.addRow(['所属项目', '姓名', '身份证号', '手机号码', '班组']);
    sheet.addRow(['甜城湖片区棚户区改造项目', '钱多', 511002850301827, 13812345678, 123456789012345]);
    sheet.addRow(['甜城湖片区棚户区改造项目', '孙少', 5110028503018270, 13812345678, 1234567890123456]);
    const { report } = await importFile(Buffer.from(await book.xlsx.writeBuffer()), '花名册.xlsx');
    expect(report.lines![0]).toMatchObject({ cells: { idCardNo: '511002850301827', mobile: '13812345678', teamName: '123456789012345' }, errors: [] });
    expect(report.lines![1].errors).toEqual([
      { field: 'idCardNo', message: HINT },
      { field: 'teamName', message: '班组须以文本格式填写，数字格式会丢失末几位' },
    ]);
  });
});

describe('.xls and .csv import like .xlsx', () => {
  const KINDS = ['roster-text.xls', 'roster-utf8.csv', 'roster-utf8-bom.csv', 'roster-gbk.csv'];

  it('previews the same rows, cells and checks from each kind as from the .xlsx', async () => {
    const { report: xlsx } = await importFile(fixture('roster-text.xlsx'), 'roster-text.xlsx');
    expect(xlsx.total).toBe(4);
    expect(xlsx.valid).toBe(4);
    expect(xlsx.lines!.map((l) => [l.cells.workerName, l.cells.idCardNo, l.cells.gender, l.cells.entryDate])).toEqual([
      ['张伟', '511002198503018270', '男', '2026-03-01'],
      ['李娜', '51100219781120402x', '女', '2026-03-02'],
      ['王强', '511025199006153315', '男', '2026-03-03'],
      ['赵敏', '511002850301827', '女', '2026-03-04'],
    ]);
    for (const name of KINDS) {
      const { body, report } = await importFile(fixture(name), name);
      expect(body.status, `${name}: ${JSON.stringify(body)}`).toBe(1);
      expect({ ...report, lines: report.lines }, name).toEqual(xlsx);
    }
  });

  it('stores the .xls rows, an ID number’s x as X', async () => {
    const done = await importFile(fixture('roster-text.xls'), 'roster-text.xls', 'all');
    expect(done.body, JSON.stringify(done.body)).toMatchObject({ status: 1, detail: '导入完成', data: { inserted: 4, errors: [] } });
    const rows = await app.inject({
      method: 'GET',
      url: endpoint('Worker', 'list'),
      query: { index: '0', size: '10', keyword: '51100219781120402' },
      headers: { authorization: `Bearer ${admin}`, fromplat: 'pc' },
    });
    const found = (rows.json() as { data: { workerName: string; idCardNo: string; entryDate: string; mobile: string }[] }).data;
    // The list masks the number (5110**********402X): its check character is stored upper-case.
    expect(found.map((r) => [r.workerName, r.idCardNo.slice(-4), r.entryDate, r.mobile.slice(-4)])).toEqual([['李娜', '402X', '2026-03-02', '4321']]);
  });

  it('reads a date as Chinese Excel writes it in a CSV (2026/3/5, 2026年3月6日)', async () => {
    const text = '所属项目,姓名,身份证号,进场日期,退场日期\r\n甜城湖片区棚户区改造项目,周敏,511024199208081237,2026/3/5,2026年3月6日\r\n';
    const { report } = await importFile(Buffer.from(text), '花名册.csv');
    expect(report.lines!.map((l) => [l.cells.entryDate, l.cells.exitDate, l.errors])).toEqual([['2026/3/5', '2026年3月6日', []]]);
    const wrong = await importFile(Buffer.from(text.replace('2026/3/5', '2026/13/5')), '花名册.csv');
    expect(wrong.report.lines![0].errors.map((e) => e.field)).toEqual(['entryDate']);
  });

  it('refuses a file whose first bytes are not its kind’s, with the import’s message', async () => {
    const invalid = { status: 0, detail: '导入文件格式不正确，请使用导出的Excel模板' };
    // An .xlsx renamed .xls, an .xls renamed .xlsx or .csv, text renamed .xls, another type altogether.
    expect((await importFile(fixture('roster-text.xlsx'), 'roster.xls')).body).toEqual(invalid);
    expect((await importFile(fixture('roster-text.xls'), 'roster.xlsx')).body).toEqual(invalid);
    expect((await importFile(fixture('roster-text.xls'), 'roster.csv')).body).toEqual(invalid);
    expect((await importFile(fixture('roster-utf8.csv'), 'roster.xls')).body).toEqual(invalid);
    expect((await importFile(fixture('roster-utf8.csv'), 'roster.txt')).body).toEqual(invalid);
    // The right first bytes but no workbook behind them: a 400 with the same message, as for a broken .xlsx.
    const ole = Buffer.concat([fixture('roster-text.xls').subarray(0, 8), Buffer.alloc(1024, 0x41)]);
    expect(await importFile(ole, 'broken.xls')).toMatchObject({ status: 400, body: { status: 0, detail: `请求参数格式错误：${invalid.detail}` } });
    // A quote left open in a .csv.
    expect(await importFile(Buffer.from('姓名,身份证号\n"张伟,1\n'), 'open.csv')).toMatchObject({ status: 400, body: { detail: `请求参数格式错误：${invalid.detail}` } });
  });
});

describe('the template', () => {
  it('formats the text columns as text, so an ID number typed there keeps its digits', async () => {
    const url = endpoint('Worker', 'import').replace(/[^/]+$/, 'ImportTemplate');
    const raw = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}`, fromplat: 'pc' } });
    expect(raw.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const formatOf = (title: string) => sheet.getCell(3, header.indexOf(title) + 1).numFmt;
    expect(formatOf('*身份证号')).toBe('@');
    expect(formatOf('手机号码')).toBe('@');
    // A drop-down column and a date column keep the general format.
    expect(formatOf('性别')).not.toBe('@');
    expect(formatOf('进场日期')).not.toBe('@');
  });
});
