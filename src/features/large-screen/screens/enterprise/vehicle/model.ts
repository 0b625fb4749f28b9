// What the vehicle screen derives from the Vehicle answer (common/screens/vehicle.ts): the wash rate of
// today's exits, and the colours of upload statuses and vehicle types.
import type { VehicleSummary } from '../../../../../../common/screens/vehicle';

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
