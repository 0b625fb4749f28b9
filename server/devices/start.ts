// Device ingestion as the app runs it: one Ingest per process shared by the HTTP endpoint and the HJ 212
// listener (started only when a port is given: HJ212_PORT in main.ts, a free port in tests).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Catalog } from '../platform/catalog';
import { startHj212, type Hj212Listener, type Hj212Options } from './hj212/listener';
import { deviceIngestRoutes, type DeviceIngestOptions } from './http-ingest';
import { Ingest, type IngestOptions } from './ingest';
import { startOfflineSweep } from './offline';
import { deviceTables } from './tables';

export type DevicesOptions = IngestOptions & {
  /** The HJ 212 listener; off when absent. Port 0 picks a free one (see Devices.hj212.port). */
  hj212?: Hj212Options;
  http?: DeviceIngestOptions;
  /** Mark a device silent this long offline, with a 设备离线 alarm (offline.ts); off when absent (main.ts: DEVICE_OFFLINE_MS). */
  offlineAfterMs?: number;
};

export type Devices = {
  ingest: Ingest;
  hj212: Hj212Listener | null;
  routes: (app: FastifyInstance) => Promise<void>;
  close: () => Promise<void>;
};

export async function startDevices(db: Kysely<Database>, catalog: Catalog, options: DevicesOptions, log: FastifyBaseLogger): Promise<Devices> {
  const tables = deviceTables(catalog);
  const ingest = new Ingest(db, tables, options);
  let hj212: Hj212Listener | null = null;
  if (options.hj212) {
    // A taken port leaves the console running without the listener (logged), rather than not starting.
    try {
      hj212 = await startHj212(ingest, options.hj212, log);
    } catch (err) {
      log.error({ err }, `HJ212 监听端口 ${options.hj212.port} 启动失败，设备TCP接入未开启`);
    }
  }
  const stopSweep = options.offlineAfterMs ? startOfflineSweep(db, tables, options.offlineAfterMs, log) : null;
  return {
    ingest,
    hj212,
    routes: (app) => deviceIngestRoutes(app, { db, ingest, tables, options: options.http }),
    close: async () => {
      await hj212?.close();
      await stopSweep?.();
      await ingest.close();
    },
  };
}
