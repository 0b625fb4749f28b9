// The answer of GET /prod-api/api/TyScreen/Danger (docs/screens-api.md, server/screens/danger.ts), as the
// browser reads it: tower cranes and construction lifts. Ids are strings, times ISO 8601 UTC.
import type { OverviewAlarm } from '../../../shared/model';

export type DeviceCounts = { total: number; online: number; offline: number; alarm: number };

export type NamedCount = { code: string; name: string; count: number };

/** The newest reading of a crane or lift; lifts report load ratio, load in kg, floor and wind only. */
export type CraneReading = {
  time: string;
  loadRatio: number | null;
  momentRatio: number | null;
  height: number | null;
  radius: number | null;
  windSpeed: number | null;
  tilt: number | null;
  loadKg: number | null;
  floor: number | null;
};

export type SpecialKind = 'towerCrane' | 'lift';

export type SpecialDevice = {
  id: string;
  deviceCode: string;
  deviceName: string;
  kind: SpecialKind | string;
  kindName: string;
  projectId: string;
  projectName: string;
  installPosition: string;
  online: boolean;
  lastSeenAt: string | null;
  alarming: boolean;
  latest: CraneReading | null;
};

export type CraneLimits = { loadRatio: number; momentRatio: number; windSpeed: number };

export type PeakPoint = { hour: string; craneLoad: number | null; craneMoment: number | null; liftLoad: number | null };

export type Danger = {
  updatedAt: string;
  limits: CraneLimits;
  towerCrane: DeviceCounts;
  lift: DeviceCounts;
  devices: SpecialDevice[];
  alarms24h: { total: number; byKind: NamedCount[]; list: OverviewAlarm[] };
  trend: PeakPoint[];
};

export const cranesOf = (devices: readonly SpecialDevice[]): SpecialDevice[] => devices.filter((d) => d.kind === 'towerCrane');
export const liftsOf = (devices: readonly SpecialDevice[]): SpecialDevice[] => devices.filter((d) => d.kind === 'lift');

/** The crane or lift as a wall display names it: its place on the site (1#塔吊), else its device name. */
export const deviceLabel = (d: Pick<SpecialDevice, 'installPosition' | 'deviceName'>): string => d.installPosition || d.deviceName;
