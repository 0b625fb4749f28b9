// Big tables (docs/metadata.md "Big tables"): indexes derived from sortable and searchable fields, an
// estimated total past a threshold, keyset pages equal to offset pages, and an export streamed in keyset
// batches that holds every row once in the usual format.
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageInfo } from '../../common/envelope';
import type { AppContext } from '../../server/app-context';
import { DEFERRED_OFFSET_FROM, EXPORT_BATCH } from '../../server/engine/query';
import { call, session, startApp } from './helpers';
import { endpoint, entityModel, projectId } from './engine-support';

const ENTITY = 'AttendanceRecord';
const MARK = '大表测试';
/** A small threshold so a few hundred rows are "big" here (production: 100,000). */
const ESTIMATE_ABOVE = 200;
const ROWS = EXPORT_BATCH + 700;

let app: FastifyInstance;
let ctx: AppContext | undefined;
let token: string;
let project: string;

const capture: FastifyPluginAsync<{ ctx: AppContext }> = async (_api, options) => {
  ctx = options.ctx;
};

beforeAll(async () => {
  app = await startApp({
    estimateCountAbove: ESTIMATE_ABOVE,
    routes: [capture],
  });
  token = (await session(app, 'qiye01')).token;
  project = await projectId(app, token, 'NJJG-2024-001');
  // Rows sharing dates (ties broken by the key), some without a leave time (empty sort values), job
  // types from the dictionary; one team name in seven is searched by keyword.
  await sql`insert into attendance_record (project_id, company_id, worker_id, worker_name, team_name, job_type, work_date, in_time, out_time, work_hours)
    select ${Number(project)}, 1, 1 + g % 40, ${MARK} || g, case when g % 7 = 0 then '检索班' || g else '钢筋班' end, '01',
      date '2030-01-01' + (g % 30), timestamptz '2030-01-01 07:00:00+08' + make_interval(mins => g),
      case when g % 5 = 0 then null else timestamptz '2030-01-01 18:00:00+08' + make_interval(mins => g % 13) end, 8 + (g % 3)
    from generate_series(1, ${ROWS}) g`.execute(ctx!.db);
  await sql`analyze attendance_record`.execute(ctx!.db);
});
afterAll(async () => {
  await app.close();
});

type Row = Record<string, unknown> & { id: string };
const mine = JSON.stringify([{ field: 'workerName', operator: 'contains', value: MARK }]);

const list = (query: Record<string, string | number>) =>
  call<Row[]>(app, 'GET', endpoint(ENTITY, 'list'), { token, query: { filters: mine, ...query } });

