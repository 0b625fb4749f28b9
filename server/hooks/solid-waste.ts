// 固废台账 (docs/environment.md): 贮存点 hold what 产生记录 bring in; a 转移联单 takes a quantity out
// (generator → carrier → receiver: 待转移 → 运输中 → 已接收 → 已处置, or 已退回), and 处置记录 say how the
// receiver disposed of it. What the data cannot say is checked here: a storage point's stock (generated
// minus what live manifests took) never goes below zero, a manifest never takes more than is stored, a
// waste kind and unit match its storage point, disposals only follow a received manifest and never exceed
// what was received, and a government user reads the ledger but never writes it.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { FieldRefusal, Refusal } from '../engine/errors';
import type { TransitionHook } from '../engine/hook-types';
import type { EntityHooks, HookContext, HookRow } from '../engine/hook-types';

export const WASTE_MESSAGES = {
  readOnly: '政府监管用户只能查看固废台账',
  kindMismatch: '固废类别与所选贮存点不一致',
  unitMismatch: '计量单位与所选贮存点不一致',
  overStock: (stock: number, unit: string) => `转移数量不能超过贮存点现存量（现存${stock}${unit}）`,
  stockBelowZero: (unit: string, stock: number) => `该贮存点的固废已转移，修改后现存量将为${stock}${unit}，不能保存`,
  notReceived: '联单接收后才能登记处置记录',
  overReceived: (received: number, unit: string) => `处置数量合计不能超过接收数量（${received}${unit}）`,
  noDisposal: '请先登记处置记录，再确认处置',
  disposedNoReturn: '已登记处置记录的联单不能退回',
  storageInUse: '该贮存点已有产生记录或转移联单，不能修改固废类别和计量单位',
} as const;

/** A receiver's quantity differing from the shipped one by more than this share is flagged (磅差). */
export const DIFF_TOLERANCE = 0.05;

const UNIT_LABELS: Readonly<Record<string, string>> = { t: '吨', m3: '立方米', kg: '千克', pcs: '个' };
const unitLabel = (code: unknown) => UNIT_LABELS[String(code)] ?? '';
const isGovernment = (ctx: HookContext): boolean => ctx.session.user.user_auth_type === '1';
const whoIs = (ctx: HookContext): string => ctx.session.user.real_name || ctx.session.user.user_name;
const round = (n: number) => Math.round(n * 1000) / 1000;

/** What a storage point holds now: generated minus the quantities of live manifests (returned ones give it back). */
export async function storageStock(db: Kysely<Database>, storageIds: readonly string[], exceptManifest?: string): Promise<Map<string, number>> {
  if (storageIds.length === 0) return new Map();
  const rows = await sql<{ id: string; stock: string | number }>`
    select s.id::text as id,
      coalesce((select sum(g.quantity) from waste_generation g where g.storage_id = s.id::text and g.if_del = 0), 0)
      - coalesce((select sum(m.quantity) from waste_manifest m where m.storage_id = s.id::text and m.if_del = 0 and m.status <> '5'
          and m.id::text <> ${exceptManifest ?? ''}), 0) as stock
    from waste_storage s where s.id::text in (${sql.join(storageIds)})`.execute(db);
  return new Map(rows.rows.map((r) => [r.id, round(Number(r.stock))]));
}

async function storageOf(db: Kysely<Database>, id: string): Promise<{ waste_kind: string; unit: string } | undefined> {
  const r = await sql<{ waste_kind: string; unit: string }>`select waste_kind, unit from waste_storage where id::text = ${id} and if_del = 0`.execute(db);
  return r.rows[0];
}

/** The row as it will be: the stored one with the written values over it. */
const merged = (before: HookRow | null, values: HookRow): HookRow => ({ ...(before ?? {}), ...values });

/** A generation record or manifest names a storage point of the same kind and unit. */
async function checkStorageMatch(row: HookRow, ctx: HookContext): Promise<void> {
  if (!row.storageId) return;
  const storage = await storageOf(ctx.db, String(row.storageId));
  if (!storage) return; // the engine's reference check answers 所选贮存点不存在或无权访问
  if (row.wasteKind !== undefined && String(row.wasteKind) !== storage.waste_kind) throw new FieldRefusal(WASTE_MESSAGES.kindMismatch, 'wasteKind');
  if (row.unit !== undefined && String(row.unit) !== storage.unit) throw new FieldRefusal(WASTE_MESSAGES.unitMismatch, 'unit');
}

async function checkManifest(change: Parameters<NonNullable<EntityHooks['checkChange']>>[0], ctx: HookContext): Promise<void> {
  if (change.action === 'transition') {
    if (change.transition !== 'dispose' && change.transition !== 'sendBack') return;
    const r = await sql<{ n: string | number }>`select count(*) as n from waste_disposal where manifest_id = ${String(change.before?.id)} and if_del = 0`.execute(ctx.db);
    const disposals = Number(r.rows[0]?.n ?? 0);
    if (change.transition === 'dispose' && disposals === 0) throw new Refusal(WASTE_MESSAGES.noDisposal);
    if (change.transition === 'sendBack' && disposals > 0) throw new Refusal(WASTE_MESSAGES.disposedNoReturn);
    return;
  }
  if (change.action !== 'create' && change.action !== 'update') return;
  const row = merged(change.before, change.values);
  await checkStorageMatch(row, ctx);
  if (row.storageId && typeof row.quantity === 'number') {
    const stock = (await storageStock(ctx.db, [String(row.storageId)], change.before ? String(change.before.id) : undefined)).get(String(row.storageId)) ?? 0;
    if (row.quantity > stock) throw new FieldRefusal(WASTE_MESSAGES.overStock(stock, unitLabel(row.unit)), 'quantity');
  }
}

