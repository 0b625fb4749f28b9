// An import's file is bounded before it costs (issue 26, server/engine/sheet-limits.ts, docs/metadata.md
// "Import", docs/security-input.md "Uploads"): a zip bomb, one whose central directory lies about its size,
// an oversized shared-strings part, a 100,000-row workbook, an .xls and a .csv of too many rows, files over
// 10 MB are each refused with a Chinese message and insert nothing, while the server answers another request;
// a normal import still works. The workbooks are written here: the zip by hand (node:zlib deflates, a few
// lines of headers), so its directory can say what a test needs. Timings and memory are printed, not asserted.
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import * as XLS from '@e965/xlsx';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../common/metadata';
import { call, session, startApp } from './helpers';
import { endpoint, multipart, postMultipart } from './engine-support';

const MB = 1024 * 1024;
const TYPES: Record<string, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv',
};
const HEADER = ['所属项目', '姓名', '身份证号', '性别', '手机号码', '班组', '进场日期'];
const PROJECT = '甜城湖片区棚户区改造项目';

let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  app = await startApp();
  admin = (await session(app, 'sysadmin')).token;
});
afterAll(async () => {
  await app.close();
});

/** One part of a zip: its bytes deflated, and the uncompressed size and CRC its headers state. */
type Part = { name: string; deflated: Buffer; size: number; crc: number };

const part = (name: string, text: string): Part => {
  const data = Buffer.from(text);
  return { name, deflated: deflateRawSync(data), size: data.length, crc: crc32(data) };
};

