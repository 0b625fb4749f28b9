// GET /prod-api/api/TyScreen/ConcretePlant: every panel of the ready-mix plant's screens (搅拌站管理,
// 混凝土生产大屏, 混凝土, 搅拌站台账 / 扬尘 / 视频, 拌合站物料, 物料监测; docs/concrete-plant.md "Screens")
// over the plant entities of the companies in scope: an enterprise user's company and its subsidiaries
// (monitoring: the watched company's), other users the companies of their projects; `pjctid1` narrows to
// the company running that project (a project's plant is its company's). The plant's position, dust and
// cameras are those of its company's own projects (the plant's site). The SQL is in plant-aggregates.ts.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import type { ConcretePlant, PlantTanker, TankerState } from '../../common/screens/concrete-plant';
import { subtreeIds } from '../platform/companies';
import { byDictionary, nameOf, type ScreenContext } from './context';
import { count, iso, num, textOf } from './format';
import {
  batchDays,
  MATERIAL_COLUMNS,
  plantAlarmBatches,
  plantBatchDaysFrom,
  plantBatches,
  plantBins,
  plantConsumption,
  plantDaily,
  plantLedger,
  plantOrders,
  plantStockMoves,
  plantTankers,
  plantTasks,
  plantVolumes,
  type PlantQuery,
} from './plant-aggregates';
import type { ProjectIds } from './scope';
import { ENV_LIMITS } from '../devices/limits';

export type { ConcretePlant };

type Row = Record<string, unknown>;

/** The ids of the companies whose plant a caller sees (module comment). */
export async function plantCompanies(c: ScreenContext, projects: ProjectIds): Promise<number[]> {
  const who = c.who;
  const companies =
    !c.narrowed && who && (who.monitoring || who.userAuthType === '0')
      ? sql<{ id: number }>`select id from (${subtreeIds(c.db, who.companyId)}) s`
      : sql<{ id: number }>`select distinct company_id as id from projects where id in (${projects})`;
  return (await companies.execute(c.db)).rows.map((r) => Number(r.id));
}

export const TANKER_STATES: Record<TankerState, string> = { atPlant: '在站', toSite: '运输中', atSite: '卸料中', returning: '返程中' };
/** Average speed of a loaded tanker on town roads (km/h), for its position between plant and site. */
const SPEED_KMH = 30;

/** Where a car is: at the plant, on the way (by elapsed time over the haul distance), at the site, or back on the way. */
export function tankerOf(r: Row, plant: [number, number] | null, now: Date): Pick<PlantTanker, 'state' | 'lng' | 'lat' | 'positionSource'> {
  const status = textOf(r.trip_status);
  const state: TankerState = !status || status === '4' ? 'atPlant' : status === '1' ? 'toSite' : status === '2' ? 'atSite' : 'returning';
  // The bound 车载定位 terminal's latest fresh fix places the car where it is.
  if (r.gps_lng !== null && r.gps_lng !== undefined) return { state, lng: Number(r.gps_lng), lat: Number(r.gps_lat), positionSource: 'gps' };
  if (!plant) return { state, lng: null, lat: null, positionSource: 'trip' };
  const site: [number, number] = r.lng !== null && r.lng !== undefined ? [Number(r.lng), Number(r.lat)] : [plant[0] + 0.01 * Number(r.distance_km ?? 5), plant[1] + 0.004 * Number(r.distance_km ?? 5)];
  const hours = Math.max(0.1, Number(r.distance_km ?? 10) / SPEED_KMH);
  const since = (at: unknown) => (at ? (now.getTime() - new Date(String(at)).getTime()) / 3_600_000 : 0);
  const at = (f: number): [number, number] => [plant[0] + (site[0] - plant[0]) * f, plant[1] + (site[1] - plant[1]) * f];
  const clamp = (f: number) => Math.min(0.95, Math.max(0.05, f));
  const [lng, lat] =
    state === 'atPlant' ? plant : state === 'atSite' ? site : state === 'toSite' ? at(clamp(since(r.left_at) / hours)) : at(clamp(1 - since(r.pour_end_at ?? r.signed_at) / hours));
  return { state, lng: Math.round(lng * 1e6) / 1e6, lat: Math.round(lat * 1e6) / 1e6, positionSource: 'trip' };
}

/** Whether one of the companies runs a plant (ConcretePlant.supplied). */
export async function plantSupplied(db: Kysely<Database>, companies: RawBuilder<unknown>): Promise<boolean> {
  const r = await sql<{ supplied: boolean }>`
    select exists (select 1 from plant_bin where company_id in (${companies}) and if_del = 0)
        or exists (select 1 from tanker_car where company_id in (${companies}) and if_del = 0)
        or exists (select 1 from concrete_order where company_id in (${companies}) and if_del = 0)
        or exists (select 1 from production_task where company_id in (${companies}) and if_del = 0) as supplied`.execute(db);
  return r.rows[0]?.supplied === true;
}

