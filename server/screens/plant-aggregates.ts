// The SQL aggregates of the plant's screens (concrete-plant.ts; docs/concrete-plant.md "Screens"), one
// function per panel so the benchmark (bench/plant.ts) can time each against the same hand-written SQL.
// Every query reads the plant entities of the companies `q.companies` (their ids, resolved once per call:
// `company_id in (…)` of bound ids plans like a hand-written equality) and nothing later than `q.now`. The plant entities name their references as digit text (task_id,
// order_id…), so joins compare `x.ref_id = y.id::text` and keep the referencing side's index usable.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { BATCH_MATERIALS } from '../hooks/concrete-plant/batch-record';
import { addDays, count, cstDate, cstDay, cstMidnight, dayText, iso, isoOrNull, lastDays, num, textOf } from './format';

/**
 * `source`: where the batches' daily sums come from (batchDays); the rollups unless 'raw'. `batchDays`: those
 * sums read once for the panels that need them (from `plantBatchDaysFrom` on), instead of once a panel.
 */
export type PlantQuery = { db: Kysely<Database>; companies: readonly number[]; now: Date; source?: 'rollups' | 'raw'; batchDays?: Promise<Map<string, BatchDay>> };

/** The companies as an `in (…)` list; none matches no row (no company has id 0). */
const ids = (q: PlantQuery): RawBuilder<unknown> => sql.join(q.companies.length > 0 ? q.companies : [0]);

type Row = Record<string, unknown>;

/**
 * A digit-text reference as the referenced id, for `x.id = ${byId('t.order_id')}`: it equals `x.id::text =
 * t.order_id` for every id below 10^18 (canonical digits only), and reads the big referenced tables
 * (concrete_order, production_task) by their primary key instead of all of their rows.
 */
const byId = (ref: string): RawBuilder<unknown> => sql`(case when ${sql.ref(ref)} ~ '^[1-9][0-9]{0,17}$' then ${sql.ref(ref)}::bigint end)`;
const n2 = (v: unknown): number => Math.round(Number(v ?? 0) * 100) / 100;

/** The seven materials of a batch record (the hook's list): plantMaterialKind code → column prefix (flyAsh → fly_ash). */
export const MATERIAL_COLUMNS: ReadonlyArray<{ kind: string; column: string }> = BATCH_MATERIALS.map(({ kind, field }) => ({
  kind,
  column: field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
}));

const bounds = (now: Date) => {
  const today = cstDate(now);
  const todayStart = cstMidnight(today);
  const monthFirst = `${today.slice(0, 8)}01`;
  const monthStart = cstMidnight(monthFirst);
  return { today, monthFirst, todayStart: todayStart.toISOString(), monthStart: monthStart.toISOString(), now: now.toISOString() };
};

/** A CST day's batches of the companies: count, alarmed ones, volume (m³), each material's set and actual weight (kg). */
export type BatchDay = { batches: number; alarms: number; volume: number; set: Record<string, number>; actual: Record<string, number> };

const NO_BATCHES: BatchDay = { batches: 0, alarms: 0, volume: 0, set: {}, actual: {} };
const weights = (side: 'set' | 'actual') => MATERIAL_COLUMNS.map((m) => `${m.column}_${side}`);
const WEIGHTS = [...weights('set'), ...weights('actual')];

/**
 * The companies' batches per CST day from `first` to today (up to now), by day ('YYYY-MM-DD'; a day without
 * batches is absent): the days before today from rollup_batch_day (rollups.ts), today from the raw rows, both
 * summed as numeric; `q.source: 'raw'` sums every day from the raw rows (the reference of the rollups' test).
 */
