// Exports and personal data (issue 23, docs/metadata.md "Export", docs/security-privilege.md "Personal
// data"): typed cells (dates as Excel dates on the China wall clock, numbers as numbers, text as string
// cells in Text columns) that import back unchanged; stored `=…` / `+…` / `-…` / `@…` texts stay strings;
// ID and mobile numbers masked in lists and exports (§5.6: 5110**********123X, 138****1234) unless the role
// holds 导出完整个人信息 (exportPersonalData), whose whole exports write an 操作日志 entry with the row count.
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import type { ImportReport } from '../../common/metadata';
import type { Database } from '../../server/db/schema';
import { call, session, startApp } from './helpers';
import { endpoint, entityModel, multipart, postMultipart, projectId } from './engine-support';

type Row = Record<string, unknown> & { id: string; labels?: Record<string, string> };

let app: FastifyInstance;
let db: Kysely<Database>;
/** 企业管理员: a full role by design, so it holds 导出完整个人信息 (and 查看身份证号). */
let qiye01: string;
/** 项目管理员: every other button of 花名册 (查看身份证号 too), but not 导出完整个人信息. */
let xiangmu01: string;
/** 监管人员: may export 花名册, holds neither 查看身份证号 nor 导出完整个人信息. */
let jianguan01: string;
let sysadmin: string;
let project: string;

const MASKED_ID = /^\d{4}\*{10}[\dX]{4}$/;
const WHOLE_ID = /^\d{17}[\dX]$/;
const MASKED_MOBILE = /^1\d{2}\*{4}\d{4}$/;
const WHOLE_MOBILE = /^1\d{10}$/;

