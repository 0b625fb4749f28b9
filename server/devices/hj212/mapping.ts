// HJ 212 pollutant codes → an environment reading (env_reading columns). Values of a real-time upload
// (CN 2011) come from `<code>-Rtd`, or else `-Avg` (a data logger that sends its 2011 as statistics); minute,
// hour and day data (CN 2051 / 2061 / 2031) are interval records instead (intervals.ts). Noise arrives as
// LA or Leq (and some vendors' a50001). Dust in mg/m³ (the code table's unit, used by some vendors) is
// turned into µg/m³, the unit the platform stores: a frame whose dust values are all ≤ 2 is taken as mg/m³
// (2 mg/m³ = 2000 µg/m³ is far above any real reading, 2 µg/m³ far below).
// A value outside its field's plausible range (tables.ts, the EnvReading entity's minimum / maximum) or not a
// number refuses the whole upload (implausible; docs/device-ingestion.md "Plausible ranges").
import { plausible, rangeText, type ReadingField } from '../tables';
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

/** HJ 212 factor codes → the reading they are (also the factors of interval records, intervals.ts). */
export const ENV_CODES: Readonly<Record<string, keyof EnvValues>> = {
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
/** Chinese names of the factors, for alarm messages. */
export const FACTOR_LABELS: Readonly<Record<keyof EnvValues, string>> = {
  pm25: 'PM2.5', pm10: 'PM10', tsp: 'TSP', noise: '噪声', temperature: '温度', humidity: '湿度', pressure: '气压', windSpeed: '风速', windDirection: '风向',
};
/** Largest plausible dust value in mg/m³ (see above). */
const MG_AT_MOST = 2;

/** The CN of uploads carrying readings: real-time (env_reading), minute, hour, day (env_interval, intervals.ts). */
export const DATA_CNS = new Set(['2011', '2051', '2061', '2031']);

/**
 * HJ 212-2017 data flags (表 B.4 / §6.3.3 `-Flag`): N is a valid value; every other flag marks a value that
 * counts in no average, no exceedance and no alarm. D and B (a fault of the instrument or of its link) also
 * open the device's 设备故障 episode (docs/device-ingestion.md "Data flags").
 */
export const DATA_FLAGS: Readonly<Record<string, string>> = {
  N: '正常', F: '停运', M: '维护', S: '手工输入', D: '故障', C: '校准', T: '超测上限', B: '通讯异常', H: '有效数据不足', P: '电源故障',
};
/** Flags of a fault of the device rather than of the data. */
export const FAULT_FLAGS = new Set(['D', 'B']);

/** A value the device flagged (not N): kept with its flag, out of every figure. */
export type FlaggedValue = { field: keyof EnvValues; code: string; value: number; flag: string };

/** A value sent as text that is no finite number (`NaN`, `Infinity`, `1e999`, `abc`). */
export type InvalidValue = { field: string; code: string; text: string };

export type EnvData = { values: EnvValues; flagged: FlaggedValue[]; unknown: string[]; invalid: InvalidValue[] };

/** A value of an upload a device cannot have measured: the field, the value as received, the refusal text. */
export type Implausible = { field: string; value: string; reason: string };

/**
 * The readings of an upload: valid values, flagged ones, and the factor codes not mapped (logged once per
 * device). A value's flag is `<code>-Flag`; an absent flag is N.
 */
export function readEnv(p: Hj212Packet): EnvData {
  const values: EnvValues = {};
  const flagged = new Map<keyof EnvValues, FlaggedValue>();
  const invalid: InvalidValue[] = [];
  for (const suffix of ['Avg', 'Rtd']) {
    for (const [code, field] of Object.entries(ENV_CODES)) {
      const text = p.cp.get(`${code}-${suffix}`);
      if (text === undefined || text.trim() === '') continue;
      const value = Number(text);
      if (!Number.isFinite(value)) {
        invalid.push({ field, code: `${code}-${suffix}`, text: text.slice(0, 40) });
        continue;
      }
      const flag = (p.cp.get(`${code}-Flag`) ?? 'N').trim().toUpperCase() || 'N';
      if (flag === 'N') {
        values[field] = value;
        flagged.delete(field);
      } else {
        delete values[field];
        flagged.set(field, { field, code, value, flag });
      }
    }
  }
  const dust = [...DUST.map((k) => values[k]), ...[...flagged.values()].filter((f) => DUST.includes(f.field)).map((f) => f.value)].filter((v): v is number => v !== undefined);
  if (dust.length > 0 && dust.every((v) => v <= MG_AT_MOST) && dust.some((v) => v > 0)) {
    const toUg = (v: number) => Math.round(v * 1000 * 10) / 10;
    for (const k of DUST) if (values[k] !== undefined) values[k] = toUg(values[k]);
    for (const f of flagged.values()) if (DUST.includes(f.field)) f.value = toUg(f.value);
  }
  const unknown = [...new Set([...p.cp.keys()].filter((k) => /-(Rtd|Avg|Min|Max|Cou|Flag|ZsRtd|ZsAvg)$/.test(k)).map((k) => k.slice(0, k.lastIndexOf('-'))))].filter((c) => !(c in ENV_CODES));
  return { values, flagged: [...flagged.values()], unknown, invalid };
}

/**
 * The values of a real-time upload no device can have measured — outside the range of their EnvReading field,
 * or no finite number — flagged values included (a flag says how the device judged a value, not that it is
 * possible). Any one refuses the whole upload: the values of one frame share one data logger's scaling and
 * the frame-wide mg/m³ rule, so the rest is no more to be trusted (docs/device-ingestion.md).
 */
export function implausibleEnv(data: EnvData, fields: ReadonlyMap<string, ReadingField>): Implausible[] {
  const out: Implausible[] = [];
  const check = (name: string, value: number | string): void => {
    const field = fields.get(name);
    if (field?.kind !== 'number') return;
    if (typeof value === 'number' && plausible(field, value)) return;
    out.push({ field: name, value: String(value), reason: rangeText(name, field) });
  };
  for (const v of data.invalid) check(v.field, v.text);
  for (const [name, value] of Object.entries(data.values)) check(name, value as number);
  for (const f of data.flagged) check(f.field, f.value);
  return out;
}

export function envValues(p: Hj212Packet): EnvValues {
  return readEnv(p).values;
}

/** The flagged values as stored with the reading (env_reading.data_flags): `pm10=180.5(D),pm25=88(D)`. */
export const flagsText = (flagged: readonly FlaggedValue[]): string | undefined =>
  flagged.length === 0 ? undefined : flagged.map((f) => `${f.field}=${f.value}(${f.flag})`).join(',').slice(0, 500);

/** DataTime=yyyyMMddHHmmss (China Standard Time) as a Date, or null when absent or invalid. */
export function dataTime(p: Hj212Packet): Date | null {
  return cstTime(p.cp.get('DataTime') ?? '');
}

/**
 * The reading's time: DataTime, else the QN (yyyyMMddHHmmssSSS, the request's own time, China time), so a
 * retransmitted frame — same QN, same data — is dated the same and stored once.
 */
export function packetTime(p: Hj212Packet): Date | null {
  return dataTime(p) ?? (p.qn ? cstTime(p.qn.slice(0, 14)) : null);
}

function cstTime(text: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s) - 8 * 3_600_000);
}
