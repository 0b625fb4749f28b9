// The answer of GET /prod-api/api/TyScreen/EnterpriseOverview (docs/screens-api.md), as the browser
// reads it. Ids are strings, times ISO 8601 UTC.
import type { MarkerState } from '../../../map';

export type StatusCount = { status: number; name: string; count: number };

export type OverviewMarker = { id: string; title: string; lng: number; lat: number; status: number; state: Exclude<MarkerState, 'pointing'> };

export type KindStats = { kind: string; name: string; total: number; online: number; offline: number; alarm: number };

export type DeviceStats = { total: number; online: number; offline: number; alarm: number; byKind: KindStats[] };

export type EnvThresholds = { pm25: number; pm10: number; noiseDay: number; noiseNight: number };

export type EnvLatest = {
  projectId: string;
  projectName: string;
  deviceCode: string;
  time: string;
  pm25: number | null;
  pm10: number | null;
  tsp: number | null;
  noise: number | null;
  temperature: number | null;
  humidity: number | null;
  windSpeed: number | null;
  windDirection: number | null;
};

export type EnvTrendPoint = { hour: string; pm25: number | null; pm10: number | null; noise: number | null };

export type OverviewAlarm = {
  id: string;
  time: string;
  projectId: string;
  projectName: string;
  deviceCode: string;
  deviceName: string;
  kind: string;
  kindName: string;
  level: string;
  levelName: string;
  message: string;
  value: number | null;
  threshold: number | null;
  handled: boolean;
};

export type EnterpriseOverview = {
  updatedAt: string;
  projects: { total: number; byStatus: StatusCount[] };
  markers: OverviewMarker[];
  devices: DeviceStats;
  environment: { thresholds: EnvThresholds; latest: EnvLatest[]; trend: EnvTrendPoint[] };
  alarms: OverviewAlarm[];
};

/** §3.5 project status codes. */
export const PROJECT_STATUS = { preparation: 1, initiated: 2, underConstruction: 3, completed: 4, stopped: 5 } as const;

/** Day noise limit 06:00–22:00 China Standard Time, night limit otherwise (as the server's alarms). */
export const noiseLimit = (t: EnvThresholds, at: Date = new Date()): number => {
  const cstHour = (at.getUTCHours() + 8) % 24;
  return cstHour >= 6 && cstHour < 22 ? t.noiseDay : t.noiseNight;
};
