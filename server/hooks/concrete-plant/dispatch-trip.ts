// 发货单 (DispatchTrip): a load leaves only for a task in production and belongs to the task's order;
// it is edited until signed or returned and deleted only before it arrives. 签收 adds the received
// volume to the order, completes the order once the signed volume reaches the ordered volume within the
// company's tolerance (搅拌站参数), and adds the load to the customer's statement of the month (对账).
import { sql } from 'kysely';
import { Refusal } from '../../engine/errors';
import type { TransitionHook } from '../../engine/hook-types';
import type { EntityHooks, HookContext } from '../../engine/hook-types';
import { DEFAULT_COMPLETION_TOLERANCE, ORDER, PLANT_TABLES, TASK, moveOrder, orderById, stateLabel } from './shared';
import { sortKeyColumn, textKey } from '../../engine/sort-keys';

export const TRIP_MESSAGES = {
  taskMissing: '所选生产任务不存在或无权访问',
  taskNotProducing: (state: string) => `生产任务当前状态“${state}”不能发车`,
  overSigned: '签收方量不能大于发车方量',
  orderNotProducing: (state: string) => `订单当前状态“${state}”不能签收`,
} as const;

export const dispatchTripHooks: EntityHooks = {
  async beforeWrite(row, ctx, action) {
    const n = Number(row.taskId);
    const rows = Number.isSafeInteger(n)
      ? await sql<{ order_id: string; status: string }>`select order_id, status from ${sql.table(PLANT_TABLES.task)}
          where id = ${n} and company_id = ${ctx.session.companyId} and if_del = 0`.execute(ctx.db)
      : { rows: [] };
    const task = rows.rows[0];
    if (!task) throw new Refusal(TRIP_MESSAGES.taskMissing);
    if (action === 'create' && task.status !== TASK.producing) throw new Refusal(TRIP_MESSAGES.taskNotProducing(stateLabel(ctx, 'productionTaskStatus', task.status)));
    return { ...row, orderId: task.order_id };
  },
};

async function completionTolerance(ctx: HookContext): Promise<number> {
  const rows = await sql<{ t: number }>`select completion_tolerance as t from ${sql.table(PLANT_TABLES.setting)}
    where company_id = ${ctx.session.companyId} order by id limit 1`.execute(ctx.db);
  const t = rows.rows[0]?.t;
  return t === undefined || t === null ? DEFAULT_COMPLETION_TOLERANCE : Number(t);
}

/** Adds a signed load to its customer's statement of the signing month (CST), priced by the grade's unit price. */
async function addToStatement(ctx: HookContext, order: { customer_id: string; strength_grade: string; pump_needed: boolean }, volume: number, signedAt: unknown) {
  const price = await sql<{ unit_price: string; pump_price: string | null }>`select unit_price, pump_price from ${sql.table(PLANT_TABLES.price)}
    where company_id = ${ctx.session.companyId} and strength_grade = ${order.strength_grade} and if_del = 0 order by id limit 1`.execute(ctx.db);
  const p = price.rows[0];
  const unit = p ? Number(p.unit_price) + (order.pump_needed ? Number(p.pump_price ?? 0) : 0) : 0;
  const amount = Math.round(volume * unit * 100) / 100;
  const at = signedAt instanceof Date ? signedAt.toISOString() : String(signedAt);
  const month = sql`to_char(${at}::timestamptz at time zone 'Asia/Shanghai', 'YYYY-MM')`;
  const table = sql.table(PLANT_TABLES.statement);
  const company = ctx.session.companyId;
  const updated = await sql`update ${table} set trip_count = trip_count + 1, volume = volume + ${volume}, amount = amount + ${amount},
    version = version + 1, updated_at = now()
    where company_id = ${company} and customer_id = ${order.customer_id} and month = ${month}`.execute(ctx.db);
  if (Number(updated.numAffectedRows ?? 0) > 0) return;
  await sql`insert into ${table} (company_id, created_by, customer_id, month, ${sql.id(sortKeyColumn({ column: 'month' }))}, trip_count, volume, amount)
    values (${company}, ${ctx.session.user.id}, ${order.customer_id}, ${month}, ${textKey(month)}, 1, ${volume}, ${amount})`.execute(ctx.db);
}

/** 签收: see the file's head. */
export const tripSignHook: TransitionHook = async ({ before, values }, ctx) => {
  const received = Number(values.receivedVolume);
  if (received > Number(before.volume)) throw new Refusal(TRIP_MESSAGES.overSigned);
  const order = await orderById(ctx, before.orderId, true);
  if (!order) throw new Refusal(TRIP_MESSAGES.taskMissing);
  if (order.status !== ORDER.producing) throw new Refusal(TRIP_MESSAGES.orderNotProducing(stateLabel(ctx, 'concreteOrderStatus', order.status)));
  const signed = Number(order.signed_volume ?? 0) + received;
  await sql`update ${sql.table(PLANT_TABLES.order)} set signed_volume = ${signed}, version = version + 1, updated_at = now()
    where id = ${Number(order.id)}`.execute(ctx.db);
  await addToStatement(ctx, order, received, values.signedAt);
  if (signed >= Number(order.volume) - (await completionTolerance(ctx))) {
    await moveOrder(ctx, order, {
      transition: 'complete', from: ORDER.producing, to: ORDER.done, completedAt: true,
      comment: `签收方量累计${signed}方，达到订单方量${Number(order.volume)}方，订单自动完成`,
    });
  }
};
