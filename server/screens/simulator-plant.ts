// Demo-mode plant simulator (docs/concrete-plant.md "Simulator"): each tick runs every plant (a company
// with 搅拌站参数) a little further, as its manager through the engine — the same create, transition and
// hook paths as the back office, so the workflow history, the bins, the statements and 操作日志 stay true:
// orders arrive and are approved, approved orders get a task of a line with a formula of their grade,
// tasks start, batch (a batch record every minute or so per task, realistic weights around the formula,
// now and then past the tolerance; the batch-record hook takes the materials out of the bins), tankers
// load and leave, arrive, the site signs (completing the order once its volume is signed), tasks finish,
// and low bins are refilled over the weighbridge. Rates are per hour, scaled by the tick interval.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SessionContext } from '../auth/session-context';
import type { Database, UserRow } from '../db/schema';
import type { Catalog } from '../platform/catalog';
import { ALL } from '../platform/permissions';
import { createEntityEngine, type EntityEngine } from '../engine/entity-engine';
import { createRow } from '../engine/entity-writes';
import { SIMULATOR_ACTOR } from '../engine/audit-trail';
import { Refusal } from '../engine/errors';
import { compileWorkflow, transitionRow, type CompiledWorkflow } from '../engine/workflow';
import { recordGpsFixes } from './concrete-plant';

type Row = Record<string, unknown>;
export type PlantTickReport = {
  orders: number; approved: number; tasks: number; started: number; batches: number; trips: number; arrived: number; signed: number; finished: number; refills: number;
  /** Moves the engine refused (a row changed meanwhile): skipped, tried again next tick. */
  refused: number;
};
export type PlantTickOptions = { now?: Date; random?: () => number; intervalMs?: number };

/** Batch volume (m³) of a twin-shaft mixer. */
const BATCH_M3 = 2;
/** Minutes from leaving to arriving per km of haul, and on site before the pour is signed. */
const MIN_PER_KM = 2;
const SIGN_AFTER_MIN = 25;
const GRADES = ['C25', 'C30', 'C30', 'C35', 'C40'];
const PARTS = ['基础底板', '地下室顶板', '3#楼标准层顶板', '框架柱', '剪力墙', '楼梯及梁板', '道路垫层'];

export type PlantActors = {
  order: { engine: EntityEngine; wf: CompiledWorkflow };
  task: { engine: EntityEngine; wf: CompiledWorkflow };
  trip: { engine: EntityEngine; wf: CompiledWorkflow };
  batch: EntityEngine;
  delivery: EntityEngine;
};

export function plantActors(db: Kysely<Database>, catalog: Catalog): PlantActors {
  const engine = (name: string) => {
    const entity = catalog.entities.get(name);
    if (!entity) throw new Error(`plant simulator: entity ${name} is not in schemas/entities/`);
    return createEntityEngine(db, catalog, entity);
  };
  const flow = (name: string) => {
    const e = engine(name);
    const wf = compileWorkflow(e);
    if (!wf) throw new Error(`plant simulator: ${name} has no workflow`);
    return { engine: e, wf };
  };
  return { order: flow('ConcreteOrder'), task: flow('ProductionTask'), trip: flow('DispatchTrip'), batch: engine('BatchRecord'), delivery: engine('MaterialDelivery') };
}

/** The session the plant acts under: its member with the most 搅拌站管理 grants (the plant manager). */
export async function plantSession(db: Kysely<Database>, companyId: number): Promise<SessionContext | null> {
  const member = await sql<{ user_id: number; grants: string[] }>`
    select m.user_id, array(select g.node_id from role_grants g where g.role_id = m.role_id) as grants
    from memberships m join users u on u.id = m.user_id
    where m.company_id = ${companyId}
    order by (select count(*) from role_grants g where g.role_id = m.role_id and g.node_id like 'concretePlant%') desc, m.user_id
    limit 1`.execute(db);
  const row = member.rows[0];
  if (!row) return null;
  const user = (await db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst()) as UserRow | undefined;
  if (!user) return null;
  return {
    sessionId: 0,
    user,
    companyId,
    projectId: null,
    monitoring: false,
    originalCompanyId: null,
    grants: user.is_system_admin ? new Set([ALL]) : new Set(row.grants),
    // Its writes are the simulator's, not the manager's (操作日志, 变更记录, 流转记录: issue 29).
    actorName: SIMULATOR_ACTOR,
  };
}

