// The plant simulator (server/screens/simulator-plant.ts) runs the demo plant through the engine: over a
// few simulated hours orders arrive and are approved, tasks are made and started, batches are written
// (lowering the bins), tankers leave, arrive and are signed, low bins are refilled — and every move is in
// the workflow history and 操作日志 under the plant manager's name, as if made in the back office.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import type { ConcretePlant } from '../../common/screens/concrete-plant';
import type { PlantTickReport } from '../../server/screens/simulator-plant';
import { call, session } from './helpers';
import { startScreensApp } from './screens-support';

type Row = Record<string, unknown>;
let app: FastifyInstance;
let manager: string;

beforeAll(async () => {
  app = await startScreensApp();
  manager = (await session(app, 'jiaobanzhan01')).token;
});
afterAll(() => app.close());

const list = async (base: string, name: string, filters: Row[] = [], size = 100) =>
  (await call<Row[]>(app, 'GET', `${API_BASE}/api/${base}/${name}`, { token: manager, query: { index: 0, size, filters: JSON.stringify(filters) } })).body;

/** A random source that always takes an event and varies otherwise (a fixed sequence). */
function sequence(): () => number {
  let i = 0;
  return () => ((i++ * 0.6180339887) % 1) * 0.9;
}

describe('plant simulator', () => {
  it('runs the plant through the engine: orders to signed trips, batches, refills, histories and 操作日志', async () => {
    const plant = app.simulator!.plant!;
    const totals: PlantTickReport = { orders: 0, approved: 0, tasks: 0, started: 0, batches: 0, trips: 0, arrived: 0, signed: 0, finished: 0, refills: 0, refused: 0 };
    const random = sequence();
    const start = Date.now();
    for (let step = 0; step < 12; step++) {
      // An hour-long tick makes every hourly rate ≥ 1 certain; the clock moves 20 minutes a tick.
      const report = await plant.tick({ now: new Date(start + step * 20 * 60_000), random, intervalMs: 3_600_000 });
      for (const k of Object.keys(totals) as Array<keyof PlantTickReport>) totals[k] += report[k];
    }
    expect(totals.orders).toBeGreaterThanOrEqual(12);
    for (const k of ['approved', 'tasks', 'started', 'batches', 'trips', 'arrived', 'signed'] as const) expect(totals[k], k).toBeGreaterThan(0);

    // An order the simulator approved: its history and 操作日志 name the plant manager.
    const orders = (await list('ConcreteOrder', 'WherePageList', [{ field: 'status', operator: 'in', value: ['2', '4', '5'] }], 200)).data ?? [];
    let moved: Row | undefined;
    let history: Row[] = [];
    for (const o of orders) {
      history = (await call<Row[]>(app, 'GET', `${API_BASE}/api/ConcreteOrder/GetHistory`, { token: manager, query: { rec_id: String(o.id) } })).body.data ?? [];
      if (history.some((h) => h.comment === '调度审核通过')) {
        moved = o;
        break;
      }
    }
    expect(moved, 'an order approved by the simulator').toBeTruthy();
    expect(history.find((h) => h.transition === 'approve')).toMatchObject({ userName: '设备模拟器', comment: '调度审核通过' });
    const audit = (await list('AuditLog', 'WherePageList', [{ field: 'entity', operator: 'eq', value: 'ConcreteOrder' }, { field: 'recordId', operator: 'eq', value: String(moved!.id) }])).data ?? [];
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['transition']));

    // Batches carry the task's line and grade, and deviation alarms are computed by the server.
    const batches = (await list('CycleRecord', 'WhereListByCondition', [], 50)).data ?? [];
    expect(batches.length).toBeGreaterThan(0);
    for (const b of batches.slice(0, 10)) expect(b.alarm).toBe(Number(b.maxDeviation) > 2);
  }, 120_000);

  it('places each tanker by its bound 车载定位 terminal\'s fixes, and the terminal comes online', async () => {
    const plant = app.simulator!.plant!;
    const screenOf = async () =>
      (await call<ConcretePlant>(app, 'GET', `${API_BASE}/api/TyScreen/ConcretePlant`, { token: manager })).body.data!;
    await plant.tick({ now: new Date(), random: sequence(), intervalMs: 10_000 });
    const { tankers } = await screenOf();
    expect(tankers.length).toBe(12);
    for (const t of tankers) {
      expect(t.positionSource, t.plateNo).toBe('gps');
      expect(t.lng).not.toBeNull();
    }
    const terminals = (await list('MonitorDevice', 'WherePageList', [{ field: 'deviceKind', operator: 'eq', value: 'gps' }])).data ?? [];
    expect(terminals).toHaveLength(12);
    for (const d of terminals) expect(d.online, String(d.deviceCode)).toBe(true);
  }, 60_000);
});
