// The enterprise overview body (§2.4 /LargeScreen/EnterpriseScreen/overview) over a stubbed server: one
// request feeds every panel, pjctid1 narrows it, a project chosen on the map or in the ranking opens its
// card, and a refused request shows the server's Chinese text in the panels.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { EnterpriseOverview } from '../../../common/screens/enterprise-overview';
import { queryOf } from '../support/strict';
import { OUT_OF_SCOPE, answerWith, expectOneCallFills, expectPanelsSay, itShowsRefusal, mountScreen, panel, refuseWith, screenQuery, setUpScreenTests } from './support/screen';

vi.mock('../../../src/features/large-screen/map', () => import('./support/map-stub'));
vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => import('./support/echarts-stub'));

const { EnterpriseOverviewScreen } = await import('../../../src/features/large-screen/screens/enterprise/overview/EnterpriseOverviewScreen');

const URL_PATH = '/prod-api/api/TyScreen/EnterpriseOverview';

const overview = (): EnterpriseOverview => ({
  updatedAt: '2025-07-15T04:00:00.000Z',
  projects: {
    total: 3,
    byStatus: [
      { status: 1, name: '筹备', count: 0 },
      { status: 2, name: '立项', count: 0 },
      { status: 3, name: '在建', count: 2 },
      { status: 4, name: '竣工', count: 0 },
      { status: 5, name: '停工', count: 1 },
    ],
  },
  markers: [
    { id: '1', title: '甜城湖片区棚户区改造项目', lng: 105.05, lat: 29.58, status: 3, state: 'inProgress' },
    { id: '2', title: '沱江二桥加固工程', lng: 105.07, lat: 29.59, status: 3, state: 'inProgress' },
    { id: '3', title: '城西污水处理厂扩建工程', lng: 105.02, lat: 29.57, status: 5, state: 'stopped' },
  ],
  devices: {
    total: 10,
    online: 8,
    offline: 2,
    alarm: 1,
    byKind: [{ kind: 'dust', name: '扬尘', total: 10, online: 8, offline: 2, alarm: 1 }],
  },
  environment: {
    thresholds: { pm25: 75, pm10: 150, noiseDay: 70, noiseNight: 55 },
    latest: [
      { projectId: '1', projectName: '甜城湖片区棚户区改造项目', deviceCode: 'D1', time: '2025-07-15T03:50:00.000Z', pm25: 38.2, pm10: 69.5, tsp: 111, noise: 58.3, temperature: 27, humidity: 66, windSpeed: 2, windDirection: 135 },
      { projectId: '2', projectName: '沱江二桥加固工程', deviceCode: 'D2', time: '2025-07-15T03:50:00.000Z', pm25: 90.1, pm10: 168.4, tsp: 250, noise: 61, temperature: 27, humidity: 66, windSpeed: 2, windDirection: 135 },
    ],
    trend: Array.from({ length: 24 }, (_, i) => ({ hour: new Date(Date.UTC(2025, 6, 14, 5 + i)).toISOString(), pm25: 30 + i, pm10: 60 + i, noise: i % 5 ? 55 : null })),
  },
  alarms: [
    { id: '7', time: '2025-07-15T02:20:00.000Z', projectId: '2', projectName: '沱江二桥加固工程', deviceCode: 'D2', deviceName: '1#扬尘监测仪', kind: 'pm10', kindName: 'PM10超标', level: '2', levelName: '区县级', message: 'PM10 168.4µg/m³ 超过阈值 150µg/m³', value: 168.4, threshold: 150, handled: false },
    { id: '6', time: '2025-07-15T01:20:00.000Z', projectId: '1', projectName: '甜城湖片区棚户区改造项目', deviceCode: 'D1', deviceName: '2#扬尘监测仪', kind: 'pm10', kindName: 'PM10超标', level: '3', levelName: '固定源', message: 'PM10 152µg/m³ 超过阈值 150µg/m³', value: 152, threshold: 150, handled: true },
  ],
});

const PANELS = ['项目状态统计', '设备运行状态', '设备分类统计', '项目分布', '环境监测排行', '24小时环境趋势', '报警信息'];

setUpScreenTests();

