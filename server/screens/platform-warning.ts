// GET /prod-api/api/TyScreen/PlatformWarning: the project's warnings across sources (平台预警, §2.4
// ProjectScreen/platformWarning) for ONE project — pjctid1's, else the first in scope (docs/screens-api.md).
// The warning centre's answer (warning.ts) over that project, plus the open warnings per source (device
// alarms, environment exceedances, AI events, offline devices, overdue hazards, expiring certificates),
// the unhandled alarms with their handling progress, the offline devices and the certificates.
import { sql } from 'kysely';
import { WARNING_SOURCES, type OfflineDevice, type OpenAlarm, type PlatformWarning } from '../../common/screens/platform-warning';
import { toAlarmItem } from './alarms';
import { nameOf, type ScreenContext } from './context';
import { count, isoOrNull, textOf } from './format';
import { oneProjectOf } from './project-overview';
import { CERTIFICATE_DAYS, expiringCertificates } from './project-personnel';
import type { ProjectIds } from './scope';
import { warning } from './warning';

export type { PlatformWarning };

/** Alarm kinds per source (alarmKind); kinds not named here count as 其他. */
const KIND_SOURCE: Readonly<Record<string, 'device' | 'environment' | 'ai' | 'offline'>> = {
  craneLoad: 'device', craneMoment: 'device', wind: 'device', tilt: 'device', gas: 'device',
  pm10: 'environment', pm25: 'environment', noise: 'environment', tsp: 'environment',
  aiEvent: 'ai',
  offline: 'offline',
};

const OPEN_LISTED = 50;

export async function platformWarning(c: ScreenContext, projects: ProjectIds): Promise<PlatformWarning> {
  const { row, one } = await oneProjectOf(c, projects);
  const nowIso = c.now.toISOString();
  const [base, openRows, offlineRows, certificates] = await Promise.all([
    warning(c, one),
    sql<Record<string, unknown>>`
      select a.id, a.alarm_time, a.project_id, p.name as project_name, a.device_code, d.device_name,
        a.alarm_kind, a.alarm_level, a.message, a.value, a.threshold, a.handled, a.handle_status, a.handler
      from ${sql.id(c.t.alarm)} a
      join projects p on p.id = a.project_id
      left join ${sql.id(c.t.device)} d on d.device_code = a.device_code and d.project_id = a.project_id and d.if_del = 0
      where a.project_id in (${one}) and a.handled = false and a.alarm_time <= ${nowIso}::timestamptz
      order by a.alarm_time desc, a.id desc
      limit ${OPEN_LISTED}`.execute(c.db),
    sql<Record<string, unknown>>`
      select d.id, d.device_code, d.device_name, d.device_kind, d.last_seen_at
      from ${sql.id(c.t.device)} d
      where d.project_id in (${one}) and d.if_del = 0 and d.online = false
      order by d.last_seen_at desc nulls last, d.id`.execute(c.db),
    expiringCertificates(c, one),
  ]);
  const open: OpenAlarm[] = openRows.rows.map((r) => {
    const status = textOf(r.handle_status) || '0';
    return { ...toAlarmItem(c, r), handleStatus: status, handleStatusName: nameOf(c, 'alarmHandleStatus', status), handler: textOf(r.handler) };
  });
  const offlineDevices: OfflineDevice[] = offlineRows.rows.map((r) => ({
    id: String(r.id),
    deviceCode: textOf(r.device_code),
    deviceName: textOf(r.device_name),
    kind: textOf(r.device_kind),
    kindName: nameOf(c, 'monitorDeviceKind', textOf(r.device_kind)),
    lastSeenAt: isoOrNull(r.last_seen_at),
  }));

  // Open warnings per source: unhandled alarms by kind; an offline device without an open 设备离线 alarm
  // counts as well (the offline source is the larger of the two); overdue hazards; certificates.
  const perSource = new Map<string, number>(WARNING_SOURCES.map((s) => [s.code, 0]));
  for (const k of base.unhandledByKind) {
    const source = KIND_SOURCE[k.code] ?? 'other';
    perSource.set(source, (perSource.get(source) ?? 0) + k.count);
  }
  perSource.set('offline', Math.max(perSource.get('offline') ?? 0, offlineDevices.length));
  perSource.set('hazard', base.summary.overdueHazards);
  perSource.set('certificate', certificates.length);

  return {
    ...base,
    project: row ? { id: String(row.id), name: textOf(row.name) } : null,
    bySource: WARNING_SOURCES.map((s) => ({ code: s.code, name: s.name, count: count(perSource.get(s.code)) })),
    open,
    offlineDevices,
    certificates,
    certificateDays: CERTIFICATE_DAYS,
  };
}
