// Alarm thresholds per device kind as data (schemas/entities/device-threshold.json, company-scoped): a
// device uses the row of its own company for a (kind, metric), else the nearest parent company's, so the
// group's seeded rows cover every subsidiary until one sets its own. A device's own PM10 and day / night
// noise limits (monitor-device.json) win over both. A row may also set a lower limit (报警下限: oxygen and
// ventilation in a tunnel alarm when too low). Rows are cached for `ttlMs` per process.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isDaytime } from './limits';

export type Metric =
  | 'pm25' | 'pm10' | 'tsp' | 'noiseDay' | 'noiseNight' | 'loadRatio' | 'momentRatio' | 'windSpeed' | 'tilt' | 'lel' | 'co' | 'h2s' | 'o2' | 'ch4' | 'temperature';

/** Metric → the reading field it watches and the alarm kind (alarmKind dictionary) it raises. */
export const METRICS: Readonly<Record<Metric, { field: string; alarmKind: string; label: string; unit: string }>> = {
  pm25: { field: 'pm25', alarmKind: 'pm25', label: 'PM2.5', unit: 'µg/m³' },
  pm10: { field: 'pm10', alarmKind: 'pm10', label: 'PM10', unit: 'µg/m³' },
  tsp: { field: 'tsp', alarmKind: 'tsp', label: 'TSP', unit: 'µg/m³' },
  noiseDay: { field: 'noise', alarmKind: 'noise', label: '昼间噪声', unit: 'dB' },
  noiseNight: { field: 'noise', alarmKind: 'noise', label: '夜间噪声', unit: 'dB' },
  loadRatio: { field: 'loadRatio', alarmKind: 'craneLoad', label: '载重比', unit: '%' },
  momentRatio: { field: 'momentRatio', alarmKind: 'craneMoment', label: '力矩比', unit: '%' },
  windSpeed: { field: 'windSpeed', alarmKind: 'wind', label: '风速', unit: 'm/s' },
  tilt: { field: 'tilt', alarmKind: 'tilt', label: '倾角', unit: '°' },
  lel: { field: 'lel', alarmKind: 'gas', label: '可燃气体', unit: '%LEL' },
  co: { field: 'co', alarmKind: 'gas', label: '一氧化碳', unit: 'ppm' },
  h2s: { field: 'h2s', alarmKind: 'gas', label: '硫化氢', unit: 'ppm' },
  o2: { field: 'o2', alarmKind: 'gas', label: '氧气', unit: '%' },
  ch4: { field: 'ch4', alarmKind: 'gas', label: '甲烷', unit: '%' },
  temperature: { field: 'temperature', alarmKind: 'temperature', label: '温度', unit: '℃' },
};

/** A metric's limits: the upper always, the lower when the row sets one. */
export type Limits = { upper: number; lower: number | null };

export type ThresholdDevice = {
  companyId: number | null;
  kind: string;
  pm10Threshold: number | null;
  noiseDayThreshold: number | null;
  noiseNightThreshold: number | null;
};

/** One watched value of a reading: over the limit or not. */
export type Check = {
  metric: Metric | 'deviceFault';
  alarmKind: string;
  value: number;
  limit: number;
  over: boolean;
  message: string;
  /** A level of its own (a fault is not "how far over a limit"); else alarmLevel(value, limit). */
  level?: '1' | '2' | '3';
};

/** The 设备故障 check of a reading whose device flagged values D or B (hj212/mapping.ts FAULT_FLAGS). */
export const faultCheck = (faults: readonly string[]): Check => ({
  metric: 'deviceFault',
  alarmKind: 'deviceFault',
  value: faults.length,
  limit: 0,
  over: faults.length > 0,
  message: faults.length > 0 ? `设备上报故障：${faults.join('、')}`.slice(0, 200) : '',
  level: '2',
});

type Row = { company_id: number | string | null; device_kind: string; metric: string; upper_limit: number | string; lower_limit: number | string | null };

export class Thresholds {
  private loaded: { at: number; limits: Map<string, Limits>; parents: Map<number, number | null> } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly table: string,
    private readonly ttlMs = 30_000,
  ) {}

  private async load(): Promise<NonNullable<Thresholds['loaded']>> {
    if (this.loaded && Date.now() - this.loaded.at < this.ttlMs) return this.loaded;
    const rows = await sql<Row>`select company_id, device_kind, metric, upper_limit, lower_limit from ${sql.id(this.table)}
      where if_del = 0 and enabled = true`.execute(this.db);
    const companies = await sql<{ id: number | string; parent_id: number | string | null }>`select id, parent_id from companies`.execute(this.db);
    const limits = new Map<string, Limits>();
    for (const r of rows.rows) {
      limits.set(`${Number(r.company_id)}\u0000${r.device_kind}\u0000${r.metric}`, { upper: Number(r.upper_limit), lower: r.lower_limit === null ? null : Number(r.lower_limit) });
    }
    const parents = new Map(companies.rows.map((c) => [Number(c.id), c.parent_id === null ? null : Number(c.parent_id)]));
    this.loaded = { at: Date.now(), limits, parents };
    return this.loaded;
  }

  /** Forgets the cache (tests, or after an admin edit when the TTL is long). */
  reset(): void {
    this.loaded = null;
  }

  /** The upper limit of a metric for a device: the device's own, else its company's or the nearest parent's. */
  async limitOf(device: ThresholdDevice, metric: Metric): Promise<number | null> {
    return (await this.limitsOf(device, metric))?.upper ?? null;
  }

  /** Both limits of a metric for a device (the device's own upper limit wins, as in limitOf). */
  async limitsOf(device: ThresholdDevice, metric: Metric): Promise<Limits | null> {
    const own = metric === 'pm10' ? device.pm10Threshold : metric === 'noiseDay' ? device.noiseDayThreshold : metric === 'noiseNight' ? device.noiseNightThreshold : null;
    if (own !== null && own !== undefined) return { upper: Number(own), lower: null };
    const { limits, parents } = await this.load();
    const seen = new Set<number>();
    for (let company = device.companyId; company !== null && !seen.has(company); company = parents.get(company) ?? null) {
      seen.add(company);
      const limit = limits.get(`${company}\u0000${device.kind}\u0000${metric}`);
      if (limit !== undefined) return limit;
    }
    return null;
  }

  /** The checks of a reading: each metric of the device's kind whose field the reading carries. */
  async check(device: ThresholdDevice, values: Readonly<Record<string, number | string | undefined>>, at: Date): Promise<Check[]> {
    const out: Check[] = [];
    const day = isDaytime(at);
    for (const [metric, m] of Object.entries(METRICS) as Array<[Metric, (typeof METRICS)[Metric]]>) {
      if ((metric === 'noiseDay' && !day) || (metric === 'noiseNight' && day)) continue;
      const raw = values[m.field];
      if (typeof raw !== 'number') continue;
      const limits = await this.limitsOf(device, metric);
      if (limits === null) continue;
      const value = metric === 'tilt' ? Math.abs(raw) : raw;
      if (limits.lower !== null && value < limits.lower) {
        out.push({ metric, alarmKind: m.alarmKind, value, limit: limits.lower, over: true, message: `${m.label} ${value}${m.unit} 低于下限 ${limits.lower}${m.unit}` });
        continue;
      }
      out.push({ metric, alarmKind: m.alarmKind, value, limit: limits.upper, over: value > limits.upper, message: `${m.label} ${value}${m.unit} 超过阈值 ${limits.upper}${m.unit}` });
    }
    return out;
  }
}
