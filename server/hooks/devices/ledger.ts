// 设备台账 (docs/devices.md "Ledgers"): every ledger row (塔吊, 升降机, 扬尘, 视频, 气体, 地磅, 混凝土设备,
// 搅拌机械) is one device. Its connection — online state, last report, readings, alarms — lives in the
// existing 监测设备 row (monitor_device) with the same 设备编码, which device ingestion writes
// (docs/device-ingestion.md): a project ledger row keeps that row in step (created or renamed with it),
// and every answered ledger row shows its online state and latest reading from there. 塔吊 and 升降机
// are also 巡检设备 (rout_insp_manage) of their DeviceType, so their records and plans find them.
import { sql } from 'kysely';
import { formatDateTime } from '../../platform/time';
import { Refusal } from '../../engine/errors';
import type { EntityHooks, HookContext, HookRow } from '../../engine/hook-types';
import { auditServerRow, dateText, DEVICE_TABLES } from './shared';
import { sortKeyColumn, textKey } from '../../engine/sort-keys';

export const LEDGER_MESSAGES = {
  codeTaken: (code: string) => `设备编号“${code}”已被其他项目的监测设备使用`,
} as const;

/** Per ledger entity: the monitoring kind (monitorDeviceKind) and the inspection device type, if any. */
const LEDGER_KINDS: Readonly<Record<string, { kind?: string; inspectionType?: string; code: string }>> = {
  TowerCrane: { kind: 'towerCrane', inspectionType: '塔式起重机', code: 'deviceNo' },
  LiftDevice: { kind: 'lift', inspectionType: '施工升降机', code: 'deviceNo' },
  DustDevice: { kind: 'dust', code: 'deviceNo' },
  VideoDevice: { kind: 'video', code: 'deviceNo' },
  GasDevice: { kind: 'gas', code: 'deviceNo' },
  Weighbridge: { kind: 'weighbridge', code: 'deviceNo' },
  ConcDevice: { code: 'deviceNo' },
  DeviceMachine: { code: 'deviceSerial' },
};

const configOf = (ctx: HookContext) => LEDGER_KINDS[ctx.model.entity.name] ?? { code: 'deviceNo' };

type Monitor = { device_code: string; device_kind: string; online: boolean; last_seen_at: Date | null };

const round = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);
const part = (label: string, v: unknown, unit: string) => (v === null || v === undefined ? [] : [`${label}${round(v)}${unit}`]);

/** A reading as one line of the list (最新数据; also the 设备管理 screen's table). */
export function readingText(kind: string, r: Record<string, unknown>): string {
  if (kind === 'towerCrane') return [...part('载重', r.load_ratio, '%'), ...part('力矩', r.moment_ratio, '%'), ...part('高度', r.height, 'm'), ...part('幅度', r.radius, 'm'), ...part('风速', r.wind_speed, 'm/s')].join(' ');
  if (kind === 'lift') return [...part('楼层', r.floor, '层'), ...part('载重', r.load_kg, 'kg'), ...part('载重比', r.load_ratio, '%')].join(' ');
  if (kind === 'gas') return [...part('可燃气体', r.lel, '%LEL'), ...part('O₂', r.o2, '%VOL'), ...part('CO', r.co, 'ppm'), ...part('H₂S', r.h2s, 'ppm')].join(' ');
  return [...part('PM2.5 ', r.pm25, 'µg/m³'), ...part('PM10 ', r.pm10, 'µg/m³'), ...part('噪声', r.noise, 'dB')].join(' ');
}

const READING_TABLE: Readonly<Record<string, string>> = { towerCrane: DEVICE_TABLES.crane, lift: DEVICE_TABLES.crane, gas: DEVICE_TABLES.gas, dust: DEVICE_TABLES.env, noise: DEVICE_TABLES.env };

/** Online state and the latest reading of these device codes: one query for the devices, one per reading table. */
export async function deviceStates(ctx: Pick<HookContext, 'db'>, codes: readonly string[]): Promise<Map<string, { online: boolean; lastSeenAt: Date | null; latest: string; kind: string }>> {
  const out = new Map<string, { online: boolean; lastSeenAt: Date | null; latest: string; kind: string }>();
  if (codes.length === 0) return out;
  const monitors = await sql<Monitor>`select device_code, device_kind, online, last_seen_at from ${sql.table(DEVICE_TABLES.monitor)}
    where device_code = any(${[...codes]}::text[]) and if_del = 0`.execute(ctx.db);
  for (const m of monitors.rows) out.set(m.device_code, { online: m.online === true, lastSeenAt: m.last_seen_at, latest: '', kind: m.device_kind });
  const byTable = new Map<string, string[]>();
  for (const m of monitors.rows) {
    const table = READING_TABLE[m.device_kind];
    if (table) byTable.set(table, [...(byTable.get(table) ?? []), m.device_code]);
  }
  for (const [table, list] of byTable) {
    const rows = await sql<Record<string, unknown>>`select distinct on (device_code) * from ${sql.table(table)}
      where device_code = any(${list}::text[]) order by device_code, reading_time desc`.execute(ctx.db);
    for (const r of rows.rows) {
      const state = out.get(String(r.device_code));
      if (state) state.latest = readingText(state.kind, r);
    }
  }
  return out;
}

