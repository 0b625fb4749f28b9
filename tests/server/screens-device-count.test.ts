// The 设备管理 (DeviceCount) and project 特种设备 (DangersTower) screens (docs/screens-api.md, docs/devices.md
// "Screens"): equal to the seeded devices, readings and maintenance tasks of each scope; another company's
// or area's devices never appear; written rows and the simulator move them.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_SUMMARY_PATH } from '../../server/routes/device-card';
import type { Danger } from '../../server/screens/danger';
import type { DangersTower, DeviceCount } from '../../server/screens/device-count';
import type { DeviceStats } from '../../server/screens/device-stats';
import { SCREEN_PATHS, screenPath } from '../../server/screens/routes';
import { projectId } from './engine-support';
import { call, session } from './helpers';
import { createRow, screen, todayCst } from './screens-fixtures';
import { projectNosOf, seedRows, startScreensApp } from './screens-support';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
const USERS = ['qiye01', 'xiangmu02', 'jianguan01'] as const;

beforeAll(async () => {
  app = await startScreensApp();
  for (const u of [...USERS, 'sysadmin']) tokens[u] = (await session(app, u)).token;
});
afterAll(() => app.close());

const devices = seedRows('monitor-device');
const devicesOf = (u: string, kinds?: string[]) => devices.filter((d) => projectNosOf(u).has(d.projectNo) && (!kinds || kinds.includes(String(d.deviceKind))));
const codes = (rows: ReadonlyArray<Record<string, unknown>>) => rows.map((d) => String(d.deviceCode)).sort();

/** `$today±Nd` of the seed as days from today. */
const offsetOf = (v: unknown): number => Number(/^\$today([+-]\d+)d$/.exec(String(v))?.[1] ?? NaN);
/** Open seeded tasks of a user's projects whose device name matches, by due state. */
function seededOpenTasks(u: string, device: RegExp) {
  const open = seedRows('maintain-task').filter((t) => t.status === '1' && projectNosOf(u).has(t.projectNo) && device.test(String(t.deviceName)));
  const days = open.map((t) => offsetOf(t.dueDate));
  return { open: open.length, overdue: days.filter((d) => d < 0).length, due: days.filter((d) => d >= 0 && d <= 3).length, notDue: days.filter((d) => d > 3).length };
}

describe('DeviceCount (设备管理)', () => {
  it('lists every monitoring device in scope with its state, counts equal to GetSbgl_sbtj', async () => {
    for (const u of USERS) {
      const data = await screen<DeviceCount>(app, tokens[u], 'DeviceCount');
      expect(codes(data.list)).toEqual(codes(devicesOf(u)));
      const stats = await call<DeviceStats>(app, 'GET', SCREEN_PATHS.devices, { token: tokens[u] });
      expect(data.devices).toEqual(stats.body.data);
      expect(data.online).toHaveLength(projectNosOf(u).size);
      // Alarming devices first, then the online ones.
      const order = data.list.map((d) => (d.alarming ? 0 : d.online ? 1 : 2));
      expect(order).toEqual([...order].sort());
      for (const d of data.list.filter((x) => ['towerCrane', 'lift', 'dust', 'gas'].includes(x.kind) && x.readingTime)) expect(d.reading).not.toBe('');
      expect(data.list.find((d) => d.kind === 'towerCrane' && d.readingTime)?.reading).toMatch(/载重\d/);
      expect(data.records.days).toHaveLength(7);
      expect(data.records.days.at(-1)!.day).toBe(todayCst());
      expect(data.alarms.every((a) => !a.handled)).toBe(true);
    }
  });

  it('counts the open maintenance tasks by due state as the seed and GetSummary say', async () => {
    for (const u of ['qiye01', 'xiangmu02'] as const) {
      const data = await screen<DeviceCount>(app, tokens[u], 'DeviceCount');
      const seeded = seededOpenTasks(u, /./);
      expect(data.maintenance).toMatchObject(seeded);
      // The 保养任务 page's own summary agrees (the project member holds no such page).
      if (u === 'qiye01') expect((await call<Record<string, number>>(app, 'GET', TASK_SUMMARY_PATH, { token: tokens[u] })).body.data).toMatchObject(seeded);
      expect(data.maintenance.tasks.map((t) => t.dueDate)).toEqual([...data.maintenance.tasks.map((t) => t.dueDate)].sort());
      const first = data.maintenance.tasks[0];
      if (first) expect(first.dueState).toBe(first.daysLeft < 0 ? 'overdue' : first.daysLeft <= 3 ? 'due' : 'notDue');
    }
    const qiye = await screen<DeviceCount>(app, tokens.qiye01, 'DeviceCount');
    expect(qiye.maintenance.done30d).toBeGreaterThan(0);
    expect(qiye.records.inspections30d).toBeGreaterThan(0);
    expect(qiye.records.failed30d).toBeLessThanOrEqual(qiye.records.inspections30d);
  });

  it('never shows another company’s or area’s devices, and refuses their project', async () => {
    // A crane of the building company's project (not the road company's member's), and a monitor of the road
    // company's project in 自贡 (outside the 内江 supervisor's area).
    const build = await projectId(app, tokens.sysadmin, 'NJJG-2024-001');
    const zigong = await projectId(app, tokens.sysadmin, 'NJJG-2024-012');
    await createRow(app, tokens.sysadmin, 'MonitorDevice', { deviceCode: 'SCOPE-TC-001', deviceName: '范围测试塔吊', deviceKind: 'towerCrane', projectId: build, sourceType: '0', online: true });
    await createRow(app, tokens.sysadmin, 'MonitorDevice', { deviceCode: 'SCOPE-GAS-012', deviceName: '范围测试气体', deviceKind: 'gas', projectId: zigong, sourceType: '0', online: true });
    const seen = async (u: string) => {
      const [count, tower] = await Promise.all([screen<DeviceCount>(app, tokens[u], 'DeviceCount'), screen<DangersTower>(app, tokens[u], 'DangersTower')]);
      return new Set([...count.list.map((d) => d.deviceCode), ...tower.devices.map((d) => d.deviceCode)]);
    };
    const road = await seen('xiangmu02');
    expect(road.has('SCOPE-TC-001')).toBe(false);
    expect(road.has('SCOPE-GAS-012')).toBe(false);
    expect(road.size).toBeGreaterThan(0);
    const area = await seen('jianguan01');
    expect(area.has('SCOPE-TC-001')).toBe(true);
    expect(area.has('SCOPE-GAS-012')).toBe(false);
    const group = await seen('qiye01');
    expect(group.has('SCOPE-TC-001') && group.has('SCOPE-GAS-012')).toBe(true);
    for (const name of ['DeviceCount', 'DangersTower'] as const) {
      const refused = await call(app, 'GET', screenPath(name), { token: tokens.xiangmu02, query: { pjctid1: build } });
      expect(refused.body).toMatchObject({ status: 0 });
      expect(JSON.stringify(refused.body)).not.toContain('SCOPE-TC-001');
    }
    const narrowed = await screen<DeviceCount>(app, tokens.qiye01, 'DeviceCount', { pjctid1: zigong });
    expect(narrowed.list.map((d) => d.deviceCode)).toContain('SCOPE-GAS-012');
    expect(narrowed.list.every((d) => d.projectId === zigong)).toBe(true);
  });
});

