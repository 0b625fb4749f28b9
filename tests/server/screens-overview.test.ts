// The overview screens (docs/screens-api.md): ProjectManagements, SupervisoryOverview, Warning and Report
// — the projects, alarms and workers of each scope, and this month's figures moved by rows written now.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cstDate } from '../../server/screens/format';
import { schedule, type ProjectManagements } from '../../server/screens/project-management';
import type { Report } from '../../server/screens/report';
import type { SupervisoryOverview } from '../../server/screens/supervisory';
import type { Warning } from '../../server/screens/warning';
import { COMPANIES, PROJECTS } from '../../server/seed/demo-data';
import { projectId } from './engine-support';
import { call, session } from './helpers';
import { createRow, rosterSeed, screen, todayCst, updateRow, workerId } from './screens-fixtures';
import { expectSeededAlarmTimes, projectNosOf, seedRows, startScreensApp } from './screens-support';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
const USERS = ['qiye01', 'xiangmu02', 'jianguan01'] as const;

beforeAll(async () => {
  app = await startScreensApp();
  for (const u of [...USERS, 'sysadmin']) tokens[u] = (await session(app, u)).token;
});
afterAll(() => app.close());

const DAY = 86_400_000;
const alarms = seedRows('monitor-alarm');
const hazards = seedRows('hazard');

describe('ProjectManagements', () => {
  it('lists the projects of each scope with status, district, company, schedule and workforce', async () => {
    const today = todayCst();
    for (const u of USERS) {
      const data = await screen<ProjectManagements>(app, tokens[u], 'ProjectManagements');
      const mine = PROJECTS.filter((p) => projectNosOf(u).has(p.no));
      expect(data.total).toBe(mine.length);
      for (const s of data.byStatus) expect(s.count).toBe(mine.filter((p) => p.status === s.status).length);
      expect(data.byArea.reduce((n, a) => n + a.count, 0)).toBe(mine.length);
      expect(data.byCompany.reduce((n, a) => n + a.count, 0)).toBe(mine.length);
      expect(data.projects.map((p) => p.projectNo).sort()).toEqual(mine.map((p) => p.no).sort());
      for (const p of data.projects) {
        const seed = mine.find((m) => m.no === p.projectNo)!;
        expect(p).toMatchObject({ name: seed.name, status: seed.status, areaCode: seed.area, startDate: seed.start, endDate: seed.end, managerName: seed.manager });
        expect([p.lng, p.lat]).toEqual([seed.lng, seed.lat]);
        expect(p.companyName).toBe(COMPANIES.find((c) => c.key === seed.company)!.name);
        expect(p.workers).toBe(rosterSeed(u, today).filter((w) => w.projectNo === seed.no).length);
        expect(p.devices).toBe(seedRows('monitor-device').filter((d) => d.projectNo === seed.no).length);
        const started = Math.max(0, Math.round((Date.parse(seed.status === 4 && seed.end ? seed.end : today) - Date.parse(seed.start)) / DAY));
        expect(p.daysElapsed).toBe(started);
      }
    }
    const all = await screen<ProjectManagements>(app, tokens.qiye01, 'ProjectManagements');
    expect(all.byArea.find((a) => a.areaCode === '511002')).toMatchObject({ areaName: '市中区', count: 3 });
    expect(all.projects.find((p) => p.projectNo === 'NJJG-2023-007')).toMatchObject({ statusName: '竣工', elapsedPercent: 100, plannedDays: 659, daysElapsed: 659 });
    // Every demo project has a planned end (issue #4 gap 9), so each shows a planned progress.
    const inProgress = all.projects.find((p) => p.projectNo === 'NJJG-2024-001')!;
    expect(inProgress).toMatchObject({ state: 'inProgress', plannedDays: 1216 });
    expect(inProgress.elapsedPercent).toBe(Math.min(100, Math.round((inProgress.daysElapsed / 1216) * 1000) / 10));
    expect(all.projects.every((p) => p.plannedDays !== null && p.elapsedPercent !== null)).toBe(true);
  });

  it('works out the elapsed share of a planned schedule', () => {
    expect(schedule(3, '2026-01-01', '2026-12-31', '2026-07-02')).toEqual({ daysElapsed: 182, plannedDays: 364, elapsedPercent: 50 });
    expect(schedule(3, '2026-01-01', '2026-03-01', '2026-07-02')).toMatchObject({ elapsedPercent: 100 });
    expect(schedule(1, '2027-01-01', '2027-12-31', '2026-07-02')).toEqual({ daysElapsed: 0, plannedDays: 364, elapsedPercent: 0 });
  });
});

