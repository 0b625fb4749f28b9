// 隧道管理 (GET /prod-api/api/TyScreen/Tunnel, docs/tunnel.md): the tunnel faces of the projects in scope with
// their progress and positions, the daily advance, who is inside now by zone, the gas and ventilation readings
// against their limits, and the tunnel alarms. Built by server/screens/tunnel.ts.
import type { AlarmItem } from './alarms';

/** One working face (掌子面 / 洞口) of a tube. Lengths and chainages in metres. */
export type TunnelFace = {
  id: string;
  projectId: string;
  tunnelName: string;
  sectionName: string;
  faceKindName: string;
  designLength: number;
  startChainage: number;
  endChainage: number;
  /** up: 小里程→大里程 (the face moves from the start chainage), down: from the end chainage. */
  heading: 'up' | 'down';
  excavationMethodName: string;
  rockGrade: string;
  rockGradeName: string;
  startDate: string | null;
  /** Sum of the face's daily advances (at most the design length). */
  excavated: number;
  /** excavated / designLength in %, one decimal. */
  progress: number;
  /** The chainage the face stands at now. */
  facePosition: number;
  /** Today's advance (CST), null when none was entered yet. */
  todayAdvance: number | null;
  /** The last 7 days' advance. */
  weekAdvance: number;
};

/** One tube (a tunnel name): its extent over all its faces. */
export type TunnelTube = {
  tunnelName: string;
  projectName: string;
  startChainage: number;
  endChainage: number;
  designLength: number;
  excavated: number;
  progress: number;
  /** Ids of its faces (in `faces`). */
  faceIds: string[];
};

export type TunnelAdvanceSeries = { faceId: string; name: string; values: Array<number | null> };

/** A person inside now (latest positioning reading of the tag is an entry). */
export type TunnelPerson = {
  tagCode: string;
  workerName: string;
  teamName: string;
  zone: string;
  since: string;
};

export type TunnelZone = { zone: string; count: number };

export type TunnelGasLimit = { metric: 'o2' | 'co' | 'ch4' | 'h2s' | 'windSpeed' | 'temperature'; label: string; unit: string; upper: number | null; lower: number | null };

export type TunnelGasNow = {
  deviceCode: string;
  deviceName: string;
  installPosition: string;
  online: boolean;
  time: string | null;
  o2: number | null;
  co: number | null;
  ch4: number | null;
  h2s: number | null;
  windSpeed: number | null;
  temperature: number | null;
};

export type Tunnel = {
  updatedAt: string;
  summary: {
    tubes: number;
    faces: number;
    designLength: number;
    excavated: number;
    progress: number;
    todayAdvance: number;
    monthAdvance: number;
    inside: number;
    alarmsToday: number;
    unhandled: number;
  };
  tubes: TunnelTube[];
  faces: TunnelFace[];
  /** The last 14 CST days, oldest first; a series per face (null: no record that day). */
  advance: { days: string[]; series: TunnelAdvanceSeries[] };
  people: { inside: number; zones: TunnelZone[]; list: TunnelPerson[] };
  gas: { limits: TunnelGasLimit[]; devices: TunnelGasNow[] };
  /** The 20 newest alarms of the tunnel's gas detectors (gas, wind, temperature, offline). */
  alarms: AlarmItem[];
};
