// 搅拌站 (docs/concrete-plant.md): what the plant's hooks share — the tables of its entities (named in
// schemas/entities), state labels for messages, and the order's follow-on moves (生产中 when its first
// task starts, 已完成 when its deliveries are signed), written with a workflow history row and an
// audit row in the caller's transaction, as a move through the endpoint would be.
import { sql } from 'kysely';
import type { SessionContext } from '../../auth/session-context';
import { recordChange } from '../../engine/audit-trail';
import { Refusal } from '../../engine/errors';
import type { HookContext } from '../../engine/hook-types';

export const PLANT_TABLES = {
  order: 'concrete_order',
  task: 'production_task',
  trip: 'dispatch_trip',
  formula: 'mix_formula',
  bin: 'plant_bin',
  price: 'concrete_price',
  statement: 'concrete_statement',
  setting: 'plant_setting',
} as const;

export const ORDER = { pending: '1', approved: '2', rejected: '3', producing: '4', done: '5', cancelled: '6' } as const;
export const TASK = { waiting: '1', producing: '2', paused: '3', done: '4', cancelled: '5' } as const;
export const TRIP = { left: '1', arrived: '2', signed: '3', returned: '4' } as const;

/** Completion tolerance (方) when the company has no 搅拌站参数 row. */
export const DEFAULT_COMPLETION_TOLERANCE = 0.5;

/** A code's label from its dictionary, for messages naming a state (当前状态“生产中”…). */
export function stateLabel(ctx: HookContext, dictionary: string, value: unknown): string {
  return ctx.dictionary(dictionary)?.find((o) => String(o.xuHao) === String(value))?.selContent ?? String(value ?? '');
}

export type OrderRow = {
  id: string;
  status: string;
  strength_grade: string;
  volume: number;
  signed_volume: number;
  pump_needed: boolean;
  customer_id: string;
};

/** The order of the caller's company, locked for the rest of the transaction when `lock`; null when not found. */
export async function orderById(ctx: HookContext, id: unknown, lock = false): Promise<OrderRow | null> {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) return null;
  const rows = await sql<OrderRow>`select id, status, strength_grade, volume, signed_volume, pump_needed, customer_id
    from ${sql.table(PLANT_TABLES.order)} where id = ${n} and company_id = ${ctx.session.companyId} and if_del = 0
    ${lock ? sql`for update` : sql``}`.execute(ctx.db);
  return rows.rows[0] ?? null;
}

type OrderMove = { transition: 'produce' | 'complete'; from: string; to: string; comment: string; completedAt?: boolean };

/** Moves a locked order as its workflow's `transition` would, by the server: state, version, history, audit. */
export async function moveOrder(ctx: HookContext, order: OrderRow, move: OrderMove): Promise<void> {
  const done = await sql`update ${sql.table(PLANT_TABLES.order)}
    set status = ${move.to}, version = version + 1, updated_at = now()${move.completedAt ? sql`, completed_at = now()` : sql``}
    where id = ${Number(order.id)} and status = ${move.from}`.execute(ctx.db);
  if (Number(done.numAffectedRows ?? 0) !== 1) throw new Refusal('订单状态已变化，请刷新后重试');
  const session: SessionContext = ctx.session;
  await ctx.db
    .insertInto('workflow_history')
    .values({
      entity: 'ConcreteOrder',
      record_id: String(order.id),
      company_id: session.companyId,
      transition: move.transition,
      from_state: move.from,
      to_state: move.to,
      fields: '{}',
      comment: move.comment,
      user_id: session.user.id,
      user_name: session.user.real_name || session.user.user_name,
    })
    .execute();
  await recordChange(ctx.db, {
    session,
    entity: { name: 'ConcreteOrder', title: '混凝土订单', fields: [{ name: 'status', title: '订单状态' }] },
    recordId: order.id,
    action: 'transition',
    before: { status: move.from },
    after: { status: move.to },
    label: (_field, value) => stateLabel(ctx, 'concreteOrderStatus', value),
  });
}
