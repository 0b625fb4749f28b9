// 环境监测 (docs/environment.md): the readings page's statistics (daily averages, exceedance days per
// project, computed from the rows), the alarm handling workflow (未处理 → 处理中 → 已处理, stamps, the
// `handled` flag the screens count, who may do it, bad input), and the project screens EnvironMonitoring and
// GreenConstruction: scoped per kind of user, a project outside the scope refused, equal to the seeded ledger.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import type { EnvironMonitoring } from '../../common/screens/environ-monitoring';
import type { GreenConstruction } from '../../common/screens/green-construction';
import { screenPath } from '../../server/screens/routes';
import { projectId } from './engine-support';
import { call, session } from './helpers';
import { createRow, screen } from './screens-fixtures';
import { projectNosOf, seedRows, startScreensApp } from './screens-support';

type Row = Record<string, unknown>;
const api = (base: string, name: string) => `${API_BASE}/api/${base}/${name}`;
let app: FastifyInstance;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await startScreensApp();
  for (const u of ['qiye01', 'xiangmu01', 'xiangmu02', 'jianguan01', 'sysadmin']) tokens[u] = (await session(app, u)).token;
});
afterAll(() => app.close());

const get = async <T = Row>(base: string, name: string, query: Record<string, string | number>, token: string) =>
  (await call<T>(app, 'GET', api(base, name), { token, query })).body;
const post = async <T = Row>(base: string, name: string, body: Row, token: string) => (await call<T>(app, 'POST', api(base, name), { token, body })).body;

describe('readings page statistics', () => {
  it('daily averages and exceedance days per project equal what the rows say', async () => {
    const pid = await projectId(app, tokens.xiangmu02, 'NJJG-2024-002');
    const day = '2026-01-05';
    const at = (h: string) => `${day} ${h}:00`;
    for (const [time, pm10, pm25, noise] of [[at('09:00'), 160, 60, 60], [at('10:00'), 100, 80, 58], [at('11:00'), 40, 20, 72]] as const)
      await createRow(app, tokens.sysadmin, 'EnvReading', { projectId: pid, deviceCode: 'STAT-TEST-01', readingTime: time, pm10, pm25, noise });
    const filters = JSON.stringify([{ field: 'deviceCode', operator: 'eq', value: 'STAT-TEST-01' }]);
    const perDay = await get<Row[]>('EnvReading', 'GetStatistics', { filters, groupBy: 'readingTime' }, tokens.xiangmu02);
    expect(perDay.data).toEqual([expect.objectContaining({ key: day, readings: 3, pm10Avg: 100, pm10Max: 160, days: 1, pm10Days: 1, pm25Days: 1, noiseDays: 1 })]);
    const perProject = await get<Row[]>('EnvReading', 'GetStatistics', { filters, groupBy: 'projectId' }, tokens.xiangmu02);
    expect(perProject.data).toEqual([expect.objectContaining({ key: pid, label: '汉渝大道（东兴段）道路改造工程', days: 1, pm10Days: 1 })]);
    // Another user's scope does not see the device's rows at all.
    expect((await get<Row[]>('EnvReading', 'GetStatistics', { filters }, tokens.xiangmu01)).data).toEqual([expect.objectContaining({ readings: 0, days: 0 })]);
    expect(await get('EnvReading', 'GetStatistics', { groupBy: 'pm10' }, tokens.xiangmu02)).toMatchObject({ status: 0 });
  });
});

