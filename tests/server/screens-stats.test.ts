// The screens' statistics (docs/screens-api.md): scoped per user kind, and equal to the seeded rows.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceStats, MaintenanceStats, ProjectOnline } from '../../server/screens/device-stats';
import type { EnterpriseOverview } from '../../server/screens/enterprise-overview';
import { SCREEN_PATHS } from '../../server/screens/routes';
import { PROJECTS } from '../../server/seed/demo-data';
import { call, session } from './helpers';
import { expectSeededAlarmTimes, projectNosOf, seedRows, startScreensApp } from './screens-support';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
const USERS = ['qiye01', 'xiangmu02', 'jianguan01'] as const;

beforeAll(async () => {
  app = await startScreensApp();
  for (const u of [...USERS, 'wuquanxian']) tokens[u] = (await session(app, u)).token;
});
afterAll(() => app.close());

const devices = seedRows('monitor-device');
const alarms = seedRows('monitor-alarm');

function expectedDevices(userName: string) {
  const nos = projectNosOf(userName);
  const mine = devices.filter((d) => nos.has(d.projectNo));
  const alarming = new Set(alarms.filter((a) => !a.handled && nos.has(a.projectNo)).map((a) => a.deviceCode));
  return {
    total: mine.length,
    online: mine.filter((d) => d.online).length,
    offline: mine.filter((d) => !d.online).length,
    alarm: mine.filter((d) => alarming.has(d.deviceCode)).length,
  };
}

describe('GetSbgl_sbtj (device management)', () => {
  it('counts by kind and online/offline/alarm within each user scope', async () => {
    const totals: number[] = [];
    for (const u of USERS) {
      const reply = await call<DeviceStats>(app, 'GET', SCREEN_PATHS.devices, { token: tokens[u] });
      expect(reply.body.status).toBe(1);
      const data = reply.body.data!;
      expect({ total: data.total, online: data.online, offline: data.offline, alarm: data.alarm }).toEqual(expectedDevices(u));
      expect(data.byKind.map((k) => k.kind)).toEqual(expect.arrayContaining(['dust', 'noise', 'towerCrane', 'lift', 'video', 'gas', 'weighbridge']));
      expect(data.byKind.find((k) => k.kind === 'dust')?.name).toBe('扬尘');
      expect(data.byKind.reduce((n, k) => n + k.total, 0)).toBe(data.total);
      totals.push(data.total);
    }
    // qiye01 sees every project, jianguan01 those in 内江 (not the 自贡 one), xiangmu02 one project.
    expect(new Set(totals).size).toBe(3);
    expect(totals[0]).toBeGreaterThan(totals[2]);
    expect(totals[2]).toBeGreaterThan(totals[1]);
  });

  it('narrows to pjctid1 inside the scope and refuses a project outside it', async () => {
    const list = await call<EnterpriseOverview>(app, 'GET', SCREEN_PATHS.enterpriseOverview, { token: tokens.qiye01 });
    const id = list.body.data!.markers.find((m) => m.title === PROJECTS[0].name)!.id;
    const one = await call<DeviceStats>(app, 'GET', SCREEN_PATHS.devices, { token: tokens.qiye01, query: { pjctid1: id } });
    expect(one.body.data!.total).toBe(devices.filter((d) => d.projectNo === PROJECTS[0].no).length);
    const refused = await call(app, 'GET', SCREEN_PATHS.devices, { token: tokens.xiangmu02, query: { pjctid1: id } });
    expect(refused.body).toMatchObject({ status: 0, detail: '项目不存在或不在您的权限范围内' });
  });

  it('needs a session and data authority', async () => {
    expect((await call(app, 'GET', SCREEN_PATHS.devices)).status).toBe(401);
    expect((await call(app, 'GET', SCREEN_PATHS.devices, { token: tokens.wuquanxian })).body).toMatchObject({ status: 0, code: 0 });
  });
});

describe('GetSbgl_sbzxqk (online per project)', () => {
  it('lists every project in scope with its device counts', async () => {
    for (const u of USERS) {
      const nos = projectNosOf(u);
      const reply = await call<ProjectOnline[]>(app, 'GET', SCREEN_PATHS.online, { token: tokens[u] });
      const rows = reply.body.data!;
      expect(rows.map((r) => r.projectName).sort()).toEqual(PROJECTS.filter((p) => nos.has(p.no)).map((p) => p.name).sort());
      for (const r of rows) {
        const no = PROJECTS.find((p) => p.name === r.projectName)!.no;
        const mine = devices.filter((d) => d.projectNo === no);
        expect([r.total, r.online, r.offline]).toEqual([mine.length, mine.filter((d) => d.online).length, mine.filter((d) => !d.online).length]);
        expect(r.onlineRate).toBe(mine.length ? Math.round((mine.filter((d) => d.online).length / mine.length) * 1000) / 10 : 0);
      }
    }
  });
});

