// The answer of GET /prod-api/api/TyScreen/Vehicle (docs/screens-api.md, server/screens/vehicle.ts), as
// the browser reads it: the gate passages (车辆出入记录) of the projects in scope. "Today" is the China
// Standard Time day; "on site" = plates whose newest passage of the last 24 hours is an entry.

export type NamedCount = { code: string; name: string; count: number };

export type Passage = {
  id: string;
  time: string;
  projectId: string;
  projectName: string;
  plateNo: string;
  vehicleType: string;
  typeName: string;
  direction: 'in' | 'out' | string;
  directionName: string;
  gateName: string;
  washed: boolean;
  uploadStatus: string;
  uploadStatusName: string;
  photo: string;
};

export type VehicleSummary = { inToday: number; outToday: number; onSite: number; unwashedToday: number; uploadFailedToday: number };

export type Vehicle = {
  updatedAt: string;
  summary: VehicleSummary;
  byType: Array<{ code: string; name: string; in: number; out: number }>;
  byProject: Array<{ projectId: string; projectName: string; in: number; out: number; onSite: number }>;
  hourly: Array<{ hour: string; in: number; out: number }>;
  uploadStatus: NamedCount[];
  latest: Passage[];
};

/**
 * Exits that passed the wash station today, %: the wash check is made on the way out, so unwashed
 * passages are counted against the exits (at most all of them). 100 without exits.
 */
export const washRate = (s: Pick<VehicleSummary, 'outToday' | 'unwashedToday'>): number =>
  s.outToday === 0 ? 100 : Math.round((Math.max(0, s.outToday - s.unwashedToday) / s.outToday) * 1000) / 10;

/** plateUploadStatus codes (0 未上传, 1 上传成功, 2 上传失败) and their colours. */
export const UPLOAD_COLORS: Record<string, string> = { '0': '#ffc53d', '1': '#22e3a5', '2': '#ff4d6d' };

/** vehicleType codes (1 渣土车, 2 混凝土罐车, 3 材料车, 4 小型车, 9 其他) and their colours. */
export const TYPE_COLORS: Record<string, string> = { '1': '#ff9f40', '2': '#1ec8ff', '3': '#22e3a5', '4': '#b37feb', '9': '#9fb3c8' };
