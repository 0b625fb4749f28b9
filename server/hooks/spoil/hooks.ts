// 渣土监管 (docs/spoil.md): what the spoil entities' data cannot say. Permits are issued, changed and
// revoked by government supervisors; a trip is entered by the project (or opened by a gate exit,
// derive.ts) and its violations derived in the same transaction; violations are registered (偏离路线,
// 乱倒乱卸 only, with evidence) and handled by government supervisors.
import { sql } from 'kysely';
import { FieldRefusal, Refusal } from '../../engine/errors';
import { isGovernment, whoIs } from '../supervision';
import type { TransitionHook } from '../../engine/hook-types';
import type { EntityHooks, HookContext, HookRow } from '../../engine/hook-types';
import { sortKeyColumn, textKey } from '../../engine/sort-keys';
import {
  DERIVED_KINDS, SPOIL_TABLES, WASH, breachesOf, cstDay, numbered, recordBreaches, tripFromPassage, truckById, validPermit, weighedLoad, type TripFacts,
} from './derive';

export const SPOIL_MESSAGES = {
  permitGovernment: '只有政府监管用户可以核发、变更和注销准运证',
  hauler: '请选择本项目备案的运输单位',
  haulerBlacklisted: '该运输单位已列入黑名单，不能核发准运证',
  site: '请选择本项目备案的消纳场',
  siteClosed: '该消纳场已关闭，不能核发准运证',
  truck: '请选择本项目备案的渣土车',
  truckHauler: '所选渣土车不属于该准运证的运输单位',
  truckBanned: '该渣土车已禁止营运，不能列入准运证',
  tripGovernment: '渣土趟次由项目出入口登记，监管部门不能代为登记',
  future: (title: string) => `${title}不能晚于当前时间`,
  tripFixed: '渣土趟次登记后不能修改或删除',
  arrival: '到场时间不能早于出场时间',
  violationGovernment: '只有政府监管用户可以登记违规记录',
  derivedKind: '无证运输、未冲洗、超载由系统根据出场记录自动判定，不能人工登记',
  evidence: '请上传违规证据',
  handleGovernment: '只有政府监管用户可以处理违规记录',
  deleteDerived: '系统判定的违规记录不能删除，如经核实不构成违规请撤销',
  deleteGovernment: '只有政府监管用户可以删除违规记录',
} as const;

const ID = /^[1-9]\d{0,17}$/;
const asDate = (v: unknown): Date | null => {
  if (v instanceof Date) return v;
  if (typeof v !== 'string' || v === '') return null;
  const d = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v.replace(' ', 'T')}+08:00`);
  return Number.isNaN(d.getTime()) ? null : d;
};
const notFuture = (v: unknown, title: string, field: string): void => {
  const d = asDate(v);
  if (d && d.getTime() > Date.now() + 60_000) throw new FieldRefusal(SPOIL_MESSAGES.future(title), field);
};

async function rowOf(ctx: HookContext, table: string, id: unknown, projectId: unknown): Promise<Record<string, unknown> | null> {
  if (!ID.test(String(id ?? '')) || !/^\d{1,18}$/.test(String(projectId ?? ''))) return null;
  const r = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where id = ${String(id)} and project_id = ${String(projectId)} and if_del = 0`.execute(ctx.db);
  return r.rows[0] ?? null;
}

// ---- 准运证 and its trucks ----

/** 有效 / 未生效 / 已过期 / 已注销 on the CST day of the read. */
export function permitValidity(row: HookRow, today = cstDay(new Date())): string {
  if (row.status === '2') return '4';
  const from = String(row.validFrom ?? '').slice(0, 10);
  const to = String(row.validTo ?? '').slice(0, 10);
  if (from && today < from) return '2';
  if (to && today > to) return '3';
  return '1';
}

async function checkPermitParts(row: HookRow, ctx: HookContext): Promise<void> {
  const hauler = await rowOf(ctx, SPOIL_TABLES.hauler, row.haulerId, row.projectId);
  if (!hauler) throw new FieldRefusal(SPOIL_MESSAGES.hauler, 'haulerId');
  if (hauler.status === '3') throw new FieldRefusal(SPOIL_MESSAGES.haulerBlacklisted, 'haulerId');
  const site = await rowOf(ctx, SPOIL_TABLES.site, row.siteId, row.projectId);
  if (!site) throw new FieldRefusal(SPOIL_MESSAGES.site, 'siteId');
  if (site.status === '3') throw new FieldRefusal(SPOIL_MESSAGES.siteClosed, 'siteId');
}

