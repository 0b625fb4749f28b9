// 保养计划 (docs/devices.md "Plans"): a plan (DeviceMaintainPlan) keeps one open 保养任务 (MaintainTask,
// rows the server writes) due on its next date; a 维保记录 (MaintenanceRec) against the plan completes
// that task and opens the next one a cycle after the work was done. Whether a task or plan is 未到期,
// 即将到期 (within the plan's 提前提醒 days), 已逾期 or 已完成 is worked out on read, against today (CST).
import { sql } from 'kysely';
import { Refusal } from '../../engine/errors';
import type { EntityHooks, HookContext, HookRow } from '../../engine/hook-types';
import { addDays, auditServerRow, dateText, DEVICE_TABLES, ledgerDevice, todayCst } from './shared';

export const PLAN_MESSAGES = {
  device: '所选设备不存在或无权访问',
  template: '所选维保模板不存在或无权访问',
  plan: '所选保养计划不存在或无权访问',
  disabled: '该保养计划已停用，不能登记保养',
  future: '保养日期不能晚于今天',
  fixed: '维保记录已计入保养计划，不能修改或删除',
  weighTare: '皮重必须小于毛重',
} as const;

export const DEFAULT_REMIND_DAYS = 3;

/** 已完成, 已停用, 已逾期, 即将到期 or 未到期 (maintainDueState) of a due date. */
export function dueStateOf(due: string | null, opts: { done?: boolean; enabled?: boolean; remindDays?: number; today?: string }): string | null {
  if (opts.done) return 'done';
  if (opts.enabled === false) return 'disabled';
  if (!due) return null;
  const today = opts.today ?? todayCst();
  if (due < today) return 'overdue';
  if (due <= addDays(today, opts.remindDays ?? DEFAULT_REMIND_DAYS)) return 'due';
  return 'notDue';
}

export const maintainPlanHooks: EntityHooks = {
  async beforeWrite(row, ctx) {
    const device = await ledgerDevice(ctx, row.deviceId, row.projectId);
    if (!device) throw new Refusal(PLAN_MESSAGES.device);
    if (row.templateId !== undefined && row.templateId !== null && row.templateId !== '') {
      const t = await sql`select 1 from ${sql.table(DEVICE_TABLES.maintenanceTemplate)} where id = ${String(row.templateId)}
        and company_id = ${ctx.session.companyId} and if_del = 0`.execute(ctx.db);
      if (t.rows.length === 0) throw new Refusal(PLAN_MESSAGES.template);
    }
    const last = dateText(row.lastDoneDate);
    const next = last ? addDays(last, Number(row.cycleDays)) : String(row.firstDueDate);
    return { ...row, deviceName: device.device_name, nextDueDate: next };
  },

  async afterWrite(row, ctx, action) {
    const table = sql.table(DEVICE_TABLES.task);
    if (action === 'update') {
      // `row` holds only the values sent: the open task follows the stored plan.
      await sql`update ${table} t set due_date = p.next_due_date, device_id = p.device_id, device_name = p.device_name, plan_name = p.plan_name,
        project_id = p.project_id, version = t.version + 1, updated_at = now()
        from ${sql.table(DEVICE_TABLES.plan)} p where p.id = ${String(row.id)} and t.plan_id = p.id::text and t.status = '1'`.execute(ctx.db);
      return;
    }
    await openTask(ctx, row, String(row.nextDueDate));
  },

  async readRows(rows) {
    const today = todayCst();
    return rows.map((r) => ({
      ...r,
      dueState: dueStateOf(dateText(r.nextDueDate), { enabled: r.enabled !== false, remindDays: r.remindDays === null ? undefined : Number(r.remindDays), today }),
    }));
  },
};

async function openTask(ctx: HookContext, plan: HookRow, due: string): Promise<void> {
  const task = await sql<{ id: string }>`insert into ${sql.table(DEVICE_TABLES.task)} (company_id, created_by, plan_id, project_id, device_id, device_name, plan_name, due_date, status)
    values (${ctx.session.companyId}, ${ctx.session.user.id}, ${String(plan.id)}, ${String(plan.projectId)}, ${String(plan.deviceId)},
      ${String(plan.deviceName)}, ${String(plan.planName)}, ${due}, '1') returning id::text`.execute(ctx.db);
  await auditServerRow(ctx, 'MaintainTask', task.rows[0].id, { planName: String(plan.planName), deviceName: String(plan.deviceName), dueDate: due, status: '待保养' });
}

