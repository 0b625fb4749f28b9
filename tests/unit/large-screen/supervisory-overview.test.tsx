// The supervision overview body (§2.4 /LargeScreen/SupervisoryScreen/overview) over a stubbed server: one
// request feeds every panel of the government user's area, the map is centred on the user's AuthAreaCode
// (§7.8) and a marker opens the project card with its district and enterprise.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { sessionStore } from '../../../src/lib/session/store';
import { lookupDistrictCentre } from '../../../src/features/large-screen/map/districts';
import type { SupervisoryOverview } from '../../../common/screens/supervisory';
import { loginResult } from '../support/session';
import { mapProps } from './support/map-stub';
import { optionOf, seriesOf } from './support/echarts-stub';
import { queryOf } from '../support/strict';
import { OUT_OF_SCOPE, answerWith, expectOneCallFills, expectPanelsSay, itShowsRefusal, mountScreen, panel, refuseWith, screenQuery, setUpScreenTests, tileValue } from './support/screen';

vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => import('./support/echarts-stub'));
vi.mock('../../../src/features/large-screen/map', () => import('./support/map-stub'));

const { SupervisoryOverviewScreen } = await import('../../../src/features/large-screen/screens/supervisory/overview/SupervisoryOverviewScreen');

const URL_PATH = '/prod-api/api/TyScreen/SupervisoryOverview';

const overview = (): SupervisoryOverview => ({
  updatedAt: '2026-11-21T04:00:00.000Z',
  projects: {
    total: 3,
    byStatus: [
      { status: 1, name: '筹备', count: 1 },
      { status: 2, name: '立项', count: 0 },
      { status: 3, name: '在建', count: 1 },
      { status: 4, name: '竣工', count: 0 },
      { status: 5, name: '停工', count: 1 },
    ],
  },
  byDistrict: [
    { areaCode: '511002', areaName: '市中区', projects: 2, inProgress: 1, roster: 59, attended: 55 },
    { areaCode: '511011', areaName: '东兴区', projects: 1, inProgress: 0, roster: 0, attended: 0 },
  ],
  markers: [
    { id: '1', title: '甜城湖片区棚户区改造项目', lng: 105.05, lat: 29.58, status: 3, state: 'inProgress', areaName: '市中区', companyName: '内江建工建筑工程有限公司' },
    { id: '5', title: '内江市第六中学新校区建设项目', lng: 105.04, lat: 29.56, status: 1, state: 'planning', areaName: '市中区', companyName: '内江建工集团有限公司' },
    { id: '6', title: '城西污水处理厂扩建工程', lng: 105.11, lat: 29.6, status: 5, state: 'stopped', areaName: '东兴区', companyName: '内江建工建筑工程有限公司' },
  ],
  enterprises: { total: 2, participatingUnits: 5 },
  workers: { roster: 59, registered: 12, attended: 55, onSite: 40, attendanceRate: 93.2, registrationRate: 20.3 },
  alarms: { unhandled: 7, today: 3, unhandledByLevel: [{ code: '1', name: '市级', count: 1 }, { code: '2', name: '区县级', count: 2 }, { code: '3', name: '固定源', count: 4 }] },
  hazards: { open: 8, overdue: 5, rectifyRate: 85.2 },
  devices: { total: 20, online: 15, offline: 5, alarm: 3 },
});

const PANELS = ['项目状态统计', '区县项目分布', '区县人员出勤', '项目分布', '实名制人员', '报警统计', '隐患整改', '设备运行状态'];


setUpScreenTests({ box: { width: 400, height: 200 } });
beforeEach(() => {
  mapProps.center = undefined;
  sessionStore.set({ userInfo: loginResult({ UserName: 'jianguan01', AuthAreaCode: '511011' }) });
});
afterEach(() => {
  sessionStore.set({ userInfo: null });
});

const renderScreen = (pjctid1?: string) => mountScreen(<SupervisoryOverviewScreen path="/LargeScreen/SupervisoryScreen/overview" query={screenQuery(pjctid1, 101)} />);