describe('derived indexes', () => {
  it('creates a sort index per sortable field and one n-gram index over the searchable text fields at start', async () => {
    const found = await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename = 'attendance_record'`.execute(ctx!.db);
    const defs = new Map(found.rows.map((r) => [r.indexname, r.indexdef]));
    expect(defs.get('attendance_record_work_date_sort_idx')).toMatch(/\(work_date NULLS FIRST, id, project_id\)/);
    expect(defs.get('attendance_record_out_time_sort_idx')).toMatch(/\(out_time NULLS FIRST, id, project_id\)/);
    expect([...defs].filter(([name]) => name.startsWith('attendance_record_search_')).map(([, def]) => def)).toEqual([
      expect.stringMatching(/USING gin .*search_grams_v1\(worker_name\) \|\| search_grams_v1\(team_name\)/),
    ]);
    // The declared ones are still there.
    expect(defs.has('attendance_record_project_id_work_date_idx')).toBe(true);
  });

  it('answers the first page from the sort index, the scope bound as values', async () => {
    const plan = await sql<Record<string, string>>`explain select * from attendance_record
      where project_id = any(${[Number(project)]}::bigint[]) order by work_date desc nulls last, id desc limit 20`.execute(ctx!.db);
    expect(plan.rows.map((r) => Object.values(r)[0]).join('\n')).toMatch(/Index (Only )?Scan Backward using attendance_record_work_date_sort_idx/);
  });
});

describe('estimated total', () => {
  it('answers the estimate past the threshold with pageInfo.estimated, the exact count below it', async () => {
    const big = await list({ index: 0, size: 20 });
    expect(big.body.status).toBe(1);
    const info = big.body.pageInfo as PageInfo;
    expect(info.estimated).toBe(true);
    expect(info.record_count).toBeGreaterThan(ESTIMATE_ABOVE);
    expect(info.has_next).toBe(true);
    expect(big.body.data).toHaveLength(20);

    const small = await list({ index: 0, size: 20, keyword: `检索班${7 * 3}` });
    const exact = small.body.pageInfo as PageInfo;
    expect(exact.estimated).toBeUndefined();
    expect(exact.record_count).toBe(small.body.data!.length);
    expect(small.body.data!.map((r) => r.teamName)).toContain('检索班21');
  });
});

describe('keyset pages', () => {
  const ids = (rows: Row[] | undefined) => (rows ?? []).map((r) => r.id);

  for (const sort of ['workDate:desc', 'outTime:asc', 'outTime:desc', 'id:asc']) {
    it(`next and previous by cursor equal the offset pages (${sort})`, async () => {
      const size = 37;
      const pages = 5;
      const offset: string[][] = [];
      for (let index = 0; index < pages; index += 1) offset.push(ids((await list({ index, size, sort })).body.data));
      expect(new Set(offset.flat()).size).toBe(size * pages);

      let reply = await list({ index: 0, size, sort });
      const forward = [ids(reply.body.data)];
      for (let index = 1; index < pages; index += 1) {
        reply = await list({ index, size, sort, after: (reply.body.pageInfo as PageInfo).next! });
        expect((reply.body.pageInfo as PageInfo).has_prev).toBe(true);
        forward.push(ids(reply.body.data));
      }
      expect(forward).toEqual(offset);

      const backward = [forward[pages - 1]];
      for (let index = pages - 2; index >= 0; index -= 1) {
        reply = await list({ index, size, sort, before: (reply.body.pageInfo as PageInfo).prev! });
        backward.unshift(ids(reply.body.data));
      }
      expect(backward).toEqual(offset);
      expect((reply.body.pageInfo as PageInfo).has_next).toBe(true);
    });
  }

  it('answers a deep offset page (keys first, then rows) with the rows the cursor reaches there, in every sort', async () => {
    const size = 250;
    const deep = Math.ceil(DEFERRED_OFFSET_FROM / size) + 1;
    for (const sort of ['workDate:desc', 'outTime:asc', 'outTime:desc', 'id:asc']) {
      let reply = await list({ index: 0, size, sort });
      for (let index = 1; index <= deep; index += 1) reply = await list({ index, size, sort, after: (reply.body.pageInfo as PageInfo).next! });
      const jumped = await list({ index: deep, size, sort });
      expect(jumped.body.data!.map((r) => [r.id, r.outTime, r.workDate])).toEqual(reply.body.data!.map((r) => [r.id, r.outTime, r.workDate]));
      expect(Object.keys(jumped.body.data![0]).sort()).toEqual(Object.keys(reply.body.data![0]).sort());
      expect((jumped.body.pageInfo as PageInfo).has_next).toBe(true);
    }
  });

  it('reaches the last rows past the empty values by cursor, and says no more', async () => {
    const size = 500;
    let reply = await list({ index: 0, size, sort: 'outTime:desc' });
    const seen = ids(reply.body.data);
    for (let index = 1; (reply.body.pageInfo as PageInfo).has_next; index += 1) {
      reply = await list({ index, size, sort: 'outTime:desc', after: (reply.body.pageInfo as PageInfo).next! });
      seen.push(...ids(reply.body.data));
    }
    expect(seen).toHaveLength(ROWS);
    expect(new Set(seen).size).toBe(ROWS);
    const last = reply.body.data!.at(-1)!;
    expect(last.outTime).toBeNull();
  });

  it('refuses a forged cursor with a Chinese 400 and ignores one of another sort', async () => {
    const bad = await list({ index: 1, size: 10, after: 'not-a-cursor' });
    expect(bad.body.status).toBe(0);
    expect(bad.body.detail).toMatch(/分页位置无效/);
    const forged = Buffer.from(JSON.stringify(['workDate:desc', "2030-01-01'; drop table x", '1'])).toString('base64url');
    expect((await list({ index: 1, size: 10, after: forged })).body.detail).toMatch(/分页位置无效/);

    const first = await list({ index: 0, size: 10, sort: 'workDate:desc' });
    const other = await list({ index: 1, size: 10, sort: 'id:asc', after: (first.body.pageInfo as PageInfo).next! });
    const offset = await list({ index: 1, size: 10, sort: 'id:asc' });
    expect(ids(other.body.data)).toEqual(ids(offset.body.data));
  });
});

describe('row versions and cursors', () => {
  it('answers every row with its version, and a raised version moves no cursor', async () => {
    const size = 25;
    const first = await list({ index: 0, size, sort: 'workDate:desc' });
    expect(first.body.data!.every((r) => Number.isInteger(r.version))).toBe(true);
    // Rows of the next two pages are updated meanwhile: the version is not part of the order or the cursor.
    const offset = await list({ index: 1, size, sort: 'workDate:desc' });
    const ids = offset.body.data!.map((r) => Number(r.id));
    await sql`update attendance_record set version = version + 1 where id = any(${ids}::bigint[])`.execute(ctx!.db);
    const next = await list({ index: 1, size, sort: 'workDate:desc', after: (first.body.pageInfo as PageInfo).next! });
    expect(next.body.data!.map((r) => r.id)).toEqual(offset.body.data!.map((r) => r.id));
    expect(next.body.data!.map((r) => r.version)).toEqual(offset.body.data!.map((r) => Number(r.version) + 1));
  });
});

describe('the audit log, a platform table', () => {
  const AUDIT = 'AuditLog';
  const AUDIT_ROWS = 12_000;
  const auditList = (query: Record<string, string | number>) => call<Row[]>(app, 'GET', endpoint(AUDIT, 'list'), { token, query });

  beforeAll(async () => {
    // Seconds apart, every third second shared by two rows (ties broken by the key).
    await sql`insert into audit_log (at, company_id, user_name, entity, entity_title, record_id, action, summary)
      select timestamptz '2030-01-01 00:00:00+08' + make_interval(secs => g - g % 3), 1, '大表审计' || g, 'BigTableTest', '大表审计', g::text, 'update', '大表审计 ' || g
      from generate_series(1, ${AUDIT_ROWS}) g`.execute(ctx!.db);
    await sql`analyze audit_log`.execute(ctx!.db);
  });

  it('keeps the indexes of the migrations, one serving the order, the cursors and time ranges of the list', async () => {
    const found = await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename = 'audit_log'`.execute(ctx!.db);
    const defs = new Map(found.rows.map((r) => [r.indexname, r.indexdef]));
    // No derived index: platform tables are the migrations' alone.
    expect([...defs.keys()].sort()).toEqual(['audit_log_at_idx', 'audit_log_company_at_idx', 'audit_log_pkey', 'audit_log_record_idx']);
    expect(defs.get('audit_log_company_at_idx')).toMatch(/\(company_id, at NULLS FIRST, id\)/);
    const explain = async (q: ReturnType<typeof sql>) => (await q.execute(ctx!.db)).rows.map((r) => Object.values(r as object)[0]).join('\n');
    expect(await explain(sql`explain select * from audit_log where company_id = 1 order by audit_log.at desc nulls last, audit_log.id desc limit 21`))
      .toMatch(/Index Scan Backward using audit_log_company_at_idx/);
    expect(await explain(sql`explain select * from audit_log where company_id = 1 and (audit_log.at, audit_log.id) < (timestamptz '2030-01-01 02:00:00+08', 100)
      order by audit_log.at desc nulls last, audit_log.id desc limit 21`)).toMatch(/Index Cond: \(\(company_id = 1\) AND \(ROW\(at, id\) < ROW/);
  });

  it('answers 约 N 条 and pages by cursor as by offset', async () => {
    const size = 50;
    const offset: string[][] = [];
    for (let index = 0; index < 3; index += 1) offset.push((await auditList({ index, size })).body.data!.map((r) => r.id));
    let reply = await auditList({ index: 0, size });
    const info = reply.body.pageInfo as PageInfo;
    expect(info.estimated).toBe(true);
    expect(info.record_count).toBeGreaterThan(ESTIMATE_ABOVE);
    const forward = [reply.body.data!.map((r) => r.id)];
    for (let index = 1; index < 3; index += 1) {
      reply = await auditList({ index, size, after: (reply.body.pageInfo as PageInfo).next! });
      forward.push(reply.body.data!.map((r) => r.id));
    }
    expect(forward).toEqual(offset);
    // Platform rows carry no version.
    expect(reply.body.data![0]).not.toHaveProperty('version');
    const back = await auditList({ index: 1, size, before: (reply.body.pageInfo as PageInfo).prev! });
    expect(back.body.data!.map((r) => r.id)).toEqual(offset[1]);
  });

  it('exports in keyset batches: every matching row once, newest first, with the label of the action', async () => {
    const raw = await app.inject({
      method: 'GET',
      url: endpoint(AUDIT, 'export'),
      query: { keyword: '大表审计' },
      headers: { authorization: `Bearer ${token}`, fromplat: 'pc' },
    });
    expect(raw.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('操作日志');
    // Exports carry no internal ids (issue 11): every column but the key, in schema order.
    const titles = entityModel(AUDIT).fields.filter((f) => f.type !== 'id').map((f) => f.title);
    const values = sheet.getSheetValues().slice(1).map((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(values[0]).toEqual(titles);
    const body = values.slice(1);
    expect(body).toHaveLength(AUDIT_ROWS);
    // Each seeded row has its own user (大表审计 g): every row once.
    expect(new Set(body.map((r) => String(r[titles.indexOf('操作人')]))).size).toBe(AUDIT_ROWS);
    expect(new Set(body.map((r) => r[titles.indexOf('操作')]))).toEqual(new Set(['修改']));
    const times = body.map((r) => String(r[titles.indexOf('操作时间')]));
    expect(times.every((t, i) => i === 0 || t <= times[i - 1])).toBe(true);
  });
});

describe('streamed export', () => {
  it('holds every row once, more rows than a batch, with titles, labels and project names', async () => {
    const raw = await app.inject({
      method: 'GET',
      url: endpoint(ENTITY, 'export'),
      query: { filters: mine, sort: 'workDate:desc' },
      headers: { authorization: `Bearer ${token}`, fromplat: 'pc' },
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('考勤记录');
    const values = sheet.getSheetValues().slice(1).map((r) => (Array.isArray(r) ? r.slice(1) : []));
    // Exports carry no internal ids (issue 11): every column but the key, in schema order.
    const titles = entityModel(ENTITY).fields.filter((f) => f.type !== 'id').map((f) => f.title);
    expect(values[0]).toEqual(titles);
    const body = values.slice(1);
    expect(body).toHaveLength(ROWS);
    const col = (title: string) => titles.indexOf(title);
    // Each seeded row has its own name (大表测试 g): every row once.
    expect(new Set(body.map((r) => String(r[col('姓名')]))).size).toBe(ROWS);
    expect(new Set(body.map((r) => r[col('工种')]))).toEqual(new Set(['钢筋工']));
    expect(String(body[0][col('所属项目')])).not.toMatch(/^\d+$/);
    // In the list's order: dates never rise (real Excel dates now, compared as instants).
    const dates = body.map((r) => new Date(r[col('考勤日期')] as Date).getTime());
    expect(dates.every(Number.isFinite)).toBe(true);
    expect(dates.every((d, i) => i === 0 || d <= dates[i - 1])).toBe(true);
  });
});

describe('access decisions cached per grant set', () => {
  it('sees a role losing and regaining its grants on the very next request', async () => {
    const db = ctx!.db;
    const member = await sql<{ role_id: number }>`select m.role_id from memberships m join users u on u.id = m.user_id
      where u.user_name = 'qiye01' and m.company_id = 1`.execute(db);
    const roleId = member.rows[0].role_id;
    const saved = await sql<{ node_id: string }>`select node_id from role_grants where role_id = ${roleId}`.execute(db);
    expect((await list({ index: 0, size: 5 })).body.status).toBe(1);
    expect((await list({ index: 0, size: 5 })).body.status).toBe(1);

    await sql`delete from role_grants where role_id = ${roleId}`.execute(db);
    const refused = await list({ index: 0, size: 5 });
    expect(refused.body).toMatchObject({ status: 0, code: 402, detail: '没有权限' });

    await sql`insert into role_grants (role_id, node_id) select ${roleId}, unnest(${saved.rows.map((r) => r.node_id)}::text[])`.execute(db);
    expect((await list({ index: 0, size: 5 })).body.status).toBe(1);
  });
});