describe('DangersTower (项目特种设备)', () => {
  it('is the Danger answer with the ledgers and the cranes’ and lifts’ due maintenance', async () => {
    const ledgerSeed = [...seedRows('tower-crane'), ...seedRows('lift-device')];
    for (const u of USERS) {
      const [data, base] = await Promise.all([screen<DangersTower>(app, tokens[u], 'DangersTower'), screen<Danger>(app, tokens[u], 'Danger')]);
      expect(codes(data.devices)).toEqual(codes(base.devices));
      expect(data.ledgers.map((l) => l.deviceCode).sort()).toEqual(ledgerSeed.filter((r) => projectNosOf(u).has(r.projectNo)).map((r) => String(r.deviceNo)).sort());
      expect(data.maintenance).toMatchObject(seededOpenTasks(u, /塔式起重机|施工升降机/));
      expect(data.maintenance.tasks.every((t) => ['塔式起重机', '施工升降机'].includes(t.deviceType))).toBe(true);
    }
    const crane = (await screen<DangersTower>(app, tokens.qiye01, 'DangersTower')).ledgers.find((l) => l.deviceCode === '2024001-TOWERCRANE-01');
    expect(crane).toMatchObject({ recordNo: '川BG-T2024-0312', ratedLoad: 6, ratedMoment: 800, reach: 56 });
  });

  it('shows one project narrowed by pjctid1, and the simulator’s new readings as latest', async () => {
    const pid = await projectId(app, tokens.sysadmin, 'NJJG-2024-001');
    await app.simulator!.tick({ toggle: false });
    const data = await screen<DangersTower>(app, tokens.qiye01, 'DangersTower', { pjctid1: pid });
    expect(data.devices.length).toBeGreaterThan(0);
    expect(data.devices.every((d) => d.projectId === pid)).toBe(true);
    expect(data.maintenance.tasks.every((t) => t.projectId === pid)).toBe(true);
    for (const d of data.devices.filter((x) => x.online)) expect(Date.parse(d.latest!.time)).toBeGreaterThan(Date.now() - 60_000);
    // The seeded gas detector reports gas readings too (no more "--" on 设备管理).
    const gas = (await screen<DeviceCount>(app, tokens.qiye01, 'DeviceCount', { pjctid1: pid })).list.find((d) => d.deviceCode === '2024001-GAS-01');
    expect(gas?.reading).toMatch(/^可燃气体[\d.]+%LEL O₂[\d.]+%VOL CO[\d.]+ppm H₂S[\d.]+ppm$/);
  });
});