async function plantSite(db: Kysely<Database>, companies: RawBuilder<unknown>) {
  const r = await sql<Row>`
    select co.name as company_name, p.lng, p.lat from companies co
    left join lateral (select lng, lat from projects where company_id = co.id order by id limit 1) p on true
    where co.id in (${companies}) and exists (select 1 from plant_bin b where b.company_id = co.id)
    order by co.id limit 1`.execute(db);
  const row = r.rows[0];
  return { name: textOf(row?.company_name), position: row && row.lng !== null ? ([Number(row.lng), Number(row.lat)] as [number, number]) : null };
}

/**
 * The fixes the plant's bound 车载定位 terminals send (the demo simulator stands in for them): each car with
 * a terminal reports where its trip puts it, the terminal is seen online, and fixes older than a day go.
 * Returns the fixes written.
 */
export async function recordGpsFixes(db: Kysely<Database>, companyId: number, now: Date): Promise<number> {
  const [site, cars] = await Promise.all([plantSite(db, sql.join([companyId])), plantTankers({ db, companies: [companyId], now })]);
  const bound = cars.filter((r) => /^[0-9]{1,18}$/.test(textOf(r.device_id)));
  if (!site.position || bound.length === 0) return 0;
  const at = now.toISOString();
  const fixes = bound.map((r) => {
    const where = tankerOf({ ...r, gps_lng: null, gps_lat: null }, site.position, now);
    const moving = where.state === 'toSite' || where.state === 'returning';
    return sql`(${Number(r.device_id)}, ${companyId}, ${at}::timestamptz, ${where.lng}, ${where.lat}, ${moving ? 30 : 0})`;
  });
  const devices = bound.map((r) => Number(r.device_id));
  await sql`insert into gps_reading (device_id, company_id, at, lng, lat, speed) values ${sql.join(fixes)}`.execute(db);
  await sql`update monitor_device set online = true, last_seen_at = ${at}::timestamptz where id in (${sql.join(devices)})`.execute(db);
  await sql`delete from gps_reading where device_id in (${sql.join(devices)}) and at < ${new Date(now.getTime() - 86_400_000).toISOString()}::timestamptz`.execute(db);
  return fixes.length;
}

async function plantDust(c: ScreenContext, companies: RawBuilder<unknown>): Promise<ConcretePlant['dust']> {
  const nowIso = c.now.toISOString();
  const since = new Date(c.now.getTime() - 24 * 3_600_000).toISOString();
  const plantProjects = sql`select id from projects where company_id in (${companies})`;
  const [devices, latest, trend] = await Promise.all([
    sql<Row>`select count(*) as total, count(*) filter (where online) as online from ${sql.id(c.t.device)}
      where if_del = 0 and device_kind = 'dust' and project_id in (${plantProjects})`.execute(c.db),
    // Each project's newest by its (project_id, reading_time) index, then the newest of those: a plant whose
    // projects have no reading reads no other project's.
    sql<Row>`select e.reading_time, e.pm25, e.pm10, e.tsp, e.noise from projects p
      cross join lateral (select reading_time, pm25, pm10, tsp, noise from ${sql.id(c.t.env)}
        where project_id = p.id and pm10 is not null and reading_time <= ${nowIso}::timestamptz
        order by reading_time desc limit 1) e
      where p.company_id in (${companies})
      order by e.reading_time desc limit 1`.execute(c.db),
    sql<Row>`select h.hour, round(avg(e.pm25)::numeric, 1) as pm25, round(avg(e.pm10)::numeric, 1) as pm10, round(avg(e.noise)::numeric, 1) as noise
      from generate_series(date_trunc('hour', ${nowIso}::timestamptz) - interval '23 hours', date_trunc('hour', ${nowIso}::timestamptz), interval '1 hour') h(hour)
      left join ${sql.id(c.t.env)} e on e.project_id in (${plantProjects}) and e.reading_time >= h.hour and e.reading_time < h.hour + interval '1 hour'
        and e.reading_time > ${since}::timestamptz and e.reading_time <= ${nowIso}::timestamptz
      group by h.hour order by h.hour`.execute(c.db),
  ]);
  const l = latest.rows[0];
  return {
    devices: count(devices.rows[0]?.total),
    online: count(devices.rows[0]?.online),
    latest: { pm25: num(l?.pm25), pm10: num(l?.pm10), tsp: num(l?.tsp), noise: num(l?.noise), at: l ? iso(l.reading_time) : null },
    trend: trend.rows.map((r) => ({ hour: iso(r.hour), pm25: num(r.pm25), pm10: num(r.pm10), noise: num(r.noise) })),
    limits: { pm25: ENV_LIMITS.pm25, pm10: ENV_LIMITS.pm10 },
  };
}

async function plantCameras(c: ScreenContext, companies: RawBuilder<unknown>): Promise<ConcretePlant['cameras']> {
  const r = await sql<Row>`select d.id, d.device_name, d.install_position, d.online, p.name as project_name from ${sql.id(c.t.device)} d
    join projects p on p.id = d.project_id
    where d.if_del = 0 and d.device_kind = 'video' and p.company_id in (${companies})
    order by d.id limit 16`.execute(c.db);
  return r.rows.map((d) => ({
    id: String(d.id),
    name: textOf(d.device_name),
    position: textOf(d.install_position),
    projectName: textOf(d.project_name),
    online: d.online === true,
  }));
}

