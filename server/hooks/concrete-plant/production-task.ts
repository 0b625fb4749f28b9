// 生产任务 (ProductionTask): a task is made from an approved order (or one in production), takes the
// order's strength grade and an enabled formula of that grade, and changes order only while waiting (the
// states in which it is edited or deleted are the workflow's editableIn / deletableIn). Starting the order's first task moves the order to 生产中; every
// task answers the volume already dispatched (its trips, returned loads left out).
import { sql } from 'kysely';
import { Refusal } from '../../engine/errors';
import type { TransitionHook } from '../../engine/hook-types';
import type { EntityHooks, HookContext, HookRow } from '../../engine/hook-types';
import { ORDER, PLANT_TABLES, TASK, TRIP, moveOrder, orderById, stateLabel } from './shared';

export const TASK_MESSAGES = {
  orderNotApproved: (state: string) => `订单当前状态“${state}”不能创建生产任务`,
  orderMissing: '所选订单不存在或无权访问',
  formulaGrade: (formula: string, order: string) => `配合比强度等级（${formula}）与订单强度等级（${order}）不一致`,
  formulaDisabled: '所选配合比已停用',
  orderFixed: (state: string) => `任务当前状态“${state}”不能更换订单`,
  startOrder: (state: string) => `订单当前状态“${state}”不能开始生产`,
} as const;

const OPEN_ORDER: readonly string[] = [ORDER.approved, ORDER.producing];

const taskState = (ctx: HookContext, v: unknown) => stateLabel(ctx, 'productionTaskStatus', v);

async function formulaOf(ctx: HookContext, id: unknown): Promise<{ strength_grade: string; enabled: boolean } | null> {
  const n = Number(id);
  if (!Number.isSafeInteger(n)) return null;
  const rows = await sql<{ strength_grade: string; enabled: boolean }>`select strength_grade, enabled from ${sql.table(PLANT_TABLES.formula)}
    where id = ${n} and company_id = ${ctx.session.companyId}`.execute(ctx.db);
  return rows.rows[0] ?? null;
}

export const productionTaskHooks: EntityHooks = {
  async beforeWrite(row, ctx, action) {
    const order = await orderById(ctx, row.orderId);
    if (!order) throw new Refusal(TASK_MESSAGES.orderMissing);
    if (action === 'create' && !OPEN_ORDER.includes(order.status)) {
      throw new Refusal(TASK_MESSAGES.orderNotApproved(stateLabel(ctx, 'concreteOrderStatus', order.status)));
    }
    const formula = await formulaOf(ctx, row.formulaId);
    if (formula && formula.strength_grade !== order.strength_grade) throw new Refusal(TASK_MESSAGES.formulaGrade(formula.strength_grade, order.strength_grade));
    if (formula && !formula.enabled) throw new Refusal(TASK_MESSAGES.formulaDisabled);
    return { ...row, strengthGrade: order.strength_grade };
  },

  async checkChange({ action, before, values }, ctx) {
    const state = String(before?.status ?? '');
    if (action === 'update' && before && 'orderId' in values && String(values.orderId) !== String(before.orderId) && state !== TASK.waiting) {
      throw new Refusal(TASK_MESSAGES.orderFixed(taskState(ctx, state)));
    }
  },

  async readRows(rows, { db }) {
    const ids = rows.map((r) => Number(r.id)).filter(Number.isSafeInteger);
    if (ids.length === 0) return rows;
    const sums = await sql<{ task_id: string; v: number }>`select task_id, coalesce(sum(volume), 0)::float8 as v from ${sql.table(PLANT_TABLES.trip)}
      where task_id = any(${ids.map(String)}::text[]) and if_del = 0 and status <> ${TRIP.returned} group by task_id`.execute(db);
    const byTask = new Map(sums.rows.map((s) => [String(s.task_id), Number(s.v)]));
    return rows.map((r): HookRow => ({ ...r, dispatchedVolume: byTask.get(String(r.id)) ?? 0 }));
  },
};

/** 开始生产: stamps 开盘时间; the order must be open, and its first started task moves it to 生产中. */
export const taskStartHook: TransitionHook = async ({ id, before }, ctx) => {
  const order = await orderById(ctx, before.orderId, true);
  if (!order) throw new Refusal(TASK_MESSAGES.orderMissing);
  if (!OPEN_ORDER.includes(order.status)) throw new Refusal(TASK_MESSAGES.startOrder(stateLabel(ctx, 'concreteOrderStatus', order.status)));
  await sql`update ${sql.table(PLANT_TABLES.task)} set started_at = coalesce(started_at, now()) where id = ${Number(id)}`.execute(ctx.db);
  if (order.status === ORDER.approved) {
    await moveOrder(ctx, order, { transition: 'produce', from: ORDER.approved, to: ORDER.producing, comment: '生产任务开始生产，订单自动转为生产中' });
  }
};

/** 完成: stamps 完成时间. */
export const taskFinishHook: TransitionHook = async ({ id }, ctx) => {
  await sql`update ${sql.table(PLANT_TABLES.task)} set finished_at = now() where id = ${Number(id)}`.execute(ctx.db);
};