const pad = (n: number, w = 4) => String(n).padStart(w, '0');
const round = (v: number, d = 1) => Math.round(v * 10 ** d) / 10 ** d;
const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length) % list.length];
const cst = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
const gauss = (random: () => number) => Math.sqrt(-2 * Math.log(Math.max(random(), 1e-9))) * Math.cos(2 * Math.PI * random());

/** Field prefixes of the batch record per plantMaterialKind code (schemas/entities/batch-record.json). */
const FIELD_OF_KIND: Record<string, string> = { '1': 'cement', '2': 'sand', '3': 'stone', '4': 'flyAsh', '5': 'slag', '6': 'water', '7': 'admixture' };

/** One batch's set and actual weights from the task's formula: actual within ±0.8 %, now and then (4 %) one material 2.5–5 % off. */
export async function batchWeights(db: Kysely<Database>, taskId: string, random: () => number, volume = BATCH_M3): Promise<Row> {
  const task = await sql<Row>`select order_id, line_no, strength_grade from production_task where id = ${Number(taskId)}`.execute(db);
  const r = await sql<{ kind: string; dosage: number }>`
    select m.kind, sum(fm.dosage) as dosage from production_task t
    join formula_material fm on fm.formula_id = t.formula_id and fm.if_del = 0
    join plant_material m on m.id::text = fm.material_id
    where t.id = ${Number(taskId)} group by m.kind`.execute(db);
  const t = task.rows[0] ?? {};
  // The task's order, line and grade (the batch-record hook takes them from the task again).
  const out: Row = { orderId: String(t.order_id ?? ''), lineNo: String(t.line_no ?? ''), strengthGrade: String(t.strength_grade ?? '') };
  const off = random() < 0.04 ? pick(r.rows, random)?.kind : undefined;
  for (const m of r.rows) {
    const field = FIELD_OF_KIND[m.kind];
    if (!field) continue;
    const set = round(Number(m.dosage) * volume, 1);
    const error = m.kind === off ? (random() < 0.5 ? -1 : 1) * (2.5 + 2.5 * random()) : 0.35 * gauss(random);
    out[`${field}Set`] = set;
    out[`${field}Actual`] = round(set * (1 + error / 100), 1);
  }
  return out;
}