export async function batchDays(q: PlantQuery, first: string): Promise<Map<string, BatchDay>> {
  if (q.batchDays) return q.batchDays;
  const b = bounds(q.now);
  const fromRollup = q.source !== 'raw';
  const rawFrom = cstMidnight(fromRollup ? b.today : first).toISOString();
  const raw = sql`
    select ${dayText(cstDay(sql.ref('batch_time')))} as day, count(*) as n, count(*) filter (where alarm) as n_alarm, sum(volume::numeric) as volume,
      ${sql.join(WEIGHTS.map((w) => sql`sum(${sql.ref(w)}::numeric) as ${sql.id(w)}`))}
    from batch_record
    where company_id in (${ids(q)}) and batch_time >= ${rawFrom}::timestamptz and batch_time <= ${b.now}::timestamptz
    group by 1`;
  // A row per company and day: summed per day with today's.
  const rollup = sql`
    select ${dayText(sql.ref('r.day'))} as day, sum(r.n) as n, sum(r.n_alarm) as n_alarm, sum(r.volume) as volume,
      ${sql.join(WEIGHTS.map((w) => sql`sum(${sql.ref(`r.${w}`)}) as ${sql.id(w)}`))}
    from rollup_batch_day r where r.company_id in (${ids(q)}) and r.day >= ${first}::date and r.day < ${b.today}::date
    group by r.day`;
  const r = await sql<Row>`${fromRollup ? sql`${rollup} union all ${raw}` : raw}`.execute(q.db);
  const side = (x: Row, s: 'set' | 'actual') => Object.fromEntries(MATERIAL_COLUMNS.map((m) => [m.kind, Number(x[`${m.column}_${s}`] ?? 0)]));
  return new Map(
    r.rows.map((x) => [textOf(x.day), { batches: count(x.n), alarms: count(x.n_alarm), volume: Number(x.volume ?? 0), set: side(x, 'set'), actual: side(x, 'actual') }]),
  );
}

/** The first day any panel reads batch days from: the 30-day trend's or this month's. */
export function plantBatchDaysFrom(now: Date): string {
  const b = bounds(now);
  const trend = lastDays(b.today, 30)[0];
  return trend < b.monthFirst ? trend : b.monthFirst;
}

/** The days of `days` that are in the map, as batch days (none: no batches). */
const pick = (byDay: Map<string, BatchDay>, days: readonly string[]): BatchDay[] => days.map((d) => byDay.get(d) ?? NO_BATCHES);
const total = (days: readonly BatchDay[], f: (d: BatchDay) => number): number => days.reduce((a, d) => a + f(d), 0);

/** Volume and batches today, yesterday and this month, alarms today and this month. */
export async function plantVolumes(q: PlantQuery) {
  const b = bounds(q.now);
  const yesterday = addDays(b.today, -1);
  const byDay = await batchDays(q, b.monthFirst < yesterday ? b.monthFirst : yesterday);
  const month = [...byDay].filter(([day]) => day >= b.monthFirst).map(([, d]) => d);
  const [today] = pick(byDay, [b.today]);
  return {
    today: n2(today.volume),
    yesterday: n2(pick(byDay, [yesterday])[0].volume),
    month: n2(total(month, (d) => d.volume)),
    batchesToday: today.batches,
    alarmsToday: today.alarms,
    alarmsMonth: total(month, (d) => d.alarms),
  };
}

/** Volume, batches and alarms per CST day over the last `days` days (a day without batches is zeros). */
export async function plantDaily(q: PlantQuery, days = 30) {
  const list = lastDays(bounds(q.now).today, days);
  const byDay = await batchDays(q, list[0]);
  return list.map((day) => {
    const x = byDay.get(day) ?? NO_BATCHES;
    return { day, volume: n2(x.volume), batches: x.batches, alarms: x.alarms };
  });
}

/** Orders by status code (for the ring) and the open orders (已审核 and 生产中) with produced and signed volume. */
export async function plantOrders(q: PlantQuery, limit = 30) {
  const [byStatus, open] = await Promise.all([
    sql<{ code: string; n: unknown }>`
      select status as code, count(*) as n from concrete_order where company_id in (${ids(q)}) and if_del = 0 group by 1`.execute(q.db),
    sql<Row>`
      select o.id, o.order_no, o.pour_part, o.strength_grade, o.volume, o.signed_volume, o.status, o.planned_pour_time,
        c.customer_name, s.site_name,
        (select coalesce(sum(b.volume), 0) from batch_record b where b.order_id = o.id::text and b.batch_time <= ${q.now.toISOString()}::timestamptz) as produced
      from concrete_order o
      left join plant_customer c on c.id::text = o.customer_id
      left join plant_site s on s.id::text = o.site_id
      where o.company_id in (${ids(q)}) and o.if_del = 0 and o.status in ('2', '4')
      order by o.status desc, o.planned_pour_time nulls last, o.id
      limit ${limit}`.execute(q.db),
  ]);
  return {
    byStatus: byStatus.rows,
    open: open.rows.map((o) => ({
      id: String(o.id),
      orderNo: textOf(o.order_no),
      customerName: textOf(o.customer_name),
      siteName: textOf(o.site_name),
      pourPart: textOf(o.pour_part),
      strengthGrade: textOf(o.strength_grade),
      volume: n2(o.volume),
      producedVolume: n2(o.produced),
      signedVolume: n2(o.signed_volume),
      status: textOf(o.status),
      plannedPourTime: isoOrNull(o.planned_pour_time),
    })),
  };
}