describe('SupervisoryOverview', () => {
  it('answers the projects, districts, enterprises, workers, alarms and hazards of the area', async () => {
    const nos = projectNosOf('jianguan01');
    const data = await screen<SupervisoryOverview>(app, tokens.jianguan01, 'SupervisoryOverview');
    const mine = PROJECTS.filter((p) => nos.has(p.no));
    expect(data.projects.total).toBe(mine.length);
    expect(data.markers.map((m) => m.title).sort()).toEqual(mine.map((p) => p.name).sort());
    for (const m of data.markers) {
      const seeded = mine.find((p) => p.name === m.title)!;
      expect(m.areaName, m.title).toBe(data.byDistrict.find((d) => d.areaCode === seeded.area)?.areaName);
      expect(m.companyName, m.title).toBe(COMPANIES.find((c) => c.key === seeded.company)?.name);
    }
    expect(data.byDistrict.map((d) => d.areaCode).sort()).toEqual([...new Set(mine.map((p) => p.area))].sort());
    expect(data.byDistrict.every((d) => d.areaName !== d.areaCode)).toBe(true);
    expect(data.enterprises.total).toBe(new Set(mine.map((p) => p.company)).size);
    const roster = rosterSeed('jianguan01');
    expect(data.workers.roster).toBe(roster.length);
    expect(data.enterprises.participatingUnits).toBe(new Set(roster.map((w) => w.unitName).filter(Boolean)).size);
    expect(data.alarms.unhandled).toBe(alarms.filter((a) => nos.has(a.projectNo) && !a.handled).length);
    expect(data.hazards.open).toBe(hazards.filter((h) => nos.has(h.projectNo) && h.status !== '4').length);
    expect(data.devices.total).toBe(seedRows('monitor-device').filter((d) => nos.has(d.projectNo)).length);
  });
});

describe('Warning', () => {
  it('answers unhandled alarms by level and kind and the newest alarms of each scope', async () => {
    for (const u of USERS) {
      const nos = projectNosOf(u);
      const mine = alarms.filter((a) => nos.has(a.projectNo));
      const data = await screen<Warning>(app, tokens[u], 'Warning');
      expect(data.summary.unhandled).toBe(mine.filter((a) => !a.handled).length);
      expect(data.unhandledByLevel.map((l) => l.name)).toEqual(['市级', '区县级', '固定源']);
      for (const l of data.unhandledByLevel) expect(l.count).toBe(mine.filter((a) => !a.handled && a.alarmLevel === l.code).length);
      expectSeededAlarmTimes(data.alarms.map((a) => a.time), mine);
      expect(data.trend).toHaveLength(7);
    }
  });

  it('counts an alarm raised today and its handling', async () => {
    const pid = await projectId(app, tokens.sysadmin, 'NJJG-2024-002');
    const before = await screen<Warning>(app, tokens.xiangmu02, 'Warning');
    const raised = await createRow(app, tokens.sysadmin, 'Alarm', {
      projectId: pid, deviceCode: '2024002-NOISE-01', alarmTime: new Date(Date.now() - 10_000).toISOString(), alarmKind: 'noise', alarmLevel: '1',
      message: '噪声 110dB 超过昼间阈值 70dB', value: 110, threshold: 70, handled: false,
    });
    const after = await screen<Warning>(app, tokens.xiangmu02, 'Warning');
    expect(after.summary).toMatchObject({ unhandled: before.summary.unhandled + 1, today: before.summary.today + 1, todayUnhandled: before.summary.todayUnhandled + 1 });
    expect(after.unhandledByLevel[0].count).toBe(before.unhandledByLevel[0].count + 1);
    expect(after.unhandledByKind.find((k) => k.code === 'noise')).toMatchObject({ name: '噪声超标' });
    expect(after.trend.at(-1)!.total).toBe(before.trend.at(-1)!.total + 1);
    expect(after.alarms[0]).toMatchObject({ id: raised.id, deviceName: '1#噪声监测仪', levelName: '市级' });

    await updateRow(app, tokens.sysadmin, 'Alarm', { rec_id: raised.id, handled: true });
    const handled = await screen<Warning>(app, tokens.xiangmu02, 'Warning');
    expect(handled.summary.unhandled).toBe(before.summary.unhandled);
    expect(handled.trend.at(-1)!.handled).toBe(before.trend.at(-1)!.handled + 1);
  });
});