/** A GB 11643 number of 内江市市中区 born on `birth` (YYYYMMDD) with sequence `seq` and its check character. */
function idNumber(birth: string, seq: number): string {
  const body = `511002${birth}${String(seq).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, c, i) => s + Number(c) * weights[i], 0);
  return body + '10X98765432'[sum % 11];
}

/** Stored texts a spreadsheet would run as formulas if they were written as such (OWASP CSV injection). */
const FORMULAS = { team_name: '=1+2', unit_name: '@SUM(A1:A2)', remark: '-2+3\t+cmd|\' /C calc\'!A0\n=HYPERLINK("http://x")' };
const WORKERS = [
  { worker_name: '导出甲', id_card_no: idNumber('19900101', 231), mobile: '13812341234', entry_date: '2026-03-02', exit_date: '2026-10-31', gender: '1', ...FORMULAS },
  { worker_name: '导出乙', id_card_no: idNumber('19851231', 572), mobile: '15900001111', entry_date: '2026-01-05', gender: '2', team_name: '钢筋一班', unit_name: '四川劳务有限公司', remark: '+8613800001111' },
];
const byName = JSON.stringify([{ field: 'workerName', operator: 'contains', value: '导出' }]);

beforeAll(async () => {
  app = await startApp({
    routes: [
      async (_api, { ctx }) => {
        db = ctx.db;
      },
    ],
  });
  qiye01 = (await session(app, 'qiye01')).token;
  xiangmu01 = (await session(app, 'xiangmu01')).token;
  jianguan01 = (await session(app, 'jianguan01')).token;
  sysadmin = (await session(app, 'sysadmin')).token;
  project = await projectId(app, qiye01, 'NJJG-2024-001');
  for (const w of WORKERS) {
    const created = await call(app, 'POST', endpoint('Worker', 'create'), { token: qiye01, body: { ...w, project_id: project } });
    expect(created.body.status, JSON.stringify(created.body)).toBe(1);
  }
});
afterAll(async () => {
  await app?.close();
});

async function exportBook(entity: string, token: string, query: Record<string, string>): Promise<ExcelJS.Worksheet> {
  const raw = await app.inject({ method: 'GET', url: endpoint(entity, 'export'), query, headers: { authorization: `Bearer ${token}`, fromplat: 'pc' } });
  expect(raw.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(raw.rawPayload as unknown as ExcelJS.Buffer);
  return book.worksheets[0];
}

/** The data rows of a sheet as title → cell. */
function sheetRows(sheet: ExcelJS.Worksheet): Array<Record<string, ExcelJS.Cell>> {
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const out: Array<Record<string, ExcelJS.Cell>> = [];
  sheet.eachRow((row, n) => {
    if (n > 1) out.push(Object.fromEntries(header.map((title, i) => [title, row.getCell(i + 1)])));
  });
  return out;
}

const exportAudits = () => db.selectFrom('audit_log').selectAll().where('action', '=', 'export').orderBy('id').execute();
const list = (token: string, query: Record<string, string | number> = {}) =>
  call<Row[]>(app, 'GET', endpoint('Worker', 'list'), { token, query: { index: 0, size: 50, filters: byName, ...query } });
/** The detail as the edit form reads it (personal=full: what the field permissions allow). */
const detail = (token: string, id: string) => call<Row>(app, 'GET', endpoint('Worker', 'detail'), { token, query: { rec_id: id, personal: 'full' } });

describe('personal data in exports follows the list unless the role holds 导出完整个人信息', () => {
  it('a role without the right gets ID and mobile numbers masked as the list shows them, and no 操作日志 entry', async () => {
    const before = (await exportAudits()).length;
    for (const token of [xiangmu01, jianguan01]) {
      const rows = sheetRows(await exportBook('Worker', token, { filters: byName }));
      expect(rows.length).toBe(WORKERS.length);
      for (const r of rows) {
        expect(String(r['身份证号'].value)).toMatch(MASKED_ID);
        expect(String(r['手机号码'].value)).toMatch(MASKED_MOBILE);
      }
      expect(rows.map((r) => r['手机号码'].value).sort()).toEqual(['138****1234', '159****1111']);
    }
    expect((await exportAudits()).length).toBe(before);
  });

  it('a role with it (qiye01, a full role; sysadmin) gets them whole, and each such export writes an 操作日志 entry with the row count', async () => {
    for (const [token, user] of [
      [qiye01, '李明（qiye01）'],
      [sysadmin, '王建国（sysadmin）'],
    ] as const) {
      const before = (await exportAudits()).length;
      const rows = sheetRows(await exportBook('Worker', token, { filters: byName }));
      expect(rows.map((r) => String(r['身份证号'].value)).sort()).toEqual(WORKERS.map((w) => w.id_card_no).sort());
      expect(rows.every((r) => WHOLE_ID.test(String(r['身份证号'].value)) && WHOLE_MOBILE.test(String(r['手机号码'].value)))).toBe(true);
      const audits = await exportAudits();
      expect(audits.length).toBe(before + 1);
      const entry = audits[audits.length - 1];
      expect(entry).toMatchObject({ entity: 'Worker', entity_title: '花名册', user_name: user, summary: '导出完整个人信息 2 条：身份证号、手机号码' });
      expect(JSON.parse(String(entry.changes))).toEqual([{ field: 'rowCount', title: '导出行数', old: null, new: 2 }]);
    }
  });

  it('the right is a button of the role editor tree: 导出完整个人信息 under 花名册; only full roles of the demo hold it', async () => {
    const grants = await db
      .selectFrom('role_grants')
      .innerJoin('roles', 'roles.id', 'role_grants.role_id')
      .select(['roles.name', 'roles.all_nodes'])
      .where('role_grants.node_id', '=', 'personnel.data:exportPersonalData')
      .execute();
    expect(grants.map((g) => g.name)).toEqual(['企业管理员']);
    expect(grants.every((g) => g.all_nodes)).toBe(true);
  });
});

describe('the API answers personal data as the screen shows it', () => {
  it('lists mask ID and mobile numbers for every role, also one holding 查看身份证号 or 导出完整个人信息', async () => {
    for (const token of [qiye01, xiangmu01, jianguan01, sysadmin]) {
      const reply = await list(token);
      expect(reply.body.status).toBe(1);
      const rows = reply.body.data!;
      expect(rows.length).toBe(WORKERS.length);
      for (const r of rows) {
        expect(String(r.idCardNo)).toMatch(MASKED_ID);
        expect(String(r.mobile)).toMatch(MASKED_MOBILE);
      }
      expect(JSON.stringify(rows)).not.toContain(WORKERS[0].id_card_no);
      expect(JSON.stringify(rows)).not.toContain(WORKERS[0].mobile);
    }
  });

  it('the detail the edit form loads answers them whole to a role with 查看身份证号, and an edit from it keeps them', async () => {
    const [row] = (await list(xiangmu01, { filters: JSON.stringify([{ field: 'workerName', operator: 'eq', value: '导出乙' }]) })).body.data!;
    const whole = (await detail(xiangmu01, row.id)).body.data!;
    expect(whole).toMatchObject({ idCardNo: WORKERS[1].id_card_no, mobile: WORKERS[1].mobile });
    // jianguan01 lacks 查看身份证号: the ID stays masked in the detail too.
    expect(String((await detail(jianguan01, row.id)).body.data!.idCardNo)).toMatch(MASKED_ID);
    const saved = await call<Row>(app, 'POST', endpoint('Worker', 'update'), { token: xiangmu01, body: { ...whole, rec_id: row.id, remark: '+8613800001111' } });
    expect(saved.body.status, JSON.stringify(saved.body)).toBe(1);
    expect((await detail(qiye01, row.id)).body.data).toMatchObject({ idCardNo: WORKERS[1].id_card_no, mobile: WORKERS[1].mobile });
    // The list's masked values sent back are refused, nothing is written.
    const masked = await call(app, 'POST', endpoint('Worker', 'update'), { token: xiangmu01, body: { rec_id: row.id, mobile: row.mobile } });
    expect(masked.body.status).toBe(0);
    expect((await detail(qiye01, row.id)).body.data!.mobile).toBe(WORKERS[1].mobile);
  });
});

describe('typed cells', () => {
  it('dates are Excel dates, ID and mobile numbers and codes are text cells of Text columns, and stored formulas stay strings', async () => {
    const sheet = await exportBook('Worker', qiye01, { filters: byName, sort: 'workerName:asc' });
    const [first] = sheetRows(sheet).filter((r) => r['姓名'].value === '导出甲');
    expect(first['进场日期'].type).toBe(ExcelJS.ValueType.Date);
    expect(first['进场日期'].numFmt).toBe('yyyy-mm-dd');
    expect((first['进场日期'].value as Date).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    for (const title of ['身份证号', '手机号码', '班组', '所属单位', '备注', '所属项目', '性别']) {
      expect(first[title].type, title).toBe(ExcelJS.ValueType.String);
      expect(first[title].numFmt, title).toBe('@');
    }
    expect(first['身份证号'].value).toBe(WORKERS[0].id_card_no);
    expect(first['班组'].value).toBe('=1+2');
    expect(first['所属单位'].value).toBe('@SUM(A1:A2)');
    expect(first['备注'].value).toBe(FORMULAS.remark);
    expect(first['班组'].formula).toBeUndefined();
  });

  it('a text beginning with a tab or CR stays a string (a CR reads back as a line feed, as XML reads any CR)', async () => {
    const created = await call<Row>(app, 'POST', endpoint('Worker', 'create'), {
      token: qiye01,
      body: { ...WORKERS[1], worker_name: '导出丙', id_card_no: idNumber('19770707', 319), team_name: '\t=1+2', remark: '\r=1+2', project_id: project },
    });
    expect(created.body.status, JSON.stringify(created.body)).toBe(1);
    const filters = JSON.stringify([{ field: 'workerName', operator: 'eq', value: '导出丙' }]);
    const [row] = sheetRows(await exportBook('Worker', qiye01, { filters }));
    expect([row['班组'].type, row['班组'].value, row['班组'].numFmt]).toEqual([ExcelJS.ValueType.String, '\t=1+2', '@']);
    expect([row['备注'].type, row['备注'].value]).toEqual([ExcelJS.ValueType.String, '\n=1+2']);
    await call(app, 'POST', endpoint('Worker', 'delete'), { token: qiye01, body: { rec_id: created.body.data!.id, if_del: 1 } });
  });

  it('writes no formula element into the sheet, whatever the stored text', async () => {
    const raw = await app.inject({ method: 'GET', url: endpoint('Worker', 'export'), query: { filters: byName }, headers: { authorization: `Bearer ${qiye01}`, fromplat: 'pc' } });
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(raw.rawPayload);
    const xml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(xml).not.toMatch(/<f[ >]/);
    // Every text is a string cell (exceljs's streaming writer: t="str" with its value, no formula).
    expect(xml).toContain('<c r="H3" s="1" t="str"><v>=1+2</v></c>'.replace('H3', xml.includes('<v>导出甲</v></c>') ? (/<c r="(H\d)"[^>]*><v>=1\+2</.exec(xml)?.[1] ?? 'H3') : 'H3'));
  });
});

/** Labels of a static dictionary (the sheet's text of its codes). */
async function dictionaryLabels(type: string): Promise<Map<string, string>> {
  const reply = await call<Array<{ xuHao: string; selContent: string }>>(app, 'GET', `${API_BASE}/api/SysDictionary/GetListByType`, { token: sysadmin, query: { type } });
  return new Map((reply.body.data ?? []).map((o) => [String(o.xuHao), o.selContent]));
}

/** The cell text an imported line shows for a stored value (the preview's `cells`). */
async function expectedCell(entity: string, field: string, row: Row): Promise<string> {
  const spec = entityModel(entity).byName.get(field)!;
  const value = row[field];
  if (value === null || value === undefined) return '';
  if (row.labels?.[field] !== undefined) return row.labels[field];
  // Another entity's row as its label, uploads as their file names, one a line (labels.ts sheetLabels).
  if (spec.dictionary && 'entity' in spec.dictionary && spec.dictionary.valueField === 'id') {
    const target = entityModel(spec.dictionary.entity);
    const label = target.byName.get(spec.dictionary.labelField)!;
    const found = await sql<{ label: string }>`select ${sql.ref(label.column)}::text as label from ${sql.table(target.table)} where id = ${String(value)}`.execute(db);
    return found.rows[0]?.label ?? String(value);
  }
  if (spec.type === 'image' || spec.type === 'file') {
    const ids = String(value).split(',').map((a) => a.split('/').pop()!);
    const names = await db.selectFrom('uploaded_files').select(['id', 'file_name']).where('id', 'in', ids).execute();
    return ids.map((id) => names.find((n) => String(n.id) === id)?.file_name ?? id).join('\n');
  }
  if (spec.dictionary && 'type' in spec.dictionary) return (await dictionaryLabels(spec.dictionary.type)).get(String(value)) ?? String(value);
  if (spec.type === 'boolean') return value === true ? (spec.trueLabel ?? '是') : (spec.falseLabel ?? '否');
  return String(value);
}

/** Exports `rows`' page, imports the file back in preview mode and compares every cell with the stored rows. */
async function roundTrip(entity: string, token: string, filters: string, idParam: string): Promise<number> {
  const raw = await app.inject({ method: 'GET', url: endpoint(entity, 'export'), query: { filters, sort: 'id:desc' }, headers: { authorization: `Bearer ${token}`, fromplat: 'pc' } });
  expect(raw.statusCode).toBe(200);
  // Typed cells: each field's cells have its type (a date a date, a number a number, text a string).
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(raw.rawPayload as unknown as ExcelJS.Buffer);
  const model = entityModel(entity);
  const byTitle = new Map(model.fields.map((f) => [f.title, f]));
  const kind = (type: string) => (type === 'date' || type === 'datetime' ? ExcelJS.ValueType.Date : ['integer', 'number', 'money'].includes(type) ? ExcelJS.ValueType.Number : ExcelJS.ValueType.String);
  for (const cells of sheetRows(book.worksheets[0]).slice(0, 40)) {
    for (const [title, cell] of Object.entries(cells)) {
      const field = byTitle.get(title)!;
      if (cell.value === null || field.dictionary) continue;
      expect(cell.type, `${entity} ${title}`).toBe(kind(field.type));
    }
  }
  const file = { name: '导出.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data: raw.rawPayload };
  const preview = await postMultipart(app, endpoint(entity, 'import'), token, multipart({ fromplat: 'pc', wid: '11', mode: 'preview' }, file));
  expect(preview.body.status, JSON.stringify(preview.body).slice(0, 500)).toBe(1);
  const report = preview.body.data as ImportReport;
  const listed = await call<Row[]>(app, 'GET', endpoint(entity, 'list'), { token, query: { index: 0, size: 500, filters, sort: 'id:desc' } });
  const ids = listed.body.data!.map((r) => r.id);
  expect(report.lines!.length).toBe(ids.length);
  // Every line is read without a problem; the first 40 are compared cell by cell with their stored rows.
  expect(report.errors.filter((e) => !/已存在/.test(e.message)), JSON.stringify(report.errors.slice(0, 3))).toEqual([]);
  for (const [i, line] of report.lines!.slice(0, 40).entries()) {
    const whole = (await call<Row>(app, 'GET', endpoint(entity, 'detail'), { token, query: { [idParam]: ids[i], personal: 'full' } })).body.data!;
    for (const column of report.columns!) expect(line.cells[column.field], `${entity} ${ids[i]} ${column.title}`).toBe(await expectedCell(entity, column.field, whole));
    expect(line.errors.filter((e) => !/已存在/.test(e.message)), JSON.stringify(line)).toEqual([]);
  }
  return ids.length;
}

describe('an export imports back unchanged', () => {
  it('花名册: names, long ID numbers, mobiles, dates, labels (qiye01, whole)', async () => {
    const filters = JSON.stringify([{ field: 'projectId', operator: 'eq', value: project }]);
    expect(await roundTrip('Worker', qiye01, filters, 'rec_id')).toBeGreaterThan(WORKERS.length);
  });

  it('通行记录: datetimes on the China wall clock, integers, ID numbers (sysadmin, whole)', async () => {
    const filters = JSON.stringify([{ field: 'projectId', operator: 'eq', value: project }]);
    const [first] = sheetRows(await exportBook('GatePassage', sysadmin, { filters, sort: 'id:asc' }));
    expect(first, 'the demo has gate passages').toBeDefined();
    expect(first['通行时间'].type).toBe(ExcelJS.ValueType.Date);
    expect(first['通行时间'].numFmt).toBe('yyyy-mm-dd hh:mm');
    // A reference is written as its row's label (the gate's name), not its id (issue 28).
    expect(first['门禁设备'].type).toBe(ExcelJS.ValueType.String);
    const [stored] = (await call<Row[]>(app, 'GET', endpoint('GatePassage', 'list'), { token: sysadmin, query: { index: 0, size: 1, filters, sort: 'id:asc' } })).body.data!;
    // The stored instant shown as the China wall clock (an Excel date has no zone): the list's CST text.
    expect((first['通行时间'].value as Date).toISOString().slice(0, 19).replace('T', ' ')).toBe(stored.passTime);
    expect(await roundTrip('GatePassage', sysadmin, filters, 'rec_id')).toBeGreaterThan(0);
  });
});
