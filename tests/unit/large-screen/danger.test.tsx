// The special-equipment body (§2.4 /LargeScreen/EnterpriseScreen/danger) over a stubbed server: one
// request fills every panel, the crane monitor rotates through the reporting cranes (a ranking row or
// the arrows choose one), pjctid1 narrows the request, a refusal shows the server's text.
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, renderHook, screen, within } from '@testing-library/react';
import type { Danger, SpecialDevice } from '../../../common/screens/danger';
import { nextId, useRotation } from '../../../src/features/large-screen/kit/use-rotation';
import { limitBands, windMax } from '../../../src/features/large-screen/screens/enterprise/danger/CraneMonitorPanel';
import { countByProject } from '../../../src/features/large-screen/shared/special/ProjectDevicesPanel';
import { answerWith, expectOneCallFills, expectPanelsSay, itShowsRefusal, mountScreen, panel, screenQuery, setUpScreenTests, tileValue } from './support/screen';

vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => import('./support/echarts-stub'));

const { DangerScreen } = await import('../../../src/features/large-screen/screens/enterprise/danger/DangerScreen');

const URL_PATH = '/prod-api/api/TyScreen/Danger';

const reading = (over: Partial<NonNullable<SpecialDevice['latest']>> = {}): NonNullable<SpecialDevice['latest']> => ({
  time: '2025-07-15T03:50:00.000Z',
  loadRatio: 71.2,
  momentRatio: 66.6,
  height: 32.8,
  radius: 9,
  windSpeed: 3.4,
  tilt: 0.1,
  loadKg: 4272,
  floor: null,
  ...over,
});

const device = (id: string, kind: 'towerCrane' | 'lift', projectId: string, projectName: string, over: Partial<SpecialDevice> = {}): SpecialDevice => ({
  id,
  deviceCode: `D${id}`,
  deviceName: kind === 'lift' ? '1#升降机安全监控' : '1#塔吊安全监控',
  kind,
  kindName: kind === 'lift' ? '升降机' : '塔吊',
  projectId,
  projectName,
  installPosition: kind === 'lift' ? '3#楼' : `${id}#塔吊`,
  online: true,
  lastSeenAt: '2025-07-15T03:50:00.000Z',
  alarming: false,
  latest: reading(),
  ...over,
});

const danger = (): Danger => ({
  updatedAt: '2025-07-15T04:00:00.000Z',
  limits: { loadRatio: 90, momentRatio: 90, windSpeed: 13.8 },
  towerCrane: { total: 3, online: 2, offline: 1, alarm: 1 },
  lift: { total: 1, online: 1, offline: 0, alarm: 0 },
  devices: [
    device('1', 'towerCrane', '1', '甜城湖片区棚户区改造项目', { alarming: true, latest: reading({ loadRatio: 93.5, loadKg: 5610 }) }),
    device('2', 'towerCrane', '2', '沱江二桥加固工程', { latest: reading({ loadRatio: 48.7, height: 39.1 }) }),
    device('3', 'towerCrane', '3', '城西污水处理厂扩建工程', { online: false, latest: null }),
    device('4', 'lift', '1', '甜城湖片区棚户区改造项目', { latest: reading({ loadRatio: 66.2, momentRatio: null, height: null, radius: null, tilt: null, loadKg: 1324, floor: 14 }) }),
  ],
  alarms24h: {
    total: 2,
    byKind: [{ code: 'craneLoad', name: '起重量超限', count: 2 }],
    list: [
      { id: '20', time: '2025-07-15T03:46:00.000Z', projectId: '1', projectName: '甜城湖片区棚户区改造项目', deviceCode: 'D1', deviceName: '1#塔吊安全监控', kind: 'craneLoad', kindName: '起重量超限', level: '3', levelName: '固定源', message: '载重比 93.5% 超过 90%', value: 93.5, threshold: 90, handled: false },
      { id: '19', time: '2025-07-15T01:46:00.000Z', projectId: '1', projectName: '甜城湖片区棚户区改造项目', deviceCode: 'D1', deviceName: '1#塔吊安全监控', kind: 'craneLoad', kindName: '起重量超限', level: '3', levelName: '固定源', message: '载重比 91% 超过 90%', value: 91, threshold: 90, handled: true },
    ],
  },
  trend: Array.from({ length: 24 }, (_, i) => ({ hour: new Date(Date.UTC(2025, 6, 14, 5 + i)).toISOString(), craneLoad: 60 + i, craneMoment: 50 + i, liftLoad: i % 6 ? 40 : null })),
});

const PANELS = ['设备概况', '塔吊载重比排行', '近24小时报警', '塔吊实时监测', '24小时峰值趋势', '升降机实时监测', '项目设备分布', '报警记录'];

setUpScreenTests();

const renderScreen = (pjctid1?: string) => mountScreen(<DangerScreen path="/LargeScreen/EnterpriseScreen/danger" query={screenQuery(pjctid1)} />);

