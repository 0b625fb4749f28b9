// HJ 212 minute, hour and day records (CN 2051 / 2061 / 2031) → interval records (env_interval, one per
// factor): the monitor's own figures for a period, dated by DataTime (the period's start). Two forms:
// - statistics `<code>-Avg / -Min / -Max / -Cou` (dust, meteorology, noise `LA` / `Leq` / `a50001`), each
//   with its `<code>-Flag`;
// - noise levels `<name>-Data` (and, in day records, `-DayData` 昼间 / `-NightData` 夜间): `Leq` the
//   equivalent level (the record's average), `Lmax` / `LMx` its maximum, `Lmin` / `LMn` its minimum, and the
//   percentile levels `L10`, `L50`, `L90` as factors of their own (noiseL10, …), with `<name>-Flag`.
// Flags follow the real-time rule (mapping.ts DATA_FLAGS): only N counts in a figure. Dust in mg/m³ is turned
// into µg/m³ as for real-time readings.
// A figure outside the plausible range of its factor's EnvReading field, or no finite number, refuses the
// whole upload as for real-time data (implausibleIntervals; docs/device-ingestion.md "Plausible ranges").
import { plausible, rangeText, type ReadingField } from '../tables';
import type { Hj212Packet } from './frame';
import { ENV_CODES, type EnvValues, type Implausible, type InvalidValue } from './mapping';

export type IntervalKind = 'minute' | 'hour' | 'day';

/** The CN of each interval upload. */
export const INTERVAL_CNS: Readonly<Record<string, IntervalKind>> = { '2051': 'minute', '2061': 'hour', '2031': 'day' };

/** One factor's figures for the period: its average (for noise the Leq), minimum, maximum, cumulative value; its flag. */
export type IntervalRecord = { factor: string; avg?: number; min?: number; max?: number; cou?: number; flag: string };

const STATS = { Avg: 'avg', Min: 'min', Max: 'max', Cou: 'cou' } as const;
/** Noise level names of the `-Data` form → the record's factor stem and the figure they are. */
const NOISE_LEVELS: Readonly<Record<string, { factor: string; figure: 'avg' | 'min' | 'max' }>> = {
  Leq: { factor: 'noise', figure: 'avg' },
  Lmax: { factor: 'noise', figure: 'max' },
  LMx: { factor: 'noise', figure: 'max' },
  Lmin: { factor: 'noise', figure: 'min' },
  LMn: { factor: 'noise', figure: 'min' },
  L10: { factor: 'noiseL10', figure: 'avg' },
  L50: { factor: 'noiseL50', figure: 'avg' },
  L90: { factor: 'noiseL90', figure: 'avg' },
};
const PARTS = { Data: '', DayData: 'Day', NightData: 'Night' } as const;
const DUST = new Set<string>(['pm25', 'pm10', 'tsp']);
const MG_AT_MOST = 2;

const flagOf = (p: Hj212Packet, code: string): string => (p.cp.get(`${code}-Flag`) ?? 'N').trim().toUpperCase().slice(0, 2) || 'N';

export type IntervalData = { records: IntervalRecord[]; unknown: string[]; invalid: InvalidValue[] };

/** The EnvReading field whose range a record's factor keeps: the noise levels (noiseL10, noiseDay, …) are noise. */
const fieldOf = (factor: string): string => (factor.startsWith('noise') ? 'noise' : factor);

/** The interval records of a minute / hour / day upload, and the factor codes not mapped. */
export function readIntervals(p: Hj212Packet): IntervalData {
  const records = new Map<string, IntervalRecord>();
  const record = (factor: string, flag: string): IntervalRecord => {
    const r = records.get(factor) ?? { factor, flag };
    // A flag other than N on any item of the factor marks the whole record.
    if (flag !== 'N') r.flag = flag;
    records.set(factor, r);
    return r;
  };
  const known = new Set<string>();
  const invalid: InvalidValue[] = [];
  /** An item's number; a text that is no finite number is kept as invalid (it refuses the upload). */
  const numberOf = (key: string, factor: string): number | undefined => {
    const text = p.cp.get(key);
    if (text === undefined || text.trim() === '') return undefined;
    const n = Number(text);
    if (Number.isFinite(n)) return n;
    invalid.push({ field: fieldOf(factor), code: key, text: text.slice(0, 40) });
    return undefined;
  };
  for (const [code, field] of Object.entries(ENV_CODES) as Array<[string, keyof EnvValues]>) {
    for (const [suffix, figure] of Object.entries(STATS)) {
      const value = numberOf(`${code}-${suffix}`, field);
      if (value === undefined) continue;
      known.add(code);
      record(field, flagOf(p, code))[figure] = value;
    }
  }
  for (const [name, level] of Object.entries(NOISE_LEVELS)) {
    for (const [part, tail] of Object.entries(PARTS)) {
      const value = numberOf(`${name}-${part}`, level.factor);
      if (value === undefined) continue;
      known.add(name);
      record(`${level.factor}${tail}`, flagOf(p, name))[level.figure] = value;
    }
  }
  const list = [...records.values()];
  const dust = list.filter((r) => DUST.has(r.factor) && r.avg !== undefined).map((r) => r.avg!);
  if (dust.length > 0 && dust.every((v) => v <= MG_AT_MOST) && dust.some((v) => v > 0)) {
    const toUg = (v: number | undefined) => (v === undefined ? undefined : Math.round(v * 1000 * 10) / 10);
    for (const r of list) {
      if (!DUST.has(r.factor)) continue;
      r.avg = toUg(r.avg);
      r.min = toUg(r.min);
      r.max = toUg(r.max);
    }
  }
  const codes = [...p.cp.keys()]
    .filter((k) => /-(Avg|Min|Max|Cou|Flag|Data|DayData|NightData|ZsAvg|ZsMin|ZsMax)$/.test(k))
    .map((k) => k.slice(0, k.lastIndexOf('-')));
  const unknown = [...new Set(codes)].filter((c) => !known.has(c) && !(c in ENV_CODES) && !(c in NOISE_LEVELS));
  return { records: list, unknown, invalid };
}

/**
 * The figures of an interval upload no monitor can have measured: an average, minimum or maximum outside
 * the range of its factor's EnvReading field (flagged records included), or an item that is no finite
 * number. Any one refuses the whole upload, as for real-time data. (A cumulative value -Cou is no reading.)
 */
export function implausibleIntervals(data: IntervalData, fields: ReadonlyMap<string, ReadingField>): Implausible[] {
  const out: Implausible[] = [];
  const refuse = (name: string, value: string): void => {
    const field = fields.get(name);
    if (field?.kind === 'number') out.push({ field: name, value, reason: rangeText(name, field) });
  };
  for (const v of data.invalid) refuse(v.field, v.text);
  for (const r of data.records) {
    const name = fieldOf(r.factor);
    const field = fields.get(name);
    if (field?.kind !== 'number') continue;
    for (const value of [r.avg, r.min, r.max]) if (value !== undefined && !plausible(field, value)) refuse(name, String(value));
  }
  return out;
}

