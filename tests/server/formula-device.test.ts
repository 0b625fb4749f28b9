// §7.5 formulas' "device detail" and "formula name by device" (server/routes/formula-device.ts): the mixing
// machines of a formula's line, the enabled formulas of a machine's line; the formula page's right, the
// caller's scope, and Chinese refusals for what is missing or out of reach.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import { FORMULA_DEVICE_PATHS } from '../../server/routes/formula-device';
import { call, session, startApp } from './helpers';

type Row = Record<string, unknown>;
let app: FastifyInstance;
let manager: string;

beforeAll(async () => {
  app = await startApp();
  manager = (await session(app, 'jiaobanzhan01')).token;
});
afterAll(async () => {
  await app.close();
});

const get = async <T = Row>(url: string, query: Record<string, string>, token = manager) => call<T>(app, 'GET', url, { token, query });

async function formulaId(no: string): Promise<string> {
  const filters = JSON.stringify([{ field: 'formulaNo', operator: 'eq', value: no }]);
  const rows = (await get<Row[]>(`${API_BASE}/api/MixFormula/WherePageList`, { index: '0', size: '10', filters })).body.data ?? [];
  expect(rows).toHaveLength(1);
  return String(rows[0].id);
}

describe('formulas and the batching machines', () => {
  it('answers the machines of a formula’s line and the formulas a machine runs', async () => {
    const reply = await get<{ formula: Row; devices: Row[] }>(FORMULA_DEVICE_PATHS.deviceDetail, { rec_id: await formulaId('PB-1-C30') });
    expect(reply.body.status).toBe(1);
    expect(reply.body.data?.formula.formulaNo).toBe('PB-1-C30');
    const serials = (reply.body.data?.devices ?? []).map((d) => d.deviceSerial);
    expect(serials).toContain('HD-JBJ-01');
    expect(serials).not.toContain('HD-JBJ-02');
    expect(reply.body.data?.devices.every((d) => d.lineNo === '1')).toBe(true);

    const names = await get<Row[]>(FORMULA_DEVICE_PATHS.formulaNames, { deviceSerial: 'HD-JBJ-02' });
    expect(names.body.status).toBe(1);
    const formulas = names.body.data ?? [];
    expect(formulas.length).toBeGreaterThan(0);
    expect(formulas.every((f) => String(f.formulaNo).startsWith('PB-2-'))).toBe(true);
    expect(formulas[0]).toEqual({ rec_id: expect.any(String), formulaNo: expect.any(String), formulaName: expect.any(String), strengthGrade: expect.any(String) });
  });

  it('refuses what is missing, out of scope or without the formula page', async () => {
    expect((await get(FORMULA_DEVICE_PATHS.formulaNames, { deviceSerial: 'NO-SUCH-01' })).body).toMatchObject({ status: 0, detail: '设备不存在或无权访问' });
    expect((await get(FORMULA_DEVICE_PATHS.deviceDetail, { rec_id: '999999999' })).body).toMatchObject({ status: 0, detail: '记录不存在或无权访问' });
    const missing = await get(FORMULA_DEVICE_PATHS.deviceDetail, {});
    expect(missing.status).toBe(400);
    expect(String((missing.body as Row).detail)).toMatch(/[\u4e00-\u9fa5]/);
    // A project user of another company holds no 搅拌站 page.
    const outsider = (await session(app, 'xiangmu01')).token;
    expect((await get(FORMULA_DEVICE_PATHS.formulaNames, { deviceSerial: 'HD-JBJ-02' }, outsider)).body).toMatchObject({ status: 0, code: 402 });
    expect((await get(FORMULA_DEVICE_PATHS.deviceDetail, { rec_id: await formulaId('PB-1-C30') }, outsider)).body).toMatchObject({ status: 0, code: 402 });
  });
});
