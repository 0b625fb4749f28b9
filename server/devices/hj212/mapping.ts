// HJ 212 pollutant codes → an environment reading (env_reading columns). Values come from `<code>-Rtd`
// (real-time, CN 2011) or else `-Avg` (minute / hour / day data, CN 2051 / 2061 / 2031). Noise arrives as
// LA or Leq (and some vendors' a50001). Dust in mg/m³ (the code table's unit, used by some vendors) is
// turned into µg/m³, the unit the platform stores: a frame whose dust values are all ≤ 2 is taken as mg/m³
// (2 mg/m³ = 2000 µg/m³ is far above any real reading, 2 µg/m³ far below).
import type { Hj212Packet } from './frame';

export type EnvValues = {
  pm25?: number;
  pm10?: number;
  tsp?: number;
  noise?: number;
  temperature?: number;
  humidity?: number;
  pressure?: number;
  windSpeed?: number;
  windDirection?: number;
};

const CODES: Record<string, keyof EnvValues> = {
  a34004: 'pm25',
  a34002: 'pm10',
  a34001: 'tsp',
  LA: 'noise',
  Leq: 'noise',
  a50001: 'noise',
  a01001: 'temperature',
  a01002: 'humidity',
  a01006: 'pressure',
  a01007: 'windSpeed',
  a01008: 'windDirection',
};
const DUST: ReadonlyArray<keyof EnvValues> = ['pm25', 'pm10', 'tsp'];
/** Largest plausible dust value in mg/m³ (see above). */
const MG_AT_MOST = 2;

/** The CN of uploads carrying readings: real-time, minute, hour, day. */
export const DATA_CNS = new Set(['2011', '2051', '2061', '2031']);

export function envValues(p: Hj212Packet): EnvValues {
  const out: EnvValues = {};
  for (const suffix of ['Avg', 'Rtd']) {
    for (const [code, field] of Object.entries(CODES)) {
      const text = p.cp.get(`${code}-${suffix}`);
      if (text === undefined) continue;
      const value = Number(text);
      if (text.trim() !== '' && Number.isFinite(value)) out[field] = value;
    }
  }
  const dust = DUST.map((k) => out[k]).filter((v): v is number => v !== undefined);
  if (dust.length > 0 && dust.every((v) => v <= MG_AT_MOST) && dust.some((v) => v > 0)) {
    for (const k of DUST) if (out[k] !== undefined) out[k] = Math.round(out[k] * 1000 * 10) / 10;
  }
  return out;
}

/** DataTime=yyyyMMddHHmmss (China Standard Time) as a Date, or null when absent or invalid. */
export function dataTime(p: Hj212Packet): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(p.cp.get('DataTime') ?? '');
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s) - 8 * 3_600_000);
}