/** A generation record changed or deleted must leave its storage point(s) a stock of at least zero. */
async function checkGeneration(change: Parameters<NonNullable<EntityHooks['checkChange']>>[0], ctx: HookContext): Promise<void> {
  if (change.action === 'create' || change.action === 'update') await checkStorageMatch(merged(change.before, change.values), ctx);
  if (!change.before || (change.action !== 'update' && change.action !== 'delete')) return;
  const oldStorage = String(change.before.storageId);
  const after = change.action === 'delete' ? null : merged(change.before, change.values);
  const stock = (await storageStock(ctx.db, [oldStorage])).get(oldStorage) ?? 0;
  const taken = Number(change.before.quantity);
  const putBack = after && String(after.storageId) === oldStorage ? Number(after.quantity) : 0;
  const left = round(stock - taken + putBack);
  if (left < 0) throw new Refusal(WASTE_MESSAGES.stockBelowZero(unitLabel(change.before.unit), left));
}

async function checkDisposal(change: Parameters<NonNullable<EntityHooks['checkChange']>>[0], ctx: HookContext): Promise<void> {
  const row = merged(change.before, change.values);
  const manifestId = String(row.manifestId ?? '');
  const m = await sql<{ status: string; received_quantity: string | number | null; unit: string }>`
    select status, received_quantity, unit from waste_manifest where id::text = ${manifestId} and if_del = 0`.execute(ctx.db);
  const manifest = m.rows[0];
  if (!manifest) return; // the reference check answers it
  if (manifest.status !== '3') throw new Refusal(WASTE_MESSAGES.notReceived);
  if (change.action === 'delete') return;
  const others = await sql<{ total: string | number | null }>`
    select sum(quantity) as total from waste_disposal where manifest_id = ${manifestId} and if_del = 0 and id::text <> ${change.before ? String(change.before.id) : ''}`.execute(ctx.db);
  const received = Number(manifest.received_quantity ?? 0);
  if (round(Number(others.rows[0]?.total ?? 0) + Number(row.quantity ?? 0)) > received)
    throw new FieldRefusal(WASTE_MESSAGES.overReceived(received, unitLabel(manifest.unit)), 'quantity');
}

export const solidWasteHooks: EntityHooks = {
  async checkChange(change, ctx) {
    if (isGovernment(ctx)) throw new Refusal(WASTE_MESSAGES.readOnly);
    switch (ctx.model.entity.name) {
      case 'WasteManifest':
        return checkManifest(change, ctx);
      case 'WasteGeneration':
        return checkGeneration(change, ctx);
      case 'WasteDisposal':
        return checkDisposal(change, ctx);
      case 'WasteStorage': {
        const kindOrUnit = change.action === 'update' && (change.values.wasteKind !== undefined || change.values.unit !== undefined);
        const changes = kindOrUnit && (String(change.values.wasteKind ?? change.before?.wasteKind) !== String(change.before?.wasteKind) || String(change.values.unit ?? change.before?.unit) !== String(change.before?.unit));
        if (!changes) return;
        const used = await sql<{ n: string | number }>`select (select count(*) from waste_generation where storage_id = ${String(change.before?.id)} and if_del = 0)
          + (select count(*) from waste_manifest where storage_id = ${String(change.before?.id)} and if_del = 0) as n`.execute(ctx.db);
        if (Number(used.rows[0]?.n ?? 0) > 0) throw new Refusal(WASTE_MESSAGES.storageInUse);
        return;
      }
    }
  },
  async beforeWrite(row, ctx, action) {
    if (ctx.model.entity.name === 'WasteGeneration' && action === 'create') return { ...row, recorder: whoIs(ctx) };
    return row;
  },
  async readRows(rows, ctx) {
    if (ctx.model.entity.name !== 'WasteStorage') return rows;
    const stock = await storageStock(ctx.db, rows.map((r) => String(r.id)));
    return rows.map((r) => ({ ...r, stock: stock.get(String(r.id)) ?? 0 }));
  },
};

const stamp = (column: 'departed' | 'received' | 'disposed' | 'returned'): TransitionHook => async (change, ctx) => {
  await sql`update waste_manifest set ${sql.ref(`${column}_by`)} = ${whoIs(ctx)}, ${sql.ref(`${column}_at`)} = now() where id = ${change.id}`.execute(ctx.db);
};

/** 发运: the truck has left; who and when. */
export const manifestDepartHook = stamp('departed');
/** 退回: the receiver refused the load; it is back in the storage point (stock counts no returned manifest). */
export const manifestReturnHook = stamp('returned');
/** 处置确认: who confirmed the disposal and when (the checkChange hook made sure disposals were recorded). */
export const manifestDisposeHook = stamp('disposed');

/** 接收签收: who registered the receipt, the difference between received and shipped, flagged beyond the tolerance. */
export const manifestReceiveHook: TransitionHook = async (change, ctx) => {
  const shipped = Number(change.before.quantity);
  const received = Number(change.values.receivedQuantity);
  const diff = round(received - shipped);
  const flagged = shipped > 0 && Math.abs(diff) / shipped > DIFF_TOLERANCE;
  await sql`update waste_manifest set received_by = ${whoIs(ctx)}, received_at = now(), quantity_diff = ${diff}, diff_flagged = ${flagged}
    where id = ${change.id}`.execute(ctx.db);
};
