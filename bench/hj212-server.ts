// The server under bench/hj212.ts: the app (PGlite in memory, or PostgreSQL in a fresh schema when
// DATABASE_URL is set) with the HJ 212 listener on a free loopback port and BENCH_DEVICES dust monitors
// registered (MN BENCH000001…). Talks to the driver over IPC: sends { port } when ready, answers
// 'stats' with the readings stored, and closes on 'stop'.
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../server/app';
import type { Database } from '../server/db/schema';
import { hashAccessPassword } from '../server/devices/hj212/access';
import { dynamicDb } from '../server/engine/dynamic-db';

const devices = Number(process.env.BENCH_DEVICES ?? 1000);
let db!: Kysely<Database>;
const app = await buildApp({
  dataDir: 'memory',
  databaseUrl: process.env.DATABASE_URL || undefined,
  isolateSchema: true,
  logger: { level: 'error' },
  devices: { hj212: { port: 0, host: '127.0.0.1' } },
  routes: [
    async (_api, { ctx }) => {
      db = ctx.db;
    },
  ],
});
const project = (await sql<{ id: number; company_id: number }>`select id, company_id from projects order by id limit 1`.execute(db)).rows[0];
const password = hashAccessPassword('123456');
const rows = Array.from({ length: devices }, (_, i) => ({
  company_id: project.company_id,
  project_id: project.id,
  device_code: `BENCH${String(i + 1).padStart(6, '0')}`,
  device_name: `压测扬尘${i + 1}`,
  device_kind: 'dust',
  online: true,
  // The driver's frames carry PW=123456 (docs/device-ingestion.md "Access"); one hash serves every bench device.
  hj212_password: password,
}));
for (let i = 0; i < rows.length; i += 500) await dynamicDb(db).insertInto('monitor_device').values(rows.slice(i, i + 500)).execute();

const count = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from env_reading where device_code like 'BENCH%'`.execute(db)).rows[0].n);

process.on('message', (m: unknown) => {
  if (m === 'stats') {
    void count().then((stored) => process.send?.({ stored, ingest: app.devices.ingest.stats, listener: app.devices.hj212?.stats }));
  } else if (m === 'stop') {
    void app.close().then(() => process.exit(0));
  }
});
process.send?.({ port: app.devices.hj212?.port });
