// The plant's screens (TyScreen/ConcretePlant, docs/concrete-plant.md "Screens"): the seeded plant seen by
// its manager, the group above it and the watching user; nothing for another company's users or a
// project of another company; a batch record written through the engine raises today's volume and takes
// its materials out of the formula's bins.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConcretePlant } from '../../common/screens/concrete-plant';
import type { ProjectFeatures } from '../../common/screens/project-features';
import { SCREEN_PATHS } from '../../server/screens/routes';
import { projectId } from './engine-support';
import { call, session } from './helpers';
import { screen } from './screens-fixtures';
import { startScreensApp } from './screens-support';

let app: FastifyInstance;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await startScreensApp();
  for (const u of ['jiaobanzhan01', 'qiye01', 'xiangmu01', 'xiangmu02', 'jianguan01', 'sysadmin']) tokens[u] = (await session(app, u)).token;
});
afterAll(() => app.close());

const plant = (user: string, query: Record<string, string> = {}) => screen<ConcretePlant>(app, tokens[user], 'ConcretePlant', query);

describe('ConcretePlant screen', () => {
  it('answers the seeded plant to its manager and the group above it', async () => {
    const mine = await plant('jiaobanzhan01');
    expect(mine.supplied).toBe(true);
    expect(mine.plantName).toBe('内江华鼎商品混凝土有限公司');
    expect(mine.plantPosition).toEqual([105.0237, 29.5487]);
    expect(mine.bins).toHaveLength(14);
    expect(mine.bins.filter((b) => b.low).length).toBe(mine.summary.lowBins);
    expect(mine.summary.lowBins).toBeGreaterThanOrEqual(2);
    expect(mine.tankers).toHaveLength(12);
    expect(mine.tankers.every((t) => t.lng !== null && t.lat !== null)).toBe(true);
    expect(mine.tankers.some((t) => t.state !== 'atPlant')).toBe(true);
    expect(mine.daily).toHaveLength(30);
    expect(mine.daily.reduce((s, d) => s + d.batches, 0)).toBeGreaterThan(0);
    expect(mine.summary.ordersInProduction).toBeGreaterThan(0);
    expect(mine.orders.length).toBeGreaterThan(0);
    expect(mine.tasks.some((t) => t.statusName === '生产中')).toBe(true);
    expect(mine.consumption.map((m) => m.name)).toEqual(['水泥', '砂', '石子', '粉煤灰', '矿粉', '水', '外加剂']);
    expect(mine.stockTrend.every((t) => t.points.length === 7)).toBe(true);
    expect(mine.batches.length).toBeGreaterThan(0);
    expect(mine.alarmBatches.every((b) => b.alarm)).toBe(true);
    expect(mine.trips.length).toBeGreaterThan(0);
    expect(mine.dust.devices).toBe(1);
    expect(mine.dust.trend).toHaveLength(24);
    expect(mine.cameras.length).toBe(1);
    expect(mine.cameras[0].projectName).toBe('华鼎商砼搅拌站技改项目');
    // Supervision sees the plants whose own site lies in its area, as every screen of its area.
    expect((await plant('jianguan01')).bins).toHaveLength(14);
    const group = await plant('qiye01');
    expect(group.bins).toHaveLength(14);
    expect(group.volumes).toEqual(mine.volumes);
  });

  it('shows nothing to other companies\' users, and pjctid1 narrows to the company running that project', async () => {
    for (const user of ['xiangmu01', 'xiangmu02']) {
      const other = await plant(user);
      expect(other.bins, user).toEqual([]);
      expect(other.supplied, user).toBe(false);
      expect(other.tankers, user).toEqual([]);
      expect(other.orders, user).toEqual([]);
      expect(other.trips, user).toEqual([]);
      expect(other.volumes, user).toMatchObject({ today: 0, yesterday: 0, month: 0 });
      expect(other.daily.every((d) => d.batches === 0), user).toBe(true);
    }
    const plantProject = await projectId(app, tokens.sysadmin, 'NJJG-2024-009');
    const buildProject = await projectId(app, tokens.sysadmin, 'NJJG-2024-001');
    expect((await plant('qiye01', { pjctid1: plantProject })).bins).toHaveLength(14);
    expect((await plant('qiye01', { pjctid1: plantProject })).supplied).toBe(true);
    const unsupplied = await plant('qiye01', { pjctid1: buildProject });
    expect(unsupplied.bins).toEqual([]);
    // No plant stands behind that project: its screens say 本项目暂无搅拌站供应 (PlantBoard).
    expect(unsupplied.supplied).toBe(false);
    const refused = await call(app, 'GET', '/prod-api/api/TyScreen/ConcretePlant', { token: tokens.xiangmu01, query: { pjctid1: plantProject } });
    expect(refused.body).toMatchObject({ status: 0 });
  });
});

