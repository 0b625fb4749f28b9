// The answers of GET /prod-api/api/TyScreen/DeviceCount (设备管理: /LargeScreen/devicecount,
// /ProjectScreen/devicecount) and DangersTower (特种设备 of one project or an area: /LargeScreen/ProjectScreen/
// dangersTower, jgddangers) — docs/screens-api.md, docs/devices.md "Screens". Ids are strings, times ISO 8601
// UTC, days YYYY-MM-DD (China time).
import type { AlarmItem } from './alarms';
import type { Danger } from './danger';
import type { DeviceStats, ProjectOnline } from './devices';

/** One monitoring device as the 设备实时状态 table lists it. */
export type DeviceLive = {
  id: string;
  deviceCode: string;
  deviceName: string;
  kind: string;
  kindName: string;
  projectId: string;
  projectName: string;
  online: boolean;
  alarming: boolean;
  lastSeenAt: string | null;
  /** The newest reading in words (载重 42% 力矩 38% …), '' without any. */
  reading: string;
  readingTime: string | null;
};

/** An open 保养任务 (docs/devices.md "Plans"): 已逾期 (overdue), 即将到期 (due) or 未到期 (notDue). */
export type DueTask = {
  id: string;
  planName: string;
  deviceName: string;
  deviceType: string;
  projectId: string;
  projectName: string;
  dueDate: string;
  dueState: 'overdue' | 'due' | 'notDue';
  /** Days from today (China time) to the due date; negative when overdue. */
  daysLeft: number;
};

/** Open tasks by state and tasks done in the last 30 days; `tasks` the 30 soonest open tasks. */
export type DueMaintenance = { open: number; overdue: number; due: number; notDue: number; done30d: number; tasks: DueTask[] };

/** One China-time day of records: inspections filled, of them 不合格, and maintenance tasks done. */
export type RecordDay = { day: string; inspections: number; failed: number; maintained: number };

export type DeviceCount = {
  updatedAt: string;
  devices: DeviceStats;
  online: ProjectOnline[];
  /** Every monitoring device: alarming first, then online, then by project and code (200 at most). */
  list: DeviceLive[];
  maintenance: DueMaintenance;
  /** The last 7 days; `inspections30d`, `failed30d` over 30 days; `openRectifications` 待整改 整改单. */
  records: { days: RecordDay[]; inspections30d: number; failed30d: number; openRectifications: number };
  /** The 20 newest unhandled alarms of any device. */
  alarms: AlarmItem[];
};

/** A crane's or lift's registration (塔吊 / 升降机 ledgers) by device code. */
export type SpecialLedger = {
  deviceCode: string;
  recordNo: string;
  model: string;
  /** t for cranes, kg for lifts. */
  ratedLoad: number | null;
  /** kN·m, cranes only. */
  ratedMoment: number | null;
  /** Jib length (cranes) or maximum height (lifts), m. */
  reach: number | null;
};

/** The Danger answer over the scope, with the ledger entries and the cranes' and lifts' due maintenance. */
export type DangersTower = Danger & { ledgers: SpecialLedger[]; maintenance: DueMaintenance };
