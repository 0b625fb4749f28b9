// Benchmark (issue 12 "Done when"): each aggregate of the plant's production screen over a year of a busy
// plant (≥ 1,000,000 batch records, BENCH_ROWS) on PostgreSQL, through the server's code
// (server/screens/plant-aggregates.ts, scoped as the screen scopes: the ids of the manager's company subtree) and as
// the same answer in hand-written SQL (company id bound, plain mapping), side by side in one run,
// interleaved. Prints p50 of each and the ratio (target ≤ 1.2 and < 100 ms), plus the whole
// TyScreen/ConcretePlant call through HTTP. Runs in a schema of its own, dropped at the end. Asserts nothing.
//   npm run bench:plant
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_ROWS=1000000 BENCH_RUNS=15 npm run bench:plant
import type { FastifyPluginAsync } from 'fastify';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { AppContext } from '../server/app-context';
import { buildApp } from '../server/app';
import type { Database } from '../server/db/schema';
import { subtreeIds } from '../server/platform/companies';
import { cstDate, cstMidnight, lastDays } from '../server/screens/format';
import {
  plantAlarmBatches,
  plantBins,
  plantConsumption,
  plantDaily,
  plantOrders,
  plantStockMoves,
  plantTankers,
  plantTasks,
  plantVolumes,
  type PlantQuery,
} from '../server/screens/plant-aggregates';
import { injectLogin } from './inject-login';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const CHUNK = 100_000;

let ctx: AppContext | undefined;
const capture: FastifyPluginAsync<{ ctx: AppContext }> = async (_api, o) => {
  ctx = o.ctx;
};

const app = await buildApp({ databaseUrl: URL, isolateSchema: true, routes: [capture] });
const db = ctx!.db as Kysely<Database>;

const login = (userName: string): Promise<string> => injectLogin(app, userName);

/** A year of a busy plant: ROWS batches spread evenly over 365 days, 50 batches a task, 3 tasks an order, 3 % past the tolerance. */
async function generate(companyId: number): Promise<void> {
  const now = Date.now();
  const span = 365 * 86_400_000;
  for (let from = 1; from <= ROWS; from += CHUNK) {
    const to = Math.min(ROWS, from + CHUNK - 1);
    await sql`insert into batch_record (company_id, task_id, order_id, line_no, strength_grade, batch_no, batch_time, volume,
        cement_set, cement_actual, fly_ash_set, fly_ash_actual, slag_set, slag_actual, sand_set, sand_actual, stone_set, stone_actual,
        water_set, water_actual, admixture_set, admixture_actual, max_deviation, alarm)
      select ${companyId}, (1000000 + g / 50)::text, (2000000 + g / 150)::text, (1 + g % 2)::text, (array['C25','C30','C35','C40','C50'])[1 + (g / 50) % 5],
        1 + g % 50, to_timestamp((${now} - ${span}::float8 * (${ROWS} - g) / ${ROWS}) / 1000.0), 2,
        720, 720 * (1 + d), 140, 140, 120, 120, 1560, 1560 * (1 + d / 3), 2100, 2100, 330, 330, 9.6, 9.6,
        round((abs(d) * 100)::numeric, 2), abs(d) > 0.02
      from (select g, case when g % 33 = 0 then 0.025 + (g % 7) / 200.0 else ((g::bigint * 7919) % 100 - 50) / 10000.0 end as d
            from generate_series(${from}::int, ${to}::int) g) s`.execute(db);
    process.stdout.write(`\r  batch records: ${to.toLocaleString()} / ${ROWS.toLocaleString()}`);
  }
  process.stdout.write('\n');
  // As autovacuum leaves a table written in bulk: statistics and the visibility map (index-only scans).
  await sql`vacuum analyze batch_record`.execute(db);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const raw = async (text: string, params: unknown[]) => (await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, params))).rows;

type Case = { name: string; server: () => Promise<unknown>; hand: () => Promise<unknown> };

