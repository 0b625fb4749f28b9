// Benchmark (issue: generic list endpoint ≥ 0.8 of a hand-written query): the generic
// RoutInspContent/WherePageList against a hand-written route answering the same rows, both over HTTP on
// one server, measured side by side in interleaved rounds. Prints figures; asserts nothing.
//   npm run bench:list            (PGlite in a temp folder)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:list
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../server/app-context';
import { buildApp } from '../server/app';
import { sessionOf } from '../server/auth/session-context';

const EXTRA_ROWS = Number(process.env.BENCH_ROWS ?? 2000);
const PAGE_SIZE = 20;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 4000);
const ROUNDS = 3;

let context: AppContext | undefined;

/** The same page of the same rows, written by hand: fixed SQL, fixed mapping. */
const handWritten: FastifyPluginAsync<{ ctx: AppContext }> = async (api, { ctx }) => {
  context = ctx;
  api.get<{ Querystring: { index?: string; size?: string } }>('/prod-api/bench/templates', async (request) => {
    const s = sessionOf(request);
    const index = Number(request.query.index ?? 0);
    const size = Number(request.query.size ?? PAGE_SIZE);
    const where = sql`company_id = ${s.companyId} and if_del = 0`;
    const [rows, total] = await Promise.all([
      sql<Record<string, unknown>>`select id, device_type, project_id, project_name, description, content_name, content_type,
        other_list, machinery_list, repair_list, maintain_list, answer_list, question_limit, question_order, question_type,
        company_name from rout_insp_content where ${where} order by id desc limit ${size} offset ${index * size}`.execute(ctx.db),
      sql<{ n: string }>`select count(*) as n from rout_insp_content where ${where}`.execute(ctx.db),
    ]);
    const data = rows.rows.map((r) => ({
      id: String(r.id), deviceType: r.device_type, projectId: r.project_id === null ? null : String(r.project_id),
      projectName: r.project_name, description: r.description, contentName: r.content_name, contentType: r.content_type,
      otherList: r.other_list, machineryList: r.machinery_list, repairList: r.repair_list, maintainList: r.maintain_list,
      answerList: r.answer_list, questionLimit: r.question_limit, questionOrder: r.question_order,
      questionType: r.question_type, companyName: r.company_name,
    }));
    const count = Number(total.rows[0].n);
    return {
      status: 1, detail: '', data,
      pageInfo: { has_next: (index + 1) * size < count, has_prev: index > 0, p_index: index, p_size: size, record_count: count },
    };
  });
};

async function login(base: string): Promise<string> {
  const token = ((await (await fetch(`${base}/prod-apicore/api/token/getToken`)).json()) as { data: string }).data;
  const res = await fetch(`${base}/prod-apicore/web/login?token=${token}&fromplat=pc&wid=11`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=password&loginType=1&userName=qiye01&password=Demo%401234',
  });
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

async function addRows(): Promise<void> {
  if (!context) throw new Error('bench route not registered');
  // Copies of the seeded templates: the same company, realistic question lists.
  await sql`insert into rout_insp_content (device_type, project_id, project_name, description, content_name, content_type,
      other_list, machinery_list, repair_list, maintain_list, answer_list, question_limit, question_order, question_type,
      company_name, company_id, created_by)
    select device_type, project_id, project_name, description, content_name || '-' || g, content_type, other_list,
      machinery_list, repair_list, maintain_list, answer_list, question_limit, question_order, question_type,
      company_name, company_id, created_by
    from rout_insp_content, generate_series(1, ${Math.ceil(EXTRA_ROWS / 35)}) g`.execute(context.db);
}

/** Requests per second over ROUND_MS with CONCURRENCY workers cycling through the pages. */
async function measure(url: (page: number) => string, headers: Record<string, string>, pages: number): Promise<number> {
  const end = Date.now() + ROUND_MS;
  let done = 0;
  const worker = async (w: number) => {
    for (let i = w; Date.now() < end; i += CONCURRENCY) {
      const res = await fetch(url(i % pages), { headers });
      const body = (await res.json()) as { status: number; data: unknown[] };
      if (body.status !== 1 || body.data.length === 0) throw new Error(`bad answer: ${JSON.stringify(body).slice(0, 200)}`);
      done += 1;
    }
  };
  const start = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
  return done / ((Date.now() - start) / 1000);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-list-'));
  const app = await buildApp({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined, isolateSchema: true, routes: [handWritten] });
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    await addRows();
    const access = await login(address);
    const headers = { Authorization: `Bearer ${access}`, fromplat: 'pc' };
    const first = (await (await fetch(`${address}/prod-api/bench/templates?index=0&size=${PAGE_SIZE}`, { headers })).json()) as {
      pageInfo: { record_count: number };
    };
    const pages = Math.ceil(first.pageInfo.record_count / PAGE_SIZE);
    const generic = (p: number) => `${address}/prod-api/api/RoutInspContent/WherePageList?index=${p}&size=${PAGE_SIZE}&fromplat=pc&wid=11`;
    const manual = (p: number) => `${address}/prod-api/bench/templates?index=${p}&size=${PAGE_SIZE}`;

    // The two answers hold the same rows.
    const [g, m] = await Promise.all([generic(3), manual(3)].map(async (u) => ((await (await fetch(u, { headers })).json()) as { data: Array<{ id: string }> }).data.map((r) => r.id)));
    if (JSON.stringify(g) !== JSON.stringify(m)) throw new Error('generic and hand-written pages differ');

    await measure(generic, headers, pages); // warm-up both paths
    await measure(manual, headers, pages);
    const results: Array<[number, number]> = [];
    for (let r = 0; r < ROUNDS; r += 1) results.push([await measure(generic, headers, pages), await measure(manual, headers, pages)]);

    const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(`\nGeneric list endpoint vs hand-written query — ${db}, ${first.pageInfo.record_count} rows, page size ${PAGE_SIZE}, concurrency ${CONCURRENCY}, ${ROUND_MS} ms rounds`);
    console.log('round  generic req/s  hand-written req/s  ratio');
    results.forEach(([a, b], i) => console.log(`${String(i + 1).padEnd(5)}  ${a.toFixed(0).padStart(13)}  ${b.toFixed(0).padStart(18)}  ${(a / b).toFixed(2)}`));
    const sum = (k: 0 | 1) => results.reduce((t, r) => t + r[k], 0);
    console.log(`total  ${(sum(0) / ROUNDS).toFixed(0).padStart(13)}  ${(sum(1) / ROUNDS).toFixed(0).padStart(18)}  ${(sum(0) / sum(1)).toFixed(2)}  (target ≥ 0.80)`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