export async function concretePlant(c: ScreenContext, projects: ProjectIds): Promise<ConcretePlant> {
  const ids = await plantCompanies(c, projects);
  const companies = sql.join(ids.length > 0 ? ids : [0]);
  const base: PlantQuery = { db: c.db, companies: ids, now: c.now };
  const q: PlantQuery = { ...base, batchDays: batchDays(base, plantBatchDaysFrom(c.now)) };
  const [supplied, site, volumes, daily, orders, tasks, tankerRows, bins, moves, consumption, batches, alarms, ledger, dust, cameras] = await Promise.all([
    plantSupplied(c.db, companies),
    plantSite(c.db, companies),
    plantVolumes(q),
    plantDaily(q),
    plantOrders(q),
    plantTasks(q),
    plantTankers(q),
    plantBins(q),
    plantStockMoves(q),
    plantConsumption(q),
    plantBatches(q),
    plantAlarmBatches(q),
    plantLedger(q),
    plantDust(c, companies),
    plantCameras(c, companies),
  ]);
  const line = (code: string) => nameOf(c, 'productionLine', code);
  const kindName = (code: string) => nameOf(c, 'plantMaterialKind', code);
  const tankers: PlantTanker[] = tankerRows.map((r) => {
    const where = tankerOf(r, site.position, c.now);
    return {
      id: String(r.id),
      plateNo: textOf(r.plate_no),
      carNo: textOf(r.car_no),
      driverName: textOf(r.driver_name),
      capacity: Number(r.capacity ?? 0),
      ...where,
      stateName: TANKER_STATES[where.state],
      tripNo: where.state === 'atPlant' ? '' : textOf(r.trip_no),
      siteName: where.state === 'atPlant' ? '' : textOf(r.site_name),
      volume: where.state === 'atPlant' ? 0 : Number(r.volume ?? 0),
    };
  });
  const trend = stockTrend(moves);
  const ordersByStatus = byDictionary(c, 'concreteOrderStatus', orders.byStatus);
  return {
    updatedAt: c.now.toISOString(),
    supplied,
    plantName: site.name,
    plantPosition: site.position,
    volumes,
    summary: {
      ordersInProduction: ordersByStatus.find((s) => s.code === '4')?.count ?? 0,
      ordersWaiting: ordersByStatus.find((s) => s.code === '1')?.count ?? 0,
      tasksRunning: tasks.filter((t) => t.status === '2').length,
      cars: tankers.length,
      carsOut: tankers.filter((t) => t.state !== 'atPlant').length,
      lowBins: bins.filter((b) => b.low).length,
    },
    daily,
    ordersByStatus,
    orders: orders.open.map((o) => ({ ...o, statusName: nameOf(c, 'concreteOrderStatus', o.status) })),
    tasks: tasks.map(({ lineNo, ...t }) => ({ ...t, lineName: line(lineNo), statusName: nameOf(c, 'productionTaskStatus', t.status) })),
    tankers,
    bins: bins.map(({ lineNo, ...b }) => ({ ...b, lineName: line(lineNo), kindName: kindName(b.kind) })),
    stockTrend: trend.map((t) => ({ ...t, name: kindName(t.kind) })),
    consumption: consumption.map((m) => ({ ...m, name: kindName(m.kind) })),
    batches: batches.map(({ lineNo, ...b }) => ({ ...b, lineName: line(lineNo) })),
    alarmBatches: alarms.map(({ lineNo, ...b }) => ({ ...b, lineName: line(lineNo) })),
    trips: ledger.trips.map((t) => ({ ...t, statusName: nameOf(c, 'dispatchTripStatus', t.status) })),
    customersMonth: ledger.customers,
    dust,
    cameras,
  };
}

/**
 * End-of-day stock per material kind: walking back from the stock now, a day's end is the next day's end
 * minus that next day's deliveries plus its consumption (batch records' actual weights, kg → 吨).
 */
export function stockTrend(moves: Awaited<ReturnType<typeof plantStockMoves>>): Array<{ kind: string; points: Array<{ day: string; stock: number }> }> {
  const stock = new Map(moves.stock.map((r) => [textOf(r.kind), Number(r.stock ?? 0)]));
  const delivered = new Map(moves.delivered.map((r) => [`${textOf(r.kind)}|${textOf(r.day)}`, Number(r.net ?? 0)]));
  const consumed = new Map(moves.consumed.map((r) => [textOf(r.day), r]));
  return MATERIAL_COLUMNS.filter((m) => stock.has(m.kind)).map((m) => {
    let level = stock.get(m.kind) ?? 0;
    const points: Array<{ day: string; stock: number }> = [];
    for (let i = moves.days.length - 1; i >= 0; i--) {
      const day = moves.days[i];
      points.unshift({ day, stock: Math.round(Math.max(level, 0) * 10) / 10 });
      level = level - (delivered.get(`${m.kind}|${day}`) ?? 0) + Number(consumed.get(day)?.[`k${m.kind}`] ?? 0) / 1000;
    }
    return { kind: m.kind, points };
  });
}