function cases(q: PlantQuery, companyId: number): Case[] {
  const now = q.now.toISOString();
  const today = cstDate(q.now);
  const todayStart = cstMidnight(today).toISOString();
  const yesterdayStart = new Date(Date.parse(todayStart) - 86_400_000).toISOString();
  const monthStart = cstMidnight(`${today.slice(0, 8)}01`).toISOString();
  const from30 = cstMidnight(lastDays(today, 30)[0]).toISOString();
  const from7 = cstMidnight(lastDays(today, 7)[0]).toISOString();
  const kinds = ['cement', 'sand', 'stone', 'fly_ash', 'slag', 'water', 'admixture'];
  const low = monthStart < yesterdayStart ? monthStart : yesterdayStart;
  return [
    {
      name: '今日/昨日/本月方量 volumes',
      server: () => plantVolumes(q),
      hand: async () => {
        const [r] = await raw(
          `select coalesce(sum(volume) filter (where batch_time >= $2), 0) as today,
             coalesce(sum(volume) filter (where batch_time >= $3 and batch_time < $2), 0) as yesterday,
             coalesce(sum(volume) filter (where batch_time >= $4), 0) as month,
             count(*) filter (where batch_time >= $2) as batches_today, count(*) filter (where alarm and batch_time >= $2) as alarms_today,
             count(*) filter (where alarm and batch_time >= $4) as alarms_month
           from batch_record where company_id = $1 and batch_time >= $5 and batch_time <= $6`,
          [companyId, todayStart, yesterdayStart, monthStart, low, now],
        );
        return { today: Number(r.today), yesterday: Number(r.yesterday), month: Number(r.month), batchesToday: Number(r.batches_today), alarmsToday: Number(r.alarms_today), alarmsMonth: Number(r.alarms_month) };
      },
    },
    {
      name: '近30日方量 daily',
      server: () => plantDaily(q),
      hand: () =>
        raw(
          `select date_bin('1 day', batch_time, '2000-01-01 00:00:00+08') as day, sum(volume) as volume, count(*) as batches, count(*) filter (where alarm) as alarms
           from batch_record where company_id = $1 and batch_time >= $2 and batch_time <= $3 group by 1`,
          [companyId, from30, now],
        ),
    },
    {
      name: '材料消耗 consumption',
      server: () => plantConsumption(q),
      hand: () =>
        Promise.all([
          raw(
            `select ${kinds.map((k) => `sum(${k}_actual) filter (where batch_time >= $2) as t_${k}, sum(${k}_set) filter (where batch_time >= $2) as s_${k}, sum(${k}_actual) as m_${k}`).join(', ')}
             from batch_record where company_id = $1 and batch_time >= $3 and batch_time <= $4`,
            [companyId, todayStart, monthStart, now],
          ),
          raw(
            `select m.kind, sum(d.net_weight) as net from material_delivery d join plant_material m on m.id::text = d.material_id
             where d.company_id = $1 and d.if_del = 0 and d.weighed_at >= $2 and d.weighed_at <= $3 group by 1`,
            [companyId, monthStart, now],
          ),
        ]),
    },
    {
      name: '库存趋势 stock moves (7 d)',
      server: () => plantStockMoves(q),
      hand: () =>
        Promise.all([
          raw(`select m.kind, sum(b.stock) as stock from plant_bin b join plant_material m on m.id::text = b.material_id where b.company_id = $1 and b.if_del = 0 group by 1`, [companyId]),
          raw(
            `select m.kind, to_char((d.weighed_at at time zone 'Asia/Shanghai')::date, 'YYYY-MM-DD') as day, sum(d.net_weight) as net
             from material_delivery d join plant_material m on m.id::text = d.material_id
             where d.company_id = $1 and d.if_del = 0 and d.weighed_at >= $2 and d.weighed_at <= $3 group by 1, 2`,
            [companyId, from7, now],
          ),
          raw(
            `select date_bin('1 day', batch_time, '2000-01-01 00:00:00+08') as day, ${kinds.map((k) => `sum(${k}_actual) as ${k}`).join(', ')}
             from batch_record where company_id = $1 and batch_time >= $2 and batch_time <= $3 group by 1`,
            [companyId, from7, now],
          ),
        ]),
    },
    {
      name: '在产订单 orders',
      server: () => plantOrders(q),
      hand: () =>
        Promise.all([
          raw(`select status, count(*) as n from concrete_order where company_id = $1 and if_del = 0 group by 1`, [companyId]),
          raw(
            `select o.id, o.order_no, o.pour_part, o.strength_grade, o.volume, o.signed_volume, o.status, o.planned_pour_time, c.customer_name, s.site_name,
               (select coalesce(sum(b.volume), 0) from batch_record b where b.order_id = o.id::text and b.batch_time <= $2) as produced
             from concrete_order o left join plant_customer c on c.id::text = o.customer_id left join plant_site s on s.id::text = o.site_id
             where o.company_id = $1 and o.if_del = 0 and o.status in ('2', '4') order by o.status desc, o.planned_pour_time nulls last, o.id limit 30`,
            [companyId, now],
          ),
        ]),
    },
    {
      name: '任务看板 task board',
      server: () => plantTasks(q),
      hand: () =>
        raw(
          `select t.id, t.task_no, t.line_no, t.strength_grade, t.planned_volume, t.status, t.started_at, o.order_no, c.customer_name, s.site_name,
             (select coalesce(sum(x.volume), 0) from batch_record x where x.task_id = t.id::text and x.batch_time <= $2) as produced,
             (select coalesce(sum(d.volume), 0) from dispatch_trip d where d.task_id = t.id::text and d.if_del = 0 and d.status <> '4') as dispatched
           from production_task t left join concrete_order o on o.id::text = t.order_id
             left join plant_customer c on c.id::text = o.customer_id left join plant_site s on s.id::text = o.site_id
           where t.company_id = $1 and t.if_del = 0 and (t.status in ('1', '2', '3') or (t.status = '4' and t.finished_at >= $3))
           order by case t.status when '2' then 0 when '3' then 1 when '1' then 2 else 3 end, t.planned_start nulls last, t.id limit 40`,
          [companyId, now, todayStart],
        ),
    },
    {
      name: '罐车位置 tankers',
      server: () => plantTankers(q),
      hand: () =>
        raw(
          `select car.id, car.plate_no, car.car_no, car.driver_name, car.capacity, car.device_id, trip.trip_no, trip.status as trip_status, trip.volume,
             trip.left_at, trip.arrived_at, trip.signed_at, trip.pour_end_at, s.site_name, s.distance_km, p.lng, p.lat, gps.lng as gps_lng, gps.lat as gps_lat, gps.at as gps_at
           from tanker_car car
           left join lateral (select g.lng, g.lat, g.at from gps_reading g where g.device_id = (case when car.device_id ~ '^[0-9]{1,18}$' then car.device_id::bigint end)
             and g.at <= $2 and g.at > $2::timestamptz - interval '10 minutes' order by g.at desc limit 1) gps on true
           left join lateral (select d.* from dispatch_trip d where d.car_id = car.id::text and d.if_del = 0 and d.returned_at is null and d.left_at <= $2
             order by d.left_at desc, d.id desc limit 1) trip on true
           left join concrete_order o on o.id::text = trip.order_id left join plant_site s on s.id::text = o.site_id
           left join projects p on p.project_no = s.project_code
           where car.company_id = $1 and car.if_del = 0 order by car.car_no, car.id`,
          [companyId, now],
        ),
    },
    {
      name: '料仓库存 bins',
      server: () => plantBins(q),
      hand: () =>
        raw(
          `select b.id, b.bin_no, b.bin_name, b.line_no, b.capacity, b.stock, b.alarm_stock, m.material_name, m.kind
           from plant_bin b left join plant_material m on m.id::text = b.material_id where b.company_id = $1 and b.if_del = 0 order by b.line_no, b.bin_no, b.id`,
          [companyId],
        ),
    },
    {
      name: '超差报警 alarm batches',
      server: () => plantAlarmBatches(q),
      hand: () =>
        raw(
          `select b.id, b.batch_no, b.batch_time, b.line_no, b.strength_grade, b.volume, b.max_deviation, b.alarm, t.task_no
           from batch_record b left join production_task t on t.id::text = b.task_id
           where b.company_id = $1 and b.alarm and b.batch_time <= $2 order by b.batch_time desc, b.id desc limit 20`,
          [companyId, now],
        ),
    },
  ];
}