const permitHooks: EntityHooks = {
  async checkChange(change, ctx) {
    if (change.action !== 'link' && !isGovernment(ctx)) throw new Refusal(SPOIL_MESSAGES.permitGovernment);
  },
  async beforeWrite(row, ctx, action) {
    await checkPermitParts(row, ctx);
    return action === 'create' ? { ...row, issuedBy: whoIs(ctx), issuedAt: new Date() } : row;
  },
  afterRead: (row) => ({ ...row, validity: permitValidity(row) }),
};

const permitTruckHooks: EntityHooks = {
  async checkChange(_change, ctx) {
    if (!isGovernment(ctx)) throw new Refusal(SPOIL_MESSAGES.permitGovernment);
  },
  /** Runs inside the permit's transaction: the permit (new or changed) is readable there. */
  async beforeWrite(row, ctx) {
    const truck = await rowOf(ctx, SPOIL_TABLES.truck, row.truckId, row.projectId);
    if (!truck) throw new FieldRefusal(SPOIL_MESSAGES.truck, 'truckId');
    if (truck.status === '3') throw new FieldRefusal(SPOIL_MESSAGES.truckBanned, 'truckId');
    const permit = await sql<{ hauler_id: string }>`select hauler_id from ${sql.table(SPOIL_TABLES.permit)} where id = ${String(row.permitId)}`.execute(ctx.db);
    if (permit.rows[0] && permit.rows[0].hauler_id !== String(truck.hauler_id)) throw new FieldRefusal(SPOIL_MESSAGES.truckHauler, 'truckId');
    return row;
  },
};

// ---- 渣土趟次 ----

async function tripFacts(row: HookRow, ctx: HookContext): Promise<TripFacts> {
  const truck = await truckById(ctx.db, row.truckId, row.projectId);
  if (!truck) throw new FieldRefusal(SPOIL_MESSAGES.truck, 'truckId');
  const exitTime = asDate(row.exitTime) ?? new Date();
  const weight = row.weight === null || row.weight === undefined ? await weighedLoad(ctx.db, truck.plate_no, truck.project_id, exitTime) : Number(row.weight);
  return { projectId: String(row.projectId), truck, plateNo: truck.plate_no, exitTime, washResult: String(row.washResult ?? WASH.missing), weight };
}

const tripHooks: EntityHooks = {
  async checkChange(change, ctx) {
    if (change.action === 'create') {
      if (isGovernment(ctx)) throw new Refusal(SPOIL_MESSAGES.tripGovernment);
      notFuture(change.values.exitTime, '出场时间', 'exitTime');
      return;
    }
    if (change.action !== 'transition') throw new Refusal(SPOIL_MESSAGES.tripFixed);
    if (isGovernment(ctx)) throw new Refusal(SPOIL_MESSAGES.tripGovernment);
    const arrived = asDate(change.values.arrivedAt);
    const left = asDate(change.before?.exitTime);
    if (arrived && left && arrived < left) throw new FieldRefusal(SPOIL_MESSAGES.arrival, 'arrivedAt');
    notFuture(change.values.arrivedAt, '到场时间', 'arrivedAt');
    if (!(await rowOf(ctx, SPOIL_TABLES.site, change.values.siteId, change.before?.projectId))) throw new FieldRefusal(SPOIL_MESSAGES.site, 'siteId');
  },
  async beforeWrite(row, ctx) {
    const facts = await tripFacts(row, ctx);
    const permit = await validPermit(ctx.db, facts.truck?.id, facts.projectId, facts.exitTime);
    if (row.siteId !== undefined && row.siteId !== null && !(await rowOf(ctx, SPOIL_TABLES.site, row.siteId, row.projectId))) throw new FieldRefusal(SPOIL_MESSAGES.site, 'siteId');
    return { ...row, plateNo: facts.plateNo, permitId: permit?.id ?? null, washResult: facts.washResult };
  },
  /** The trip's number, weighbridge load and permitted site (unless given), and its violations, in the trip's transaction. */
  async afterWrite(row, ctx) {
    const id = String(row.id);
    const facts = await tripFacts(row, ctx);
    await sql`update ${sql.table(SPOIL_TABLES.trip)} t set trip_no = ${numbered('ZT', facts.exitTime, id)}, ${sql.id(sortKeyColumn({ column: 'trip_no' }))} = ${textKey(numbered('ZT', facts.exitTime, id))}, weight = coalesce(t.weight, ${facts.weight}),
      site_id = coalesce(t.site_id, (select p.site_id from ${sql.table(SPOIL_TABLES.permit)} p where p.id::text = t.permit_id)) where t.id = ${id}`.execute(ctx.db);
    await recordBreaches(ctx, id, facts, breachesOf(facts, typeof row.permitId === 'string' ? row.permitId : null), String(row.gateName ?? ''));
  },
};

