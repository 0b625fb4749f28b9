// The answer of GET /prod-api/api/TyScreen/PlatformWarning (docs/screens-api.md): the project's warnings
// across sources (平台预警, ProjectScreen/platformWarning) for ONE project — pjctid1's, else the first in the
// caller's scope. Every key of Warning over that project, plus the open warnings per source, the
// unhandled alarms with their handling progress, offline devices and certificates running out.
import type { AlarmItem } from './alarms';
import type { NamedCount } from './basics';
import type { ExpiringCertificate } from './project-personnel';
import type { Warning } from './warning';

/** An unhandled alarm with its handling progress (alarmHandleStatus: 0 未处理, 1 处理中). */
export type OpenAlarm = AlarmItem & { handleStatus: string; handleStatusName: string; handler: string };

export type OfflineDevice = { id: string; deviceCode: string; deviceName: string; kind: string; kindName: string; lastSeenAt: string | null };

/** The warning sources, in this order. */
export const WARNING_SOURCES = [
  { code: 'device', name: '设备报警' },
  { code: 'environment', name: '环境超标' },
  { code: 'ai', name: 'AI识别' },
  { code: 'offline', name: '设备离线' },
  { code: 'hazard', name: '隐患超期' },
  { code: 'certificate', name: '证书到期' },
  { code: 'other', name: '其他' },
] as const;

export type PlatformWarning = Warning & {
  project: { id: string; name: string } | null;
  /** Open warnings per source (every source of WARNING_SOURCES, zeros included). */
  bySource: NamedCount[];
  /** The 50 newest unhandled alarms. */
  open: OpenAlarm[];
  offlineDevices: OfflineDevice[];
  /** As ProjectPersonnel's: expired or expiring within `certificateDays` days. */
  certificates: ExpiringCertificate[];
  certificateDays: number;
};