describe('ProjectFeatures (the project header leaves out what a project has nothing for)', () => {
  const features = async (user: string, projectNo: string) => {
    const reply = await call<ProjectFeatures>(app, 'GET', SCREEN_PATHS.projectFeatures, { token: tokens[user], query: { pjctid1: await projectId(app, tokens.sysadmin, projectNo) } });
    return reply.body;
  };
  it('answers tunnel and concrete from the same facts as the Tunnel and ConcretePlant screens, within the caller’s scope', async () => {
    expect((await features('qiye01', 'NJJG-2024-012')).data).toMatchObject({ tunnel: true });
    expect((await features('qiye01', 'NJJG-2024-009')).data).toEqual({ tunnel: false, concrete: true });
    expect((await features('qiye01', 'NJJG-2024-001')).data).toEqual({ tunnel: false, concrete: false });
    const tunnelOf001 = await screen<{ faces: unknown[] }>(app, tokens.qiye01, 'Tunnel', { pjctid1: await projectId(app, tokens.sysadmin, 'NJJG-2024-001') });
    expect(tunnelOf001.faces).toEqual([]);
    // A project outside the caller's scope is refused, as on every screen.
    expect(await features('xiangmu01', 'NJJG-2024-009')).toMatchObject({ status: 0 });
  });
});

describe('batch records lower the bins', () => {
  it('a batch written through the engine raises today and takes its materials out of the formula bins', async () => {
    const before = await plant('jiaobanzhan01');
    const task = before.tasks.find((t) => t.status === '2')!;
    const createBatch = (taskId: string, actual: Record<string, number>) => app.simulator!.plant!.batch(taskId, actual);
    const written = await createBatch(task.id, {});
    expect(written).toMatchObject({ alarm: false, maxDeviation: 0 });
    const cement = Number(written.cementSet);
    const sand = Number(written.sandSet);
    expect(cement).toBeGreaterThan(0);
    const after = await plant('jiaobanzhan01');
    expect(after.volumes.today).toBeCloseTo(before.volumes.today + 2, 5);
    expect(after.volumes.batchesToday).toBe(before.volumes.batchesToday + 1);
    const stock = (d: ConcretePlant, kind: string) => d.bins.filter((b) => b.kind === kind).reduce((s, b) => s + b.stock, 0);
    expect(stock(after, '1')).toBeCloseTo(stock(before, '1') - cement / 1000, 1);
    expect(stock(after, '2')).toBeCloseTo(stock(before, '2') - sand / 1000, 1);
    expect(after.consumption.find((m) => m.kind === '1')!.today).toBeCloseTo(before.consumption.find((m) => m.kind === '1')!.today + cement / 1000, 2);
    const alarmed = await createBatch(task.id, { cementActual: cement * 1.05 });
    expect(alarmed).toMatchObject({ alarm: true, maxDeviation: 5 });
    expect((await plant('jiaobanzhan01')).alarmBatches[0].id).toBe(alarmed.id);
  });
});