describe('Report', () => {
  it('has the last 12 months and moves this month with attendance, alarms, hazards and passages', async () => {
    const month = todayCst().slice(0, 7);
    const before = await screen<Report>(app, tokens.xiangmu02, 'Report');
    expect(before.months).toHaveLength(12);
    expect(before.months.at(-1)!.month).toBe(month);
    expect(before.months[0].month < before.months[11].month).toBe(true);
    const seededDays = seedRows('attendance-record').filter((a) => a.projectNo === 'NJJG-2024-002' && String(a.workDate).startsWith(month)).length;
    expect(before.months.at(-1)!.personDays).toBe(seededDays);

    const pid = await projectId(app, tokens.sysadmin, 'NJJG-2024-002');
    const now = new Date();
    const w = rosterSeed('xiangmu02')[0];
    await createRow(app, tokens.sysadmin, 'AttendanceRecord', {
      projectId: pid, workerId: Number(await workerId(app, tokens.sysadmin, String(w.idCardNo))), workerName: w.workerName, workDate: cstDate(now),
      inTime: new Date(now.getTime() - 120_000).toISOString(), outTime: new Date(now.getTime() - 60_000).toISOString(), workHours: 8.5,
    });
    await createRow(app, tokens.sysadmin, 'Alarm', { projectId: pid, deviceCode: '2024002-DUST-01', alarmTime: new Date(now.getTime() - 1000).toISOString(), alarmKind: 'pm10', alarmLevel: '3', handled: false });
    await createRow(app, tokens.sysadmin, 'Hazard', {
      projectId: pid, hazardNo: 'YH-REPORT-1', hazardType: '2', level: '1', checkKind: '1', description: '裸露土方未覆盖', foundAt: new Date(now.getTime() - 1000).toISOString(),
      rectifyDeadline: cstDate(now), status: '4', closedAt: now.toISOString(),
    });
    await createRow(app, tokens.sysadmin, 'VehiclePassage', { projectId: pid, plateNo: '川K20241', vehicleType: '1', direction: 'out', passTime: new Date(now.getTime() - 1000).toISOString() });

    const after = await screen<Report>(app, tokens.xiangmu02, 'Report');
    const [b, a] = [before.months.at(-1)!, after.months.at(-1)!];
    expect(a).toEqual({
      month,
      personDays: b.personDays + 1,
      personHours: Math.round((b.personHours + 8.5) * 10) / 10,
      alarms: b.alarms + 1,
      hazardsFound: b.hazardsFound + 1,
      hazardsClosed: b.hazardsClosed + 1,
      vehiclesIn: b.vehiclesIn,
      vehiclesOut: b.vehiclesOut + 1,
    });
    expect(after.alarmsByKind.find((k) => k.code === 'pm10')).toMatchObject({ name: 'PM10超标' });
    expect(after.alarmsByKind.find((k) => k.code === 'pm10')!.counts.at(-1)).toBe((before.alarmsByKind.find((k) => k.code === 'pm10')?.counts.at(-1) ?? 0) + 1);
    expect(after.totals.alarms).toBe(before.totals.alarms + 1);
    // Another scope is unchanged.
    const other = await call<Report>(app, 'GET', '/prod-api/api/TyScreen/Report', { token: tokens.qiye01, query: { pjctid1: await projectId(app, tokens.qiye01, 'NJJG-2024-001') } });
    expect(other.body.data!.months.at(-1)!.vehiclesOut).toBe(0);
  });
});
