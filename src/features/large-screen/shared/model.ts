// Wire types and rules shared by several screens (docs/screens-api.md): the pieces of the overview
// answers that other screens' answers repeat. A screen's own answer type stays in its folder's model.ts.
import { percentOf } from '../kit/format';

/** A §3.5 project status with its Chinese name and count. */
export type StatusCount = { status: number; name: string; count: number };

/** A dictionary option with its count. */
export type NamedCount = { code: string; name: string; count: number };

export type KindStats = { kind: string; name: string; total: number; online: number; offline: number; alarm: number };

/** Monitoring devices (GetSbgl_sbtj): `alarm` counts devices with an unhandled alarm. */
export type DeviceStats = { total: number; online: number; offline: number; alarm: number; byKind: KindStats[] };

export type EnvThresholds = { pm25: number; pm10: number; noiseDay: number; noiseNight: number };

/** The newest dust-monitor reading of a project. */
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

/** Projects, roster and attendance of one district (supervision screens). */
export type DistrictCounts = { areaCode: string; areaName: string; projects: number; inProgress: number; roster: number; attended: number };

/** Real-name figures of a scope: roster, registered (id card and photo), attended today, on site now. */
export type Workforce = { roster: number; registered: number; attended: number; onSite: number; attendanceRate: number; registrationRate: number };

/** §3.5 project status codes. */
export const PROJECT_STATUS = { preparation: 1, initiated: 2, underConstruction: 3, completed: 4, stopped: 5 } as const;

/** Day noise limit 06:00–22:00 China Standard Time, night limit otherwise (as the server's alarms). */
export const noiseLimit = (t: EnvThresholds, at: Date = new Date()): number => {
  const cstHour = (at.getUTCHours() + 8) % 24;
  return cstHour >= 6 && cstHour < 22 ? t.noiseDay : t.noiseNight;
};

/** Online devices of all, in per cent with one decimal. */
export const onlineRate = (d: { total: number; online: number }): number => percentOf(d.online, d.total);
