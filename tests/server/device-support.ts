// Helpers of the device ingestion tests: an app with the HJ 212 listener on a free port, devices
// registered through the MonitorDevice API, and reads of what ingestion wrote.
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DevicesOptions } from '../../server/devices/start';
import type { Database } from '../../server/db/schema';
import { endpoint, projectId } from './engine-support';
import { call, session, startApp } from './helpers';

export type DeviceApp = { app: FastifyInstance; db: Kysely<Database>; token: string; projectId: string };

export async function startDeviceApp(hj212: boolean, extra: DevicesOptions = {}): Promise<DeviceApp> {
  let db!: Kysely<Database>;
  const app = await startApp({
    devices: { flushMs: 5, deviceTtlMs: 0, thresholdTtlMs: 0, ...(hj212 ? { hj212: { port: 0, host: '127.0.0.1', idleMs: 2_000 } } : {}), ...extra },
    routes: [
      async (_api, { ctx }) => {
        db = ctx.db;
      },
    ],
  });
  const token = (await session(app, 'qiye01')).token;
  return { app, db, token, projectId: await projectId(app, token, 'NJJG-2024-001') };
}

/** Registers a device as an administrator does (MonitorDevice create), optionally with its ingestion key. */
export async function registerDevice(d: DeviceApp, code: string, kind: string, extra: Record<string, unknown> = {}): Promise<void> {
  const reply = await call(d.app, 'POST', endpoint('MonitorDevice', 'create'), {
    token: d.token,
    body: { device_code: code, device_name: `测试设备${code.slice(-4)}`, device_kind: kind, project_id: d.projectId, ...extra },
  });
  if (reply.body.status !== 1) throw new Error(`register ${code}: ${reply.body.detail}`);
}

export async function rows<T = Record<string, unknown>>(db: Kysely<Database>, table: string, code: string): Promise<T[]> {
  return (await sql<T>`select * from ${sql.id(table)} where device_code = ${code} order by id`.execute(db)).rows;
}
