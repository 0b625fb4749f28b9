// 盘记录 (BatchRecord), written by the plant's control system (or the demo simulator) through the engine:
// the task names the order, line and strength grade; the largest deviation of actual from set weight and
// the alarm past the company's 计量允许偏差 are computed here, not trusted from the writer; and each
// material's actual weight is taken out of the bin the task's formula draws it from, in the same
// transaction (several bins of one kind share it by their dosage). Stock never goes below zero.
import { sql } from 'kysely';
import { Refusal } from '../../engine/errors';
import type { EntityHooks, HookContext, HookRow } from '../../engine/hook-types';
import { PLANT_TABLES, TASK } from './shared';

export const BATCH_MESSAGES = {
  taskMissing: '所选生产任务不存在或无权访问',
  taskNotProducing: '生产任务不在生产中，不能记录盘数据',
} as const;

/** plantMaterialKind code → the batch record's field prefix (cementSet / cementActual …). */
export const BATCH_MATERIALS: ReadonlyArray<{ kind: string; field: string }> = [
  { kind: '1', field: 'cement' },
  { kind: '2', field: 'sand' },
  { kind: '3', field: 'stone' },
  { kind: '4', field: 'flyAsh' },
  { kind: '5', field: 'slag' },
  { kind: '6', field: 'water' },
  { kind: '7', field: 'admixture' },
];

const DEFAULT_DEVIATION_LIMIT = 2;

type Task = { order_id: string; line_no: string; strength_grade: string; formula_id: string; status: string };

async function taskOf(ctx: HookContext, id: unknown): Promise<Task | null> {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) return null;
  const rows = await sql<Task>`select order_id, line_no, strength_grade, formula_id, status from ${sql.table(PLANT_TABLES.task)}
    where id = ${n} and company_id = ${ctx.session.companyId} and if_del = 0`.execute(ctx.db);
  return rows.rows[0] ?? null;
}

/** The largest |actual − set| / set of the batch's materials, in % with two decimals. */
export function maxDeviationOf(row: HookRow): number {
  let max = 0;
  for (const m of BATCH_MATERIALS) {
    const set = Number(row[`${m.field}Set`] ?? 0);
    const actual = Number(row[`${m.field}Actual`] ?? 0);
    if (set > 0 && Number.isFinite(actual)) max = Math.max(max, (Math.abs(actual - set) / set) * 100);
  }
  return Math.round(max * 100) / 100;
}

export const batchRecordHooks: EntityHooks = {
  async beforeWrite(row, ctx, action) {
    if (action !== 'create') return row;
    const task = await taskOf(ctx, row.taskId);
    if (!task) throw new Refusal(BATCH_MESSAGES.taskMissing);
    if (task.status !== TASK.producing) throw new Refusal(BATCH_MESSAGES.taskNotProducing);
    const setting = await sql<{ deviation_limit: number }>`select deviation_limit from ${sql.table(PLANT_TABLES.setting)}
      where company_id = ${ctx.session.companyId} order by id limit 1`.execute(ctx.db);
    const limit = Number(setting.rows[0]?.deviation_limit ?? DEFAULT_DEVIATION_LIMIT);
    const maxDeviation = maxDeviationOf(row);
    return { ...row, orderId: task.order_id, lineNo: task.line_no, strengthGrade: task.strength_grade, maxDeviation, alarm: maxDeviation > limit };
  },

  async afterWrite(row, ctx, action) {
    if (action !== 'create') return;
    const task = await taskOf(ctx, row.taskId);
    if (!task) throw new Refusal(BATCH_MESSAGES.taskMissing);
    const bins = await sql<{ bin_id: string; kind: string; dosage: number }>`
      select fm.bin_id, m.kind, fm.dosage from formula_material fm
      join plant_material m on m.id::text = fm.material_id
      where fm.formula_id = ${task.formula_id} and fm.company_id = ${ctx.session.companyId} and fm.if_del = 0 and fm.bin_id is not null`.execute(ctx.db);
    for (const m of BATCH_MATERIALS) {
      const actualKg = Number(row[`${m.field}Actual`] ?? 0);
      const of = bins.rows.filter((b) => b.kind === m.kind);
      const total = of.reduce((s, b) => s + Number(b.dosage ?? 0), 0);
      if (!(actualKg > 0) || of.length === 0) continue;
      for (const b of of) {
        const share = total > 0 ? Number(b.dosage ?? 0) / total : 1 / of.length;
        const tonnes = Math.round(actualKg * share) / 1000;
        await sql`update ${sql.table(PLANT_TABLES.bin)} set stock = greatest(round((stock - ${tonnes})::numeric, 3), 0), version = version + 1, updated_at = now()
          where id = ${Number(b.bin_id)} and company_id = ${ctx.session.companyId}`.execute(ctx.db);
      }
    }
  },
};
