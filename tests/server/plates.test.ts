// The demo's vehicle plates obey the §5.5 plate rule their own form checks (issue 9: 199 of 200 demo
// passages such as 川KMF53C9 could not be saved back): every generated plate passes isPlate, and the
// passages of a demo start save back unchanged.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPlate } from '../../common/validators';
import { fleetOf, VEHICLE } from '../../server/screens/site-schedule';
import { endpoint } from './engine-support';
import { call, session } from './helpers';
import { startScreensApp } from './screens-support';

describe('generated plates', () => {
  it('pass the plate rule for any project and area, new-energy cars included', () => {
    const plates: string[] = [];
    for (let id = 1; id <= 400; id += 1) {
      for (const area of ['511002', '510302', '510104']) plates.push(...fleetOf(id, area, id % 3 === 0).map((v) => v.plateNo));
    }
    expect(plates.filter((p) => !isPlate(p))).toEqual([]);
    expect(plates.some((p) => p.length === 8)).toBe(true);
    expect(plates.every((p) => p.length === 7 || /^川[KCA][DF]/.test(p))).toBe(true);
    // Only cars get new-energy plates.
    const trucks = fleetOf(7, '511002').filter((v) => v.vehicleType !== VEHICLE.car);
    expect(trucks.every((v) => v.plateNo.length === 7)).toBe(true);
  });
});

describe('a demo start', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startScreensApp({ simulator: false, demoData: true });
  }, 120_000);
  afterAll(async () => {
    await app.close();
  });

  it('has passages whose plates pass the rule and that save back unchanged', async () => {
    const token = (await session(app, 'sysadmin')).token;
    const list = await call<Array<Record<string, unknown>>>(app, 'GET', endpoint('VehiclePassage', 'list'), { token, query: { index: 0, size: 200 } });
    const rows = list.body.data!;
    expect(rows.length).toBeGreaterThanOrEqual(100);
    expect(rows.map((r) => r.plateNo).filter((p) => !isPlate(String(p)))).toEqual([]);
    const refused: string[] = [];
    for (const row of rows) {
      const { labels: _labels, ...values } = row;
      const reply = await call(app, 'POST', endpoint('VehiclePassage', 'update'), { token, body: { ...values, rec_id: row.id } });
      if (reply.body.status !== 1) refused.push(`${String(row.plateNo)}: ${reply.body.detail}`);
    }
    expect(refused).toEqual([]);
  }, 60_000);
});