export async function plantTick(db: Kysely<Database>, actors: PlantActors, o: PlantTickOptions = {}): Promise<PlantTickReport> {
  const now = o.now ?? new Date();
  const random = o.random ?? Math.random;
  const perTick = (perHour: number) => random() < (perHour * (o.intervalMs ?? 10_000)) / 3_600_000;
  const report: PlantTickReport = { orders: 0, approved: 0, tasks: 0, started: 0, batches: 0, trips: 0, arrived: 0, signed: 0, finished: 0, refills: 0, refused: 0 };
  let serial = 0;
  /** Runs one engine write and counts it; a refusal (the row changed meanwhile) is counted and skipped. */
  const attempt = async (key: Exclude<keyof PlantTickReport, 'refused'>, write: () => Promise<unknown>) => {
    try {
      await write();
      report[key]++;
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      report.refused++;
    }
  };
  const plants = await sql<{ company_id: number }>`select distinct company_id from plant_setting order by company_id`.execute(db);
  const rows = async (q: RawBuilder<Row>) => (await q.execute(db)).rows;
  for (const { company_id: companyId } of plants.rows) {
    const session = await plantSession(db, companyId);
    if (!session) continue;
    const stamp = () => `${cst(now).replace(/[-: ]/g, '').slice(2, 12)}${pad(Math.floor(random() * 1e4))}${(serial += 1)}`;

    // Orders arrive (about 3 an hour) and are approved after a while.
    if (perTick(3)) {
      const site = (await rows(sql<Row>`select s.id, s.customer_id, s.site_contact, s.site_phone from plant_site s
        where s.company_id = ${companyId} and s.if_del = 0 order by random() limit 1`))[0];
      if (site) {
        await attempt('orders', () => createRow(actors.order.engine, session, {
          orderNo: `DD${stamp()}`, customerId: String(site.customer_id), siteId: String(site.id), pourPart: pick(PARTS, random),
          strengthGrade: pick(GRADES, random), slump: 180, slumpTolerance: 20, volume: 20 + 10 * Math.floor(random() * 8),
          plannedPourTime: cst(new Date(now.getTime() + 2 * 3_600_000)), pumpNeeded: random() < 0.6, pourMethod: random() < 0.6 ? '1' : '2',
          siteContact: String(site.site_contact || '现场负责人'), sitePhone: String(site.site_phone || '13800000000'),
        }));
      }
    }
    for (const order of await rows(sql<Row>`select id from concrete_order where company_id = ${companyId} and if_del = 0 and status = '1'
      and created_at < ${new Date(now.getTime() - 10 * 60_000).toISOString()}::timestamptz order by id limit 2`)) {
      if (!perTick(6)) continue;
      await attempt('approved', () => transitionRow(actors.order.engine, actors.order.wf, session, { rec_id: String(order.id), transition: 'approve', comment: '调度审核通过' }));
    }

    // An approved order without a task gets one on the line whose formula of its grade is enabled.
    for (const order of await rows(sql<Row>`select o.id, o.volume, o.strength_grade from concrete_order o
      where o.company_id = ${companyId} and o.if_del = 0 and o.status in ('2', '4')
        and not exists (select 1 from production_task t where t.order_id = o.id::text and t.if_del = 0 and t.status <> '5')
      order by o.planned_pour_time nulls last, o.id limit 2`)) {
      const formula = (await rows(sql<Row>`select id, line_no from mix_formula where company_id = ${companyId} and if_del = 0 and enabled
        and strength_grade = ${String(order.strength_grade)} order by random() limit 1`))[0];
      if (!formula) continue;
      await attempt('tasks', () => createRow(actors.task.engine, session, {
        taskNo: `RW${stamp()}`, orderId: String(order.id), lineNo: String(formula.line_no), formulaId: String(formula.id),
        plannedVolume: Number(order.volume), plannedStart: cst(now),
      }));
    }

    // A line takes its next waiting task when it runs fewer than two.
    for (const task of await rows(sql<Row>`select t.id from production_task t where t.company_id = ${companyId} and t.if_del = 0 and t.status = '1'
      and (select count(*) from production_task x where x.company_id = t.company_id and x.line_no = t.line_no and x.status = '2' and x.if_del = 0) < 2
      order by t.planned_start nulls last, t.id limit 2`)) {
      await attempt('started', () => transitionRow(actors.task.engine, actors.task.wf, session, { rec_id: String(task.id), transition: 'start' }));
    }

    // Producing tasks batch (about one batch a minute and a half each) until their volume is made.
    const producing = await rows(sql<Row>`select t.id, t.planned_volume,
        (select coalesce(sum(b.volume), 0) from batch_record b where b.task_id = t.id::text) as produced,
        (select coalesce(sum(d.volume), 0) from dispatch_trip d where d.task_id = t.id::text and d.if_del = 0 and d.status <> '4') as dispatched
      from production_task t where t.company_id = ${companyId} and t.if_del = 0 and t.status = '2' order by t.id`);
    for (const task of producing) {
      const produced = Number(task.produced);
      const planned = Number(task.planned_volume);
      if (produced + 0.01 < planned && perTick(40)) {
        const volume = Math.min(BATCH_M3, round(planned - produced, 2));
        const n = await rows(sql<Row>`select coalesce(max(batch_no), 0) + 1 as n from batch_record where task_id = ${String(task.id)}`);
        await attempt('batches', async () => createRow(actors.batch, session, {
          taskId: String(task.id), batchNo: Number(n[0]?.n ?? 1), batchTime: cst(now), volume, maxDeviation: 0, alarm: false,
          ...(await batchWeights(db, String(task.id), random, volume)),
        }));
      }
      // A free tanker loads what was mixed and not yet sent, up to its capacity.
      const waiting = round(Math.min(produced, planned) - Number(task.dispatched), 2);
      const car = (await rows(sql<Row>`select c.id, c.capacity, c.driver_name from tanker_car c where c.company_id = ${companyId} and c.if_del = 0
        and not exists (select 1 from dispatch_trip d where d.car_id = c.id::text and d.if_del = 0 and d.status in ('1', '2'))
        and not exists (select 1 from dispatch_trip d where d.car_id = c.id::text and d.if_del = 0 and d.status = '3'
          and d.signed_at > ${new Date(now.getTime() - 20 * 60_000).toISOString()}::timestamptz)
        order by random() limit 1`))[0];
      const full = car && (waiting >= Number(car.capacity) || (produced + 0.01 >= planned && waiting > 0));
      if (car && full) {
        await attempt('trips', () => createRow(actors.trip.engine, session, {
          tripNo: `FH${stamp()}`, taskId: String(task.id), carId: String(car.id), driverName: String(car.driver_name ?? ''),
          volume: Math.min(Number(car.capacity), waiting), leftAt: cst(now),
        }));
      }
      if (produced + 0.01 >= planned && Number(task.dispatched) + 0.01 >= planned) {
        await attempt('finished', () => transitionRow(actors.task.engine, actors.task.wf, session, { rec_id: String(task.id), transition: 'finish' }));
      }
    }

    // Tankers arrive after the haul and the site signs the pour.
    for (const trip of await rows(sql<Row>`select d.id, d.status, d.volume, d.left_at, d.arrived_at, coalesce(s.distance_km, 10) as km, o.site_contact
      from dispatch_trip d join concrete_order o on o.id::text = d.order_id left join plant_site s on s.id::text = o.site_id
      where d.company_id = ${companyId} and d.if_del = 0 and d.status in ('1', '2') order by d.id`)) {
      const haulMs = Number(trip.km) * MIN_PER_KM * 60_000;
      if (trip.status === '1' && now.getTime() - new Date(String(trip.left_at)).getTime() >= haulMs) {
        await attempt('arrived', () => transitionRow(actors.trip.engine, actors.trip.wf, session, { rec_id: String(trip.id), transition: 'arrive', arrivedAt: cst(now) }));
      } else if (trip.status === '2' && now.getTime() - new Date(String(trip.arrived_at)).getTime() >= SIGN_AFTER_MIN * 60_000) {
        await attempt('signed', () => transitionRow(actors.trip.engine, actors.trip.wf, session, {
          rec_id: String(trip.id), transition: 'sign', receivedVolume: Number(trip.volume), signer: String(trip.site_contact || '现场负责人'),
          signedAt: cst(now), pourStartAt: cst(new Date(now.getTime() - 15 * 60_000)), pourEndAt: cst(now),
        }));
      }
    }

    // A bin at or under 1.5 × its alarm level is refilled (one truck per tick).
    const bin = (await rows(sql<Row>`select id, capacity, stock from plant_bin where company_id = ${companyId} and if_del = 0
      and stock <= alarm_stock * 1.5 and capacity - stock > 5 order by stock / greatest(capacity, 1), id limit 1`))[0];
    if (bin && perTick(12)) {
      const net = round(Math.min(32 + 6 * random(), Number(bin.capacity) - Number(bin.stock) - 1), 2);
      const tare = round(14 + 2 * random(), 2);
      await attempt('refills', () => createRow(actors.delivery, session, {
        deliveryNo: `JC${stamp()}`, binId: String(bin.id), supplierName: '内江市建材供应站', plateNo: `川K${pad(Math.floor(random() * 1e5), 5)}`,
        grossWeight: round(tare + net, 2), tareWeight: tare, weighedAt: cst(now), inspector: session.user.real_name || session.user.user_name,
      }));
    }

    // Each bound car's 车载定位 terminal reports where the car is (the screens' 罐车分布 reads these fixes).
    await recordGpsFixes(db, companyId, now);
  }
  return report;
}

