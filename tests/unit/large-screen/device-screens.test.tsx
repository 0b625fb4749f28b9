// The 设备管理 (DeviceCount) and project 特种设备 (DangersTower, jgddangers) bodies over a stubbed server: one
// request fills every panel; over-limit crane values are red, overdue tasks say 逾期N天; pjctid1 narrows it
// and a refusal shows the server's text.
import { describe, expect, it, vi } from 'vitest';
import { within } from '@testing-library/react';
import type { SpecialDevice } from '../../../common/screens/danger';
import type { DangersTower, DeviceCount, DueMaintenance } from '../../../common/screens/device-count';
import { dueText } from '../../../src/features/large-screen/shared/DueMaintenancePanel';
import { expectOneCallFills, itShowsRefusal, mountScreen, panel, screenQuery, setUpScreenTests, tileValue } from './support/screen';

vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => import('./support/echarts-stub'));

const { DeviceCountScreen } = await import('../../../src/features/large-screen/screens/devices/deviceCount/DeviceCountScreen');
const { DangersTowerScreen, JgdDangersScreen } = await import('../../../src/features/large-screen/screens/devices/dangersTower/DangersTowerScreen');

const P1 = '甜城湖片区棚户区改造项目';
const AT = '2025-07-15T03:50:00.000Z';

const maintenance = (): DueMaintenance => ({
  open: 3,
  overdue: 1,
  due: 1,
  notDue: 1,
  done30d: 4,
  tasks: [
    { id: '1', planName: '1#塔式起重机月度保养', deviceName: '1#塔式起重机', deviceType: '塔式起重机', projectId: '1', projectName: P1, dueDate: '2025-07-12', dueState: 'overdue', daysLeft: -3 },
    { id: '2', planName: '1#施工升降机月度保养', deviceName: '1#施工升降机', deviceType: '施工升降机', projectId: '1', projectName: P1, dueDate: '2025-07-15', dueState: 'due', daysLeft: 0 },
    { id: '3', planName: '2#塔式起重机月度保养', deviceName: '2#塔式起重机', deviceType: '塔式起重机', projectId: '1', projectName: P1, dueDate: '2025-07-27', dueState: 'notDue', daysLeft: 12 },
  ],
});

const alarm = { id: '20', time: AT, projectId: '1', projectName: P1, deviceCode: 'D1', deviceName: '1#塔吊安全监控', kind: 'craneLoad', kindName: '起重量超限', level: '3', levelName: '固定源', message: '载重比 93.5% 超过 90%', value: 93.5, threshold: 90, handled: false };

const deviceCount = (): DeviceCount => ({
  updatedAt: AT,
  devices: { total: 4, online: 3, offline: 1, alarm: 1, byKind: [{ kind: 'towerCrane', name: '塔吊', total: 2, online: 2, offline: 0, alarm: 1 }, { kind: 'dust', name: '扬尘', total: 2, online: 1, offline: 1, alarm: 0 }] },
  online: [{ projectId: '1', projectName: P1, total: 4, online: 3, offline: 1, alarm: 1, onlineRate: 75 }],
  list: [
    { id: '1', deviceCode: 'D1', deviceName: '1#塔吊安全监控', kind: 'towerCrane', kindName: '塔吊', projectId: '1', projectName: P1, online: true, alarming: true, lastSeenAt: AT, reading: '载重93.5% 力矩70%', readingTime: AT },
    { id: '2', deviceCode: 'D2', deviceName: '1#扬尘监测仪', kind: 'dust', kindName: '扬尘', projectId: '1', projectName: P1, online: false, alarming: false, lastSeenAt: null, reading: '', readingTime: null },
  ],
  maintenance: maintenance(),
  records: { days: Array.from({ length: 7 }, (_, i) => ({ day: `2025-07-${String(9 + i).padStart(2, '0')}`, inspections: 3, failed: i % 2, maintained: 1 })), inspections30d: 20, failed30d: 4, openRectifications: 2 },
  alarms: [alarm],
});

const reading = (over: Partial<NonNullable<SpecialDevice['latest']>> = {}): NonNullable<SpecialDevice['latest']> => ({
  time: AT, loadRatio: 71.2, momentRatio: 66.6, height: 32.8, radius: 9, windSpeed: 3.4, tilt: 0.1, loadKg: 4272, floor: null, ...over,
});
const special = (id: string, kind: 'towerCrane' | 'lift', latest: SpecialDevice['latest'], over: Partial<SpecialDevice> = {}): SpecialDevice => ({
  id, deviceCode: `D${id}`, deviceName: kind === 'lift' ? '1#升降机' : `${id}#塔吊`, kind, kindName: kind === 'lift' ? '升降机' : '塔吊', projectId: '1', projectName: P1,
  installPosition: '', online: true, lastSeenAt: AT, alarming: false, latest, ...over,
});

