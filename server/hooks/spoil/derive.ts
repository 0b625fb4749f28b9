// 渣土运输 (docs/spoil.md): what a spoil truck's exit says. A trip (渣土趟次) is assessed against the
// project's permits, its wash result and the truck's approved load; each breach becomes a 违规记录 written
// in the same transaction as the trip (system-derived, 待处理).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { recordChange } from '../../engine/audit-trail';
import { todayCst } from '../devices/shared';
import type { HookContext } from '../../engine/hook-types';
import { sortKeyColumn, textKey } from '../../engine/sort-keys';

export const SPOIL_TABLES = {
  hauler: 'spoil_hauler',
  truck: 'spoil_truck',
  site: 'spoil_site',
  permit: 'spoil_permit',
  permitTruck: 'spoil_permit_truck',
  trip: 'spoil_trip',
  violation: 'spoil_violation',
  weigh: 'weigh_record',
} as const;

/** spoilViolationKind codes. */
export const VIOLATION_KIND = { noPermit: '1', unwashed: '2', overload: '3', offRoute: '4', dumping: '5' } as const;
/** Kinds only the server derives from gate, wash and weighbridge data. */
export const DERIVED_KINDS: readonly string[] = [VIOLATION_KIND.noPermit, VIOLATION_KIND.unwashed, VIOLATION_KIND.overload];
/** spoilWashResult codes. */
export const WASH = { ok: '1', failed: '2', missing: '0' } as const;
/** A weighbridge record this long before the exit is the load's weight. */
const WEIGH_WINDOW_MS = 2 * 3_600_000;

export type SpoilTruckRow = { id: string; plate_no: string; capacity: number; hauler_id: string; project_id: string };

export type TripFacts = {
  projectId: string;
  truck: SpoilTruckRow | null;
  plateNo: string;
  exitTime: Date;
  washResult: string;
  weight: number | null;
};

export type Breach = { kind: string; description: string };

/** The China Standard Time day of a moment, YYYY-MM-DD. */
export const cstDay = (at: Date): string => todayCst(at.getTime());
const compact = (at: Date): string => cstDay(at).replaceAll('-', '');

export async function truckById(db: Kysely<Database>, id: unknown, projectId: unknown): Promise<SpoilTruckRow | null> {
  if (!/^[1-9]\d{0,17}$/.test(String(id ?? '')) || !/^\d{1,18}$/.test(String(projectId ?? ''))) return null;
  const r = await sql<SpoilTruckRow>`select id::text, plate_no, capacity::float8 as capacity, hauler_id, project_id::text from ${sql.table(SPOIL_TABLES.truck)}
    where id = ${String(id)} and project_id = ${String(projectId)} and if_del = 0`.execute(db);
  return r.rows[0] ?? null;
}

export async function truckByPlate(db: Kysely<Database>, plateNo: string, projectId: string): Promise<SpoilTruckRow | null> {
  const r = await sql<SpoilTruckRow>`select id::text, plate_no, capacity::float8 as capacity, hauler_id, project_id::text from ${sql.table(SPOIL_TABLES.truck)}
    where plate_no = ${plateNo} and project_id = ${projectId} and if_del = 0 order by id desc limit 1`.execute(db);
  return r.rows[0] ?? null;
}

/** The permit (not revoked, valid on the exit's day, naming the truck) the trip runs under, or null. */
export async function validPermit(db: Kysely<Database>, truckId: string | undefined, projectId: string, at: Date): Promise<{ id: string; site_id: string } | null> {
  if (!truckId) return null;
  const day = cstDay(at);
  const r = await sql<{ id: string; site_id: string }>`select p.id::text, p.site_id from ${sql.table(SPOIL_TABLES.permit)} p
    where p.project_id = ${projectId} and p.if_del = 0 and p.status = '1' and p.valid_from <= ${day}::date and p.valid_to >= ${day}::date
      and exists (select 1 from ${sql.table(SPOIL_TABLES.permitTruck)} t where t.permit_id = p.id::text and t.truck_id = ${truckId})
    order by p.valid_to desc, p.id desc limit 1`.execute(db);
  return r.rows[0] ?? null;
}

/** The net weight of the newest weighbridge record of the plate at the project in the two hours before the exit. */
export async function weighedLoad(db: Kysely<Database>, plateNo: string, projectId: string, at: Date): Promise<number | null> {
  const r = await sql<{ w: number | null }>`select net_weight::float8 as w from ${sql.table(SPOIL_TABLES.weigh)}
    where plate_no = ${plateNo} and project_id = ${projectId} and if_del = 0
      and weigh_time <= ${at.toISOString()}::timestamptz and weigh_time >= ${new Date(at.getTime() - WEIGH_WINDOW_MS).toISOString()}::timestamptz
    order by weigh_time desc, id desc limit 1`.execute(db);
  const w = r.rows[0]?.w;
  return w === null || w === undefined ? null : Number(w);
}