describe('GetSbwb_wbtj (maintenance statistics)', () => {
  it('counts routine-inspection devices and templates by type in scope (POST)', async () => {
    const insp = seedRows('rout-insp-manage');
    const templates = seedRows('inspection-template');
    for (const u of USERS) {
      const nos = projectNosOf(u);
      const reply = await call<MaintenanceStats>(app, 'POST', SCREEN_PATHS.maintenance, { token: tokens[u], body: { token: tokens[u], fromplat: 'pc', wid: 11 } });
      expect(reply.body.status).toBe(1);
      const data = reply.body.data!;
      expect(data.deviceTotal).toBe(insp.filter((r) => nos.has(r.projectNo)).length);
      expect(data.templateTotal).toBe(templates.filter((r) => nos.has(r.projectNo)).length);
      for (const row of data.byType) {
        expect(row.devices).toBe(insp.filter((r) => nos.has(r.projectNo) && r.deviceType === row.deviceType).length);
        expect(row.templates).toBe(templates.filter((r) => nos.has(r.projectNo) && r.deviceType === row.deviceType).length);
      }
    }
  });
});

describe('EnterpriseOverview', () => {
  it('answers every panel within the scope', async () => {
    const env = seedRows('env-reading');
    for (const u of USERS) {
      const nos = projectNosOf(u);
      const reply = await call<EnterpriseOverview>(app, 'GET', SCREEN_PATHS.enterpriseOverview, { token: tokens[u] });
      expect(reply.body.status).toBe(1);
      const data = reply.body.data!;
      const mine = PROJECTS.filter((p) => nos.has(p.no));
      expect(data.projects.total).toBe(mine.length);
      expect(data.projects.byStatus).toHaveLength(5);
      for (const s of data.projects.byStatus) expect(s.count).toBe(mine.filter((p) => p.status === s.status).length);
      expect(data.projects.byStatus.find((s) => s.status === 3)?.name).toBe('在建');
      const states = { 1: 'planning', 2: 'waitingStart', 3: 'inProgress', 4: 'finished', 5: 'stopped' } as const;
      expect(data.markers.map((m) => [m.title, m.state, m.lng, m.lat]).sort()).toEqual(mine.map((p) => [p.name, states[p.status], p.lng, p.lat]).sort());
      expect(data.devices.total).toBe(expectedDevices(u).total);

      // Latest dust reading per project = the newest seeded row with PM10.
      const latestSeed = new Map<string, (typeof env)[number]>();
      for (const r of env) {
        if (!nos.has(r.projectNo) || r.pm10 === undefined) continue;
        const prev = latestSeed.get(r.projectNo);
        if (!prev || Date.parse(String(r.readingTime)) > Date.parse(String(prev.readingTime))) latestSeed.set(r.projectNo, r);
      }
      expect(data.environment.latest).toHaveLength(latestSeed.size);
      for (const l of data.environment.latest) {
        const no = PROJECTS.find((p) => p.name === l.projectName)!.no;
        const seed = latestSeed.get(no)!;
        expect([l.deviceCode, l.pm10, l.noise, Date.parse(l.time)]).toEqual([seed.deviceCode, seed.pm10, seed.noise, Date.parse(String(seed.readingTime))]);
      }
      expect(data.environment.trend).toHaveLength(24);
      expect(data.environment.thresholds).toMatchObject({ pm10: 150, noiseDay: 70 });

      const myAlarms = alarms.filter((a) => nos.has(a.projectNo));
      expect(data.alarms).toHaveLength(Math.min(20, myAlarms.length));
      expectSeededAlarmTimes(data.alarms.map((a) => a.time), myAlarms);
      if (data.alarms.length > 0) expect(data.alarms[0]).toMatchObject({ kindName: expect.any(String), levelName: expect.any(String), deviceName: expect.any(String) });
      expect(Date.parse(data.updatedAt)).toBeGreaterThan(0);
    }
  });
});