describe('监管大屏 项目概况', () => {
  it('one request fills every panel of the area', async () => {
    await expectOneCallFills(URL_PATH, overview(), renderScreen, PANELS);

    const strip = screen.getByRole('group', { name: '监管指标' });
    expect(['项目总数', '在建项目', '建设企业', '参建单位', '未处理报警'].map((n) => tileValue(strip, n))).toEqual(['3', '1', '2', '5', '7']);
    expect(['在册人员', '实名登记', '登记率', '今日出勤', '出勤率', '当前在场'].map((n) => tileValue(panel('实名制人员'), n))).toEqual(['59', '12', '20.3', '55', '93.2', '40']);
    expect(['筹备', '在建', '停工'].map((n) => tileValue(panel('项目状态统计'), n))).toEqual(['1', '1', '1']);

    expect((optionOf('各区县项目与在建项目数量')?.xAxis as { data: string[] }).data).toEqual(['市中区', '东兴区']);
    expect(seriesOf('各区县项目与在建项目数量').map((s) => s.data)).toEqual([[2, 1], [1, 0]]);
    expect(seriesOf('各区县在册与今日出勤人数').map((s) => s.data)).toEqual([[59, 0], [55, 0]]);
    expect(panel('区县人员出勤').textContent).toContain('出勤率 93.2%');
    expect(seriesOf('未处理报警级别分布')[0].data).toEqual([{ name: '市级', value: 1 }, { name: '区县级', value: 2 }, { name: '固定源', value: 4 }]);
    expect(seriesOf('隐患整改率')[0].data).toEqual([{ value: 85.2, name: '整改率' }]);
    expect(seriesOf('设备在线率')[0].data).toEqual([{ value: 75, name: '设备在线率' }]);
    expect(['未销项隐患', '超期未整改'].map((n) => tileValue(panel('隐患整改'), n))).toEqual(['8', '5']);
  });

  it('the map shows the markers by state, centred on the user area; a marker opens its card', async () => {
    answerWith(URL_PATH, overview());
    await renderScreen();
    expect(mapProps.center).toEqual(lookupDistrictCentre('511011'));
    expect(mapProps.center).not.toEqual(lookupDistrictCentre('511000'));
    const map = within(panel('项目分布'));
    expect(map.getAllByRole('button', { name: /^标记/ }).map((b) => b.getAttribute('data-state'))).toEqual(['inProgress', 'planning', 'stopped']);

    fireEvent.click(map.getByRole('button', { name: '标记 城西污水处理厂扩建工程' }));
    const card = screen.getByRole('complementary', { name: '项目：城西污水处理厂扩建工程' });
    expect(card.textContent).toContain('停工');
    expect(card.textContent).toContain('东兴区');
    expect(card.textContent).toContain('内江建工建筑工程有限公司');
    expect(card.textContent).toContain('1 个（在建 0 个）');
    fireEvent.click(within(card).getByRole('button', { name: '关闭项目信息' }));
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('an area without projects says 暂无数据', async () => {
    const empty: SupervisoryOverview = {
      ...overview(),
      projects: { total: 0, byStatus: overview().projects.byStatus.map((s) => ({ ...s, count: 0 })) },
      byDistrict: [],
      markers: [],
      devices: { total: 0, online: 0, offline: 0, alarm: 0 },
    };
    answerWith(URL_PATH, empty);
    await renderScreen();
    expectPanelsSay(['项目状态统计', '区县项目分布', '区县人员出勤', '项目分布', '设备运行状态'], '暂无数据');
    // The area's alarms and hazards are figures even without projects.
    expect(panel('报警统计').getAttribute('data-state')).toBe('ready');
  });

  itShowsRefusal(URL_PATH, renderScreen, PANELS);

  it('§2.4 sortId=101 with governmentid1 asks for that supervision body; one outside the scope is refused', async () => {
    const refused = refuseWith(URL_PATH, OUT_OF_SCOPE);
    await mountScreen(<SupervisoryOverviewScreen path="/LargeScreen/SupervisoryScreen/overview" query={{ ...screenQuery(undefined, 101), governmentid1: '6' }} />);
    expect(queryOf(refused[0].url).get('governmentid1')).toBe('6');
    expectPanelsSay(PANELS, OUT_OF_SCOPE);
  });
});