/** A part of `head`, then `body` repeated until `bytes`, then `tail`, deflated as a stream (never held whole). */
async function repeatedPart(name: string, head: string, body: string, bytes: number, tail: string): Promise<Part> {
  const deflate = createDeflateRaw({ level: constants.Z_BEST_COMPRESSION });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  let size = 0;
  const write = (b: Buffer) => {
    crc = crc32(b, crc);
    size += b.length;
    return deflate.write(b);
  };
  write(Buffer.from(head));
  const block = Buffer.from(body.repeat(Math.ceil((64 * 1024) / body.length)));
  while (size < bytes) {
    if (!write(block)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  write(Buffer.from(tail));
  deflate.end();
  await done;
  return { name, deflated: Buffer.concat(out), size, crc };
}

/** A zip of the parts; `declared` replaces a part's stated size (a lying directory) in both headers. */
function zip(parts: readonly Part[], declared: Record<string, number> = {}): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const size = declared[p.name] ?? p.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc >>> 0, 14);
    local.writeUInt32LE(p.deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(p.crc >>> 0, 16);
    entry.writeUInt32LE(p.deflated.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, p.deflated);
    central.push(entry, name);
    offset += local.length + name.length + p.deflated.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
/** The parts of a one-sheet workbook but the sheet (and any shared strings). */
const frame = (sharedStrings = false): Part[] => [
  part(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${sharedStrings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ''}</Types>`,
  ),
  part(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ),
  part('xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="花名册" sheetId="1" r:id="rId1"/></sheets></workbook>`),
  part(
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${sharedStrings ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
  ),
];

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${xml(text)}</t></is></c>`;
const col = (i: number) => String.fromCharCode(65 + i);
const headerRow = `<row r="1">${HEADER.map((t, i) => inline(`${col(i)}1`, t)).join('')}</row>`;
const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${headerRow}`;
const SHEET_TAIL = '</sheetData></worksheet>';
/** A line of the roster; an ID number that passes the check digit is not needed to be refused in time. */
const rowXml = (r: number, name: string) => `<row r="${r}">${inline(`A${r}`, PROJECT)}${inline(`B${r}`, name)}</row>`;

async function importFile(data: Buffer, name: string, mode: 'preview' | 'all' = 'all') {
  const type = TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream';
  const reply = await postMultipart(app, endpoint('Worker', 'import'), admin, multipart({ fromplat: 'pc', wid: '11', mode }, { name, type, data }));
  return { ...reply, report: reply.body.data as ImportReport };
}

const workerCount = async () => {
  const reply = await call<unknown[]>(app, 'GET', endpoint('Worker', 'list'), { token: admin, query: { index: 0, size: 1 } });
  const count = reply.body.pageInfo?.record_count;
  expect(typeof count).toBe('number');
  return count!;
};

/**
 * Posts the file and, once the post is under way, GETs another endpoint: both answers, each one's time, the
 * memory after. The GET is answered while the import is read (the inflate runs on the thread pool).
 */
async function refusedMeanwhile(label: string, data: Buffer, name: string) {
  const before = await workerCount();
  const rss = process.memoryUsage().rss;
  const started = performance.now();
  let importMs = 0;
  const posted = importFile(data, name).then((r) => {
    importMs = performance.now() - started;
    return r;
  });
  await new Promise((resolve) => setImmediate(resolve));
  const getStarted = performance.now();
  const other = await call(app, 'GET', endpoint('Worker', 'list'), { token: admin, query: { index: 0, size: 5 } });
  const getMs = performance.now() - getStarted;
  const reply = await posted;
  console.log(
    `${label}: ${(data.length / MB).toFixed(2)} MB file refused in ${Math.round(importMs)} ms (${reply.body.detail}); ` +
      `concurrent GET answered in ${Math.round(getMs)} ms; rss ${Math.round(rss / MB)} → ${Math.round(process.memoryUsage().rss / MB)} MB`,
  );
  expect(other.body.status, JSON.stringify(other.body)).toBe(1);
  expect(await workerCount()).toBe(before);
  return reply;
}

const refusal = (reason: string) => ({ status: 400, body: { status: 0, detail: `请求参数格式错误：${reason}` } });
const TOO_LARGE = refusal('导入文件过大：解压后超过32MB');
const TOO_MANY_ROWS = refusal('一次最多导入5000行');
const INVALID = refusal('导入文件格式不正确，请使用导出的Excel模板');

describe('an .xlsx is measured from its own parts before it is parsed', () => {
  it('refuses a zip bomb whose sheet inflates to 400 MB, from its directory', async () => {
    const sheet = await repeatedPart('xl/worksheets/sheet1.xml', SHEET_HEAD, rowXml(2, '甲'), 400 * MB, SHEET_TAIL);
    const bomb = zip([...frame(), sheet]);
    expect(bomb.length).toBeLessThan(2 * MB);
    expect(await refusedMeanwhile('bomb 400 MB', bomb, 'bomb.xlsx')).toMatchObject(TOO_LARGE);
  });

  it('refuses a bomb whose directory lies about its size, by counting what it inflates', async () => {
    const sheet = await repeatedPart('xl/worksheets/sheet1.xml', SHEET_HEAD, rowXml(2, '乙'), 400 * MB, SHEET_TAIL);
    // Both headers say 2 KB.
    const liar = zip([...frame(), sheet], { 'xl/worksheets/sheet1.xml': 2048 });
    expect(await refusedMeanwhile('lying bomb 400 MB', liar, 'liar.xlsx')).toMatchObject(INVALID);
  });

  it('refuses a sheet of 50 MB (under 10 MB zipped), and an oversized shared-strings part', async () => {
    const sheet = await repeatedPart('xl/worksheets/sheet1.xml', SHEET_HEAD, '<row/>', 50 * MB, SHEET_TAIL);
    expect(await refusedMeanwhile('sheet 50 MB', zip([...frame(), sheet]), 'wide.xlsx')).toMatchObject(TOO_LARGE);
    const small = part('xl/worksheets/sheet1.xml', `${SHEET_HEAD}<row r="2"><c r="A2" t="s"><v>0</v></c></row>${SHEET_TAIL}`);
    const strings = await repeatedPart('xl/sharedStrings.xml', `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">`, '<si><t>甜城湖片区棚户区改造项目</t></si>', 40 * MB, '</sst>');
    expect(await refusedMeanwhile('shared strings 40 MB', zip([...frame(true), small, strings]), 'strings.xlsx')).toMatchObject(TOO_LARGE);
  });

  it('refuses a 100,000-row workbook by counting its rows, not parsing them', async () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => rowXml(i + 2, `工人${i}`)).join('');
    const book = zip([...frame(), part('xl/worksheets/sheet1.xml', `${SHEET_HEAD}${rows}${SHEET_TAIL}`)]);
    expect(await refusedMeanwhile('100,000 rows', book, 'rows.xlsx')).toMatchObject(TOO_MANY_ROWS);
  });

  it('takes a sheet of 5,000 lines and blank formatted rows, and refuses the 5,001st line as before', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => rowXml(i + 2, `边界${i}`)).join('');
    // Blank styled rows do not count: 5,000 lines and 20,000 of them pass the count.
    const blank = Array.from({ length: 20_000 }, (_, i) => `<row r="${i + 5002}" ht="20" customHeight="1"/>`).join('');
    const started = performance.now();
    const ok = await importFile(zip([...frame(), part('xl/worksheets/sheet1.xml', `${SHEET_HEAD}${lines(5000)}${blank}${SHEET_TAIL}`)]), 'ok.xlsx', 'preview');
    console.log(`5,000 lines + 20,000 blank rows previewed in ${Math.round(performance.now() - started)} ms`);
    expect(ok.body.status, JSON.stringify(ok.body).slice(0, 300)).toBe(1);
    expect(ok.report.total).toBe(5000);
    const over = await importFile(zip([...frame(), part('xl/worksheets/sheet1.xml', `${SHEET_HEAD}${lines(5001)}${SHEET_TAIL}`)]), 'over.xlsx', 'preview');
    expect(over).toMatchObject(TOO_MANY_ROWS);
  });

  it('reads a line at row 1,048,576 without making the million rows above it', async () => {
    const started = performance.now();
    const far = zip([...frame(), part('xl/worksheets/sheet1.xml', `${SHEET_HEAD}${rowXml(1_048_576, '末行')}${SHEET_TAIL}`)]);
    const { body, report } = await importFile(far, 'far.xlsx', 'preview');
    console.log(`a line at row 1,048,576 previewed in ${Math.round(performance.now() - started)} ms`);
    expect(body.status, JSON.stringify(body)).toBe(1);
    expect(report.lines!.map((l) => [l.row, l.cells.workerName])).toEqual([[1_048_576, '末行']]);
  });
});

