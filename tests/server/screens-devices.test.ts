// The device screens (docs/screens-api.md): VideoMonitor, Danger, Environment and Tested — equal to the
// seeded devices and readings of each scope, and moved by readings and alarms written now.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Danger } from '../../server/screens/danger';
import type { DeviceStats, MaintenanceStats, ProjectOnline } from '../../server/screens/device-stats';
import type { Environment } from '../../server/screens/environment';
import { SCREEN_PATHS } from '../../server/screens/routes';
import type { Tested } from '../../server/screens/tested';
import type { VideoMonitor } from '../../server/screens/video';
import { PROJECTS } from '../../server/seed/demo-data';
import { projectId } from './engine-support';
import { call, session } from './helpers';
import { createRow, screen } from './screens-fixtures';
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
const devicesOf = (u: string, kinds: string[]) => devices.filter((d) => projectNosOf(u).has(d.projectNo) && kinds.includes(String(d.deviceKind)));
const newest = <T extends Record<string, unknown>>(rows: T[], key: string): T | undefined =>
  rows.reduce<T | undefined>((a, r) => (!a || Date.parse(String(r[key])) > Date.parse(String(a[key])) ? r : a), undefined);

describe('VideoMonitor', () => {
  it('lists the cameras of every project in scope with their state', async () => {
    for (const u of USERS) {
      const data = await screen<VideoMonitor>(app, tokens[u], 'VideoMonitor');
      const cams = devicesOf(u, ['video']);
      expect(data.summary).toMatchObject({ total: cams.length, online: cams.filter((c) => c.online).length, offline: cams.filter((c) => !c.online).length });
      expect(data.projects).toHaveLength(projectNosOf(u).size);
      const all = data.projects.flatMap((p) => p.cameras);
      expect(all.map((c) => c.deviceCode).sort()).toEqual(cams.map((c) => String(c.deviceCode)).sort());
      for (const p of data.projects) {
        expect(p.total).toBe(p.cameras.length);
        // The district of each project, for the supervisory variant grouped by area.
        const seed = PROJECTS.find((s) => s.name === p.projectName)!;
        expect(p.areaCode).toBe(seed.area);
        expect(p.areaName).not.toBe('');
      }
    }
    const qiye = await screen<VideoMonitor>(app, tokens.qiye01, 'VideoMonitor');
    expect(qiye.projects.find((p) => p.projectName === '甜城湖片区棚户区改造项目')).toMatchObject({ areaCode: '511002', areaName: '市中区' });
  });
});

describe('Tested', () => {
  it('is GetSbgl_sbtj, GetSbgl_sbzxqk and GetSbwb_wbtj in one answer', async () => {
    for (const u of USERS) {
      const data = await screen<Tested>(app, tokens[u], 'Tested');
      const [devicesReply, onlineReply, maintenanceReply] = await Promise.all([
        call<DeviceStats>(app, 'GET', SCREEN_PATHS.devices, { token: tokens[u] }),
        call<ProjectOnline[]>(app, 'GET', SCREEN_PATHS.online, { token: tokens[u] }),
        call<MaintenanceStats>(app, 'POST', SCREEN_PATHS.maintenance, { token: tokens[u], body: {} }),
      ]);
      expect(data.devices).toEqual(devicesReply.body.data);
      expect(data.online).toEqual(onlineReply.body.data);
      expect(data.maintenance).toEqual(maintenanceReply.body.data);
    }
  });
});

describe('Environment', () => {
  it('answers the latest dust reading per project and the monitors in scope', async () => {
    const env = seedRows('env-reading');
    for (const u of USERS) {
      const data = await screen<Environment>(app, tokens[u], 'Environment');
      const monitors = devicesOf(u, ['dust', 'noise']);
      expect(data.devices).toMatchObject({ total: monitors.length, online: monitors.filter((d) => d.online).length });
      for (const l of data.latest) {
        const no = PROJECTS.find((p) => p.name === l.projectName)!.no;
        const seed = newest(env.filter((r) => r.projectNo === no && r.pm10 !== undefined), 'readingTime');
        expect([l.deviceCode, l.pm10, Date.parse(l.time)]).toEqual([seed!.deviceCode, seed!.pm10, Date.parse(String(seed!.readingTime))]);
        expect(l.deviceName).toMatch(/扬尘/);
      }
      expect(data.thresholds).toEqual({ pm25: 75, pm10: 150, noiseDay: 70, noiseNight: 55, windSpeed: 13.8 });
      expect(data.trend).toHaveLength(24);
      expect(data.daily).toHaveLength(7);
    }
  });

  it('counts today’s readings over their limits and averages the current hour', async () => {
    const pid = await projectId(app, tokens.sysadmin, 'NJJG-2024-002');
    const dust = devices.find((d) => d.deviceKind === 'dust' && d.projectNo === 'NJJG-2024-002')!;
    const before = await screen<Environment>(app, tokens.xiangmu02, 'Environment');
    const reading = (secondsAgo: number, values: Record<string, number>) =>
      createRow(app, tokens.sysadmin, 'EnvReading', { projectId: pid, deviceCode: dust.deviceCode, readingTime: new Date(Date.now() - secondsAgo * 1000).toISOString(), ...values });
    await reading(2, { pm10: 480, pm25: 210, tsp: 700, noise: 95 });
    await reading(1, { pm10: 60, pm25: 30, tsp: 90, noise: 40 });
    const after = await screen<Environment>(app, tokens.xiangmu02, 'Environment');
    expect(after.exceedToday).toEqual({
      readings: before.exceedToday.readings + 2,
      pm10: before.exceedToday.pm10 + 1,
      pm25: before.exceedToday.pm25 + 1,
      noise: before.exceedToday.noise + 1,
    });
    const hour = after.trend.at(-1)!;
    if (before.trend.at(-1)!.pm10 === null) expect(hour).toMatchObject({ pm10: 270, pm25: 120, tsp: 395, noise: 67.5 });
    expect(after.daily.at(-1)!.pm10).not.toBeNull();
    expect(after.latest.find((l) => l.projectId === pid)).toMatchObject({ pm10: 60 });
  });
});