/** The task board: tasks waiting, producing or paused, and those finished today; produced and dispatched volume. */
export async function plantTasks(q: PlantQuery, limit = 40) {
  const b = bounds(q.now);
  const r = await sql<Row>`
    select t.id, t.task_no, t.line_no, t.strength_grade, t.planned_volume, t.status, t.started_at,
      o.order_no, c.customer_name, s.site_name,
      (select coalesce(sum(x.volume), 0) from batch_record x where x.task_id = t.id::text and x.batch_time <= ${b.now}::timestamptz) as produced,
      (select coalesce(sum(d.volume), 0) from dispatch_trip d where d.task_id = t.id::text and d.if_del = 0 and d.status <> '4') as dispatched
    from production_task t
    left join concrete_order o on o.id = ${byId('t.order_id')}
    left join plant_customer c on c.id::text = o.customer_id
    left join plant_site s on s.id::text = o.site_id
    where t.company_id in (${ids(q)}) and t.if_del = 0
      and (t.status in ('1', '2', '3') or (t.status = '4' and t.finished_at >= ${b.todayStart}::timestamptz))
    order by case t.status when '2' then 0 when '3' then 1 when '1' then 2 else 3 end, t.planned_start nulls last, t.id
    limit ${limit}`.execute(q.db);
  return r.rows.map((t) => ({
    id: String(t.id),
    taskNo: textOf(t.task_no),
    orderNo: textOf(t.order_no),
    customerName: textOf(t.customer_name),
    siteName: textOf(t.site_name),
    lineNo: textOf(t.line_no),
    strengthGrade: textOf(t.strength_grade),
    plannedVolume: n2(t.planned_volume),
    producedVolume: n2(t.produced),
    dispatchedVolume: n2(t.dispatched),
    status: textOf(t.status),
    startedAt: isoOrNull(t.started_at),
  }));
}

/** Each tanker car with its newest trip not yet back at the plant (none: at the plant), and the trip's site position. */
/** A GPS fix older than this does not place a car on the map (the trip's times do instead). */
export const GPS_FRESH_MS = 10 * 60_000;

/**
 * Every car with its current trip (the latest not back at the plant) and the latest fresh fix of its bound
 * 车载定位 terminal (gps_reading), if any.
 */
export async function plantTankers(q: PlantQuery) {
  const r = await sql<Row>`
    select car.id, car.plate_no, car.car_no, car.driver_name, car.capacity, car.device_id,
      trip.trip_no, trip.status as trip_status, trip.volume, trip.left_at, trip.arrived_at, trip.signed_at, trip.pour_end_at,
      s.site_name, s.distance_km, p.lng, p.lat, gps.lng as gps_lng, gps.lat as gps_lat, gps.at as gps_at
    from tanker_car car
    left join lateral (
      select g.lng, g.lat, g.at from gps_reading g
      where g.device_id = (case when car.device_id ~ '^[0-9]{1,18}$' then car.device_id::bigint end)
        and g.at <= ${q.now.toISOString()}::timestamptz and g.at > ${new Date(q.now.getTime() - GPS_FRESH_MS).toISOString()}::timestamptz
      order by g.at desc limit 1
    ) gps on true
    left join lateral (
      select d.* from dispatch_trip d
      where d.car_id = car.id::text and d.if_del = 0 and d.returned_at is null and d.left_at <= ${q.now.toISOString()}::timestamptz
      order by d.left_at desc, d.id desc limit 1
    ) trip on true
    left join concrete_order o on o.id = ${byId('trip.order_id')}
    left join plant_site s on s.id::text = o.site_id
    left join projects p on p.project_no = s.project_code
    where car.company_id in (${ids(q)}) and car.if_del = 0
    order by car.car_no, car.id`.execute(q.db);
  return r.rows;
}

