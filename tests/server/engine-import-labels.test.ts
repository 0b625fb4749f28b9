// References and files in sheets, and "仅导入有效行" (issue 28, docs/metadata.md "Import"): an export writes
// another entity's row as its label (门禁设备 → the gate's name, 花名册人员 → the worker's name) and an
// image as its file name; that sheet imported again stores the same ids. A label naming two rows is refused
// in the preview with both named (请改用编号), and the 编号 is taken; an unknown label, and the name of a file
// another user uploaded that the importer has never seen, are refused. Mode `valid` inserts each good line
// in a savepoint: a line the database refuses at insert is reported with its row and field, the others are
// stored; mode `all` stores nothing and names that line. Values a unique rule finds taken (stored or twice
// in the sheet) are reported in the preview already, and every fault of a line is listed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../common/metadata';
import type { Database } from '../../server/db/schema';
import { UPLOAD_PATH } from '../../server/routes/upload';
import { PROJECTS } from '../../server/seed/demo-data';
import { call, session, startApp } from './helpers';
import { endpoint, multipart, postMultipart, projectId } from './engine-support';

type Row = Record<string, unknown> & { id: string };

const PASSAGE = 'GatePassage';
const PROJECT_NAME = PROJECTS.find((p) => p.no === 'NJJG-2024-001')!.name;
const PORTRAIT = readFileSync(join(__dirname, '..', '..', 'server', 'screens', 'demo-photos', 'male-1.png'));
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const STAMP = String(Date.now()).slice(-6);
/** The stamp in Chinese numerals: a worker's name is 2–16 Chinese characters. */
const CN = [...STAMP].map((d) => '零一二三四五六七八九'[Number(d)]).join('');