describe('special equipment screen', () => {
  it('one request fills every panel with the cranes, lifts and alarms', async () => {
    await expectOneCallFills(URL_PATH, danger(), renderScreen, PANELS);

    const strip = screen.getByRole('group', { name: '关键指标' });
    expect(tileValue(strip, '塔吊')).toBe('3');
    expect(tileValue(strip, '设备在线率')).toBe('75'); // 3 of 4 online
    expect(tileValue(strip, '报警设备')).toBe('1');
    expect(tileValue(strip, '近24小时报警')).toBe('2');
    expect(tileValue(within(panel('设备概况')).getByRole('group', { name: '升降机' }), '在线')).toBe('1');

    // Ranking: highest load first, over the 90 % limit warns; the offline crane has no current value.
    const ranking = within(panel('塔吊载重比排行')).getAllByRole('listitem');
    expect(ranking.map((r) => r.querySelector('.ls-ranking-name')?.textContent)).toEqual([
      '甜城湖片区棚户区改造项目 1#塔吊',
      '沱江二桥加固工程 2#塔吊',
      '城西污水处理厂扩建工程 3#塔吊',
    ]);
    expect(ranking[0].querySelector('.is-over')).not.toBeNull();
    expect(ranking[2].textContent).toContain('--');

    // The monitor starts with the first reporting crane: its figures and alarm state.
    const monitor = panel('塔吊实时监测');
    expect(monitor.textContent).toContain('甜城湖片区棚户区改造项目');
    expect(monitor.textContent).toContain('报警');
    expect(tileValue(monitor, '吊重')).toBe('5.61');
    expect(within(monitor).getByRole('img', { name: '载重比（限值 90%）' })).toBeTruthy();

    const lift = within(panel('升降机实时监测')).getAllByRole('row')[1];
    expect(lift.textContent).toContain('66.2%');
    expect(lift.textContent).toContain('1324kg');
    expect(lift.textContent).toContain('14层');
    expect(within(panel('报警记录')).getAllByRole('row').map((r) => r.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining('未处理'), expect.stringContaining('已处理')]),
    );
    expect(panel('报警记录').textContent).toContain('未处理 1 条');
  });

  it('a ranking row or the arrows choose the crane the monitor shows', async () => {
    answerWith(URL_PATH, danger());
    await renderScreen();
    const monitor = panel('塔吊实时监测');
    fireEvent.click(within(monitor).getByRole('button', { name: '下一台塔吊' }));
    expect(monitor.textContent).toContain('沱江二桥加固工程');
    expect(tileValue(monitor, '起升高度')).toBe('39.1');
    expect(monitor.textContent).toContain('2 / 3');
    fireEvent.click(within(panel('塔吊载重比排行')).getByRole('button', { name: /城西污水处理厂扩建工程/ }));
    expect(monitor.textContent).toContain('城西污水处理厂扩建工程');
    expect(monitor.textContent).toContain('离线');
    expect(monitor.textContent).toContain('该塔吊尚未上报监测数据');
    expect(within(monitor).queryByRole('img')).toBeNull();
  });

  itShowsRefusal(URL_PATH, renderScreen, PANELS);

  it('no cranes or lifts in scope: the panels say 暂无数据, no alarms says so', async () => {
    const none: Danger = {
      ...danger(),
      towerCrane: { total: 0, online: 0, offline: 0, alarm: 0 },
      lift: { total: 0, online: 0, offline: 0, alarm: 0 },
      devices: [],
      alarms24h: { total: 0, byKind: [], list: [] },
      trend: danger().trend.map((p) => ({ ...p, craneLoad: null, craneMoment: null, liftLoad: null })),
    };
    answerWith(URL_PATH, none);
    await renderScreen();
    expectPanelsSay(['设备概况', '塔吊载重比排行', '塔吊实时监测', '24小时峰值趋势', '升降机实时监测', '项目设备分布'], '暂无数据');
    expect(panel('近24小时报警').textContent).toContain('近24小时无报警');
    expect(panel('报警记录').textContent).toContain('近24小时无报警');
  });
});

describe('crane rotation', () => {
  it('steps through the cycle, wraps, and holds while paused', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useRotation(['a', 'b', 'c'], ['a', 'b', 'c', 'x'], 1000));
    expect(result.current.current).toBe('a');
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.current).toBe('b');
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.current).toBe('a');
    act(() => result.current.setPaused(true));
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.current).toBe('a');
    act(() => result.current.setPaused(false));
    act(() => result.current.select('x')); // outside the cycle: shown, then the cycle resumes at its start
    expect(result.current.current).toBe('x');
    act(() => vi.advanceTimersByTime(999));
    expect(result.current.current).toBe('x');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.current).toBe('a');
    act(() => result.current.step(-1));
    expect(result.current.current).toBe('x');
  });

  it('one id: no timer; a choice that left the list falls back to the first', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ ids }) => useRotation(ids, ids, 1000), { initialProps: { ids: ['a', 'b'] } });
    act(() => result.current.select('b'));
    rerender({ ids: ['a'] });
    expect(result.current.current).toBe('a');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('nextId wraps both ways and starts at the first for an unknown id', () => {
    expect(nextId(['a', 'b', 'c'], 'c')).toBe('a');
    expect(nextId(['a', 'b', 'c'], 'a', -1)).toBe('c');
    expect(nextId(['a', 'b'], 'zz')).toBe('a');
    expect(nextId([], 'a')).toBeUndefined();
  });
});

describe('special equipment helpers', () => {
  it('dial bands turn amber at 90 % of the limit and red beyond it', () => {
    expect(limitBands(90, 100)).toEqual([
      [0.81, '#22e3a5'],
      [0.9, '#ffc53d'],
      [1, '#ff4d6d'],
    ]);
    expect(windMax(13.8)).toBe(25);
    expect(windMax(4)).toBe(10);
  });

  it('counts cranes and lifts per project, the most equipped first', () => {
    expect(countByProject(danger().devices)).toEqual([
      { projectId: '1', projectName: '甜城湖片区棚户区改造项目', cranes: 1, lifts: 1 },
      { projectId: '3', projectName: '城西污水处理厂扩建工程', cranes: 1, lifts: 0 },
      { projectId: '2', projectName: '沱江二桥加固工程', cranes: 1, lifts: 0 },
    ]);
  });
});
