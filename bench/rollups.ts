// Benchmark (issue 15, "statistics stay fast as data grows"): the 统计报表 screen's answer (GET
// /prod-api/api/TyScreen/Report, the last 12 months of attendance, alarms, hazards and vehicles) read from the
// per-day rollups (server/screens/rollups.ts) against the same answer aggregated from the raw rows, side by
// side in one run, at each size of the attendance table (the screen's main table). Also the report call end
// to end (HTTP, session, scope) and the write cost the rollup triggers add to a batch insert. Prints figures;
// asserts nothing.
//   npm run bench:rollups                                   (PGlite in a temp folder)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:rollups   (PostgreSQL, fresh schema)
//   BENCH_SIZES=100000 BENCH_RUNS=5 …                        (a quick try)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../server/app-context';
import { buildApp } from '../server/app';
import { reportFrom } from '../server/screens/report';
import { screenTables } from '../server/screens/tables';
import type { ScreenContext } from '../server/screens/context';
import { injectLogin } from './inject-login';

const SIZES = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const CHUNK = 100_000;

let context: AppContext | undefined;
const capture: FastifyPluginAsync<{ ctx: AppContext }> = async (_api, { ctx }) => {
  context = ctx;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function timed(fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-rollups-'));
  const app = await buildApp({ dataDir, databaseUrl, isolateSchema: true, routes: [capture] });
  try {
    const ctx = context!;
    const db = ctx.db;
    const screen = (): ScreenContext => ({ db, t: screenTables(ctx.catalog), dict: (n) => ctx.catalog.dictionaries.get(n) ?? [], now: new Date() });
    const token = await injectLogin(app, 'sysadmin');
    const projects = (await sql<{ id: number }>`select id from projects order by id`.execute(db)).rows.map((r) => r.id);
    const inScope = sql`select id from projects`;
    const base = Number((await sql<{ n: string }>`select count(*) as n from attendance_record`.execute(db)).rows[0].n);
    console.log(`rollups benchmark on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${projects.length} projects, ${base} seeded attendance rows, median of ${RUNS} runs`);
    console.log('rows        report from rollups   from raw rows   raw/rollups   report call (HTTP)   last 100k insert');

    let rows = base;
    for (const target of SIZES) {
      let insertMs = 0;
      while (rows < target) {
        const n = Math.min(CHUNK, target - rows);
        // Spread over the last 400 days and the projects, as a year of a large group's attendance.
        const t = performance.now();
        await sql`insert into attendance_record (project_id, company_id, worker_id, worker_name, team_name, job_type, work_date, work_hours)
          select (${sql.lit(`{${projects.join(',')}}`)}::bigint[])[1 + (g % ${projects.length}::int)], 1, 1 + g % 5000, '压测' || g, '钢筋班', '01',
            current_date - (g % 400), 6 + (g % 5)
          from generate_series(${rows + 1}::int, ${rows + n}::int) g`.execute(db);
        insertMs = performance.now() - t;
        rows += n;
      }
      await sql`analyze`.execute(db);
      const fromRollups = await timed(() => reportFrom(screen(), inScope, 'rollups'));
      const fromRaw = await timed(() => reportFrom(screen(), inScope, 'raw'));
      const call = await timed(() => app.inject({ method: 'GET', url: '/prod-api/api/TyScreen/Report', headers: { authorization: `Bearer ${token}`, fromplat: 'pc' } }));
      console.log(
        `${String(rows).padEnd(11)} ${fromRollups.toFixed(1).padStart(10)} ms ${fromRaw.toFixed(1).padStart(15)} ms ${(fromRaw / fromRollups).toFixed(1).padStart(11)}× ${call.toFixed(1).padStart(15)} ms ${insertMs ? `${(insertMs / 1000).toFixed(1).padStart(14)} s` : ''}`,
      );
    }
    // The triggers' share of a write: the same 100k-row insert with them disabled, side by side.
    const bare = async (triggers: boolean): Promise<number> => {
      if (!triggers) await sql`alter table attendance_record disable trigger user`.execute(db);
      const t = performance.now();
      await sql`insert into attendance_record (project_id, company_id, worker_id, worker_name, team_name, job_type, work_date, work_hours)
        select ${projects[0]}, 1, 1, '写入对照', '钢筋班', '01', current_date - (g % 400), 8 from generate_series(1, ${CHUNK}::int) g`.execute(db);
      const ms = performance.now() - t;
      await sql`delete from attendance_record where worker_name = '写入对照'`.execute(db);
      if (!triggers) await sql`alter table attendance_record enable trigger user`.execute(db);
      return ms;
    };
    const withTriggers = await bare(true);
    const without = await bare(false);
    console.log(`insert of ${CHUNK} rows in one statement: ${(withTriggers / 1000).toFixed(2)} s with the rollup triggers, ${(without / 1000).toFixed(2)} s without (${(withTriggers / without).toFixed(2)}×)`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
