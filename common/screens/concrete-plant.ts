// The answer of GET /prod-api/api/TyScreen/ConcretePlant (docs/screens-api.md): the ready-mix plant's
// screens (搅拌站管理, 混凝土生产大屏, 混凝土, 搅拌站台账 / 扬尘 / 视频, 拌合站物料, 物料监测) over the plant
// entities of the companies in scope (docs/concrete-plant.md). Days are China Standard Time days; volumes
// in 方 (m³), material weights in 吨.
import type { NamedCount } from './basics';

export type PlantVolumes = {
  today: number;
  yesterday: number;
  month: number;
  batchesToday: number;
  alarmsToday: number;
  /** Batches past the company's 计量允许偏差 this month. */
  alarmsMonth: number;
};

export type PlantSummary = {
  ordersInProduction: number;
  ordersWaiting: number;
  tasksRunning: number;
  cars: number;
  carsOut: number;
  lowBins: number;
};

export type PlantDay = { day: string; volume: number; batches: number; alarms: number };

export type PlantOrderItem = {
  id: string;
  orderNo: string;
  customerName: string;
  siteName: string;
  pourPart: string;
  strengthGrade: string;
  volume: number;
  producedVolume: number;
  signedVolume: number;
  status: string;
  statusName: string;
  plannedPourTime: string | null;
};

export type PlantTaskItem = {
  id: string;
  taskNo: string;
  orderNo: string;
  customerName: string;
  siteName: string;
  lineName: string;
  strengthGrade: string;
  plannedVolume: number;
  producedVolume: number;
  dispatchedVolume: number;
  status: string;
  statusName: string;
  startedAt: string | null;
};

/** atPlant 在站, toSite 运输中, atSite 卸料中 (arrived), returning 返程中. */
export type TankerState = 'atPlant' | 'toSite' | 'atSite' | 'returning';

export type PlantTanker = {
  id: string;
  plateNo: string;
  carNo: string;
  driverName: string;
  capacity: number;
  state: TankerState;
  stateName: string;
  tripNo: string;
  siteName: string;
  volume: number;
  /** Where the car is (interpolated on the way between the plant and the site); null without a plant position. */
  lng: number | null;
  lat: number | null;
  /** `gps`: the bound 车载定位 terminal's latest fix (at most 10 minutes old); `trip`: estimated from the trip's times. */
  positionSource: 'gps' | 'trip';
};

export type PlantBinItem = {
  id: string;
  binNo: string;
  binName: string;
  lineName: string;
  materialName: string;
  kind: string;
  kindName: string;
  capacity: number;
  stock: number;
  alarmStock: number;
  low: boolean;
};

/** End-of-day stock of one material kind (吨) over the last days, the last point being now. */
export type MaterialTrend = { kind: string; name: string; points: Array<{ day: string; stock: number }> };

/** One material kind's use: set and actual weight today and this month (吨), deliveries this month. */
export type MaterialUse = { kind: string; name: string; today: number; todaySet: number; month: number; deliveredMonth: number };

export type PlantBatchItem = {
  id: string;
  batchNo: number;
  batchTime: string;
  taskNo: string;
  lineName: string;
  strengthGrade: string;
  volume: number;
  maxDeviation: number;
  alarm: boolean;
};

export type PlantTripItem = {
  id: string;
  tripNo: string;
  plateNo: string;
  customerName: string;
  siteName: string;
  strengthGrade: string;
  volume: number;
  receivedVolume: number | null;
  leftAt: string | null;
  status: string;
  statusName: string;
};

export type PlantCustomerMonth = { customerName: string; volume: number; amount: number; trips: number };

export type PlantDust = {
  /** The plant's dust monitors (its company's projects). */
  devices: number;
  online: number;
  latest: { pm25: number | null; pm10: number | null; tsp: number | null; noise: number | null; at: string | null };
  trend: Array<{ hour: string; pm25: number | null; pm10: number | null; noise: number | null }>;
  limits: { pm25: number; pm10: number };
};

/** A camera of the plant's site; `projectName` names the site when the company has several. */
export type PlantCamera = { id: string; name: string; position: string; projectName: string; online: boolean };

export type ConcretePlant = {
  updatedAt: string;
  /**
   * Whether a plant stands behind the scope: a company in it keeps bins, tankers, orders or tasks. False
   * for a project whose company runs no plant (pjctid1), whose screens then say 本项目暂无搅拌站供应.
   */
  supplied: boolean;
  plantName: string;
  /** [lng, lat] of the plant (its company's first project), null when unknown. */
  plantPosition: [number, number] | null;
  volumes: PlantVolumes;
  summary: PlantSummary;
  daily: PlantDay[];
  ordersByStatus: NamedCount[];
  orders: PlantOrderItem[];
  tasks: PlantTaskItem[];
  tankers: PlantTanker[];
  bins: PlantBinItem[];
  stockTrend: MaterialTrend[];
  consumption: MaterialUse[];
  batches: PlantBatchItem[];
  /** The newest batches past the tolerance (超差报警). */
  alarmBatches: PlantBatchItem[];
  trips: PlantTripItem[];
  customersMonth: PlantCustomerMonth[];
  dust: PlantDust;
  cameras: PlantCamera[];
};