describe('Danger', () => {
  it('shows every tower crane and lift in scope with its latest reading', async () => {
    const readings = seedRows('crane-reading');
    for (const u of USERS) {
      const data = await screen<Danger>(app, tokens[u], 'Danger');
      const cranes = devicesOf(u, ['towerCrane']);
      const lifts = devicesOf(u, ['lift']);
      expect(data.towerCrane).toMatchObject({ total: cranes.length, online: cranes.filter((d) => d.online).length });
      expect(data.lift).toMatchObject({ total: lifts.length, online: lifts.filter((d) => d.online).length });
      expect(data.devices.map((d) => d.deviceCode).sort()).toEqual([...cranes, ...lifts].map((d) => String(d.deviceCode)).sort());
      for (const d of data.devices) {
        const last = newest(readings.filter((r) => r.deviceCode === d.deviceCode), 'readingTime');
        expect(d.latest === null ? null : [Date.parse(d.latest.time), d.latest.loadRatio]).toEqual(last ? [Date.parse(String(last.readingTime)), last.loadRatio] : null);
      }
      expect(data.devices.every((d) => d.kindName === (d.kind === 'lift' ? '升降机' : '塔吊'))).toBe(true);
      expect(data.trend).toHaveLength(24);
      expect(data.limits).toEqual({ loadRatio: 90, momentRatio: 90, windSpeed: 13.8 });
    }
  });

  it('counts the alarms of these devices in the last 24 hours, not the others', async () => {
    const crane = devices.find((d) => d.deviceKind === 'towerCrane' && d.projectNo === 'NJJG-2024-002')!;
    const dust = devices.find((d) => d.deviceKind === 'dust' && d.projectNo === 'NJJG-2024-002')!;
    const pid = await projectId(app, tokens.sysadmin, 'NJJG-2024-002');
    const before = await screen<Danger>(app, tokens.xiangmu02, 'Danger');
    const alarm = (deviceCode: unknown, kind: string) =>
      createRow(app, tokens.sysadmin, 'Alarm', {
        projectId: pid, deviceCode, alarmTime: new Date(Date.now() - 30_000).toISOString(), alarmKind: kind, alarmLevel: '2', message: '测试告警', value: 112, threshold: 90, handled: false,
      });
    await alarm(crane.deviceCode, 'craneLoad');
    await alarm(dust.deviceCode, 'pm10');
    const after = await screen<Danger>(app, tokens.xiangmu02, 'Danger');
    expect(after.alarms24h.total).toBe(before.alarms24h.total + 1);
    expect(after.alarms24h.byKind.find((k) => k.code === 'craneLoad')).toMatchObject({ name: '起重量超限' });
    expect(after.alarms24h.list[0]).toMatchObject({ deviceCode: crane.deviceCode, kind: 'craneLoad', levelName: '区县级', handled: false });
    expect(after.towerCrane.alarm).toBe(1);
    expect(after.devices.find((d) => d.deviceCode === crane.deviceCode)!.alarming).toBe(true);
  });

  it('takes the simulator’s new readings as latest and fills the current hour of the trend', async () => {
    await app.simulator!.tick();
    const data = await screen<Danger>(app, tokens.qiye01, 'Danger');
    for (const d of data.devices.filter((x) => x.online)) expect(Date.parse(d.latest!.time)).toBeGreaterThan(Date.now() - 60_000);
    expect(data.trend.at(-1)!.craneLoad).not.toBeNull();
    expect(data.trend.at(-1)!.liftLoad).not.toBeNull();
  });
});
