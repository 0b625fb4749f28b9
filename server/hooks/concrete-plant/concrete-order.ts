// 混凝土订单 (ConcreteOrder): what its workflow's data cannot say. An order is edited only while it
// waits for review or was sent back, deleted only before production (or once cancelled); cancelling
// is refused while it has live production tasks; completing stamps 完成时间.
import { sql } from 'kysely';
import { Refusal } from '../../engine/errors';
import type { TransitionHook } from '../transitions';
import type { EntityHooks } from '../types';
import { ORDER, PLANT_TABLES, TASK, stateLabel } from './shared';

export const ORDER_MESSAGES = {
  notEditable: (state: string) => `订单当前状态“${state}”不能修改`,
  notDeletable: (state: string) => `订单当前状态“${state}”不能删除`,
  hasTasks: '订单已有生产任务，请先取消生产任务',
} as const;

const EDITABLE: readonly string[] = [ORDER.pending, ORDER.rejected];
const DELETABLE: readonly string[] = [ORDER.pending, ORDER.rejected, ORDER.cancelled];

export const concreteOrderHooks: EntityHooks = {
  async checkChange({ action, before }, ctx) {
    if (!before) return;
    const state = String(before.status ?? '');
    if (action === 'update' && !EDITABLE.includes(state)) throw new Refusal(ORDER_MESSAGES.notEditable(stateLabel(ctx, 'concreteOrderStatus', state)));
    if (action === 'delete' && !DELETABLE.includes(state)) throw new Refusal(ORDER_MESSAGES.notDeletable(stateLabel(ctx, 'concreteOrderStatus', state)));
  },
};

/** 取消订单: not while a production task of the order is still live. */
export const orderCancelHook: TransitionHook = async ({ id }, ctx) => {
  const live = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(PLANT_TABLES.task)}
    where order_id = ${id} and if_del = 0 and status <> ${TASK.cancelled}`.execute(ctx.db);
  if ((live.rows[0]?.n ?? 0) > 0) throw new Refusal(ORDER_MESSAGES.hasTasks);
};

/** 完成订单 (by hand, e.g. the site needs no more): stamps 完成时间. */
export const orderCompleteHook: TransitionHook = async ({ id }, ctx) => {
  await sql`update ${sql.table(PLANT_TABLES.order)} set completed_at = now() where id = ${Number(id)}`.execute(ctx.db);
};