/** Stock of every bin with its material. */
export async function plantBins(q: PlantQuery) {
  const r = await sql<Row>`
    select b.id, b.bin_no, b.bin_name, b.line_no, b.capacity, b.stock, b.alarm_stock, m.material_name, m.kind
    from plant_bin b left join plant_material m on m.id::text = b.material_id
    where b.company_id in (${ids(q)}) and b.if_del = 0
    order by b.line_no, b.bin_no, b.id`.execute(q.db);
  return r.rows.map((b) => ({
    id: String(b.id),
    binNo: textOf(b.bin_no),
    binName: textOf(b.bin_name),
    lineNo: textOf(b.line_no),
    materialName: textOf(b.material_name),
    kind: textOf(b.kind),
    capacity: n2(b.capacity),
    stock: n2(b.stock),
    alarmStock: n2(b.alarm_stock),
    low: Number(b.stock ?? 0) <= Number(b.alarm_stock ?? 0),
  }));
}

/** Per material kind: stock now, deliveries and consumption (kg, `k<kind>`) per CST day of the last `days` days, for the trend. */
export async function plantStockMoves(q: PlantQuery, days = 7) {
  const b = bounds(q.now);
  const list = lastDays(b.today, days);
  const from = cstMidnight(list[0]).toISOString();
  const [stock, delivered, byDay] = await Promise.all([
    sql<Row>`
      select m.kind, sum(b.stock) as stock from plant_bin b join plant_material m on m.id::text = b.material_id
      where b.company_id in (${ids(q)}) and b.if_del = 0 group by m.kind`.execute(q.db),
    sql<Row>`
      select m.kind, ${dayText(cstDay(sql.ref('d.weighed_at')))} as day, sum(d.net_weight) as net
      from material_delivery d join plant_material m on m.id::text = d.material_id
      where d.company_id in (${ids(q)}) and d.if_del = 0 and d.weighed_at >= ${from}::timestamptz and d.weighed_at <= ${b.now}::timestamptz
      group by 1, 2`.execute(q.db),
    batchDays(q, list[0]),
  ]);
  const consumed = [...byDay].filter(([day]) => day >= list[0]).map(([day, d]): Row => ({ day, ...Object.fromEntries(MATERIAL_COLUMNS.map((m) => [`k${m.kind}`, d.actual[m.kind]])) }));
  return { days: list, stock: stock.rows, delivered: delivered.rows, consumed };
}

/** Set and actual weight of each material today and this month (吨), deliveries this month. */
export async function plantConsumption(q: PlantQuery) {
  const b = bounds(q.now);
  const [byDay, delivered] = await Promise.all([
    batchDays(q, b.monthFirst),
    sql<Row>`
      select m.kind, sum(d.net_weight) as net from material_delivery d join plant_material m on m.id::text = d.material_id
      where d.company_id in (${ids(q)}) and d.if_del = 0 and d.weighed_at >= ${b.monthStart}::timestamptz and d.weighed_at <= ${b.now}::timestamptz
      group by 1`.execute(q.db),
  ]);
  const [today] = pick(byDay, [b.today]);
  const month = [...byDay].filter(([day]) => day >= b.monthFirst).map(([, d]) => d);
  const dm = new Map(delivered.rows.map((r) => [textOf(r.kind), Number(r.net ?? 0)]));
  const t = (v: number | undefined) => Math.round(v ?? 0) / 1000;
  return MATERIAL_COLUMNS.map((m) => ({
    kind: m.kind,
    today: t(today.actual[m.kind]),
    todaySet: t(today.set[m.kind]),
    month: t(total(month, (d) => d.actual[m.kind] ?? 0)),
    deliveredMonth: n2(dm.get(m.kind)),
  }));
}

/**
 * The newest batches, alarmed ones first among the newest 24 hours. `nulls last` (none is null here): along
 * the batch_time sort index `(batch_time nulls first, id, company_id)` backwards, not a sort of every batch of
 * the companies (470 ms at a million).
 */
