// What the tunnel screen derives from the answer: chainages in the K notation, where a chainage lies along a
// tube, and whether a gas or ventilation value is inside its limits.
import type { TunnelGasLimit } from '../../../../../../common/screens/tunnel';

/** 21583.5 → K21+583.5 (桩号). */
export function chainageText(metres: number): string {
  const km = Math.floor(metres / 1000);
  const rest = Math.round((metres - km * 1000) * 10) / 10;
  const whole = Math.floor(rest);
  const tenth = Math.round((rest - whole) * 10);
  return `K${km}+${String(whole).padStart(3, '0')}${tenth > 0 ? `.${tenth}` : ''}`;
}

/** A chainage's place along [start, end] in % (0–100). */
export const placeOf = (chainage: number, start: number, end: number): number => (end > start ? Math.min(100, Math.max(0, ((chainage - start) / (end - start)) * 100)) : 0);

export type GasState = 'ok' | 'warn' | 'over' | 'none';

/** Over a limit (above the upper, below the lower), near the upper one (80 %), inside, or no value. */
export function gasState(value: number | null, limit: TunnelGasLimit): GasState {
  if (value === null) return 'none';
  if ((limit.upper !== null && value > limit.upper) || (limit.lower !== null && value < limit.lower)) return 'over';
  if (limit.upper !== null && limit.lower === null && value > limit.upper * 0.8) return 'warn';
  return 'ok';
}

/** The scale a meter draws a metric on: up to 1.5 × the upper limit (at least the value). */
export const meterMax = (value: number | null, limit: TunnelGasLimit): number => Math.max(limit.upper ?? 1, value ?? 0) * (limit.metric === 'o2' ? 1.07 : 1.5);

/** How a limit reads: 20–23.5 % or ≤ 24 ppm. */
export const limitText = (l: TunnelGasLimit): string =>
  l.lower !== null && l.upper !== null ? `${l.lower}–${l.upper}${l.unit}` : l.upper !== null ? `≤${l.upper}${l.unit}` : l.lower !== null ? `≥${l.lower}${l.unit}` : '--';