/** The breaches of one trip: no valid permit, not washed (or no wash record), over the approved load. */
export function breachesOf(trip: TripFacts, permitId: string | null): Breach[] {
  const out: Breach[] = [];
  const plate = trip.plateNo;
  if (!permitId) {
    out.push({ kind: VIOLATION_KIND.noPermit, description: trip.truck ? `${plate}出场时无有效准运证（${cstDay(trip.exitTime)}）` : `${plate}未在本项目备案，出场时无准运证` });
  }
  if (trip.washResult === WASH.failed) out.push({ kind: VIOLATION_KIND.unwashed, description: `${plate}出场冲洗不合格，车轮车身带泥上路` });
  if (trip.washResult === WASH.missing) out.push({ kind: VIOLATION_KIND.unwashed, description: `${plate}出场无冲洗记录` });
  if (trip.truck && trip.weight !== null && trip.weight > trip.truck.capacity) {
    out.push({ kind: VIOLATION_KIND.overload, description: `${plate}载重${trip.weight}吨，超过核定载质量${trip.truck.capacity}吨` });
  }
  return out;
}

const VIOLATION_FIELDS = [
  { name: 'violationNo', title: '违规编号' }, { name: 'kind', title: '违规类型' }, { name: 'plateNo', title: '车牌号' },
  { name: 'description', title: '违规情况' }, { name: 'projectId', title: '所属项目', type: 'project' as const },
];

/** Writes the trip's breaches as 待处理 violations (and the trip's count), in the caller's transaction. */
export async function recordBreaches(ctx: HookContext, tripId: string, trip: TripFacts, breaches: readonly Breach[], location: string): Promise<void> {
  for (const b of breaches) {
    const inserted = await sql<{ id: string }>`insert into ${sql.table(SPOIL_TABLES.violation)}
        (company_id, created_by, kind, project_id, truck_id, plate_no, trip_id, occurred_at, location, description, source, status)
      values (${ctx.session.companyId}, ${ctx.session.user.id}, ${b.kind}, ${trip.projectId}, ${trip.truck?.id ?? null}, ${trip.plateNo}, ${tripId},
        ${trip.exitTime.toISOString()}::timestamptz, ${location.slice(0, 100)}, ${b.description}, '1', '1') returning id::text`.execute(ctx.db);
    const id = inserted.rows[0].id;
    const violationNo = numbered('WG', trip.exitTime, id);
    await sql`update ${sql.table(SPOIL_TABLES.violation)} set violation_no = ${violationNo}, ${sql.id(sortKeyColumn({ column: 'violation_no' }))} = ${textKey(violationNo)} where id = ${id}`.execute(ctx.db);
    await recordChange(ctx.db, {
      session: ctx.session,
      entity: { name: 'SpoilViolation', title: '违规记录', fields: VIOLATION_FIELDS },
      recordId: id,
      action: 'create',
      before: null,
      after: { violationNo, kind: b.kind, plateNo: trip.plateNo, description: b.description, projectId: trip.projectId },
    });
  }
  await sql`update ${sql.table(SPOIL_TABLES.trip)} set violation_count = ${breaches.length} where id = ${tripId}`.execute(ctx.db);
}

/** A record number: prefix, the CST day and the id padded to 6 digits (ZT20261128000042). */
export const numbered = (prefix: string, at: Date, id: string): string => `${prefix}${compact(at)}${id.padStart(6, '0')}`;

/**
 * A gate exit (车辆出入记录, direction out) of a registered spoil truck or of any vehicle typed 渣土车 opens a
 * trip with the passage's wash check and the weighbridge's load, and its violations — all in the passage's
 * transaction (ctx.db).
 */
export async function tripFromPassage(ctx: HookContext, passage: Record<string, unknown>): Promise<void> {
  const projectId = String(passage.projectId);
  const plateNo = String(passage.plateNo);
  const truck = await truckByPlate(ctx.db, plateNo, projectId);
  if (!truck && passage.vehicleType !== '1') return;
  const exitTime = new Date(String(passage.passTime instanceof Date ? passage.passTime.toISOString() : passage.passTime));
  const facts: TripFacts = {
    projectId, truck, plateNo, exitTime,
    washResult: passage.washed === false ? WASH.failed : WASH.ok,
    weight: await weighedLoad(ctx.db, plateNo, projectId, exitTime),
  };
  const permit = await validPermit(ctx.db, truck?.id, projectId, exitTime);
  const gate = typeof passage.gateName === 'string' ? passage.gateName : '';
  const inserted = await sql<{ id: string }>`insert into ${sql.table(SPOIL_TABLES.trip)}
      (company_id, created_by, project_id, truck_id, plate_no, ${sql.id(sortKeyColumn({ column: 'plate_no' }))}, permit_id, passage_id, exit_time, gate_name, wash_result, weight, status, violation_count)
    values (${ctx.session.companyId}, ${ctx.session.user.id}, ${projectId}, ${truck?.id ?? null}, ${plateNo}, ${textKey(plateNo)}, ${permit?.id ?? null}, ${String(passage.id)},
      ${exitTime.toISOString()}::timestamptz, ${gate}, ${facts.washResult}, ${facts.weight}, '1', 0) returning id::text`.execute(ctx.db);
  const tripId = inserted.rows[0].id;
  await sql`update ${sql.table(SPOIL_TABLES.trip)} set trip_no = ${numbered('ZT', exitTime, tripId)}, ${sql.id(sortKeyColumn({ column: 'trip_no' }))} = ${textKey(numbered('ZT', exitTime, tripId))} where id = ${tripId}`.execute(ctx.db);
  await recordBreaches(ctx, tripId, facts, breachesOf(facts, permit?.id ?? null), gate);
}
