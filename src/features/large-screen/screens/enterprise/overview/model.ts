// The answer of GET /prod-api/api/TyScreen/EnterpriseOverview (docs/screens-api.md), as the browser
// reads it. Ids are strings, times ISO 8601 UTC.
import type { MarkerState } from '../../../map';
import type { DeviceStats, EnvLatest, EnvThresholds, OverviewAlarm, StatusCount } from '../../../shared/model';

export type OverviewMarker = { id: string; title: string; lng: number; lat: number; status: number; state: Exclude<MarkerState, 'pointing'> };

export type EnvTrendPoint = { hour: string; pm25: number | null; pm10: number | null; noise: number | null };

export type EnterpriseOverview = {
  updatedAt: string;
  projects: { total: number; byStatus: StatusCount[] };
  markers: OverviewMarker[];
  devices: DeviceStats;
  environment: { thresholds: EnvThresholds; latest: EnvLatest[]; trend: EnvTrendPoint[] };
  alarms: OverviewAlarm[];
};
