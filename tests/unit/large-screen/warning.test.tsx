// The 预警中心 body (§2.4 /LargeScreen/EnterpriseScreen/warning) over a stubbed server: one request feeds
// every panel — unhandled alarms by §3.5 level and kind, today's figures, the 7-day trend and handling,
// the newest alarms, the projects alarming most, overdue hazards and the ticker; a quiet scope says so.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AlarmItem } from '../../../common/screens/alarms';
import type { HazardItem } from '../../../common/screens/quality-safety';
import type { Warning } from '../../../common/screens/warning';
import { seriesOf } from './support/echarts-stub';
import { hazardItem } from './support/items';
import { answerWith, expectOneCallFills, expectPanelsSay, itShowsRefusal, mountScreen, panel, screenQuery, setUpScreenTests, tileValue } from './support/screen';

vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => import('./support/echarts-stub'));

const { WarningScreen } = await import('../../../src/features/large-screen/screens/enterprise/warning/WarningScreen');

const URL_PATH = '/prod-api/api/TyScreen/Warning';

const alarm = (id: string, projectId: string, projectName: string, level: '1' | '2' | '3', handled: boolean, message: string): AlarmItem => ({
  id,
  time: `2026-11-21T0${id}:00:00.000Z`,
  projectId,
  projectName,
  deviceCode: `D${id}`,
  deviceName: '1#扬尘监测仪',
  kind: 'pm10',
  kindName: 'PM10超标',
  level,
  levelName: { 1: '市级', 2: '区县级', 3: '固定源' }[level],
  message,
  value: 160,
  threshold: 150,
  handled,
});

/** An overdue hazard, still 整改中. */
const hazard = (id: string, overdueDays: number): HazardItem =>
  hazardItem(id, {
    status: '2',
    statusName: '整改中',
    description: `电缆沿地面明敷未穿管保护${id}`,
    location: '木工加工棚',
    finder: '陈晓东',
    rectifier: '李光明',
    foundAt: '2026-09-24T01:40:00.000Z',
    rectifyDeadline: '2026-09-27',
    overdue: true,
    overdueDays,
  });

const warning = (): Warning => ({
  updatedAt: '2026-11-21T04:00:00.000Z',
  summary: { unhandled: 3, today: 4, todayUnhandled: 3, overdueHazards: 25 },
  unhandledByLevel: [
    { code: '1', name: '市级', count: 1 },
    { code: '2', name: '区县级', count: 0 },
    { code: '3', name: '固定源', count: 2 },
  ],
  unhandledByKind: [
    { code: 'wind', name: '风速超限', count: 1 },
    { code: 'pm10', name: 'PM10超标', count: 2 },
  ],
  trend: ['15', '16', '17', '18', '19', '20', '21'].map((d, i) => ({ date: `2026-11-${d}`, total: i, handled: i === 6 ? 3 : 0 })),
  alarms: [
    alarm('4', '2', '沱江二桥加固工程', '1', false, 'PM10 240µg/m³ 超过阈值 150µg/m³'),
    alarm('3', '2', '沱江二桥加固工程', '3', false, 'PM10 160µg/m³ 超过阈值 150µg/m³'),
    alarm('2', '1', '甜城湖片区棚户区改造项目', '3', false, 'PM10 155µg/m³ 超过阈值 150µg/m³'),
    alarm('1', '1', '甜城湖片区棚户区改造项目', '2', true, 'PM10 190µg/m³ 超过阈值 150µg/m³'),
  ],
  overdueHazards: [hazard('9', 55), hazard('8', 21)],
});

const PANELS = ['预警级别分布', '预警类型排行', '近7日处置情况', '最新报警', '近7日报警趋势', '报警项目排行', '超期隐患预警'];

const realRows = (name: string) => within(panel(name)).getAllByRole('row').filter((r) => !r.getAttribute('aria-hidden'));

setUpScreenTests({ box: { width: 400, height: 200 } });

const renderScreen = (pjctid1?: string) => mountScreen(<WarningScreen path="/LargeScreen/EnterpriseScreen/warning" query={screenQuery(pjctid1)} />);

