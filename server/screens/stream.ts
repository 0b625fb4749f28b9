// Server-sent events for the screens: GET /prod-api/api/TyScreen/Stream?screen=<ScreenName>.
// What each screen reads: the data sources (tables), a version of each (the newest reading id, the
// newest change of a table) and the panels that read it. The process's change feed (change-feed.ts) says
// which sources changed; the hub (stream-hub.ts) re-reads the versions once per screen and scope and sends
// `event: update` with the panels that read a source whose version changed.
import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import type { ScreenTables } from './tables';

export type StreamOptions = {
  /** PGlite: the shared poll's interval (default 3 s); PostgreSQL: notifications are coalesced for min(pollMs, 100 ms). */
  pollMs?: number;
  heartbeatMs?: number;
  /** Called once per re-read of a screen-and-scope group's versions (tests, diagnostics). */
  onCompute?: (screen: string, scope: string) => void;
};

export type Source = 'env' | 'crane' | 'alarm' | 'device' | 'maintenance' | 'worker' | 'attendance' | 'hazard' | 'vehicle' | 'plant' | 'upkeep' | 'sample' | 'spoil' | 'checks' | 'waste' | 'schedule' | 'tunnel' | 'position' | 'tunnelGas' | 'aiEvent';
export type Versions = Partial<Record<Source, string>>;

/** Rows of the projects in scope only (`project_id in (…)`), or every row when no scope is given. */
type Scope = RawBuilder<unknown> | null;
const where = (scope: Scope): RawBuilder<unknown> => (scope ? sql` where project_id in (${scope})` : sql``);

/** The newest change of a table: rows written or updated (updated_at), rows removed (count). */
const changed = (table: string, scope: Scope = null): RawBuilder<unknown> =>
  sql`(select count(*) || '/' || coalesce(max(updated_at), 'epoch') from ${sql.id(table)}${where(scope)})`;
const newestId = (table: string, scope: Scope): RawBuilder<unknown> => sql`(select coalesce(max(id), 0) from ${sql.id(table)}${where(scope)})`;

/** How each source's version is read: append-only readings by id; other tables by their newest change. */
const VERSION_SQL: Record<Source, (t: ScreenTables, scope: Scope) => RawBuilder<unknown>> = {
  env: (t, scope) => newestId(t.env, scope),
  crane: (t, scope) => newestId(t.crane, scope),
  alarm: (t, scope) => changed(t.alarm, scope),
  device: (t, scope) => sql`(select coalesce(max(greatest(updated_at, last_seen_at)), 'epoch') from ${sql.id(t.device)}${where(scope)})`,
  // Inspection templates belong to a company, not a project: any change counts.
  maintenance: (t, scope) => sql`(${changed(t.routInsp, scope)} || '|' || ${changed(t.template)})`,
  worker: (t, scope) => changed(t.worker, scope),
  attendance: (t, scope) => changed(t.attendance, scope),
  hazard: (t, scope) => changed(t.hazard, scope),
  vehicle: (t, scope) => changed(t.vehicle, scope),
  // The plant's tables are company-scoped (no project column): any change counts; the refetch is scoped.
  // Maintenance plans and tasks, inspection records and their 整改单 (the 设备管理 and 特种设备 screens).
  upkeep: (t, scope) => sql`(${sql.join([t.plan, t.task, t.inspRecord, t.rectify].map((x) => changed(x, scope)), sql` || '|' || `)})`,
  // 见证取样 and their 检测项目 (docs/testing.md).
  sample: (t, scope) => sql`(${changed(t.sample, scope)} || '|' || ${changed(t.sampleItem, scope)})`,
  // 渣土监管: trucks, permits, trips and violations of the projects in scope.
  spoil: (t, scope) => sql`(${sql.join([t.spoilTruck, t.spoilPermit, t.spoilTrip, t.spoilViolation].map((x) => changed(x, scope)), sql` || '|' || `)})`,
  // 质量安全检查, their items and 检查整改 notices (the project quality and safety screens).
  checks: (t, scope) => sql`(${sql.join([t.siteCheck, t.checkItem, t.checkNotice].map((x) => changed(x, scope)), sql` || '|' || `)})`,
  // 固废台账 (docs/environment.md): generation, manifests, disposals and storage points.
  waste: (t, scope) => sql`(${sql.join([t.wasteGeneration, t.wasteManifest, t.wasteDisposal, t.wasteStorage].map((x) => changed(x, scope)), sql` || '|' || `)})`,
  // 项目进度计划 (docs/schedule.md): tasks and their predecessors.
  schedule: (t, scope) => sql`(${changed(t.scheduleTask, scope)} || '|' || ${changed(t.scheduleDependency, scope)})`,
  // 隧道管理 (docs/tunnel.md): the faces and their daily advance; positioning and gas readings by id.
  tunnel: (t, scope) => sql`(${changed(t.tunnelSection, scope)} || '|' || ${changed(t.tunnelAdvance, scope)} || '|' || ${changed(t.positionTag, scope)})`,
  position: (t, scope) => newestId(t.tunnelPosition, scope),
  tunnelGas: (t, scope) => newestId(t.tunnelGas, scope),
  // AI识别 events, handled or not (docs/ai-recognition.md).
  aiEvent: (t, scope) => changed(t.aiEvent, scope),
  plant: (t) =>
    sql`(${newestId(t.plantBatch, null)} || '|' || ${sql.join([t.plantOrder, t.plantTask, t.plantTrip, t.plantBin, t.plantCar, t.plantDelivery].map((x) => changed(x)), sql` || '|' || `)})`,
};

