// The answer of GET /prod-api/api/TyScreen/Danger (docs/screens-api.md): the special-equipment screen
// (特种设备) — tower cranes and construction lifts. Ids are strings, times ISO 8601 UTC.
import type { CraneReadingRow } from '../generated/entities';
import type { AlarmItem } from './alarms';
import type { NamedCount } from './basics';
import type { DeviceCounts } from './devices';

export type SpecialKind = 'towerCrane' | 'lift';

/** The newest reading of a crane or lift; lifts report load ratio, load in kg, floor and wind only. */
export type CraneLatest = Pick<CraneReadingRow, 'loadRatio' | 'momentRatio' | 'height' | 'radius' | 'windSpeed' | 'tilt' | 'loadKg' | 'floor'> & {
  time: string;
};

export type SpecialDevice = {
  id: string;
  deviceCode: string;
  deviceName: string;
  /** A SpecialKind. */
  kind: string;
  kindName: string;
  projectId: string;
  projectName: string;
  installPosition: string;
  online: boolean;
  lastSeenAt: string | null;
  alarming: boolean;
  /** null without any reading. */
  latest: CraneLatest | null;
};

/** Load and moment ratio in %, wind in m/s. */
export type CraneLimits = { loadRatio: number; momentRatio: number; windSpeed: number };

/** One hour of the trend: the highest ratios reported in it (null: none). */
export type PeakPoint = { hour: string; craneLoad: number | null; craneMoment: number | null; liftLoad: number | null };

export type Danger = {
  updatedAt: string;
  limits: CraneLimits;
  towerCrane: DeviceCounts;
  lift: DeviceCounts;
  devices: SpecialDevice[];
  /** Alarms of these devices in the last 24 hours: `byKind` non-zero only, `list` the 20 newest. */
  alarms24h: { total: number; byKind: NamedCount[]; list: AlarmItem[] };
  /** 24 hourly buckets ending with the current hour. */
  trend: PeakPoint[];
};
