// Benchmark (issues 10 and 26, "Tables with millions of rows" / "Hold under weight"): the generic attendance
// list over 1,000,000 rows — page 0, a deep page (page 25,000 of 50,000), the next page by cursor at that
// depth, keyword searches with one-, two- and three-character Chinese terms and a four-digit fragment, and a
// date range — at 1 and 64 concurrent clients, p50 / p99, side by side with hand-written SQL for the same
// answer (same rows, same total or estimate) in one run; the keyword terms also once as the plain ILIKE scan
// the n-gram index replaces; then an export of every row with the process's peak memory growth. Prints
// figures; asserts nothing. The server runs in this process, the latency clients in a child (bench/http-clients.ts). Names are drawn as Chinese names are
// spread (the ten commonest surnames carry 40 %), device names carry eight-digit serials.
//   npm run bench:bigtable                                   (PGlite in a temp folder)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:bigtable   (PostgreSQL, fresh schema)
//   BENCH_ROWS=100000 BENCH_MS=2000 BENCH_EXPORT=0 …         (a quick try; BENCH_ONLY=export: the export figures alone)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fork } from 'node:child_process';
import { PerformanceObserver } from 'node:perf_hooks';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { AppContext } from '../server/app-context';
import { buildApp } from '../server/app';
import { scopeOf } from '../server/auth/session-context';
import { sessionOf } from '../server/auth/session-context';
import type { Database } from '../server/db/schema';
import { projectIdsInScope } from '../server/platform/projects';
import { ESTIMATE_COUNT_ABOVE, EXACT_SEARCH_COUNT_UP_TO, EXPORT_BATCH } from '../server/engine/query';
import { syncTables } from '../server/metadata/sync-tables';
import type { Measure, Measured } from './http-clients';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const MS = Number(process.env.BENCH_MS ?? 3000);
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,64').split(',').map(Number);
const EXPORT = process.env.BENCH_EXPORT !== '0';
/** BENCH_ONLY=export: seed, export, stop (the memory figures alone). */
const ONLY_EXPORT = process.env.BENCH_ONLY === 'export';
const SIZE = 20;
const DEEP = Number(process.env.BENCH_DEEP_PAGE ?? Math.floor(ROWS / SIZE / 2));
/** One, two and three Chinese characters, and four digits of a device serial. */
const KEYWORDS = ['王', '史军', '姚志勇', '1234'] as const;
const SEARCHED = ['worker_name', 'team_name', 'device_name'] as const;
const RANGE = ['2025-03-01', '2025-03-31'] as const;

let context: AppContext | undefined;
let tracingExport = false;

type Case = 'page0' | 'deep' | 'next' | 'keyword' | 'range';

const escapeLike = (t: string) => t.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The keyword by hand: the table's n-gram index (server/db/search-grams.ts), ilike for a term past three characters. */
function keywordWhere(term: string): ReturnType<typeof sql> {
  const grams = sql`(${sql.join(SEARCHED.map((c) => sql`search_grams_v1(${sql.id(c)})`), sql` || `)}) @> search_query_grams_v1(${term}::text)`;
  if ([...term].length <= 3) return grams;
  return sql`((${sql.join(SEARCHED.map((c) => sql`${sql.id(c)} ilike ${`%${escapeLike(term)}%`}`), sql` or `)}) and ${grams})`;
}

const COLUMNS = sql.raw(`id, project_id, worker_id, worker_name, team_name, job_type, work_date::text as work_date, in_time, out_time,
  device_name, work_hours`);

