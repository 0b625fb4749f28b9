// 混凝土订单 (ConcreteOrder): what its workflow's data cannot say (the states in which an order is edited
// or deleted are the workflow's editableIn / deletableIn): cancelling is refused while the order has live
// production tasks; completing stamps 完成时间.
import { sql } from 'kysely';
import { Refusal } from '../../engine/errors';
import type { TransitionHook } from '../../engine/hook-types';
import { PLANT_TABLES, TASK } from './shared';

export const ORDER_MESSAGES = { hasTasks: '订单已有生产任务，请先取消生产任务' } as const;

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