const renderScreen = (pjctid1?: string) => mountScreen(<EnterpriseOverviewScreen path="/LargeScreen/EnterpriseScreen/overview" query={screenQuery(pjctid1)} />);

describe('enterprise overview', () => {
  it('one request fills every panel', async () => {
    await expectOneCallFills(URL_PATH, overview(), renderScreen, PANELS);
    const strip = screen.getByRole('group', { name: '关键指标' });
    expect(within(strip).getByRole('group', { name: '项目总数' }).textContent).toContain('3');
    expect(within(strip).getByRole('group', { name: '设备在线率' }).textContent).toContain('80.0');
    expect(within(strip).getByRole('group', { name: '近期未处理报警' }).textContent).toContain('1');
    // PM10 ranking: highest first, over the 150 limit warns.
    const ranking = within(panel('环境监测排行')).getAllByRole('listitem');
    expect(ranking[0].textContent).toContain('沱江二桥加固工程');
    expect(ranking[0].querySelector('.is-over')).not.toBeNull();
    fireEvent.click(within(panel('环境监测排行')).getByRole('radio', { name: '噪声' }));
    expect(within(panel('环境监测排行')).getAllByRole('listitem')[0].textContent).toContain('61');
    expect(within(panel('报警信息')).getAllByRole('row').map((r) => r.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining('未处理'), expect.stringContaining('已处理')]),
    );
    expect(screen.getByRole('marquee', { name: '实时报警' }).textContent).toContain('沱江二桥加固工程 1#扬尘监测仪 PM10 168.4');
  });

  it('a marker or a ranking row opens the project card; × closes it', async () => {
    answerWith(URL_PATH, overview());
    await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: '标记 城西污水处理厂扩建工程' }));
    const card = screen.getByRole('complementary', { name: '项目：城西污水处理厂扩建工程' });
    expect(card.textContent).toContain('停工');
    expect(card.textContent).toContain('暂无监测数据');
    fireEvent.click(within(panel('环境监测排行')).getByRole('button', { name: /沱江二桥加固工程/ }));
    const other = screen.getByRole('complementary', { name: '项目：沱江二桥加固工程' });
    expect(other.textContent).toContain('168.4 µg/m³');
    expect(other.textContent).toContain('1 条');
    fireEvent.click(within(other).getByRole('button', { name: '关闭项目信息' }));
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  itShowsRefusal(URL_PATH, renderScreen, PANELS);

  it('§2.4 sortId=1 with enterpid1 or poctent1 asks for that company; a company outside the scope is refused in the panels', async () => {
    const calls = answerWith(URL_PATH, overview());
    const first = await mountScreen(<EnterpriseOverviewScreen path="/LargeScreen/EnterpriseScreen/overview" query={{ ...screenQuery(), enterpid1: '12' }} />);
    expect(queryOf(calls[0].url).get('enterpid1')).toBe('12');
    expect(queryOf(calls[0].url).get('poctent1')).toBeNull();
    expect(panel('项目分布').getAttribute('data-state')).toBe('ready');
    first.unmount();

    const refused = refuseWith(URL_PATH, OUT_OF_SCOPE);
    await mountScreen(<EnterpriseOverviewScreen path="/LargeScreen/EnterpriseScreen/overview" query={{ ...screenQuery(), poctent1: '99' }} />);
    expect(queryOf(refused[0].url).get('poctent1')).toBe('99');
    expectPanelsSay(PANELS, OUT_OF_SCOPE);
  });

  it('no projects in scope: every panel says 暂无数据', async () => {
    const empty: EnterpriseOverview = {
      ...overview(),
      projects: { total: 0, byStatus: overview().projects.byStatus.map((s) => ({ ...s, count: 0 })) },
      markers: [],
      devices: { total: 0, online: 0, offline: 0, alarm: 0, byKind: [] },
      environment: { ...overview().environment, latest: [], trend: overview().environment.trend.map((p) => ({ ...p, pm25: null, pm10: null, noise: null })) },
      alarms: [],
    };
    answerWith(URL_PATH, empty);
    await renderScreen();
    expectPanelsSay(PANELS, '暂无数据');
    expect(screen.getByRole('marquee', { name: '实时报警' }).textContent).toContain('暂无报警');
  });
});
