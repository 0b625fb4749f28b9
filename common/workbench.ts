// The 工作台's wire (docs/workbench.md): the pending tasks of GET /api/Workbench/GetMyTasks and the running
// configuration of GET /api/DevelopmentConfig/GetRunningConfig, shared by the server and the browser.

export const WORKBENCH_API = {
  tasks: '/api/Workbench/GetMyTasks',
  runningConfig: '/api/DevelopmentConfig/GetRunningConfig',
} as const;

export type PendingTaskRow = { id: string; summary: string; state: string; stateLabel: string; time: string; link: string };

export type PendingTaskGroup = {
  entity: string;
  /** The page title of the business (its menu item). */
  title: string;
  /** The page's address in the back office. */
  path: string;
  count: number;
  /** Per waiting state: its label, how many rows, and the moves the caller may make from it. */
  states: Array<{ value: string; label: string; count: number; actions: string[] }>;
  /** The newest rows, newest first (at most TASK_ROWS_PER_GROUP). */
  rows: PendingTaskRow[];
  /** The newest waiting row's time, for the order of the groups. */
  newest: string;
};

export type PendingTasks = { total: number; groups: PendingTaskGroup[] };

export type RunningConfig = {
  version: string;
  node: string;
  startedAt: string;
  uptimeSeconds: number;
  database: { kind: string };
  schemas: {
    entities: number;
    workflows: number;
    pages: number;
    menus: { pages: number; buttons: number };
    dictionaries: number;
    dictionaryOptions: number;
    contentSchemas: number;
    warnings: number;
  };
  devices: {
    hj212: { enabled: boolean; port: number | null };
    http: { enabled: boolean; path: string };
    offlineAfterMinutes: number | null;
    simulator: boolean;
  };
  push: { worker: boolean; allowedTargets: string[]; anyPublicTarget: boolean };
  limits: {
    uploads: Array<{ mode: string; extensions: readonly string[]; maxMB: number }>;
    serviceTokenRate: { max: number; windowSeconds: number };
    login: { pairFreeFailures: number; accountFailures: number; addressFailures: number };
    sessionHours: number;
    batchRows: number;
    auditRetentionDays: number;
  };
  clientConfig: { tiandituKey: '已配置' | '未配置'; videoMediaHosts: string[] };
  demoData: boolean;
};