describe('.xls and .csv are bounded too', () => {
  const xls = (lines: number) => {
    const aoa = [HEADER, ...Array.from({ length: lines }, (_, i) => [PROJECT, `工人${i}`])];
    const book = XLS.utils.book_new();
    XLS.utils.book_append_sheet(book, XLS.utils.aoa_to_sheet(aoa), '花名册');
    return XLS.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
  };

  it('refuses an .xls of 6,000 lines, and one of 25,000 without keeping them', async () => {
    expect(await refusedMeanwhile('xls 6,000 rows', xls(6000), 'rows.xls')).toMatchObject(TOO_MANY_ROWS);
    expect(await refusedMeanwhile('xls 25,000 rows', xls(25_000), 'rows.xls')).toMatchObject(TOO_MANY_ROWS);
  });

  it('refuses a .csv of 100,000 lines at its 5,003rd', async () => {
    const csv = Buffer.from(`${HEADER.join(',')}\r\n${Array.from({ length: 100_000 }, (_, i) => `${PROJECT},工人${i}`).join('\r\n')}\r\n`);
    expect(await refusedMeanwhile('csv 100,000 rows', csv, 'rows.csv')).toMatchObject(TOO_MANY_ROWS);
    // A million blank lines under a header of 1,000 columns: no million rows of 1,000 cells.
    const blank = Buffer.from(`${Array.from({ length: 1000 }, (_, i) => (i === 0 ? '姓名' : '')).join(',')}\n${'\n'.repeat(1_000_000)}`);
    const { body } = await importFile(blank, 'blank.csv', 'preview');
    expect(body).toMatchObject({ status: 0, detail: '导入文件中没有数据' });
  });

  it('refuses files over 10 MB with the upload message', async () => {
    const big = Buffer.from(`${HEADER.join(',')}\r\n${'x'.repeat(11 * MB)}\r\n`);
    expect((await refusedMeanwhile('csv 11 MB', big, 'big.csv')).body).toEqual({ status: 0, detail: '上传文件大小不能超过10MB!' });
    const ole = Buffer.concat([xls(10), Buffer.alloc(11 * MB)]);
    expect((await refusedMeanwhile('xls 11 MB', ole, 'big.xls')).body).toEqual({ status: 0, detail: '上传文件大小不能超过10MB!' });
  });
});

describe('a normal import', () => {
  it('still imports a small workbook', async () => {
    const before = await workerCount();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('花名册');
    sheet.addRow(['所属项目', '姓名', '身份证号']);
    sheet.addRow([PROJECT, '界内人', '511024199208081237']);
    const { body } = await importFile(Buffer.from(await book.xlsx.writeBuffer()), '花名册.xlsx');
    expect(body, JSON.stringify(body)).toMatchObject({ status: 1, detail: '导入完成', data: { inserted: 1 } });
    expect(await workerCount()).toBe(before + 1);
  });
});
