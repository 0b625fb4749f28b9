// 设备 (docs/devices.md): what the device hooks share — the tables of the device entities (named in
// schemas/entities), today's date in China Standard Time and a Chinese date shift.
import { sql } from 'kysely';
import { recordChange, type AuditedField } from '../../engine/audit-trail';
import type { HookContext } from '../../engine/hook-types';

export const DEVICE_TABLES = {
  monitor: 'monitor_device',
  ledger: 'rout_insp_manage',
  template: 'rout_insp_content',
  rectification: 'device_rectification',
  plan: 'maintain_plan',
  task: 'maintain_task',
  maintenanceTemplate: 'maintenance_template',
  alarm: 'monitor_alarm',
  crane: 'crane_reading',
  env: 'env_reading',
  gas: 'gas_reading',
} as const;

/** The record entities' tables by their `recordKind` code (deviceRecordKind dictionary). */
export const RECORD_TABLES: Readonly<Record<string, string>> = {
  inspection: 'insp_record',
  machinery: 'machinery_record',
  switchBox: 'switch_box_record',
  repair: 'repair_record',
  maintain: 'maintain_record',
};

const DAY_MS = 86_400_000;
const CST_MS = 8 * 3_600_000;

/** Today in China Standard Time, YYYY-MM-DD. */
export const todayCst = (now = Date.now()): string => new Date(now + CST_MS).toISOString().slice(0, 10);

/** A YYYY-MM-DD date moved by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A date column's value (Date or text) as YYYY-MM-DD. */
export function dateText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return new Date(value.getTime() + CST_MS).toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

export type LedgerDevice = { id: string; device_no: string; device_name: string; device_type: string; project_id: string };

/** A 巡检设备 row of the given project that is not deleted, or null. */
export async function ledgerDevice(ctx: HookContext, id: unknown, projectId: unknown): Promise<LedgerDevice | null> {
  if (!/^[1-9]\d{0,17}$/.test(String(id ?? '')) || !/^\d{1,18}$/.test(String(projectId ?? ''))) return null;
  const rows = await sql<LedgerDevice>`select id::text, device_no, device_name, device_type, project_id::text from ${sql.table(DEVICE_TABLES.ledger)}
    where id = ${String(id)} and project_id = ${String(projectId)} and if_del = 0`.execute(ctx.db);
  return rows.rows[0] ?? null;
}

/** Fields of a server-written row in 操作日志 (title per field, as its entity names it). */
const SERVER_ROW_FIELDS: Readonly<Record<string, readonly AuditedField[]>> = {
  MonitorDevice: [
    { name: 'deviceCode', title: '设备编码' }, { name: 'deviceName', title: '设备名称' }, { name: 'deviceKind', title: '设备类型' }, { name: 'projectId', title: '所属项目', type: 'project' },
  ],
  RoutInspManage: [
    { name: 'deviceNo', title: '设备编号' }, { name: 'deviceName', title: '设备名称' }, { name: 'deviceType', title: '设备类型' }, { name: 'recordNo', title: '备案编号' },
    { name: 'projectId', title: '所属项目', type: 'project' },
  ],
  MaintainTask: [{ name: 'planName', title: '保养计划' }, { name: 'deviceName', title: '设备名称' }, { name: 'dueDate', title: '到期日期' }, { name: 'status', title: '任务状态' }],
  DeviceRectification: [
    { name: 'recordKind', title: '记录类型' }, { name: 'recordId', title: '检查记录' }, { name: 'deviceName', title: '设备名称' }, { name: 'problems', title: '不合格项' },
    { name: 'deadline', title: '整改期限' }, { name: 'status', title: '整改状态' },
  ],
};
const SERVER_ROW_TITLES: Readonly<Record<string, string>> = { MonitorDevice: '监测设备', RoutInspManage: '巡检设备', MaintainTask: '保养任务', DeviceRectification: '设备整改' };

/**
 * A row a device hook wrote itself (a 整改单 opened by a 不合格 answer, a plan's task, a ledger's 巡检设备 and
 * 监测设备) joins 操作日志 like a user's write: under the acting user, in the write's transaction (ctx.db).
 */
export async function auditServerRow(ctx: HookContext, entity: keyof typeof SERVER_ROW_TITLES, recordId: string, after: Record<string, unknown>): Promise<void> {
  await recordChange(ctx.db, {
    session: ctx.session,
    entity: { name: entity, title: SERVER_ROW_TITLES[entity], fields: SERVER_ROW_FIELDS[entity] },
    recordId,
    action: 'create',
    before: null,
    after,
  });
}
