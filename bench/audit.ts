// Benchmark (issue 10 "Done when"): create and update throughput through the generic endpoints with the
// audit trail on and off (BuildOptions.auditTrail), side by side in one run: two apps over their own
// databases, measured in interleaved rounds through app.inject. Prints rows/s and the ratio on/off
// (target ≥ 0.8). Asserts nothing.
//   npm run bench:audit            (PGlite in temp folders)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:audit
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../common/constants';
import { buildApp } from '../server/app';
import { injectLogin } from './inject-login';

const ROWS = Number(process.env.BENCH_ROWS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const CREATE = `${API_BASE}/api/SysNotice/AddSysNotice`;
const UPDATE = `${API_BASE}/api/SysNotice/UpdateSysNotice`;

type Side = { name: string; app: FastifyInstance; token: string; ids: string[]; dir?: string; created: number[]; updated: number[] };

const login = (app: FastifyInstance): Promise<string> => injectLogin(app, 'qiye01');

async function side(name: string, auditTrail: boolean): Promise<Side> {
  const dir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'bench-audit-'));
  const app = await buildApp({ dataDir: dir, databaseUrl: process.env.DATABASE_URL || undefined, isolateSchema: true, auditTrail });
  return { name, app, token: await login(app), ids: [], dir, created: [], updated: [] };
}

async function run(count: number, work: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await work(next++);
    }),
  );
  return count / ((performance.now() - start) / 1000);
}

const post = async (s: Side, url: string, body: object): Promise<Record<string, unknown>> => {
  const reply = await s.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${s.token}`, fromplat: 'pc', 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  const json = reply.json();
  if (json.status !== 1) throw new Error(`${s.name} ${url}: ${reply.body}`);
  return json.data as Record<string, unknown>;
};

async function round(s: Side, r: number): Promise<void> {
  const ids: string[] = [];
  s.created.push(await run(ROWS, async (i) => {
    ids.push(String((await post(s, CREATE, { title: `基准公告 ${r}-${i}`, content: '基准测试内容' })).id));
  }));
  s.updated.push(await run(ids.length, async (i) => {
    await post(s, UPDATE, { rec_id: ids[i], title: `基准公告 ${r}-${i} 已改`, content: '基准测试内容（修改）' });
  }));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const on = await side('audit on', true);
const off = await side('audit off', false);
try {
  // Warm-up, then interleaved rounds so both sides share the machine's state.
  await round(on, -1);
  await round(off, -1);
  on.created.length = on.updated.length = off.created.length = off.updated.length = 0;
  for (let r = 0; r < ROUNDS; r += 1) {
    await round(off, r);
    await round(on, r);
  }
  const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`bench:audit on ${db}: ${ROUNDS} rounds × ${ROWS} rows, ${CONCURRENCY} concurrent, median rows/s`);
  for (const [what, a, b] of [['create', on.created, off.created], ['update', on.updated, off.updated]] as const) {
    const ratio = median(a) / median(b);
    console.log(`  ${what.padEnd(6)}  audit on ${median(a).toFixed(0).padStart(6)}  audit off ${median(b).toFixed(0).padStart(6)}  ratio ${ratio.toFixed(2)} ${ratio >= 0.8 ? '(≥ 0.8)' : '(below 0.8)'}`);
  }
} finally {
  for (const s of [on, off]) {
    await s.app.close();
    if (s.dir) rmSync(s.dir, { recursive: true, force: true });
  }
}
