// The entity tables device ingestion writes (schemas/entities/monitor-device.json, env-reading.json,
// crane-reading.json, gas-reading.json, tunnel-gas-reading.json, tunnel-position.json, monitor-alarm.json,
// ai-event.json, device-threshold.json, env-interval.json), read from the catalog so a renamed table fails at start, and the AI
// camera events (schemas/dictionaries/aiEventType.json). A reading kind maps a device kind onto its table and
// the fields a reading may carry (field name → column): its numeric fields, and its text fields (a
// positioning tag's number, a dictionary code such as 进出方向) with their length, pattern and codes.
// Each numeric field declares its physical range (minimum / maximum in the entity, docs/device-ingestion.md
// "Plausible ranges"): a value outside it, or not a finite number, is refused by both doors (plausible, rangeText).
import { numericBounds } from '../../common/field-types';
import type { Catalog } from '../platform/catalog';

export type ReadingKind = 'env' | 'crane' | 'gas' | 'tunnelGas' | 'position';

/**
 * A numeric field of a reading: its column, its plausible range (the entity's minimum / maximum, never wider
 * than the column type's range), whole or not, and its title split into label and unit (`PM2.5`, `µg/m³`).
 */
export type NumberField = { kind: 'number'; column: string; minimum: number; maximum: number; integer: boolean; label: string; unit: string };

/**
 * A field a reading may carry: its column and rules — a number (bounds, whole or not) or a text (length,
 * pattern, the codes of its dictionary).
 */
export type ReadingField =
  | NumberField
  | { kind: 'text'; column: string; maxLength?: number; pattern?: RegExp; codes?: ReadonlySet<string>; required: boolean };

/** A value a device may report for the field: a finite number within its declared range (bounds included). */
export const plausible = (field: NumberField, value: number): boolean => Number.isFinite(value) && value >= field.minimum && value <= field.maximum;

/** Why a value was refused, naming the field and its range: `监测项 pm25（PM2.5）应在0～10000µg/m³之间`. */
export const rangeText = (name: string, field: NumberField): string => `监测项 ${name}（${field.label}）应在${field.minimum}～${field.maximum}${field.unit}之间`;

/** A field title `PM2.5(µg/m³)` as its label and unit; a title without a unit is all label. */
function labelOf(title: string): { label: string; unit: string } {
  const m = /^(.*?)\s*[(（]([^()（）]+)[)）]$/.exec(title);
  return m ? { label: m[1], unit: m[2] } : { label: title, unit: '' };
}

export type ReadingTable = { table: string; columns: ReadonlyMap<string, ReadingField> };

export type DeviceTables = {
  device: string;
  alarm: string;
  /** AI识别事件 (ai-event.json): one row per camera event, with its snapshot. */
  aiEvent: string;
  threshold: string;
  /** HJ 212 minute / hour / day records of the dust and noise monitors (env-interval.json, hj212/intervals.ts). */
  interval: string;
  readings: Readonly<Record<ReadingKind, ReadingTable>>;
  /** AI camera event codes (aiEventType dictionary) → their labels. */
  aiEvents: ReadonlyMap<string, string>;
};

const READING_ENTITIES: Record<ReadingKind, string> = {
  env: 'EnvReading',
  crane: 'CraneReading',
  gas: 'GasReading',
  tunnelGas: 'TunnelGasReading',
  position: 'TunnelPosition',
};

/** Fields every reading table has that the ingestion fills itself. */
const OWN_FIELDS = new Set(['id', 'deviceCode', 'projectId', 'readingTime']);

/** Device kind (monitorDeviceKind) → the table its readings go to; kinds without one only report that they are alive. */
export const READING_KIND_OF: Readonly<Record<string, ReadingKind>> = {
  dust: 'env',
  noise: 'env',
  towerCrane: 'crane',
  lift: 'crane',
  gas: 'gas',
  tunnelGas: 'tunnelGas',
  positioning: 'position',
};

function entityOf(catalog: Catalog, name: string) {
  const entity = catalog.entities.get(name);
  if (!entity) throw new Error(`devices: entity ${name} is not in schemas/entities/`);
  return entity;
}

export function deviceTables(catalog: Catalog): DeviceTables {
  const readings = {} as Record<ReadingKind, ReadingTable>;
  for (const [kind, name] of Object.entries(READING_ENTITIES) as Array<[ReadingKind, string]>) {
    const entity = entityOf(catalog, name);
    const columns = new Map<string, ReadingField>();
    for (const f of entity.fields) {
      if (OWN_FIELDS.has(f.name) || f.readOnly || f.virtual) continue;
      if (f.type === 'number' || f.type === 'integer') {
        const { minimum = -Number.MAX_VALUE, maximum = Number.MAX_VALUE } = numericBounds(f);
        columns.set(f.name, { kind: 'number', column: f.column, minimum, maximum, integer: f.type === 'integer', ...labelOf(f.title) });
      } else if (f.type === 'string') {
        const dict = f.dictionary && 'type' in f.dictionary ? catalog.dictionaries.get(f.dictionary.type) : undefined;
        columns.set(f.name, {
          kind: 'text',
          column: f.column,
          maxLength: f.maxLength,
          pattern: f.pattern ? new RegExp(f.pattern) : undefined,
          codes: dict ? new Set(dict.map((o) => o.xuHao)) : undefined,
          required: f.required === true,
        });
      }
    }
    readings[kind] = { table: entity.table, columns };
  }
  return {
    device: entityOf(catalog, 'MonitorDevice').table,
    alarm: entityOf(catalog, 'Alarm').table,
    aiEvent: entityOf(catalog, 'AiEvent').table,
    threshold: entityOf(catalog, 'DeviceThreshold').table,
    interval: entityOf(catalog, 'EnvInterval').table,
    readings,
    aiEvents: new Map((catalog.dictionaries.get('aiEventType') ?? []).map((o) => [o.xuHao, o.selContent])),
  };
}
