// 原材料进场 (MaterialDelivery): the weighbridge ticket of a delivery into a bin. The net weight is gross
// minus tare, the material is the bin's, and saving the ticket adds the net weight to the bin's stock in
// the same transaction — refused past the bin's capacity. A ticket counted into the stock is not edited
// or deleted afterwards (a correction is a new ticket).
import { sql } from 'kysely';
import { Refusal } from '../../engine/errors';
import type { EntityHooks, HookContext } from '../../engine/hook-types';
import { PLANT_TABLES } from './shared';

export const DELIVERY_MESSAGES = {
  tare: '皮重必须小于毛重',
  binMissing: '所选料仓不存在或无权访问',
  overCapacity: (bin: string, room: number) => `${bin}剩余容量${room}吨，放不下本车材料`,
  fixed: '进场记录已计入料仓库存，不能修改或删除',
} as const;

type Bin = { bin_name: string; material_id: string; capacity: number; stock: number };

async function binOf(ctx: HookContext, id: unknown, lock: boolean): Promise<Bin | null> {
  const n = Number(id);
  if (!Number.isSafeInteger(n)) return null;
  const rows = await sql<Bin>`select bin_name, material_id, capacity, stock from ${sql.table(PLANT_TABLES.bin)}
    where id = ${n} and company_id = ${ctx.session.companyId} and if_del = 0 ${lock ? sql`for update` : sql``}`.execute(ctx.db);
  return rows.rows[0] ?? null;
}

const round = (v: number) => Math.round(v * 1000) / 1000;

export const materialDeliveryHooks: EntityHooks = {
  async beforeWrite(row, ctx) {
    const gross = Number(row.grossWeight);
    const tare = Number(row.tareWeight);
    if (!(tare < gross)) throw new Refusal(DELIVERY_MESSAGES.tare);
    const bin = await binOf(ctx, row.binId, false);
    if (!bin) throw new Refusal(DELIVERY_MESSAGES.binMissing);
    return { ...row, netWeight: round(gross - tare), materialId: bin.material_id };
  },

  async afterWrite(row, ctx, action) {
    if (action !== 'create') return;
    const bin = await binOf(ctx, row.binId, true);
    if (!bin) throw new Refusal(DELIVERY_MESSAGES.binMissing);
    const net = Number(row.netWeight);
    const room = round(Number(bin.capacity) - Number(bin.stock));
    if (net > room) throw new Refusal(DELIVERY_MESSAGES.overCapacity(bin.bin_name, Math.max(room, 0)));
    await sql`update ${sql.table(PLANT_TABLES.bin)} set stock = ${round(Number(bin.stock) + net)}, version = version + 1, updated_at = now()
      where id = ${Number(row.binId)}`.execute(ctx.db);
  },

  async checkChange({ action }) {
    if (action === 'update' || action === 'delete') throw new Refusal(DELIVERY_MESSAGES.fixed);
  },
};