/**
 * The versions of the given sources, in one round trip: over every row, or over the rows of the projects
 * `scope` selects (a subquery of project ids, server/screens/scope.ts).
 */
export async function readVersions(db: Kysely<Database>, t: ScreenTables, sources: readonly Source[], scope?: Expression<unknown>): Promise<Versions> {
  if (sources.length === 0) return {};
  const filter: Scope = scope ? sql`${scope}` : null;
  const r = await sql<Record<string, unknown>>`select ${sql.join(sources.map((s) => sql`${VERSION_SQL[s](t, filter)} as ${sql.id(s)}`))}`.execute(db);
  const row = r.rows[0] ?? {};
  const text = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v));
  return Object.fromEntries(sources.map((s) => [s, text(row[s])]));
}

type PanelMap = Partial<Record<Source, readonly string[]>>;

/** Per screen: the panels (top-level keys of its answer) that read each source. */
export const PANELS_BY_SOURCE: Readonly<Record<string, PanelMap>> = {
  EnterpriseOverview: {
    env: ['environment'],
    crane: ['devices'],
    alarm: ['alarms', 'devices'],
    device: ['devices'],
  },
  ProjectManagements: {
    worker: ['projects'],
    attendance: ['projects'],
    device: ['projects'],
  },
  BuildPersonnel: {
    worker: ['summary', 'byJobType', 'byPersonType', 'byTeam', 'byUnit', 'topProjects', 'gender', 'age'],
    attendance: ['summary', 'byJobType', 'byTeam', 'byUnit', 'trend', 'topProjects'],
  },
  Roster: {
    worker: ['rows'],
    attendance: ['rows'],
  },
  VideoMonitor: {
    device: ['summary', 'projects'],
  },
  Danger: {
    device: ['towerCrane', 'lift', 'devices'],
    crane: ['devices', 'trend'],
    alarm: ['towerCrane', 'lift', 'devices', 'alarms24h'],
  },
  QualitySafety: {
    hazard: ['summary', 'byStatus', 'byType', 'byLevel', 'byCheckKind', 'byProject', 'trend', 'openList'],
  },
  Environment: {
    env: ['latest', 'trend', 'exceedToday', 'daily'],
    alarm: ['devices', 'alarmsToday'],
    device: ['devices'],
  },
  Vehicle: {
    vehicle: ['summary', 'byType', 'byProject', 'hourly', 'uploadStatus', 'latest'],
  },
  Tested: {
    device: ['devices', 'online'],
    alarm: ['devices', 'online'],
    maintenance: ['maintenance'],
  },
  Report: {
    attendance: ['months', 'totals'],
    alarm: ['months', 'alarmsByKind', 'totals'],
    hazard: ['months', 'totals'],
    vehicle: ['months', 'totals'],
  },
  Testing: {
    sample: ['summary', 'byStatus', 'byInstitution', 'byMaterial', 'trend', 'byProject', 'latest', 'reports', 'unqualified'],
    alarm: ['summary', 'unqualified'],
  },
  Warning: {
    alarm: ['summary', 'unhandledByLevel', 'unhandledByKind', 'trend', 'alarms'],
    hazard: ['summary', 'overdueHazards'],
  },
  SupervisoryOverview: {
    worker: ['workers', 'enterprises', 'byDistrict'],
    attendance: ['workers', 'byDistrict'],
    alarm: ['alarms', 'devices'],
    device: ['devices'],
    hazard: ['hazards'],
  },
  ConcretePlant: {
    plant: ['volumes', 'summary', 'daily', 'ordersByStatus', 'orders', 'tasks', 'tankers', 'bins', 'stockTrend', 'consumption', 'batches', 'alarmBatches', 'trips', 'customersMonth'],
    env: ['dust'],
    device: ['dust', 'cameras'],
  },
  EnvironMonitoring: {
    env: ['latest', 'trend', 'exceedToday', 'daily', 'exceedDays'],
    alarm: ['devices', 'alarmsToday', 'alarms', 'handling'],
    device: ['devices'],
  },
  GreenConstruction: {
    env: ['dust', 'trend', 'exceedToday'],
    alarm: ['exceedToday'],
    waste: ['waste', 'byKind', 'manifests', 'storages', 'daily'],
  },
  DeviceCount: {
    device: ['devices', 'online', 'list'],
    crane: ['list'],
    env: ['list'],
    alarm: ['devices', 'online', 'list', 'alarms'],
    upkeep: ['maintenance', 'records'],
  },
  DangersTower: {
    device: ['towerCrane', 'lift', 'devices', 'ledgers'],
    crane: ['devices', 'trend'],
    alarm: ['towerCrane', 'lift', 'devices', 'alarms24h'],
    upkeep: ['maintenance'],
  },
  ProjectOverview: {
    worker: ['workforce', 'attendedByJobType'],
    attendance: ['workforce', 'attendanceTrend', 'attendedByJobType'],
    device: ['devices', 'cameras'],
    env: ['environment'],
    alarm: ['devices', 'alarms'],
    hazard: ['hazards'],
  },
  Slag: {
    spoil: ['summary', 'byKind', 'trend', 'permits', 'sites', 'trips', 'violations'],
  },
  ProjectCar: {
    vehicle: ['summary', 'byType', 'byProject', 'hourly', 'uploadStatus', 'latest', 'tankers'],
    spoil: ['spoil', 'trips', 'violations'],
  },
  SiteChecks: {
    checks: ['quality', 'safety'],
    hazard: ['hazards', 'openHazards'],
  },
  ScheduleManagement: {
    schedule: ['summary', 'byStatus', 'curve', 'milestones', 'delayed', 'thisWeek', 'nextWeek'],
  },
  Tunnel: {
    tunnel: ['summary', 'tubes', 'faces', 'advance', 'people'],
    position: ['summary', 'people'],
    tunnelGas: ['gas'],
    device: ['gas'],
    alarm: ['summary', 'alarms'],
  },
  AiRecognition: {
    aiEvent: ['summary', 'byType', 'hourly', 'daily', 'latest', 'cameras'],
    device: ['summary', 'cameras'],
  },
  SupervisoryPersonnel: {
    worker: ['summary', 'projects', 'byDistrict', 'byJobType'],
    attendance: ['summary', 'projects', 'byDistrict', 'trend'],
  },
  // 通行记录, 黑名单 and 塔吊司机 certificates are not sources of the feed: their changes show with the next
  // refetch (another source's update, or the polling fallback).
  ProjectPersonnel: {
    worker: ['summary', 'byJobType', 'byPersonType', 'byTeam', 'byUnit', 'gender', 'age', 'origin', 'blacklist'],
    attendance: ['summary', 'byJobType', 'byTeam', 'byUnit', 'trend', 'passages', 'passagesToday'],
  },
  PlatformWarning: {
    alarm: ['summary', 'unhandledByLevel', 'unhandledByKind', 'trend', 'alarms', 'bySource', 'open'],
    hazard: ['summary', 'overdueHazards', 'bySource'],
    device: ['offlineDevices', 'bySource'],
  },
  Engineering: {
    worker: ['projects'],
    attendance: ['projects'],
    device: ['projects'],
  },
};

/** Whether `screen` names a screen of the Stream (own keys only: `constructor` is not a screen). */
export const isScreen = (screen: string): boolean => Object.hasOwn(PANELS_BY_SOURCE, screen);
const panelMap = (screen: string): PanelMap => (isScreen(screen) ? PANELS_BY_SOURCE[screen] : {});

/** The sources a screen reads (empty for an unknown screen). */
export const sourcesOf = (screen: string): Source[] => Object.keys(panelMap(screen)) as Source[];

/** Every panel of a screen, each once. */
export const panelsOf = (screen: string): string[] => [...new Set(Object.values(panelMap(screen)).flat())];

export function changedPanels(screen: string, before: Versions, after: Versions): string[] {
  const map = panelMap(screen);
  const out = new Set<string>();
  for (const [source, panels] of Object.entries(map) as Array<[Source, readonly string[]]>) if (before[source] !== after[source]) for (const p of panels) out.add(p);
  return [...out];
}
