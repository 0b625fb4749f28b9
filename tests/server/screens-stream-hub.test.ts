// The Stream's change feed and hub (server/screens/change-feed.ts, stream-hub.ts): connections of one
// screen and scope share one re-read per change, a change outside a scope sends that scope nothing, and on
// PostgreSQL a write made by another app instance on the same schema reaches this instance's streams.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/app-context';
import { buildApp } from '../../server/app';
import { projectId } from './engine-support';
import { session, sharedDatabaseUrl } from './helpers';
import { createRow } from './screens-fixtures';
import { startScreensApp } from './screens-support';
import { openStream, type OpenStream } from './stream-support';

const computes: string[] = [];
let context: AppContext | undefined;
const capture: FastifyPluginAsync<{ ctx: AppContext }> = async (_api, { ctx }) => {
  context = ctx;
};

let app: FastifyInstance;
let base: string;
let admin: string;
const streams: OpenStream[] = [];

beforeAll(async () => {
  app = await startScreensApp({
    screenStream: { pollMs: 100, heartbeatMs: 60_000, onCompute: (screen, scope) => computes.push(`${screen}|${scope}`) },
    routes: [capture],
  });
  admin = (await session(app, 'sysadmin')).token;
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await app.close();
});

const open = async (token: string, screen: string, n: number): Promise<OpenStream[]> => {
  const opened = await Promise.all(Array.from({ length: n }, () => openStream(base, token, screen)));
  streams.push(...opened);
  return opened;
};
const countByGroup = (): Map<string, number> => {
  const out = new Map<string, number>();
  for (const c of computes) out.set(c, (out.get(c) ?? 0) + 1);
  return out;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isUpdate = (e: { event: string }) => e.event === 'update';
const hazard = (pid: string, no: string) => ({
  projectId: pid, hazardNo: no, hazardType: '4', level: '1', checkKind: '1', description: '配电箱未上锁',
  foundAt: new Date(Date.now() - 1000).toISOString(), rectifyDeadline: '2099-01-01', status: '1',
});

describe('Stream hub', () => {
  it('re-reads once per change for all connections of a screen and scope, and only the scopes a write touches get an update', async () => {
    const [x1, x2] = await Promise.all([session(app, 'xiangmu01'), session(app, 'xiangmu02')]);
    const ofAdmin = await open(admin, 'QualitySafety', 12);
    const ofX2 = await open(x2.token, 'QualitySafety', 4); // NJJG-2024-002 only
    const ofX1 = await open(x1.token, 'QualitySafety', 4); // three other projects
    expect(new Set(computes).size).toBe(3); // one group per scope, each read once at open
    await sleep(400); // the shared poll (PGlite) has its first versions

    const before = countByGroup();
    await createRow(app, admin, 'Hazard', hazard(await projectId(app, admin, 'NJJG-2024-002'), 'YH-HUB-1'));
    const updates = await Promise.all([...ofAdmin, ...ofX2].map((s) => s.waitFor(isUpdate)));
    for (const u of updates) expect(u.data).toMatchObject({ screen: 'QualitySafety', panels: expect.arrayContaining(['summary', 'openList']) });
    await sleep(600);

    const after = countByGroup();
    const delta = [...after].map(([group, n]) => [group, n - (before.get(group) ?? 0)] as const);
    // 20 connections, 3 scopes: three re-reads for the one write, not twenty.
    expect(delta.map(([, n]) => n)).toEqual([1, 1, 1]);
    expect(ofX1.every((s) => !s.events.some(isUpdate))).toBe(true);
  });

  it.skipIf(!process.env.DATABASE_URL)('sends a write made by another instance on the same PostgreSQL schema', async () => {
    const r = await sql<{ schema: string }>`select current_schema() as schema`.execute(context!.db);
    const other = await buildApp({ databaseUrl: sharedDatabaseUrl(app, r.rows[0].schema), isolateSchema: false });
    try {
      const [stream] = await open(admin, 'Vehicle', 1);
      // Sessions live in the shared database: the same token works on the other instance.
      const pid = await projectId(other, admin, 'NJJG-2024-002');
      await createRow(other, admin, 'VehiclePassage', { projectId: pid, plateNo: '川K66666', vehicleType: '2', direction: 'in', passTime: new Date(Date.now() - 1000).toISOString() });
      const update = await stream.waitFor(isUpdate);
      expect(update.data).toMatchObject({ screen: 'Vehicle', panels: expect.arrayContaining(['summary', 'latest']) });
    } finally {
      await other.close();
    }
  });

  it('ends every stream when the app closes', async () => {
    const extra = await startScreensApp({ screenStream: { pollMs: 100, heartbeatMs: 60_000 } });
    const token = (await session(extra, 'sysadmin')).token;
    const at = await extra.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${at}/prod-api/api/TyScreen/Stream?screen=Warning`, { headers: { authorization: `Bearer ${token}` } });
    const reader = res.body!.getReader();
    await reader.read(); // ready
    await extra.close();
    let ended = false;
    for (let i = 0; i < 10 && !ended; i++) ended = (await reader.read()).done;
    expect(ended).toBe(true);
  });
});