describe('alarm handling', () => {
  const newAlarm = async () => {
    const pid = await projectId(app, tokens.xiangmu01, 'NJJG-2024-001');
    return createRow(app, tokens.sysadmin, 'Alarm', {
      projectId: pid, deviceCode: '2024001-DUST-01', alarmTime: new Date(Date.now() - 60_000).toISOString(), alarmKind: 'pm10', alarmLevel: '2',
      message: 'PM10 171µg/m³ 超过阈值 150µg/m³', value: 171, threshold: 150,
    });
  };

  it('未处理 → 处理中 → 已处理, stamping the handler and time and marking it handled', async () => {
    const alarm = await newAlarm();
    expect(alarm).toMatchObject({ handleStatus: '0', handled: false });
    expect(await post('Alarm', 'StartHandling', { rec_id: alarm.id }, tokens.xiangmu01)).toMatchObject({ status: 0, detail: '请填写处理说明' });
    const started = await post('Alarm', 'StartHandling', { rec_id: alarm.id, handleNote: '启动雾炮，覆盖裸土' }, tokens.xiangmu01);
    expect(started).toMatchObject({ status: 1, data: { handleStatus: '1', handler: '刘洋', handled: false } });
    expect(await post('Alarm', 'StartHandling', { rec_id: alarm.id, handleNote: '再次' }, tokens.xiangmu01)).toMatchObject({ status: 0, detail: '当前状态“处理中”不能执行“开始处理”' });
    const before = await screen<EnvironMonitoring>(app, tokens.xiangmu01, 'EnvironMonitoring');
    expect(before.alarms.find((a) => a.id === alarm.id)).toMatchObject({ handleStatusName: '处理中', handler: '刘洋' });
    const done = await post('Alarm', 'FinishHandling', { rec_id: alarm.id, handleNote: '30分钟后PM10恢复至82µg/m³' }, tokens.xiangmu01);
    expect(done).toMatchObject({ status: 1, data: { handleStatus: '2', handled: true, handleNote: '30分钟后PM10恢复至82µg/m³' } });
    expect((done.data as Row).handledAt).toBeTruthy();
    const after = await screen<EnvironMonitoring>(app, tokens.xiangmu01, 'EnvironMonitoring');
    expect(after.alarms.find((a) => a.id === alarm.id)).toMatchObject({ handleStatusName: '已处理' });
    const history = (await get<Row[]>('Alarm', 'History', { rec_id: String(alarm.id) }, tokens.xiangmu01)).data ?? [];
    expect(history.map((h) => h.toLabel)).toEqual(['处理中', '已处理']);
  });

  it('the older handled flag moves the progress along; a supervisor without the button is refused', async () => {
    const alarm = await newAlarm();
    expect(await post('Alarm', 'FinishHandling', { rec_id: alarm.id, handleNote: '监管代处理' }, tokens.jianguan01)).toMatchObject({ status: 0, code: 402 });
    // 项目成员 (xiangmu02) has no 告警记录 button either; and the project user of another project does not see it.
    expect(await post('Alarm', 'FinishHandling', { rec_id: alarm.id, handleNote: '越权' }, tokens.xiangmu02)).toMatchObject({ status: 0, code: 402 });
    expect(await post('Alarm', 'Modify', { rec_id: alarm.id, handled: true }, tokens.xiangmu01)).toMatchObject({ status: 1 });
    expect((await get('Alarm', 'GetDetail', { rec_id: String(alarm.id) }, tokens.xiangmu01)).data).toMatchObject({ handleStatus: '2', handled: true, handler: '刘洋' });
  });
});

describe('project screens', () => {
  it('EnvironMonitoring: the Environment answer with exceedance days and alarms of the scope only', async () => {
    for (const u of ['qiye01', 'xiangmu02', 'jianguan01']) {
      const data = await screen<EnvironMonitoring>(app, tokens[u], 'EnvironMonitoring');
      const names = new Set(data.exceedDays.map((d) => d.projectName));
      if (u === 'jianguan01') expect(names.has('内自同城快速通道（大安段）')).toBe(false);
      if (u === 'xiangmu02') expect([...names].every((n) => n === '汉渝大道（东兴段）道路改造工程')).toBe(true);
      expect(data.trend).toHaveLength(24);
      expect(data.handling.map((h) => h.name)).toEqual(['未处理', '处理中', '已处理']);
      for (const d of data.exceedDays) expect(d.days).toBeLessThanOrEqual(d.monitored);
    }
    const pid = await projectId(app, tokens.xiangmu01, 'NJJG-2024-001');
    const one = await screen<EnvironMonitoring>(app, tokens.xiangmu01, 'EnvironMonitoring', { pjctid1: pid });
    expect(one.alarms.every((a) => a.projectName === '甜城湖片区棚户区改造项目')).toBe(true);
    expect(one.alarms.some((a) => a.handleStatusName === '处理中')).toBe(true);
    const refused = await call(app, 'GET', screenPath('EnvironMonitoring'), { token: tokens.xiangmu02, query: { pjctid1: pid } });
    expect(refused.body).toMatchObject({ status: 0 });
  });

  it('GreenConstruction: the solid-waste ledger of the scope', async () => {
    const storages = seedRows('waste-storage');
    for (const u of ['qiye01', 'xiangmu01', 'xiangmu02', 'jianguan01']) {
      const data = await screen<GreenConstruction>(app, tokens[u], 'GreenConstruction');
      const seen = projectNosOf(u);
      expect(data.storages.map((s) => s.name).sort()).toEqual(storages.filter((s) => seen.has(s.projectNo)).map((s) => String(s.storageName)).sort());
      expect(data.daily).toHaveLength(30);
    }
    const pid = await projectId(app, tokens.xiangmu02, 'NJJG-2024-002');
    const road = await screen<GreenConstruction>(app, tokens.xiangmu02, 'GreenConstruction', { pjctid1: pid });
    // 274.5 t generated in the last 30 days; 80 t and 40 t left on manifests (the returned 35 t did not count).
    expect(road.waste).toMatchObject({ generated: 274.5, transferred: 120, received: 79.2, disposed: 79.2, recycleRate: 100, manifestsOpen: 1 });
    expect(road.byKind).toEqual([{ code: '2', name: '废混凝土', generated: 274.5, transferred: 120 }]);
    expect(road.storages[0]).toMatchObject({ name: '铣刨料及废混凝土堆放区', stock: 154.5, unitName: '吨' });
    expect(road.manifests.map((m) => m.statusName).sort()).toEqual(['已处置', '已退回', '运输中']);
    const other = await call(app, 'GET', screenPath('GreenConstruction'), { token: tokens.xiangmu01, query: { pjctid1: pid } });
    expect(other.body).toMatchObject({ status: 0 });
  });
});