/** The planner's estimate past the threshold, else the exact count (a search's capped at 10,000): the cheapest honest total. */
async function total(db: Kysely<Database>, where: ReturnType<typeof sql>, search: boolean): Promise<{ n: number; estimated: boolean }> {
  const probe = sql`select 1 from attendance_record where ${where}`.compile(db);
  const plan = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`explain (format json) ${probe.sql}`, [...probe.parameters]));
  const cell = Object.values(plan.rows[0])[0];
  const rows = Number((typeof cell === 'string' ? JSON.parse(cell) : (cell as Array<{ Plan: { 'Plan Rows': number } }>))[0].Plan['Plan Rows']);
  if (rows > ESTIMATE_COUNT_ABOVE) return { n: Math.round(rows), estimated: true };
  if (search) {
    if (rows > EXACT_SEARCH_COUNT_UP_TO) return { n: Math.round(rows), estimated: true };
    const counted = await sql<{ n: string }>`select count(*) as n from (select 1 from attendance_record where ${where} limit ${EXACT_SEARCH_COUNT_UP_TO + 1}) s`.execute(db);
    const n = Number(counted.rows[0].n);
    return n > EXACT_SEARCH_COUNT_UP_TO ? { n: Math.max(Math.round(rows), n), estimated: true } : { n, estimated: false };
  }
  const counted = await sql<{ n: string }>`select count(*) as n from attendance_record where ${where}`.execute(db);
  return { n: Number(counted.rows[0].n), estimated: false };
}

/** The same answers, written by hand: the caller's project ids, fixed SQL on the sort index, plain mapping. */
const handWritten: FastifyPluginAsync<{ ctx: AppContext }> = async (api, { ctx }) => {
  context = ctx;
  api.get<{ Querystring: { case: Case; after?: string; term?: string } }>('/prod-api/bench/attendance', { config: { readOnly: true } }, async (request) => {
    const db = ctx.db;
    const ids = (await projectIdsInScope(db, scopeOf(sessionOf(request))).execute()).map((r) => r.id);
    let where = sql`project_id = any(${ids}::bigint[])`;
    let offset = 0;
    const c = request.query.case;
    if (c === 'deep') offset = DEEP * SIZE;
    if (c === 'keyword') where = sql`${where} and ${keywordWhere(request.query.term ?? '')}`;
    if (c === 'range') where = sql`${where} and work_date between ${RANGE[0]} and ${RANGE[1]}`;
    let page = where;
    if (c === 'next') {
      const [date, id] = JSON.parse(request.query.after ?? '[]') as [string, string];
      page = sql`${where} and (work_date, id) < (${date}, ${id})`;
    }
    const [rows, count] = await Promise.all([
      sql<Record<string, unknown>>`select ${COLUMNS} from attendance_record where ${page}
        order by attendance_record.work_date desc nulls last, attendance_record.id desc limit ${SIZE + 1} offset ${offset}`.execute(db),
      total(db, where, c === 'keyword'),
    ]);
    const data = rows.rows.slice(0, SIZE).map((r) => ({
      id: String(r.id), projectId: String(r.project_id), workerId: r.worker_id, workerName: r.worker_name, teamName: r.team_name,
      jobType: r.job_type, workDate: r.work_date, inTime: r.in_time, outTime: r.out_time, deviceName: r.device_name,
      workHours: r.work_hours === null ? null : Number(r.work_hours),
    }));
    return {
      status: 1, detail: '', data,
      pageInfo: { has_next: rows.rows.length > SIZE, has_prev: offset > 0, p_index: offset / SIZE, p_size: SIZE, record_count: count.n, estimated: count.estimated },
    };
  });
};

/**
 * The export by hand: the same rows in the same order, keyset batches of the engine's size, raw values
 * into exceljs's streaming writer with the same options, waiting for the reader between batches.
 */
