// 平台预警 (§2.4 /LargeScreen/ProjectScreen/platformWarning) over a stubbed server: one request fills every
// panel — the project's warnings per source, by level and kind, the 7-day trend, the unhandled alarms with
// their handling progress, expiring certificates, overdue hazards and offline devices, and the ticker.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AlarmItem } from '../../../common/screens/alarms';
import type { OpenAlarm, PlatformWarning } from '../../../common/screens/platform-warning';
import { seriesOf } from './support/echarts-stub';
import { hazardItem } from './support/items';
import { answerWith, expectOneCallFills, itShowsRefusal, mountScreen, panel, screenQuery, setUpScreenTests, tileValue } from './support/screen';

vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => import('./support/echarts-stub'));

const { PlatformWarningScreen } = await import('../../../src/features/large-screen/screens/project/platformWarning/PlatformWarningScreen');

const URL_PATH = '/prod-api/api/TyScreen/PlatformWarning';
const PANELS = ['预警来源', '预警级别分布', '近7日报警趋势', '未处理预警', '证书到期预警', '预警类型排行', '超期隐患预警', '离线设备'];

const item = (id: string, kind: string, kindName: string, level: '1' | '2' | '3', message: string): AlarmItem => ({
  id,
  time: `2026-11-28T0${id}:00:00.000Z`,
  projectId: '1',
  projectName: '甜城湖片区棚户区改造项目',
  deviceCode: `D${id}`,
  deviceName: kind === 'aiEvent' ? '大门AI摄像机' : '1#塔吊安全监控',
  kind,
  kindName,
  level,
  levelName: { 1: '市级', 2: '区县级', 3: '固定源' }[level],
  message,
  value: null,
  threshold: null,
  handled: false,
});
const open = (a: AlarmItem, handleStatus: '0' | '1'): OpenAlarm => ({ ...a, handleStatus, handleStatusName: handleStatus === '1' ? '处理中' : '未处理', handler: handleStatus === '1' ? '王海' : '' });

const answer = (): PlatformWarning => {
  const alarms = [item('3', 'aiEvent', 'AI识别告警', '2', '塔吊作业区有人员未佩戴安全帽'), item('2', 'craneLoad', '起重量超限', '1', '载重比 96% 超过 90%')];
  return {
    updatedAt: '2026-11-28T04:00:00.000Z',
    project: { id: '1', name: '甜城湖片区棚户区改造项目' },
    summary: { unhandled: 2, today: 2, todayUnhandled: 2, overdueHazards: 1 },
    unhandledByLevel: [
      { code: '1', name: '市级', count: 1 },
      { code: '2', name: '区县级', count: 1 },
      { code: '3', name: '固定源', count: 0 },
    ],
    unhandledByKind: [
      { code: 'craneLoad', name: '起重量超限', count: 1 },
      { code: 'aiEvent', name: 'AI识别告警', count: 1 },
    ],
    trend: ['22', '23', '24', '25', '26', '27', '28'].map((d, i) => ({ date: `2026-11-${d}`, total: i === 6 ? 2 : 1, handled: i === 6 ? 0 : 1 })),
    alarms,
    overdueHazards: [hazardItem('9', { overdue: true, overdueDays: 6, statusName: '整改中' })],
    bySource: [
      { code: 'device', name: '设备报警', count: 1 },
      { code: 'environment', name: '环境超标', count: 0 },
      { code: 'ai', name: 'AI识别', count: 1 },
      { code: 'offline', name: '设备离线', count: 1 },
      { code: 'hazard', name: '隐患超期', count: 1 },
      { code: 'certificate', name: '证书到期', count: 1 },
      { code: 'other', name: '其他', count: 0 },
    ],
    open: [open(alarms[0], '0'), open(alarms[1], '1')],
    offlineDevices: [{ id: '8', deviceCode: '2024001-NOISE-01', deviceName: '1#噪声监测仪', kind: 'noise', kindName: '噪声', lastSeenAt: '2026-11-27T22:10:00.000Z' }],
    certificates: [
      { id: '3', projectId: '1', projectName: '甜城湖片区棚户区改造项目', holderName: '刘德华', kind: '2', kindName: '起重信号司索工', certificateNo: 'T51102020000002', expiryDate: '2026-12-18', daysLeft: 20 },
    ],
    certificateDays: 30,
  };
};

const realRows = (name: string) => within(panel(name)).getAllByRole('row').filter((r) => !r.getAttribute('aria-hidden'));

setUpScreenTests({ box: { width: 400, height: 240 } });

const renderScreen = (pjctid1?: string) =>
  mountScreen(<PlatformWarningScreen path="/LargeScreen/ProjectScreen/platformWarning" query={screenQuery(pjctid1, 21)} />);

describe('平台预警', () => {
  it('one request fills every panel', async () => {
    await expectOneCallFills(URL_PATH, answer(), renderScreen, PANELS);
    const strip = screen.getByRole('group', { name: '预警指标' });
    expect(tileValue(strip, '未处理预警')).toBe('2');
    expect(tileValue(strip, '离线设备')).toBe('1');
    expect(tileValue(strip, '证书到期')).toBe('1');
    // Every source, zeros included.
    const sources = within(panel('预警来源'));
    expect(['设备报警', '环境超标', 'AI识别', '设备离线', '隐患超期', '证书到期', '其他'].map((s) => sources.getByRole('group', { name: s }).getAttribute('data-value'))).toEqual([
      '1', '0', '1', '1', '1', '1', '0',
    ]);
    expect(seriesOf('未处理报警级别分布')[0].data).toEqual([
      { name: '市级', value: 1 },
      { name: '区县级', value: 1 },
      { name: '固定源', value: 0 },
    ]);
    // Unhandled alarms with their handling progress.
    const rows = realRows('未处理预警');
    expect(rows[1].textContent).toContain('塔吊作业区有人员未佩戴安全帽');
    expect(rows[1].textContent).toContain('未处理');
    expect(rows[2].textContent).toContain('处理中');
    expect(panel('未处理预警').textContent).toContain('共 2 条，处理中 1 条');
    expect(realRows('超期隐患预警')[1].textContent).toContain('6天');
    expect(realRows('超期隐患预警')[0].textContent).not.toContain('项目');
    expect(realRows('离线设备')[1].textContent).toContain('1#噪声监测仪');
    expect(panel('证书到期预警').textContent).toContain('20天后到期');
    expect(screen.getByRole('marquee', { name: '未处理预警' }).textContent).toContain('区县级 甜城湖片区棚户区改造项目 大门AI摄像机 塔吊作业区有人员未佩戴安全帽');
  });

  it('a quiet project: every device online, no certificates due, no warnings', async () => {
    answerWith(URL_PATH, { ...answer(), open: [], alarms: [], offlineDevices: [], certificates: [], unhandledByKind: [], overdueHazards: [] });
    await renderScreen();
    expect(panel('离线设备').textContent).toContain('设备均在线');
    expect(panel('证书到期预警').textContent).toContain('30天内无到期证书');
    expect(panel('未处理预警').getAttribute('data-state')).toBe('empty');
    expect(screen.getByRole('marquee', { name: '未处理预警' }).textContent).toContain('暂无报警');
  });

  itShowsRefusal(URL_PATH, renderScreen, PANELS);
});