/** A GB 11643 number of 内江市市中区 born on 1990-01-01 with sequence `seq` and its check character. */
function idNumber(seq: number): string {
  const body = `51100219900101${String(seq).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, c, i) => s + Number(c) * weights[i], 0);
  return body + '10X98765432'[sum % 11];
}

let app: FastifyInstance;
let db: Kysely<Database>;
/** The system administrator holds every button, 导入 of 通行记录 included. */
let admin: string;
/** Another user of the group company, who uploads a file the administrator has never seen. */
let qiye01: string;
let project: string;
let otherProject: string;
/** The name of a worker of `workers` (甲; the two 重名乙 are 乙1 and 乙2). */
const workerName = (key: string) => (key === '甲' ? `标签甲${CN}` : `重名乙${CN}`);
const gates: Record<string, string> = {};
const workers: Record<string, string> = {};
const photos: Record<string, string> = {};

const post = async (entity: string, action: 'create' | 'delete', body: Record<string, unknown>, token = admin) => {
  const reply = await call<Row>(app, 'POST', endpoint(entity, action), { token, body });
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  return reply.body.data!;
};

async function upload(name: string, token = admin): Promise<string> {
  const reply = await postMultipart(app, UPLOAD_PATH, token, multipart({ fromplat: 'pc', upload_type: 'image', file_name: name }, { name, type: 'image/png', data: PORTRAIT }));
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  return String(reply.body.data);
}

/** A passage of a worker (`workers` key: 甲, 乙1, 乙2) at a gate with a photo (`photos` key). */
const passage = (worker: string, gate: string, photo: string, over: Record<string, unknown> = {}) => ({
  projectId: project, gateId: gates[gate], gateName: gate, workerId: workers[worker], workerName: workerName(worker),
  direction: '1', passTime: '2026-11-21 08:05:00', verifyMode: '1', photo: photos[photo], ...over,
});

beforeAll(async () => {
  app = await startApp({
    routes: [
      async (_api, { ctx }) => {
        db = ctx.db;
      },
    ],
  });
  admin = (await session(app, 'sysadmin')).token;
  qiye01 = (await session(app, 'qiye01')).token;
  project = await projectId(app, admin, 'NJJG-2024-001');
  otherProject = await projectId(app, admin, 'NJJG-2024-002');
  for (const [name, where] of [[`东门${STAMP}`, project], [`西门${STAMP}`, project], [`南门${STAMP}`, otherProject]] as const) {
    gates[name] = (await post('AccessGate', 'create', { projectId: where, gateName: name, deviceSn: `SN${STAMP}-${Object.keys(gates).length}`, direction: '3' })).id;
  }
  // Two workers of one name in the project: a label naming two rows.
  for (const [i, [key, name]] of [['甲', `标签甲${CN}`], ['乙1', `重名乙${CN}`], ['乙2', `重名乙${CN}`]].entries()) {
    workers[key] = (await post('Worker', 'create', { projectId: project, workerName: name, idCardNo: idNumber(700 + i) })).id;
  }
  photos.a = await upload(`抓拍A${STAMP}.png`);
  photos.b = await upload(`抓拍B${STAMP}.png`);
}, 120_000);
afterAll(async () => {
  await app?.close();
});


async function exported(filters: unknown[]) {
  const raw = await app.inject({ method: 'GET', url: endpoint(PASSAGE, 'export'), query: { filters: JSON.stringify(filters), sort: 'id:asc' }, headers: { authorization: `Bearer ${admin}`, fromplat: 'pc' } });
  expect(raw.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(raw.rawPayload as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push(Object.fromEntries(header.map((title, i) => [title, row.getCell(i + 1).value])));
  });
  return { file: raw.rawPayload, rows };
}

/** A sheet of the given lines, by column title. */
async function sheetOf(lines: Record<string, unknown>[]): Promise<Buffer> {
  const titles = [...new Set(lines.flatMap((l) => Object.keys(l)))];
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('导入');
  sheet.addRow(titles);
  for (const line of lines) sheet.addRow(titles.map((t) => line[t] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function importSheet(entity: string, data: Buffer, mode: 'preview' | 'all' | 'valid') {
  const reply = await postMultipart(app, endpoint(entity, 'import'), admin, multipart({ fromplat: 'pc', wid: '11', mode }, { name: '导入.xlsx', type: XLSX, data }));
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { detail: reply.body.detail, report: reply.body.data as ImportReport };
}

const line = (over: Record<string, unknown> = {}) => ({
  所属项目: PROJECT_NAME, 门禁设备: `东门${STAMP}`, 设备名称: `东门${STAMP}`, 花名册人员: workerName('甲'), 姓名: workerName('甲'),
  通行方向: '进场', 通行时间: '2026-11-21 09:00:00', 验证方式: '人脸识别', ...over,
});

const passages = async (filters: unknown[]) =>
  (await call<Row[]>(app, 'GET', endpoint(PASSAGE, 'list'), { token: admin, query: { index: 0, size: 100, filters: JSON.stringify(filters), sort: 'id:asc' } })).body.data!;

describe('references and files in an export and back', () => {
  const team = `往返${STAMP}`;
  const filters = [{ field: 'teamName', operator: 'eq', value: team }];

  it('writes the gate’s and the worker’s names and the photo’s file name, never an id or an address', async () => {
    await post(PASSAGE, 'create', passage('甲', `东门${STAMP}`, 'a', { teamName: team }));
    await post(PASSAGE, 'create', passage('乙2', `西门${STAMP}`, 'b', { teamName: team, photo: `${photos.a},${photos.b}` }));
    const { rows } = await exported(filters);
    expect(rows.map((r) => [r['所属项目'], r['门禁设备'], r['花名册人员'], r['抓拍照片']])).toEqual([
      [PROJECT_NAME, `东门${STAMP}`, workerName('甲'), `抓拍A${STAMP}.png`],
      // Two files: one name a line.
      [PROJECT_NAME, `西门${STAMP}`, workerName('乙'), `抓拍A${STAMP}.png\n抓拍B${STAMP}.png`],
    ]);
    expect(JSON.stringify(rows)).not.toContain('/prod-api/');
  });

  it('imports that sheet back, after the rows were deleted, to the same gates, workers and files', async () => {
    const before = await passages(filters);
    const { file } = await exported(filters);
    // 重名乙 names two workers: the export is refused until the 编号 is written (below), so the second row
    // gets its worker's 编号 as the person fixing the sheet would.
    const refused = await importSheet(PASSAGE, file, 'preview');
    expect(refused.report.errors).toEqual([
      { row: 3, field: 'workerId', message: `花名册人员“${workerName('乙')}”对应多条记录：${workerName('乙')}（编号 ${workers['乙1']}）、${workerName('乙')}（编号 ${workers['乙2']}），请改用编号` },
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    const column = (sheet.getRow(1).values as unknown[]).indexOf('花名册人员');
    sheet.getRow(3).getCell(column).value = workers['乙2'];
    const fixed = Buffer.from(await book.xlsx.writeBuffer());

    for (const row of before) await post(PASSAGE, 'delete', { rec_id: row.id });
    expect(await passages(filters)).toEqual([]);
    const done = await importSheet(PASSAGE, fixed, 'all');
    expect(done.detail).toBe('导入完成');
    expect(done.report).toMatchObject({ inserted: 2, errors: [] });
    const fields = (r: Row) => [r.projectId, r.gateId, r.gateName, r.workerId, r.workerName, r.direction, r.passTime, r.verifyMode, r.photo, r.teamName];
    const after = await passages(filters);
    expect(after.map(fields)).toEqual(before.map(fields));
    expect(after[1].photo).toBe(`${photos.a},${photos.b}`);
  });
});

describe('labels and file names that name nothing or more than one', () => {
  it('refuses an ambiguous label in the preview with its candidates, and takes the 编号', async () => {
    const { report } = await importSheet(PASSAGE, await sheetOf([line({ 花名册人员: workerName('乙') }), line({ 花名册人员: workers['乙1'] })]), 'preview');
    expect(report.lines!.map((l) => l.errors)).toEqual([
      [{ field: 'workerId', message: `花名册人员“${workerName('乙')}”对应多条记录：${workerName('乙')}（编号 ${workers['乙1']}）、${workerName('乙')}（编号 ${workers['乙2']}），请改用编号` }],
      [],
    ]);
  });

  it('refuses a label no visible row has, and a gate of another project by name', async () => {
    const { report } = await importSheet(PASSAGE, await sheetOf([line({ 花名册人员: '没有这个人' }), line({ 门禁设备: `南门${STAMP}` })]), 'preview');
    expect(report.lines!.map((l) => l.errors)).toEqual([
      [{ field: 'workerId', message: '花名册人员“没有这个人”不存在或无权访问' }],
      [{ field: 'gateId', message: '所选门禁设备与所属项目不匹配' }],
    ]);
  });

  it('resolves the importer’s own file by name, refuses by name a file another user uploaded and the importer never saw', async () => {
    const theirs = await upload(`别人的照片${STAMP}.png`, qiye01);
    const { report } = await importSheet(
      PASSAGE,
      await sheetOf([line({ 抓拍照片: `抓拍B${STAMP}.png` }), line({ 抓拍照片: `别人的照片${STAMP}.png` }), line({ 抓拍照片: `抓拍A${STAMP}.png、抓拍B${STAMP}.png` })]),
      'preview',
    );
    expect(report.lines!.map((l) => l.errors)).toEqual([
      [],
      [{ field: 'photo', message: `抓拍照片“别人的照片${STAMP}.png”不存在或无权使用（只能填写您上传的或本页记录中已有的图片的文件名）` }],
      // Names typed with 、 between them (not one a line, as the export writes them) are two files too.
      [],
    ]);
    // Once a row the importer sees holds that file, its name is known to the importer too.
    await post(PASSAGE, 'create', passage('甲', `东门${STAMP}`, 'a', { photo: theirs }), admin);
    const again = await importSheet(PASSAGE, await sheetOf([line({ 抓拍照片: `别人的照片${STAMP}.png` })]), 'preview');
    expect(again.report.errors).toEqual([]);
  });

  it('refuses two of the importer’s files of one name, naming both, and takes the 编号', async () => {
    const first = await upload(`同名${STAMP}.png`);
    const second = await upload(`同名${STAMP}.png`);
    const id = (address: string) => address.split('/').pop()!;
    const { report } = await importSheet(PASSAGE, await sheetOf([line({ 抓拍照片: `同名${STAMP}.png` }), line({ 抓拍照片: id(second) })]), 'preview');
    expect(report.lines![0].errors).toEqual([
      { field: 'photo', message: expect.stringMatching(new RegExp(`^抓拍照片“同名${STAMP}\\.png”对应多个文件：同名${STAMP}\\.png（编号 ${id(first)}，\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d上传）、同名${STAMP}\\.png（编号 ${id(second)}，.+上传），请改用编号$`)) },
    ]);
    expect(report.lines![1].errors).toEqual([]);
  });
});

describe('every fault of a line', () => {
  it('lists each refused field, also those the later checks find', async () => {
    const { report } = await importSheet(
      PASSAGE,
      await sheetOf([
        // An unknown gate, an unknown worker, an empty required field, a file that is not one.
        line({ 门禁设备: '没有这个门', 花名册人员: '没有这个人', 设备名称: '', 抓拍照片: '不存在.png' }),
        // Two references written as ids: a gate of another project and a worker nobody has — two checks
        // after the validator, each stopping at its first fault.
        line({ 门禁设备: gates[`南门${STAMP}`], 花名册人员: '999999999' }),
        // A required field left empty and a worker that does not exist: the validator refuses the first,
        // the reference check still finds the second.
        line({ 姓名: '', 花名册人员: '999999998' }),
      ]),
      'preview',
    );
    const faults = report.lines!.map((l) => l.errors.map((e) => `${e.field}:${e.message}`).sort());
    expect(faults[0]).toEqual(
      [
        'gateId:门禁设备“没有这个门”不存在或无权访问',
        'workerId:花名册人员“没有这个人”不存在或无权访问',
        'photo:抓拍照片“不存在.png”不存在或无权使用（只能填写您上传的或本页记录中已有的图片的文件名）',
        'gateName:请输入设备名称',
      ].sort(),
    );
    expect(faults[1]).toEqual(['gateId:所选门禁设备与所属项目不匹配', 'workerId:所选花名册人员不存在或无权访问']);
    expect(faults[2]).toEqual(['workerId:所选花名册人员不存在或无权访问', 'workerName:请输入姓名']);
    expect(report.valid).toBe(0);
  });
});

describe('a dictionary cell holding none of its labels', () => {
  it('names the labels that may be written, not a length (性别只能是：男、女), and reads a label or a code', async () => {
    const jobs = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'schemas', 'dictionaries', 'jobType.json'), 'utf8')) as { options: unknown[] }).options;
    const person = (over: Record<string, unknown>) => ({ 所属项目: PROJECT_NAME, 姓名: `字典${CN}`, 身份证号: idNumber(800), ...over });
    const { report } = await importSheet(
      'Worker',
      await sheetOf([person({ 性别: '未知', 工种: '架子工长' }), person({ 性别: '女', 工种: '木工', 身份证号: idNumber(801) }), person({ 性别: '1', 身份证号: idNumber(802) })]),
      'preview',
    );
    const faults = report.lines!.map((l) => Object.fromEntries(l.errors.map((e) => [e.field, e.message])));
    expect(faults[0].gender).toBe('性别只能是：男、女');
    // A long list shows its first twelve and counts the rest.
    expect(faults[0].jobType).toMatch(/^工种只能是：钢筋工、木工、混凝土工、(.+、){8}.+等\d+项（见模板中该列的下拉选项）$/);
    expect(faults[0].jobType).toContain(`等${jobs.length}项`);
    expect(faults[1]).toEqual({});
    expect(faults[2]).toEqual({});
  });
});

describe('"仅导入有效行" when a line fails at insert', () => {
  // A unique index no schema rule declares: only the database finds the duplicate, at insert.
  const index = `test_import_team_${STAMP}`;
  beforeAll(async () => {
    await sql`create unique index ${sql.id(index)} on gate_passage (team_name) where team_name like '唯一%'`.execute(db);
  });
  afterAll(async () => {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  });
  const unique = (n: string) => `唯一${STAMP}${n}`;
  const byTeam = (teams: string[]) => [{ field: 'teamName', operator: 'in', value: teams }];

  it('valid: stores the other lines and reports that line with its row and field', async () => {
    const sheet = await sheetOf([line({ 班组: unique('A') }), line({ 班组: unique('B'), 花名册人员: '没有这个人' }), line({ 班组: unique('C') }), line({ 班组: unique('A') })]);
    // The preview cannot know (no rule declares it): row 3's fault only.
    const preview = await importSheet(PASSAGE, sheet, 'preview');
    expect(preview.report.errors.map((e) => e.row)).toEqual([3]);
    const { detail, report } = await importSheet(PASSAGE, sheet, 'valid');
    expect(detail).toBe('导入完成：成功2条，2条有误未导入');
    expect(report).toMatchObject({ inserted: 2, total: 4, valid: 2 });
    expect(report.errors).toEqual([
      { row: 3, field: 'workerId', message: '花名册人员“没有这个人”不存在或无权访问' },
      { row: 5, field: 'teamName', message: '班组已存在' },
    ]);
    expect((await passages(byTeam([unique('A'), unique('B'), unique('C')]))).map((r) => r.teamName)).toEqual([unique('A'), unique('C')]);
    // The rejected lines come back with their 原行号 and 错误原因.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(report.rejectedFile!, 'base64') as unknown as ExcelJS.Buffer);
    const rejected = book.worksheets[0];
    const header = (rejected.getRow(1).values as unknown[]).slice(1);
    expect([2, 3].map((r) => [rejected.getRow(r).getCell(header.indexOf('原行号') + 1).value, rejected.getRow(r).getCell(header.indexOf('错误原因') + 1).value])).toEqual([
      [3, '花名册人员“没有这个人”不存在或无权访问'],
      [5, '班组已存在'],
    ]);
  });

  it('all: stores nothing and names the line that failed at insert', async () => {
    const sheet = await sheetOf([line({ 班组: unique('D') }), line({ 班组: unique('A') }), line({ 班组: unique('E') })]);
    const { detail, report } = await importSheet(PASSAGE, sheet, 'all');
    expect(detail).toBe('导入失败：1行数据有误，未导入任何数据');
    expect(report).toMatchObject({ inserted: 0, errors: [{ row: 3, field: 'teamName', message: '班组已存在' }] });
    expect(await passages(byTeam([unique('D'), unique('E')]))).toEqual([]);
  });
});

describe('unique rules in the preview', () => {
  const qualification = (no: string) => ({
    资质名称: '电力工程施工总承包叁级', 资质类别: '施工总承包', 资质等级: '叁级', 证书编号: no, 发证机关: '内江市住房和城乡建设局',
    发证日期: '2025-03-01', 有效期至: '2030-02-28', 证书状态: '有效',
  });

  it('reports a number already stored and a number twice in the sheet, with row and field; valid stores the rest', async () => {
    const taken = `ZS${STAMP}-1`;
    const created = await call<Row>(app, 'POST', endpoint('Qualification', 'create'), {
      token: admin,
      body: { qual_name: '电力工程施工总承包叁级', category: '1', grade: '3', certificate_no: taken, authority: '内江市住房和城乡建设局', issue_date: '2025-03-01', expiry_date: '2030-02-28', status: '1' },
    });
    expect(created.body.status, JSON.stringify(created.body)).toBe(1);
    const sheet = await sheetOf([qualification(taken), qualification(`ZS${STAMP}-2`), qualification(`ZS${STAMP}-2`), qualification(`ZS${STAMP}-3`)]);
    const { report } = await importSheet('Qualification', sheet, 'preview');
    expect(report.errors).toEqual([
      { row: 2, field: 'certificateNo', message: '证书编号已存在：企业资质中的“电力工程施工总承包叁级”' },
      { row: 4, field: 'certificateNo', message: `证书编号“ZS${STAMP}-2”与第3行重复` },
    ]);
    const done = await importSheet('Qualification', sheet, 'valid');
    expect(done.report).toMatchObject({ inserted: 2, errors: report.errors });
  });
});

describe('设备租赁合同: 出租单位 and 合同附件 (an organisation lookup, files, unique per owner company)', () => {
  const LEASE = 'EquipmentLease';
  let lessor: string;
  let attachment: string;
  const importAs = async (data: Buffer, mode: 'preview' | 'all' | 'valid') => {
    const reply = await postMultipart(app, endpoint(LEASE, 'import'), qiye01, multipart({ fromplat: 'pc', wid: '11', mode }, { name: '租赁合同.xlsx', type: XLSX, data }));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return { detail: reply.body.detail, report: reply.body.data as ImportReport };
  };

  beforeAll(async () => {
    // Company names are unique (companies.name): an organisation's name names one row.
    const group = await sql<{ id: string }>`select id::text as id from companies where name = '内江建工集团有限公司'`.execute(db);
    const created = await call<Row>(app, 'POST', `/prod-api/api/Org/CreateOrg`, { token: qiye01, body: { companyname: `华西建设${STAMP}`, pId: group.rows[0].id, companyType: 2 } });
    expect(created.body.status, JSON.stringify(created.body)).toBe(1);
    lessor = String(created.body.data!.id);
    const reply = await postMultipart(app, UPLOAD_PATH, qiye01, multipart({ fromplat: 'pc', upload_type: 'file', file_name: `租赁合同${STAMP}.pdf` }, { name: `租赁合同${STAMP}.pdf`, type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%lease\n') }));
    expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
    attachment = String(reply.body.data);
  });

  it('exports 出租单位 by name and 合同附件 by file name; a number taken is found in the preview; the file imports back to the same ids', async () => {
    const no = `ZL-${STAMP}-9`;
    const created = await call<Row>(app, 'POST', endpoint(LEASE, 'create'), {
      token: qiye01,
      body: { leaseNo: no, leaseName: '施工升降机租赁合同', projectId: project, lessorId: lessor, leaseKind: '1', amount: 80000, signDate: '2026-03-01', startDate: '2026-03-02', endDate: '2026-09-30', attachments: attachment },
    });
    expect(created.body.status, JSON.stringify(created.body)).toBe(1);
    const filters = JSON.stringify([{ field: 'leaseNo', operator: 'eq', value: no }]);
    const raw = await app.inject({ method: 'GET', url: endpoint(LEASE, 'export'), query: { filters }, headers: { authorization: `Bearer ${qiye01}`, fromplat: 'pc' } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const cell = (title: string) => sheet.getRow(2).getCell(header.indexOf(title) + 1).value;
    expect([cell('出租单位'), cell('合同附件'), cell('所属项目')]).toEqual([`华西建设${STAMP}`, `租赁合同${STAMP}.pdf`, PROJECT_NAME]);

    // As it is, the number is taken in the company owning the project (unique per company), and a second
    // line with it repeats the first.
    sheet.addRow(header.map((title) => (title === '合同名称' ? '复制的合同' : sheet.getRow(2).getCell(header.indexOf(title) + 1).value)));
    const twice = Buffer.from(await book.xlsx.writeBuffer());
    const preview = await importAs(twice, 'preview');
    expect(preview.report.errors).toEqual([
      { row: 2, field: 'leaseNo', message: '租赁合同编号已存在：设备租赁合同中的“施工升降机租赁合同”' },
      { row: 3, field: 'leaseNo', message: '租赁合同编号已存在：设备租赁合同中的“施工升降机租赁合同”' },
    ]);
    // After the row is deleted, the first line stores the same organisation and file; the second repeats it.
    expect((await call(app, 'POST', endpoint(LEASE, 'delete'), { token: qiye01, body: { rec_id: created.body.data!.id } })).body.status).toBe(1);
    const afterDelete = await importAs(twice, 'preview');
    expect(afterDelete.report.errors).toEqual([{ row: 3, field: 'leaseNo', message: `合同编号“${no}”与第2行重复` }]);
    const done = await importAs(twice, 'valid');
    expect(done.report).toMatchObject({ inserted: 1, errors: afterDelete.report.errors });
    const [again] = (await call<Row[]>(app, 'GET', endpoint(LEASE, 'list'), { token: qiye01, query: { index: 0, size: 5, filters } })).body.data!;
    expect([again.lessorId, again.attachments, again.projectId, again.leaseName]).toEqual([lessor, attachment, project, '施工升降机租赁合同']);
  });
});