export const maintainTaskHooks: EntityHooks = {
  async readRows(rows, ctx) {
    const planIds = [...new Set(rows.map((r) => String(r.planId ?? '')).filter((id) => /^\d{1,18}$/.test(id)))];
    const remind = new Map<string, { days: number; enabled: boolean }>();
    if (planIds.length > 0) {
      const plans = await sql<{ id: string; remind_days: number | null; enabled: boolean | null }>`select id::text, remind_days, enabled from ${sql.table(DEVICE_TABLES.plan)}
        where id = any(${planIds}::bigint[])`.execute(ctx.db);
      for (const p of plans.rows) remind.set(p.id, { days: p.remind_days ?? DEFAULT_REMIND_DAYS, enabled: p.enabled !== false });
    }
    const today = todayCst();
    return rows.map((r) => {
      const plan = remind.get(String(r.planId));
      return { ...r, dueState: dueStateOf(dateText(r.dueDate), { done: r.status === '2', remindDays: plan?.days, today }) };
    });
  },
};

type PlanRow = { id: string; project_id: string; device_id: string; device_name: string; plan_name: string; cycle_days: number; enabled: boolean | null };

async function planOf(ctx: HookContext, row: HookRow, lock: boolean): Promise<PlanRow> {
  if (!/^[1-9]\d{0,17}$/.test(String(row.planId ?? '')) || !/^\d{1,18}$/.test(String(row.projectId ?? ''))) throw new Refusal(PLAN_MESSAGES.plan);
  const found = await sql<PlanRow>`select id::text, project_id::text, device_id, device_name, plan_name, cycle_days, enabled from ${sql.table(DEVICE_TABLES.plan)}
    where id = ${String(row.planId)} and project_id = ${String(row.projectId)} and if_del = 0 ${lock ? sql`for update` : sql``}`.execute(ctx.db);
  const plan = found.rows[0];
  if (!plan) throw new Refusal(PLAN_MESSAGES.plan);
  return plan;
}

export const maintenanceRecHooks: EntityHooks = {
  async beforeWrite(row, ctx, action) {
    if (action !== 'create') throw new Refusal(PLAN_MESSAGES.fixed);
    const plan = await planOf(ctx, row, false);
    if (plan.enabled === false) throw new Refusal(PLAN_MESSAGES.disabled);
    if (String(row.doneDate) > todayCst()) throw new Refusal(PLAN_MESSAGES.future);
    return { ...row, deviceName: plan.device_name };
  },

  async afterWrite(row, ctx, action) {
    if (action !== 'create') return;
    const plan = await planOf(ctx, row, true);
    const done = String(row.doneDate);
    const task = await sql<{ id: string }>`select id::text from ${sql.table(DEVICE_TABLES.task)} where plan_id = ${plan.id} and status = '1'
      order by due_date limit 1 for update`.execute(ctx.db);
    const taskId = task.rows[0]?.id;
    if (taskId) {
      await sql`update ${sql.table(DEVICE_TABLES.task)} set status = '2', done_date = ${done}, rec_id = ${String(row.id)}, version = version + 1, updated_at = now()
        where id = ${taskId}`.execute(ctx.db);
      await sql`update maintenance_rec set task_id = ${taskId} where id = ${String(row.id)}`.execute(ctx.db);
    }
    const next = addDays(done, Number(plan.cycle_days));
    await sql`update ${sql.table(DEVICE_TABLES.plan)} set last_done_date = ${done}, next_due_date = ${next}, version = version + 1, updated_at = now()
      where id = ${plan.id}`.execute(ctx.db);
    await openTask(ctx, { id: plan.id, projectId: plan.project_id, deviceId: plan.device_id, deviceName: plan.device_name, planName: plan.plan_name }, next);
  },

  async checkChange(change) {
    if (change.action === 'update' || change.action === 'delete') throw new Refusal(PLAN_MESSAGES.fixed);
  },
};

export const weighRecordHooks: EntityHooks = {
  async beforeWrite(row) {
    const gross = Number(row.grossWeight);
    const tare = Number(row.tareWeight);
    if (!(tare < gross)) throw new Refusal(PLAN_MESSAGES.weighTare);
    return { ...row, netWeight: Math.round((gross - tare) * 1000) / 1000 };
  },
};