/** The plant's simulator: `tick` one step of every plant, `batch` one batch record of a producing task (tests, demos). */
export type PlantSimulator = {
  tick: (o?: PlantTickOptions) => Promise<PlantTickReport>;
  /** One batch of `taskId` with the formula's weights exactly, `actual` overriding some (e.g. `{ cementActual }`). */
  batch: (taskId: string, actual?: Row) => Promise<Row>;
};

export function plantSimulator(db: Kysely<Database>, catalog: Catalog): PlantSimulator {
  const actors = plantActors(db, catalog);
  return {
    tick: (o) => plantTick(db, actors, o),
    batch: async (taskId, actual = {}) => {
      const task = await sql<{ company_id: number }>`select company_id from production_task where id = ${Number(taskId)}`.execute(db);
      const session = task.rows[0] ? await plantSession(db, task.rows[0].company_id) : null;
      if (!session) throw new Error(`plant simulator: no task ${taskId}`);
      const n = await sql<{ n: number }>`select coalesce(max(batch_no), 0) + 1 as n from batch_record where task_id = ${taskId}`.execute(db);
      const set = await batchWeights(db, taskId, () => 0.5);
      const exact = Object.fromEntries(Object.entries(set).map(([k, v]) => [k, k.endsWith('Actual') ? set[k.replace('Actual', 'Set')] : v]));
      return createRow(actors.batch, session, { taskId, batchNo: Number(n.rows[0]?.n ?? 1), batchTime: cst(new Date()), volume: BATCH_M3, maxDeviation: 0, alarm: false, ...exact, ...actual });
    },
  };
}
