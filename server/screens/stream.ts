// Server-sent events for the screens: GET /prod-api/api/TyScreen/Stream?screen=<ScreenName>.
// What each screen reads: the data sources (versions.ts: their tables, and a version of each kept on write)
// and the panels that read it. The process's change feed (change-feed.ts) says which sources changed; the
// hub (stream-hub.ts) re-reads the versions once per screen and scope and sends `event: update` with the
// panels that read a source whose version changed.
import { sql, type Expression, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ScreenTables } from './tables';
import { readSourceVersions, type Source, type Versions } from './versions';

export type { Source, Versions } from './versions';

export type StreamOptions = {
  /** PGlite: the shared poll's interval (default 3 s); PostgreSQL: notifications are coalesced for min(pollMs, 100 ms). */
  pollMs?: number;
  heartbeatMs?: number;
  /** Called once per re-read of a screen-and-scope group's versions (tests, diagnostics). */
  onCompute?: (screen: string, scope: string) => void;
};

/**
 * The versions of the given sources, in one small read of `screen_versions` (versions.ts): over every
 * project, or over the projects `scope` selects (a subquery of project ids, server/screens/scope.ts).
 */
export async function readVersions(db: Kysely<Database>, t: ScreenTables, sources: readonly Source[], scope?: Expression<unknown>): Promise<Versions> {
  return readSourceVersions(db, t, sources, scope ? sql`${scope}` : null);
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
    worker: ['workforce', 'byJobType'],
    attendance: ['workforce', 'attendanceTrend', 'byJobType'],
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
