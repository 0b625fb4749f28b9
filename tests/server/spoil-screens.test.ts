// The 渣土监管 (Slag) and project 车辆管理 (ProjectCar) screens (docs/spoil.md "Screens"): equal to the seeded
// trucks, permits, trips and violations of each scope; another area's or project's rows never appear and
// their project is refused; a gate exit written through the engine moves both screens' figures.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectCar, Slag } from '../../common/screens/spoil';
import { screenPath } from '../../server/screens/routes';
import { PANELS_BY_SOURCE } from '../../server/screens/stream';
import { projectId } from './engine-support';
import { call, session } from './helpers';
import { createRow, screen } from './screens-fixtures';
import { projectNosOf, seedRows, startScreensApp } from './screens-support';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
const USERS = ['qiye01', 'jianguan01', 'xiangmu01', 'xiangmu02'] as const;

beforeAll(async () => {
  app = await startScreensApp();
  for (const u of USERS) tokens[u] = (await session(app, u)).token;
});
afterAll(() => app.close());

const seededOf = (file: string, u: string) => seedRows(file).filter((r) => projectNosOf(u).has(r.projectNo));

describe('Slag (渣土监管)', () => {
  it('counts the seeded trucks, permits and violations of each scope', async () => {
    for (const u of USERS) {
      const data = await screen<Slag>(app, tokens[u], 'Slag');
      const trucks = seededOf('spoil-truck', u).filter((t) => t.status !== '3');
      expect(data.summary.trucks, u).toBe(trucks.length);
      expect(data.summary.trucksOnline, u).toBe(trucks.filter((t) => t.gpsOnline).length);
      const open = seededOf('spoil-violation', u).filter((v) => v.status === '1' || v.status === '2');
      expect(data.summary.openViolations, u).toBe(open.length);
      const permits = seededOf('spoil-permit', u).filter((p) => p.status === '1').map((p) => p.permitNo).sort();
      expect(data.permits.map((p) => p.permitNo).sort(), u).toEqual(permits);
      expect(data.trend, u).toHaveLength(7);
      expect(data.byKind.map((k) => k.name), u).toEqual(['无证运输', '未冲洗', '超载', '偏离路线', '乱倒乱卸']);
      expect(data.trips.every((t) => seedRows('spoil-trip').some((s) => s.tripNo === t.tripNo)), u).toBe(true);
    }
  });

  it('reads permits as valid, not yet valid or expired, valid ones first', async () => {
    const data = await screen<Slag>(app, tokens.xiangmu01, 'Slag');
    expect(data.permits.map((p) => [p.permitNo, p.validityName])).toEqual([['NJZY-2026-0101', '有效'], ['NJZY-2026-0077', '已过期']]);
    expect(data.permits[0].trucks).toBe(3);
    expect(data.summary.validPermits).toBe(1);
  });

  it('never shows another area’s or project’s rows, and refuses their project', async () => {
    const zigong = await projectId(app, tokens.qiye01, 'NJJG-2024-012');
    const gov = await screen<Slag>(app, tokens.jianguan01, 'Slag');
    expect(gov.violations.some((v) => v.plateNo.startsWith('川C'))).toBe(false);
    expect(gov.permits.some((p) => p.permitNo.startsWith('ZG'))).toBe(false);
    expect((await call(app, 'GET', screenPath('Slag'), { token: tokens.jianguan01, query: { pjctid1: zigong } })).body).toMatchObject({ status: 0 });
    const own = await projectId(app, tokens.qiye01, 'NJJG-2024-002');
    expect((await call(app, 'GET', screenPath('ProjectCar'), { token: tokens.xiangmu01, query: { pjctid1: own } })).body).toMatchObject({ status: 0 });
    const narrowed = await screen<Slag>(app, tokens.qiye01, 'Slag', { pjctid1: own });
    expect(narrowed.summary.trucks).toBe(seedRows('spoil-truck').filter((t) => t.projectNo === 'NJJG-2024-002').length);
    expect(new Set(narrowed.trips.map((t) => t.projectName))).toEqual(new Set(['汉渝大道（东兴段）道路改造工程']));
  });
});

describe('ProjectCar (项目车辆管理)', () => {
  it('a spoil truck leaving without a permit moves the gate, trip and violation figures of both screens', async () => {
    const project = await projectId(app, tokens.qiye01, 'NJJG-2024-001');
    const q = { pjctid1: project };
    const carBefore = await screen<ProjectCar>(app, tokens.xiangmu01, 'ProjectCar', q);
    const slagBefore = await screen<Slag>(app, tokens.jianguan01, 'Slag', q);
    await createRow(app, tokens.xiangmu01, 'VehiclePassage', {
      projectId: project, plateNo: '川KE2240', vehicleType: '1', direction: 'out', passTime: new Date(Date.now() - 60_000).toISOString(), gateName: '南门', washed: true,
    });
    const car = await screen<ProjectCar>(app, tokens.xiangmu01, 'ProjectCar', q);
    expect(car.summary.outToday).toBe(carBefore.summary.outToday + 1);
    expect(car.spoil.tripsToday).toBe(carBefore.spoil.tripsToday + 1);
    expect(car.spoil.openViolations).toBe(carBefore.spoil.openViolations + 1);
    expect(car.trips[0]).toMatchObject({ plateNo: '川KE2240', permitted: false, violationCount: 1 });
    expect(car.violations[0]).toMatchObject({ plateNo: '川KE2240', kindName: '无证运输', statusName: '待处理' });
    expect(car.tankers.latest.every((p) => p.vehicleType === '2')).toBe(true);
    const slag = await screen<Slag>(app, tokens.jianguan01, 'Slag', q);
    expect(slag.summary.violationsToday).toBe(slagBefore.summary.violationsToday + 1);
    expect(slag.trend.at(-1)!.trips).toBe(slagBefore.trend.at(-1)!.trips + 1);
  });

  it('both screens are on the stream, refreshed by the spoil tables', () => {
    expect(PANELS_BY_SOURCE.Slag.spoil).toContain('violations');
    expect(PANELS_BY_SOURCE.ProjectCar.spoil).toContain('trips');
    expect(PANELS_BY_SOURCE.ProjectCar.vehicle).toContain('latest');
  });
});