async function keepMonitor(row: HookRow, ctx: HookContext, kind: string, code: string): Promise<void> {
  const existing = await sql<{ id: string; project_id: string }>`select id::text, project_id::text from ${sql.table(DEVICE_TABLES.monitor)}
    where device_code = ${code} and if_del = 0 for update`.execute(ctx.db);
  const project = String(row.projectId);
  const found = existing.rows[0];
  if (found && found.project_id !== project) throw new Refusal(LEDGER_MESSAGES.codeTaken(code));
  if (found) {
    await sql`update ${sql.table(DEVICE_TABLES.monitor)} set device_name = ${String(row.deviceName)}, ${sql.id(sortKeyColumn({ column: 'device_name' }))} = ${textKey(row.deviceName)}, version = version + 1, updated_at = now()
      where id = ${found.id}`.execute(ctx.db);
    return;
  }
  const monitor = await sql<{ id: string }>`insert into ${sql.table(DEVICE_TABLES.monitor)} (company_id, created_by, device_code, ${sql.id(sortKeyColumn({ column: 'device_code' }))}, device_name, ${sql.id(sortKeyColumn({ column: 'device_name' }))}, device_kind, project_id, source_type, online, install_position)
    values (${ctx.session.companyId}, ${ctx.session.user.id}, ${code}, ${textKey(code)}, ${String(row.deviceName)}, ${textKey(row.deviceName)}, ${kind}, ${project}, '0', false, ${row.installPosition === undefined ? null : (row.installPosition as string | null)})
    returning id::text`.execute(ctx.db);
  await auditServerRow(ctx, 'MonitorDevice', monitor.rows[0].id, { deviceCode: code, deviceName: String(row.deviceName), deviceKind: kind, projectId: project });
}

async function keepInspectionDevice(row: HookRow, ctx: HookContext, deviceType: string, code: string): Promise<void> {
  const project = String(row.projectId);
  // The same machine may already be a 巡检设备 under another number: its 备案编号 names it.
  const recordNo = typeof row.recordNo === 'string' && row.recordNo !== '' ? row.recordNo : null;
  const existing = await sql<{ id: string }>`select id::text from ${sql.table(DEVICE_TABLES.ledger)}
    where (device_no = ${code} or (${recordNo}::text is not null and record_no = ${recordNo})) and project_id = ${project} and if_del = 0
    order by (device_no = ${code}) desc, id limit 1 for update`.execute(ctx.db);
  const values = {
    name: String(row.deviceName),
    model: String(row.model ?? ''),
    maker: (row.manufacturer as string | null | undefined) ?? null,
    record: (row.recordNo as string | null | undefined) ?? null,
    entry: (row.installDate as string | null | undefined) ?? null,
  };
  const found = existing.rows[0];
  if (found) {
    await sql`update ${sql.table(DEVICE_TABLES.ledger)} set device_name = ${values.name}, spec_model = ${values.model}, manufacturer = ${values.maker},
      record_no = ${values.record}, entry_date = coalesce(${values.entry}::date, entry_date), version = version + 1, updated_at = now() where id = ${found.id}`.execute(ctx.db);
    return;
  }
  const device = await sql<{ id: string }>`insert into ${sql.table(DEVICE_TABLES.ledger)} (company_id, created_by, device_no, device_name, device_type, spec_model, manufacturer, project_id, entry_date, record_no, audit_status)
    values (${ctx.session.companyId}, ${ctx.session.user.id}, ${code}, ${values.name}, ${deviceType}, ${values.model}, ${values.maker}, ${project},
      coalesce(${values.entry}::date, current_date), ${values.record}, '0') returning id::text`.execute(ctx.db);
  await auditServerRow(ctx, 'RoutInspManage', device.rows[0].id, { deviceNo: code, deviceName: values.name, deviceType, recordNo: values.record, projectId: project });
}

export const deviceLedgerHooks: EntityHooks = {
  async afterWrite(written, ctx) {
    const config = configOf(ctx);
    // An update's `written` holds only the values sent: read the stored row.
    const stored = await sql<Record<string, unknown>>`select * from ${sql.table(ctx.model.entity.table)} where id = ${String(written.id)}`.execute(ctx.db);
    const raw = stored.rows[0];
    if (!raw) return;
    const row: HookRow = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()), v]));
    if (row.installDate instanceof Date) row.installDate = dateText(row.installDate);
    const code = String(row[config.code] ?? '');
    if (!code || row.projectId === undefined || row.projectId === null) return;
    if (config.kind) await keepMonitor(row, ctx, config.kind, code);
    if (config.inspectionType) await keepInspectionDevice(row, ctx, config.inspectionType, code);
  },

  async readRows(rows, ctx) {
    const field = configOf(ctx).code;
    const states = await deviceStates(ctx, [...new Set(rows.map((r) => String(r[field] ?? '')).filter(Boolean))]);
    return rows.map((r) => {
      const state = states.get(String(r[field] ?? ''));
      return { ...r, online: state?.online ?? false, lastSeenAt: state?.lastSeenAt ? formatDateTime(state.lastSeenAt) : null, latestReading: state?.latest || (state ? '' : '未接入') };
    });
  },
};
