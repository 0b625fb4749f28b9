// The entity tables device ingestion writes (schemas/entities/monitor-device.json, env-reading.json,
// crane-reading.json, gas-reading.json, monitor-alarm.json, device-threshold.json), read from the catalog
// so a renamed table fails at start, and the AI camera events (schemas/dictionaries/aiEventType.json). A reading kind maps a device kind onto its table and the numeric
// fields a reading may carry (field name → column).
import type { Catalog } from '../domain/catalog';

export type ReadingKind = 'env' | 'crane' | 'gas';

/** A numeric field a reading may carry: its column, bounds and whether it is a whole number. */
export type ReadingField = { column: string; minimum?: number; maximum?: number; integer: boolean };

export type ReadingTable = { table: string; columns: ReadonlyMap<string, ReadingField> };

export type DeviceTables = {
  device: string;
  alarm: string;
  threshold: string;
  readings: Readonly<Record<ReadingKind, ReadingTable>>;
  /** AI camera event codes (aiEventType dictionary) → their labels. */
  aiEvents: ReadonlyMap<string, string>;
};

const READING_ENTITIES: Record<ReadingKind, string> = { env: 'EnvReading', crane: 'CraneReading', gas: 'GasReading' };

/** Device kind (monitorDeviceKind) → the table its readings go to; kinds without one only report that they are alive. */
export const READING_KIND_OF: Readonly<Record<string, ReadingKind>> = {
  dust: 'env',
  noise: 'env',
  towerCrane: 'crane',
  lift: 'crane',
  gas: 'gas',
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
    const columns = new Map(
      entity.fields
        .filter((f) => f.type === 'number' || f.type === 'integer')
        .map((f): [string, ReadingField] => [f.name, { column: f.column, minimum: f.minimum, maximum: f.maximum, integer: f.type === 'integer' }]),
    );
    readings[kind] = { table: entity.table, columns };
  }
  return {
    device: entityOf(catalog, 'MonitorDevice').table,
    alarm: entityOf(catalog, 'Alarm').table,
    threshold: entityOf(catalog, 'DeviceThreshold').table,
    readings,
    aiEvents: new Map((catalog.dictionaries.get('aiEventType') ?? []).map((o) => [o.xuHao, o.selContent])),
  };
}