const dangersTower = (): DangersTower => ({
  updatedAt: AT,
  limits: { loadRatio: 90, momentRatio: 90, windSpeed: 13.8 },
  towerCrane: { total: 2, online: 2, offline: 0, alarm: 1 },
  lift: { total: 1, online: 1, offline: 0, alarm: 0 },
  devices: [
    special('1', 'towerCrane', reading({ loadRatio: 93.5, windSpeed: 15.2, loadKg: 5610 }), { alarming: true }),
    special('2', 'towerCrane', reading()),
    special('3', 'lift', reading({ loadRatio: 66.2, momentRatio: null, height: null, radius: null, tilt: null, loadKg: 1324, floor: 14 })),
  ],
  alarms24h: { total: 1, byKind: [{ code: 'craneLoad', name: '起重量超限', count: 1 }], list: [alarm] },
  trend: Array.from({ length: 24 }, (_, i) => ({ hour: new Date(Date.UTC(2025, 6, 14, 5 + i)).toISOString(), craneLoad: 60 + i, craneMoment: 50 + i, liftLoad: 40 })),
  ledgers: [{ deviceCode: 'D1', recordNo: '川BG-T2024-0312', model: 'QTZ80', ratedLoad: 6, ratedMoment: 800, reach: 56 }],
  maintenance: maintenance(),
});

setUpScreenTests();

describe('设备管理 screen', () => {
  const PANELS = ['设备运行状态', '设备分类统计', '近7日巡检与保养', '设备实时状态', '到期保养', '实时报警'];
  const renderScreen = (pjctid1?: string) => mountScreen(<DeviceCountScreen path="/LargeScreen/devicecount" query={screenQuery(pjctid1)} />);

  it('one request fills every panel', async () => {
    await expectOneCallFills('/prod-api/api/TyScreen/DeviceCount', deviceCount(), renderScreen, PANELS);
    expect(tileValue(panel('到期保养'), '已逾期')).toBe('1');
    const rows = within(panel('设备实时状态')).getAllByRole('row').slice(1);
    expect(rows[0].textContent).toContain('载重93.5%');
    expect(rows[0].className).toContain('dc-row-alarm');
    expect(rows[1].textContent).toContain('--');
    expect(panel('到期保养').textContent).toContain('逾期3天');
    expect(panel('近7日巡检与保养').textContent).toContain('近30天巡检 20 次，不合格 4 次');
  });

  itShowsRefusal('/prod-api/api/TyScreen/DeviceCount', (p) => renderScreen(p), PANELS);
});

describe('项目特种设备 screens', () => {
  const PANELS = ['设备概况', '升降机实时监测', '近24小时报警', '塔吊实时监测', '24小时峰值趋势', '设备档案', '特种设备保养', '报警记录'];
  const renderScreen = (pjctid1?: string) => mountScreen(<DangersTowerScreen path="/LargeScreen/ProjectScreen/dangersTower" query={screenQuery(pjctid1, 21)} />);

  it('one request fills every panel; each crane in a row, over-limit values red', async () => {
    await expectOneCallFills('/prod-api/api/TyScreen/DangersTower', dangersTower(), renderScreen, PANELS);
    const rows = within(panel('塔吊实时监测')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('5.61');
    expect([...rows[0].querySelectorAll('.dt-over')].map((e) => e.textContent)).toEqual(['93.5', '15.2']);
    expect(rows[1].querySelectorAll('.dt-over')).toHaveLength(0);
    expect(panel('设备档案').textContent).toContain('川BG-T2024-0312');
    expect(panel('升降机实时监测').textContent).toContain('14层');
    expect(panel('特种设备保养').textContent).toContain('今天到期');
  });

  itShowsRefusal('/prod-api/api/TyScreen/DangersTower', (p) => renderScreen(p), PANELS);

  it('the supervision twin shows the devices per project instead of the ledger', async () => {
    const panels = PANELS.map((p) => (p === '设备档案' ? '项目设备分布' : p));
    await expectOneCallFills('/prod-api/api/TyScreen/DangersTower', dangersTower(), () => mountScreen(<JgdDangersScreen path="/LargeScreen/ProjectScreen/jgddangers" query={screenQuery(undefined, 101)} />), panels);
  });

  it('says when a task is due', () => {
    expect([-2, 0, 5].map((daysLeft) => dueText({ daysLeft }))).toEqual(['逾期2天', '今天到期', '5天后']);
  });
});