const handWrittenExport: FastifyPluginAsync<{ ctx: AppContext }> = async (api, { ctx }) => {
  api.get('/prod-api/bench/attendance-export', { config: { readOnly: true } }, async (request, reply) => {
    const ids = (await projectIdsInScope(ctx.db, scopeOf(sessionOf(request))).execute()).map((r) => r.id);
    const out = new PassThrough();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
    const sheet = workbook.addWorksheet('考勤记录');
    sheet.addRow(['编号', '项目', '工人', '姓名', '班组', '工种', '日期', '进场', '离场', '设备', '工时']).commit();
    void (async () => {
      let after: [string, string] | null = null;
      for (;;) {
        const page: ReturnType<typeof sql> = after ? sql`and (work_date, id) < (${after[0]}::date, ${after[1]}::bigint)` : sql``;
        const rows: { rows: Array<Record<string, unknown>> } = await sql<Record<string, unknown>>`select ${COLUMNS} from attendance_record where project_id = any(${ids}::bigint[]) ${page}
          order by work_date desc nulls last, id desc limit ${EXPORT_BATCH}`.execute(ctx.db);
        for (const r of rows.rows) {
          sheet.addRow([String(r.id), String(r.project_id), r.worker_id, r.worker_name, r.team_name, r.job_type, r.work_date, r.in_time, r.out_time, r.device_name, Number(r.work_hours)] as ExcelJS.CellValue[]).commit();
        }
        if (rows.rows.length < EXPORT_BATCH) break;
        const last: Record<string, unknown> = rows.rows[rows.rows.length - 1];
        after = [String(last.work_date), String(last.id)];
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      sheet.commit();
      await workbook.commit();
    })().catch((e: unknown) => out.destroy(e as Error));
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(out);
  });
};

async function login(base: string, userName: string): Promise<string> {
  const token = ((await (await fetch(`${base}/prod-apicore/api/token/getToken`)).json()) as { data: string }).data;
  const res = await fetch(`${base}/prod-apicore/web/login?token=${token}&fromplat=pc&wid=11`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `grant_type=password&loginType=1&userName=${userName}&password=Demo%401234`,
  });
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

/** 1,000,000 rows in batches of generate_series over the caller's projects; indexes made by the table sync after. */
async function seed(db: Kysely<Database>, projectIds: number[]): Promise<void> {
  const started = Date.now();
  const existing = await sql<{ indexname: string }>`select indexname from pg_indexes where schemaname = current_schema()
    and tablename = 'attendance_record' and indexname not like '%pkey'`.execute(db);
  for (const ix of existing.rows) await sql`drop index ${sql.id(ix.indexname)}`.execute(db);
  // The ten commonest surnames carry about 40 % of people, ninety others the rest; a given name of one or
  // two characters; hashint8 spreads each draw independently of the row number.
  const common = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周'];
  const rare = [...'徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤常温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞左柳甘祝包宁尚符舒阮柯纪梅童凌毕单季裴霍涂成苗谷盛曲翁冉骆蓝路游辛靳管柴蒙鲍华喻祁蒲房滕屈饶解牟艾尤阳时穆农司卓古吉缪简车项连芦麦褚娄窦戚岑景党宫费卜冷晏席卫米柏宗瞿桂全佟应臧闵苟邬边卞姬师和仇栾隋商刁沙荣巫寇桑郎甄丛仲虞敖巩明佘池查麻苑迟邝'].slice(0, 90);
  const given = [...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华志红建文辉力永健世广海云国庆林峰波宁飞鹏斌宇浩凯俊鑫'].slice(0, 40);
  const teams = ['钢筋班', '木工班', '混凝土班', '架子工班', '焊工班', '抹灰班', '砌筑班', '杂工班', '测量班', '项目管理部'];
  const draw = (salt: number, n: number) => sql.raw(`(abs(hashint8(g::bigint * 31 + ${salt})) % ${n})`);
  const step = 100_000;
  for (let from = 1; from <= ROWS; from += step) {
    const to = Math.min(ROWS, from + step - 1);
    await sql`insert into attendance_record (project_id, company_id, worker_id, worker_name, team_name, job_type, work_date, in_time, out_time,
        device_name, work_hours)
      select (${projectIds}::bigint[])[1 + g % ${projectIds.length}], 1, 1 + g % 5000,
        case when ${draw(1, 100)} < 40 then (${common}::text[])[1 + ${draw(2, 10)}] else (${rare}::text[])[1 + ${draw(3, 90)}] end
          || (${given}::text[])[1 + ${draw(4, 40)}] || case when ${draw(5, 3)} = 0 then '' else (${given}::text[])[1 + ${draw(6, 40)}] end,
        (${teams}::text[])[1 + g % 10], lpad((1 + g % 17)::text, 2, '0'),
        date '2023-01-01' + (g % 1000), timestamptz '2023-01-01 07:00:00+08' + make_interval(days => g % 1000, mins => g % 90),
        timestamptz '2023-01-01 17:00:00+08' + make_interval(days => g % 1000, mins => g % 120), '闸机' || lpad(${draw(7, 100000000)}::text, 8, '0'),
        8 + (g % 30) / 10.0
      from generate_series(${from}::int, ${to}::int) g`.execute(db);
  }
  const seeded = Date.now();
  await syncTables(db, context!.catalog.entities.values());
  // What autovacuum does on PostgreSQL after a bulk load (PGlite has none): statistics for the planner, the
  // visibility map that lets a deep page walk the sort index without reading the table.
  await sql`vacuum analyze attendance_record`.execute(db);
  console.log(`seeded ${ROWS.toLocaleString('en-US')} rows in ${((seeded - started) / 1000).toFixed(1)} s; indexes by the table sync in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
}

/** The plans of the page-0 and deep-page SQL the engine sends (the same shape as the hand-written one). */
async function explainPlans(db: Kysely<Database>, ids: number[]): Promise<void> {
  for (const offset of [0, DEEP * SIZE]) {
    const plan = await sql<Record<string, string>>`explain (analyze, buffers) select ${COLUMNS} from attendance_record
      where project_id = any(${ids}::bigint[]) order by attendance_record.work_date desc nulls last, attendance_record.id desc
      limit ${SIZE + 1} offset ${offset}`.execute(db);
    console.log(`plan, offset ${offset}:\n${plan.rows.map((r) => `  ${Object.values(r)[0]}`).join('\n')}`);
  }
}

/** The latency clients, in a process of their own (bench/http-clients.ts): the server's event loop serves, it does not also parse 64 clients' answers. */
const clientProcess = fork('bench/http-clients.ts', [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });

/** Latencies of `n` clients asking one URL for MS milliseconds, measured in the clients' process. */
function measure(url: string, headers: Record<string, string>, n: number): Promise<{ p50: number; p99: number; n: number; busy: number }> {
  return new Promise((resolve, reject) => {
    clientProcess.once('message', (m: Measured) => ('error' in m ? reject(new Error(m.error)) : resolve(m)));
    clientProcess.send({ url, headers, clients: n, ms: MS } satisfies Measure);
  });
}

type Answer = { data: Array<{ id: string; workDate: string }>; pageInfo: { record_count: number; estimated?: boolean; next?: string } };
const get = async (url: string, headers: Record<string, string>) => (await (await fetch(url, { headers })).json()) as Answer;

/** The peak resident set (VmHWM) starts over from the current one (Linux 4.0+: clear_refs 5). */
function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}
const statusKb = (key: 'VmRSS' | 'VmHWM'): number => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN);

/** One export read to the end; the process's peak resident growth over it (VmHWM after a reset), and the V8 heap's. */
async function exportOnce(url: string, headers: Record<string, string>): Promise<{ status: number; bytes: number; s: number; hwm: number; heap: number }> {
  globalThis.gc?.();
  const reset = resetPeak();
  const rss = statusKb('VmRSS');
  const heapBefore = process.memoryUsage().heapUsed;
  let heap = heapBefore;
  const sampler = setInterval(() => (heap = Math.max(heap, process.memoryUsage().heapUsed)), 20);
  // BENCH_GC=1: collections by kind over the export; BENCH_LIVE=1: the heap left after a full collection, each second.
  const gcs: Record<string, number> = {};
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = String((e as unknown as { detail?: { kind?: number } }).detail?.kind);
      gcs[kind] = (gcs[kind] ?? 0) + 1;
    }
  });
  if (process.env.BENCH_GC === '1') observer.observe({ entryTypes: ['gc'] });
  const mb = (n: number) => (n / 1048576).toFixed(0);
  const liveSampler =
    process.env.BENCH_LIVE === '1'
      ? setInterval(() => {
          globalThis.gc?.();
          const m = process.memoryUsage();
          console.log(`   live heap ${mb(m.heapUsed)} MB, external ${mb(m.external)} MB, rss ${mb(m.rss)} MB`);
        }, 1000)
      : undefined;
  const started = Date.now();
  const res = await fetch(url, { headers });
  let bytes = 0;
  // The client only counts the bytes: what grows is the server's side.
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  clearInterval(sampler);
  clearInterval(liveSampler);
  observer.disconnect();
  if (process.env.BENCH_GC === '1') console.log(`   collections by kind (1 scavenge, 2 mark-compact, 4 incremental marking, 8 weak callbacks): ${JSON.stringify(gcs)}`);
  return { status: res.status, bytes, s: (Date.now() - started) / 1000, hwm: reset ? (statusKb('VmHWM') - rss) * 1024 : NaN, heap: heap - heapBefore };
}

async function exportAll(base: string, headers: Record<string, string>): Promise<void> {
  tracingExport = process.env.BENCH_TRACE === '1';
  const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
  // The hand-written one first: a later export reuses pages the earlier one's garbage left, so the second
  // figure is the kinder one, and it goes to the engine's.
  for (const [name, url] of [
    ['hand-written stream', `${base}/prod-api/bench/attendance-export?x=1`],
    ['generic export', `${base}/prod-api/api/Attendance/Export?fromplat=pc&wid=11`],
  ] as const) {
    const r = await exportOnce(url, headers);
    console.log(
      `${name} of every row: ${r.status}, ${mb(r.bytes)} MB .xlsx in ${r.s.toFixed(1)} s; peak growth: VmHWM ${mb(r.hwm)} MB (target < 100 MB), heap ${mb(r.heap)} MB`,
    );
  }
}

async function run(databaseUrl: string | undefined): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-big-'));
  const trace = process.env.BENCH_TRACE === '1';
  let tracing = false;
  const queryLog = trace ? (q: { sql: string; ms: number }) => (tracing || tracingExport) && console.log(`    ${q.ms.toFixed(2)} ms  ${q.sql.replace(/\s+/g, ' ').slice(0, 160)}`) : undefined;
  const app = await buildApp({ dataDir, databaseUrl, isolateSchema: true, routes: [handWritten, handWrittenExport], queryLog });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const access = await login(base, 'qiye01');
    const headers = { Authorization: `Bearer ${access}`, fromplat: 'pc' };
    const projects = (await (await fetch(`${base}/prod-api/api/Project/WhereProjectList?index=0&size=500&fromplat=pc&wid=11`, { headers })).json()) as {
      data: Array<{ projectPosInfo: { id: string } }>;
    };
    await seed(context!.db, projects.data.map((p) => Number(p.projectPosInfo.id)));

    // Exports first, while the process holds little: the latency runs below grow its heap for good.
    if (EXPORT || ONLY_EXPORT) await exportAll(base, headers);
    if (ONLY_EXPORT) return;
    const list = `${base}/prod-api/api/Attendance/WherePageList?size=${SIZE}&fromplat=pc&wid=11`;
    const hand = `${base}/prod-api/bench/attendance?x=1`;
    const deepPage = await get(`${list}&index=${DEEP}`, headers);
    const last = deepPage.data[deepPage.data.length - 1];
    const filters = encodeURIComponent(JSON.stringify([{ field: 'workDate', operator: 'between', value: RANGE }]));
    const cases: Array<[string, Case, string, string]> = [
      ['page 0', 'page0', `${list}&index=0`, `${hand}&case=page0`],
      [`deep page ${DEEP} (offset)`, 'deep', `${list}&index=${DEEP}`, `${hand}&case=deep`],
      [`next after page ${DEEP} (cursor)`, 'next', `${list}&index=${DEEP + 1}&after=${deepPage.pageInfo.next}`, `${hand}&case=next&after=${encodeURIComponent(JSON.stringify([last.workDate, last.id]))}`],
      ...KEYWORDS.map((term): [string, Case, string, string] => [
        `keyword ${term} (${[...term].length} chars)`, 'keyword', `${list}&index=0&keyword=${encodeURIComponent(term)}`, `${hand}&case=keyword&term=${encodeURIComponent(term)}`,
      ]),
      [`date range ${RANGE.join('…')}`, 'range', `${list}&index=0&filters=${filters}`, `${hand}&case=range`],
    ];
    if (process.env.BENCH_EXPLAIN === '1') await explainPlans(context!.db, projects.data.map((p) => Number(p.projectPosInfo.id)));
    if (trace) {
      tracing = true;
      for (const [name, , g, h] of cases.slice(0, 2)) {
        for (const u of [g, h]) {
          const t = performance.now();
          await get(u, headers);
          console.log(`  ${name} ${u === g ? 'generic' : 'hand'}: ${(performance.now() - t).toFixed(1)} ms`);
        }
      }
      tracing = false;
    }
    for (const [name, , g, h] of cases) {
      const [a, b] = [await get(g, headers), await get(h, headers)];
      const same = JSON.stringify(a.data.map((r) => r.id)) === JSON.stringify(b.data.map((r) => r.id));
      console.log(`  ${name}: ${a.data.length} rows, total ${a.pageInfo.estimated ? '约 ' : ''}${a.pageInfo.record_count.toLocaleString('en-US')}${same ? '' : '  !! rows differ from the hand-written answer'}`);
    }
    // What the n-gram index replaces: the same page by a plain ILIKE scan (pg_trgm makes no trigram of a
    // one- or two-character term), once each.
    const ids = projects.data.map((p) => Number(p.projectPosInfo.id));
    for (const term of KEYWORDS) {
      const t = performance.now();
      const like = `%${escapeLike(term)}%`;
      await sql`select id from attendance_record where project_id = any(${ids}::bigint[])
        and (${sql.join(SEARCHED.map((c) => sql`${sql.id(c)} ilike ${like}`), sql` or `)})
        order by work_date desc nulls last, id desc limit ${SIZE + 1}`.execute(context!.db);
      console.log(`  reference: keyword ${term} as a plain ILIKE scan, once: ${(performance.now() - t).toFixed(0)} ms`);
    }
    console.log('\ncase                                clients   generic p50 / p99 ms   hand-written p50 / p99 ms   ratio p50');
    for (const clients of CLIENTS) {
      for (const [name, , g, h] of cases) {
        await measure(g, headers, Math.min(clients, 4)); // warm-up
        const a = await measure(g, headers, clients);
        const b = await measure(h, headers, clients);
        console.log(
          `${name.padEnd(36)}${String(clients).padStart(7)}   ${a.p50.toFixed(2).padStart(8)} / ${a.p99.toFixed(2).padEnd(9)}   ` +
            `${b.p50.toFixed(2).padStart(13)} / ${b.p99.toFixed(2).padEnd(10)}   ${(a.p50 / b.p50).toFixed(2)}` +
            (a.busy + b.busy > 0 ? `   busy (503): ${a.busy} of ${a.n + a.busy} / ${b.busy} of ${b.n + b.busy}` : ''),
        );
      }
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const targets = process.env.BENCH_DB ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite');
for (const target of targets.split(',')) {
  const url = target === 'postgres' ? process.env.DATABASE_URL : undefined;
  if (target === 'postgres' && !url) throw new Error('BENCH_DB=postgres needs DATABASE_URL');
  console.log(`\n== ${target === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${ROWS.toLocaleString('en-US')} attendance rows, page size ${SIZE}, ${MS} ms per measurement (shared machine: figures vary with other load)`);
  await run(url);
}
clientProcess.send('stop');
