// The answer of GET /prod-api/api/TyScreen/Environment (docs/screens-api.md): the environment monitoring
// screen (环境监测) — the dust and noise monitors of the projects in scope.
import type { EnvReadingRow } from '../generated/entities';
import type { NamedCount } from './basics';
import type { DeviceCounts } from './devices';
import type { EnvLatest, EnvThresholds } from './enterprise-overview';

/** The overview's limits and the wind limit (m/s) of the crane monitors. */
export type EnvironmentThresholds = EnvThresholds & { windSpeed: number };

/** A project's newest dust-monitor reading, with the monitor's name. */
export type EnvProjectReading = EnvLatest & { deviceName: string };

/** One hour of the 24-hour trend: averages of the EnvReading measurements over the projects in scope (null: no readings). */
export type EnvHour = Pick<EnvReadingRow, 'pm25' | 'pm10' | 'tsp' | 'noise' | 'temperature' | 'humidity' | 'windSpeed'> & { hour: string };

/** One China Standard Time day's averages (null: no readings). */
export type EnvDay = Pick<EnvReadingRow, 'pm25' | 'pm10' | 'tsp' | 'noise'> & { date: string };

export type Environment = {
  updatedAt: string;
  thresholds: EnvironmentThresholds;
  devices: DeviceCounts;
  latest: EnvProjectReading[];
  /** 24 hourly buckets ending with the current hour. */
  trend: EnvHour[];
  /** Readings of today over their limit (a device's own thresholds first; noise by day or night). */
  exceedToday: { readings: number; pm25: number; pm10: number; noise: number };
  alarmsToday: NamedCount[];
  /** The last 7 days, today last. */
  daily: EnvDay[];
};
