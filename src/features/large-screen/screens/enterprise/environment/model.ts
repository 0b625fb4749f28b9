// What the environment screen derives from the Environment answer (common/screens/environment.ts): wind
// direction and level, and the current value of an hourly trend.
import type { EnvHour } from '../../../../../../common/screens/environment';

const COMPASS = ['北', '东北', '东', '东南', '南', '西南', '西', '西北'] as const;

/** The wind's direction (degrees it blows from, 0 = north) as one of eight Chinese names: 东南风. */
export const windDirectionName = (degrees: number): string => `${COMPASS[Math.round((((degrees % 360) + 360) % 360) / 45) % 8]}风`;

/** Upper wind speeds (m/s) of Beaufort levels 0–11; faster is level 12. */
const BEAUFORT_UPPER = [0.2, 1.5, 3.3, 5.4, 7.9, 10.7, 13.8, 17.1, 20.7, 24.4, 28.4, 32.6] as const;

/** The wind level (风力等级, Beaufort 0–12) of a speed in m/s. */
export const windLevel = (speed: number): number => {
  const at = BEAUFORT_UPPER.findIndex((upper) => speed <= upper);
  return at < 0 ? 12 : at;
};

/** The newest non-empty value of a metric in an hourly trend: "now" for the whole scope. */
export const currentValue = (trend: readonly EnvHour[], key: 'pm25' | 'pm10' | 'tsp' | 'noise'): number | null => {
  for (let i = trend.length - 1; i >= 0; i -= 1) {
    const v = trend[i][key];
    if (v !== null) return v;
  }
  return null;
};