async function time(f: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

try {
  const plant = await sql<{ id: number }>`select company_id as id from plant_setting order by id limit 1`.execute(db);
  const companyId = Number(plant.rows[0].id);
  console.log(`搅拌站 benchmark on ${URL.replace(/\/\/[^@]*@/, '//')} — ${ROWS.toLocaleString()} generated batch records, ${RUNS} runs each`);
  const t0 = performance.now();
  await generate(companyId);
  console.log(`  generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // The server's scope: the manager's company subtree, resolved to ids as concrete-plant.ts does per call.
  const scope = (await sql<{ id: number }>`select id from (${subtreeIds(db, companyId)}) s`.execute(db)).rows.map((r) => Number(r.id));
  const q: PlantQuery = { db, companies: scope, now: new Date() };
  const total = await sql<{ n: string }>`select count(*) as n from batch_record`.execute(db);
  console.log(`  batch_record rows: ${Number(total.rows[0].n).toLocaleString()}\n`);
  console.log('| aggregate | server p50 (ms) | hand-written p50 (ms) | ratio |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const c of cases(q, companyId)) {
    await c.server();
    await c.hand();
    const s: number[] = [];
    const h: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      if (i % 2 === 0) {
        s.push(await time(c.server));
        h.push(await time(c.hand));
      } else {
        h.push(await time(c.hand));
        s.push(await time(c.server));
      }
    }
    const ps = median(s);
    const ph = median(h);
    console.log(`| ${c.name} | ${ps.toFixed(1)} | ${ph.toFixed(1)} | ${(ps / ph).toFixed(2)} |`);
  }
  const token = await login('jiaobanzhan01');
  const whole: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    whole.push(await time(async () => {
      const r = await app.inject({ method: 'GET', url: '/prod-api/api/TyScreen/ConcretePlant', headers: { authorization: `Bearer ${token}`, fromplat: 'pc' } });
      if (r.json().status !== 1) throw new Error(r.body);
    }));
  }
  console.log(`\n  whole TyScreen/ConcretePlant answer (HTTP, every panel): p50 ${median(whole).toFixed(1)} ms`);
} finally {
  await app.close();
}
