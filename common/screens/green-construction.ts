// The answer of GET /prod-api/api/TyScreen/GreenConstruction (docs/environment.md "Screens"): the project
// green-construction screen (项目数据大屏 › 绿色施工) — dust and noise now and over 24 hours, today's
// exceedances, and the solid-waste ledger: generated, transferred and disposed in the last 30 days, by
// kind, per day, the storage points' stock and the newest transfer manifests with their state.
import type { EnvHour } from './environment';

export type WasteTotals = {
  /** Generated in the last 30 days, in 吨 (records in other units are counted in `otherUnits`). */
  generated: number;
  transferred: number;
  received: number;
  disposed: number;
  /** Share of the disposed quantity that was 资源化利用 / 回填利用 / 回收再生, %. */
  recycleRate: number;
  manifestsOpen: number;
  manifestsFlagged: number;
  otherUnits: number;
};

export type WasteKindRow = { code: string; name: string; generated: number; transferred: number };
/** Disposed in the last 30 days by method, in 吨. */
export type DisposalMethodRow = { code: string; name: string; quantity: number };
export type WasteDay = { date: string; generated: number; transferred: number };
export type StorageStock = { id: string; name: string; projectName: string; kindName: string; stock: number; capacity: number | null; unitName: string };
export type ManifestItem = {
  id: string;
  manifestNo: string;
  projectName: string;
  kindName: string;
  quantity: number;
  receivedQuantity: number | null;
  unitName: string;
  plateNo: string;
  receiver: string;
  status: string;
  statusName: string;
  diffFlagged: boolean;
  time: string;
};

export type GreenConstruction = {
  updatedAt: string;
  thresholds: { pm25: number; pm10: number; noiseDay: number; noiseNight: number };
  /** The newest dust reading of the scope, null without one. */
  dust: { time: string; pm25: number | null; pm10: number | null; tsp: number | null; noise: number | null } | null;
  trend: Array<Pick<EnvHour, 'hour' | 'pm25' | 'pm10' | 'noise'>>;
  exceedToday: { readings: number; pm25: number; pm10: number; noise: number; alarms: number };
  waste: WasteTotals;
  byKind: WasteKindRow[];
  byMethod: DisposalMethodRow[];
  daily: WasteDay[];
  storages: StorageStock[];
  manifests: ManifestItem[];
};