export async function plantBatches(q: PlantQuery, limit = 30) {
  const r = await sql<Row>`
    select b.id, b.batch_no, b.batch_time, b.line_no, b.strength_grade, b.volume, b.max_deviation, b.alarm, t.task_no
    from batch_record b left join production_task t on t.id = ${byId('b.task_id')}
    where b.company_id in (${ids(q)}) and b.batch_time <= ${q.now.toISOString()}::timestamptz
    order by b.batch_time desc nulls last, b.id desc limit ${limit}`.execute(q.db);
  return r.rows.map((b) => ({
    id: String(b.id),
    batchNo: count(b.batch_no),
    batchTime: iso(b.batch_time),
    taskNo: textOf(b.task_no),
    lineNo: textOf(b.line_no),
    strengthGrade: textOf(b.strength_grade),
    volume: n2(b.volume),
    maxDeviation: n2(b.max_deviation),
    alarm: b.alarm === true,
  }));
}

/** The newest alarmed batches (超差). */
export async function plantAlarmBatches(q: PlantQuery, limit = 20) {
  const r = await sql<Row>`
    select b.id, b.batch_no, b.batch_time, b.line_no, b.strength_grade, b.volume, b.max_deviation, b.alarm, t.task_no
    from batch_record b left join production_task t on t.id = ${byId('b.task_id')}
    where b.company_id in (${ids(q)}) and b.alarm and b.batch_time <= ${q.now.toISOString()}::timestamptz
    order by b.batch_time desc, b.id desc limit ${limit}`.execute(q.db);
  return r.rows.map((b) => ({
    id: String(b.id),
    batchNo: count(b.batch_no),
    batchTime: iso(b.batch_time),
    taskNo: textOf(b.task_no),
    lineNo: textOf(b.line_no),
    strengthGrade: textOf(b.strength_grade),
    volume: n2(b.volume),
    maxDeviation: n2(b.max_deviation),
    alarm: true,
  }));
}

/** The newest trips (the ledger) and this month's signed volume and amount per customer. */
export async function plantLedger(q: PlantQuery, limit = 30) {
  const b = bounds(q.now);
  const [trips, customers] = await Promise.all([
    // Each company's newest trips by its (company_id, left_at) index, then the newest of those.
    sql<Row>`
      select d.id, d.trip_no, d.volume, d.received_volume, d.left_at, d.status, car.plate_no, o.strength_grade, c.customer_name, s.site_name
      from (
        select t.* from (select distinct unnest(${sql.val(q.companies)}::bigint[]) as id) co
        cross join lateral (
          select d.id, d.trip_no, d.volume, d.received_volume, d.left_at, d.status, d.car_id, d.order_id from dispatch_trip d
          where d.company_id = co.id and d.if_del = 0 and d.left_at <= ${b.now}::timestamptz
          order by d.left_at desc, d.id desc limit ${limit}
        ) t
        order by t.left_at desc, t.id desc limit ${limit}
      ) d
      left join tanker_car car on car.id::text = d.car_id
      left join concrete_order o on o.id = ${byId('d.order_id')}
      left join plant_customer c on c.id::text = o.customer_id
      left join plant_site s on s.id::text = o.site_id
      order by d.left_at desc, d.id desc`.execute(q.db),
    sql<Row>`
      select c.customer_name, st.volume, st.amount, st.trip_count
      from concrete_statement st join plant_customer c on c.id::text = st.customer_id
      where st.company_id in (${ids(q)}) and st.month = ${b.today.slice(0, 7)}
      order by st.volume desc, c.customer_name`.execute(q.db),
  ]);
  return {
    trips: trips.rows.map((d) => ({
      id: String(d.id),
      tripNo: textOf(d.trip_no),
      plateNo: textOf(d.plate_no),
      customerName: textOf(d.customer_name),
      siteName: textOf(d.site_name),
      strengthGrade: textOf(d.strength_grade),
      volume: n2(d.volume),
      receivedVolume: num(d.received_volume),
      leftAt: isoOrNull(d.left_at),
      status: textOf(d.status),
    })),
    customers: customers.rows.map((r) => ({ customerName: textOf(r.customer_name), volume: n2(r.volume), amount: n2(r.amount), trips: count(r.trip_count) })),
  };
}