describe('预警中心', () => {
  it('one request fills every panel', async () => {
    await expectOneCallFills(URL_PATH, warning(), renderScreen, PANELS);

    const strip = screen.getByRole('group', { name: '预警指标' });
    expect(tileValue(strip, '未处理报警')).toBe('3');
    expect(tileValue(strip, '今日报警')).toBe('4');
    expect(tileValue(strip, '超期隐患')).toBe('25');
    expect(tileValue(strip, '近7日报警')).toBe('21');

    // §3.5 levels, zeros included; the ring has the same counts.
    const levels = within(panel('预警级别分布'));
    expect(['市级', '区县级', '固定源'].map((l) => levels.getByRole('group', { name: l }).getAttribute('data-value'))).toEqual(['1', '0', '2']);
    expect(seriesOf('未处理报警级别分布')[0].data).toEqual([
      { name: '市级', value: 1 },
      { name: '区县级', value: 0 },
      { name: '固定源', value: 2 },
    ]);
    // Kinds, most first.
    expect(within(panel('预警类型排行')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringMatching(/^1PM10超标2/), expect.stringMatching(/^2风速超限1/)]);
    // The last 7 days: 21 raised, 3 handled → 14.3 %.
    expect(tileValue(panel('近7日处置情况'), '待处理')).toBe('18');
    expect(seriesOf('近7日报警处置率')[0].data).toEqual([{ value: 14.3, name: '处置率' }]);
    expect(seriesOf('近7日每日报警与处理数量').map((s) => [s.name, s.data[6]])).toEqual([['报警', 6], ['已处理', 3]]);

    // Newest alarms: every one, handled or not, with its level.
    const alarms = realRows('最新报警');
    expect(alarms).toHaveLength(5);
    expect(alarms[1].textContent).toContain('PM10 240µg/m³ 超过阈值 150µg/m³');
    expect(alarms[1].textContent).toContain('市级');
    expect(alarms[4].textContent).toContain('已处理');
    expect(panel('最新报警').textContent).toContain('最近 4 条，未处理 3 条');
    // Projects by unhandled alarms among those listed.
    expect(within(panel('报警项目排行')).getAllByRole('listitem').map((li) => li.querySelector('.ls-ranking-name')?.textContent)).toEqual(['沱江二桥加固工程', '甜城湖片区棚户区改造项目']);
    // Overdue hazards, longest first, and the full count.
    const hazards = realRows('超期隐患预警');
    expect(hazards[1].textContent).toContain('55天');
    expect(hazards[2].textContent).toContain('21天');
    expect(panel('超期隐患预警').textContent).toContain('共 25 项');
    // The ticker runs the unhandled ones only.
    const ticker = screen.getByRole('marquee', { name: '未处理报警' });
    expect(ticker.textContent).toContain('市级 沱江二桥加固工程 1#扬尘监测仪 PM10 240µg/m³');
    expect(ticker.textContent).not.toContain('PM10 190µg/m³');
  });

  it('a quiet scope: no unhandled kinds, no overdue hazards, no alarms in 7 days', async () => {
    const quiet: Warning = {
      ...warning(),
      summary: { unhandled: 0, today: 0, todayUnhandled: 0, overdueHazards: 0 },
      unhandledByLevel: warning().unhandledByLevel.map((l) => ({ ...l, count: 0 })),
      unhandledByKind: [],
      trend: warning().trend.map((d) => ({ ...d, total: 0, handled: 0 })),
      alarms: [],
      overdueHazards: [],
    };
    answerWith(URL_PATH, quiet);
    await renderScreen();
    expectPanelsSay(['预警类型排行', '近7日处置情况', '最新报警', '近7日报警趋势', '报警项目排行', '超期隐患预警'], '暂无数据');
    // Zero unhandled alarms per level is an answer, not a gap.
    expect(panel('预警级别分布').getAttribute('data-state')).toBe('ready');
    expect(screen.getByRole('marquee', { name: '未处理报警' }).textContent).toContain('暂无报警');
  });

  itShowsRefusal(URL_PATH, renderScreen, PANELS);
});