// ---- 违规记录 ----

const violationHooks: EntityHooks = {
  async checkChange(change, ctx) {
    switch (change.action) {
      case 'create': {
        if (!isGovernment(ctx)) throw new Refusal(SPOIL_MESSAGES.violationGovernment);
        if (DERIVED_KINDS.includes(String(change.values.kind))) throw new FieldRefusal(SPOIL_MESSAGES.derivedKind, 'kind');
        if (!change.values.evidence) throw new FieldRefusal(SPOIL_MESSAGES.evidence, 'evidence');
        notFuture(change.values.occurredAt, '违规时间', 'occurredAt');
        return;
      }
      case 'delete':
        if (!isGovernment(ctx)) throw new Refusal(SPOIL_MESSAGES.deleteGovernment);
        if (change.before?.source === '1') throw new Refusal(SPOIL_MESSAGES.deleteDerived);
        return;
      case 'transition':
        if (!isGovernment(ctx)) throw new Refusal(SPOIL_MESSAGES.handleGovernment);
        return;
      default:
        throw new Refusal(SPOIL_MESSAGES.handleGovernment);
    }
  },
  async beforeWrite(row, ctx) {
    if (row.truckId === undefined || row.truckId === null || row.truckId === '') return row;
    const truck = await truckById(ctx.db, row.truckId, row.projectId);
    if (!truck) throw new FieldRefusal(SPOIL_MESSAGES.truck, 'truckId');
    return { ...row, plateNo: truck.plate_no };
  },
  async afterWrite(row, ctx) {
    const id = String(row.id);
    await sql`update ${sql.table(SPOIL_TABLES.violation)} set violation_no = ${numbered('WG', asDate(row.occurredAt) ?? new Date(), id)},
      ${sql.id(sortKeyColumn({ column: 'violation_no' }))} = ${textKey(numbered('WG', asDate(row.occurredAt) ?? new Date(), id))} where id = ${id}`.execute(ctx.db);
  },
};

const BY_ENTITY: Readonly<Record<string, EntityHooks>> = {
  SpoilPermit: permitHooks,
  SpoilPermitTruck: permitTruckHooks,
  SpoilTrip: tripHooks,
  SpoilViolation: violationHooks,
};

const pick = (ctx: HookContext): EntityHooks => {
  const hooks = BY_ENTITY[ctx.model.entity.name];
  if (!hooks) throw new Error(`spoil hook on unknown entity ${ctx.model.entity.name}`);
  return hooks;
};

/** The `spoil` hook module of the permit, its trucks, trips and violations. */
export const spoilHooks: EntityHooks = {
  checkChange: async (change, ctx) => pick(ctx).checkChange?.(change, ctx),
  beforeWrite: async (row, ctx, action) => (pick(ctx).beforeWrite ? pick(ctx).beforeWrite!(row, ctx, action) : row),
  afterRead: (row, ctx) => (pick(ctx).afterRead ? pick(ctx).afterRead!(row, ctx) : row),
  afterWrite: async (row, ctx, action) => {
    if (action === 'create') await pick(ctx).afterWrite?.(row, ctx, action);
  },
};

/** `spoil-passage` on 车辆出入记录: a spoil truck's exit opens its trip and violations. */
export const spoilPassageHooks: EntityHooks = {
  async afterWrite(row, ctx, action) {
    if (action === 'create' && row.direction === 'out') await tripFromPassage(ctx, row);
  },
};

/** 受理 / 处理完结 / 核实撤销: stamps who handled the violation and when. */
export const violationHandleHook: TransitionHook = async (change, ctx) => {
  await sql`update ${sql.table(SPOIL_TABLES.violation)} set handled_by = ${whoIs(ctx)}, handled_at = now() where id = ${change.id}`.execute(ctx.db);
};
