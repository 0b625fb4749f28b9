// The answer of GET /prod-api/api/TyScreen/EnvironMonitoring (docs/environment.md "Screens"): the project
// environment screen (项目数据大屏 › 环境监测) — the Environment answer, the exceedance days of the last 30
// days per project, and the environment alarms of the last 7 days with their handling state.
import type { NamedCount } from './basics';
import type { Environment } from './environment';

/** Days of the last 30 on which a project had at least one reading over a limit (noise by day or night). */
export type ExceedDays = { projectId: string; projectName: string; days: number; pm25: number; pm10: number; noise: number; monitored: number };

/** An environment alarm and how far its handling got (未处理 / 处理中 / 已处理). */
export type EnvAlarm = {
  id: string;
  time: string;
  projectName: string;
  deviceCode: string;
  kindName: string;
  message: string;
  handleStatus: string;
  handleStatusName: string;
  handler: string;
  handledAt: string | null;
};

export type EnvironMonitoring = Environment & {
  exceedDays: ExceedDays[];
  /** The last 7 days' environment alarms, newest first (at most 30). */
  alarms: EnvAlarm[];
  /** Those alarms counted by handling state (未处理, 处理中, 已处理). */
  handling: NamedCount[];
};
