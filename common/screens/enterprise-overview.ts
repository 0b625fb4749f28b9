// The answer of GET /prod-api/api/TyScreen/EnterpriseOverview (docs/screens-api.md): every panel of the
// enterprise overview screen. Ids are strings, times ISO 8601 UTC.
import type { EnvReadingRow } from '../generated/entities';
import type { AlarmItem } from './alarms';
import type { ProjectState, StatusCount } from './basics';
import type { DeviceStats } from './devices';

/** Environment limits (µg/m³, dB): noise by day (06:00–22:00 China Standard Time) and by night. */
export type EnvThresholds = { pm25: number; pm10: number; noiseDay: number; noiseNight: number };

/** The newest dust-monitor reading of a project: the generated EnvReading row's measurements. */
export type EnvLatest = Pick<
  EnvReadingRow,
  'deviceCode' | 'pm25' | 'pm10' | 'tsp' | 'noise' | 'temperature' | 'humidity' | 'windSpeed' | 'windDirection'
> & { projectId: string; projectName: string; time: string };

/** One hour of the 24-hour trend: averages over the projects in scope (null: no readings). */
export type EnvTrendPoint = Pick<EnvReadingRow, 'pm25' | 'pm10' | 'noise'> & { hour: string };

export type OverviewMarker = { id: string; title: string; lng: number; lat: number; status: number; state: ProjectState };

export type EnterpriseOverview = {
  updatedAt: string;
  projects: { total: number; byStatus: StatusCount[] };
  markers: OverviewMarker[];
  devices: DeviceStats;
  environment: { thresholds: EnvThresholds; latest: EnvLatest[]; trend: EnvTrendPoint[] };
  /** The 20 newest, handled or not. */
  alarms: AlarmItem[];
};
