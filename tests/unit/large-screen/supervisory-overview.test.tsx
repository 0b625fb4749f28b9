// The supervision overview body (§2.4 /LargeScreen/SupervisoryScreen/overview) over a stubbed server: one
// request feeds every panel of the government user's area, the map is centred on the user's AuthAreaCode
// (§7.8) and a marker opens the project card with its district and enterprise.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { installHttpUi } from '../../../src/lib/http/client';
import { sessionStore } from '../../../src/lib/session/store';
import { lookupDistrictCentre } from '../../../src/features/large-screen/map/districts';
import type { SupervisoryOverview } from '../../../src/features/large-screen/screens/supervisory/overview/model';
import type { ScreenQuery } from '../../../src/features/large-screen/menus';
import { loginResult } from '../support/session';
import { json, queryOf, strictUi, stubFetch } from '../support/strict';
import { flush } from './scheduler-support';

const charts = vi.hoisted(() => new Map<string, Record<string, unknown>>());
const mapProps = vi.hoisted(() => ({ center: undefined as unknown }));
vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => ({
  createChart: (el: HTMLElement) => ({
    setOption: (o: Record<string, unknown>) => charts.set(el.getAttribute('aria-label') ?? '', o),
    resize: () => {},
    isDisposed: () => false,
  }),
  disposeChart: () => {},
  liveChartCount: () => 0,
}));
// The map draws on canvas (OpenLayers, tested on its own); here a stand-in with a button per marker.
vi.mock('../../../src/features/large-screen/map', async () => ({
  lookupDistrictCentre: (await import('../../../src/features/large-screen/map/districts')).lookupDistrictCentre,
  ProjectMap: ({ markers, onSelect, center }: { markers: Array<{ id: string; title?: string; state: string }>; onSelect?: (id: string) => void; center?: unknown }) => {
    mapProps.center = center;
    return (
      <div aria-label="项目地图">
        {markers.map((m) => (
          <button key={m.id} type="button" data-state={m.state} onClick={() => onSelect?.(m.id)}>
            标记 {m.title}
          </button>
        ))}
      </div>
    );
  },
}));

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

const query = (pjctid1?: string): ScreenQuery => ({ id: undefined, sortId: 101, enterpid1: undefined, poctent1: undefined, governmentid1: undefined, pjctid1, jobNameHome: undefined });
const panel = (name: string) => screen.getByRole('region', { name });
const seriesOf = (label: string) => (charts.get(label)?.series ?? []) as Array<{ name: string; data: unknown[] }>;
const tile = (scope: HTMLElement, name: string) => within(scope).getByRole('group', { name }).getAttribute('data-value');

beforeEach(() => {
  charts.clear();
  mapProps.center = undefined;
  sessionStore.set({ userInfo: loginResult({ UserName: 'jianguan01', AuthAreaCode: '511011' }) });
  vi.stubGlobal('EventSource', undefined);
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
  vi.spyOn(window, 'matchMedia').mockImplementation((q) => ({ matches: q.includes('reduce'), media: q }) as MediaQueryList);
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 400 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 200 });
});
afterEach(() => {
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  sessionStore.set({ userInfo: null });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderScreen = async (pjctid1?: string) => {
  render(<SupervisoryOverviewScreen path="/LargeScreen/SupervisoryScreen/overview" query={query(pjctid1)} />);
  await act(flush);
};

describe('监管大屏 项目概况', () => {
  it('one request fills every panel of the area', async () => {
    installHttpUi(strictUi([]));
    const calls = stubFetch([{ method: 'GET', path: URL_PATH, reply: () => json({ status: 1, detail: '', data: overview() }) }]);
    await renderScreen();
    expect(calls).toHaveLength(1);
    expect(queryOf(calls[0].url).get('pjctid1')).toBeNull();
    for (const name of PANELS) expect(panel(name).getAttribute('data-state'), name).toBe('ready');

    const strip = screen.getByRole('group', { name: '监管指标' });
    expect(['项目总数', '在建项目', '建设企业', '参建单位', '未处理报警'].map((n) => tile(strip, n))).toEqual(['3', '1', '2', '5', '7']);
    expect(['在册人员', '实名登记', '登记率', '今日出勤', '出勤率', '当前在场'].map((n) => tile(panel('实名制人员'), n))).toEqual(['59', '12', '20.3', '55', '93.2', '40']);
    expect(['筹备', '在建', '停工'].map((n) => tile(panel('项目状态统计'), n))).toEqual(['1', '1', '1']);

    expect((charts.get('各区县项目与在建项目数量')?.xAxis as { data: string[] }).data).toEqual(['市中区', '东兴区']);
    expect(seriesOf('各区县项目与在建项目数量').map((s) => s.data)).toEqual([[2, 1], [1, 0]]);
    expect(seriesOf('各区县在册与今日出勤人数').map((s) => s.data)).toEqual([[59, 0], [55, 0]]);
    expect(panel('区县人员出勤').textContent).toContain('出勤率 93.2%');
    expect(seriesOf('未处理报警级别分布')[0].data).toEqual([{ name: '市级', value: 1 }, { name: '区县级', value: 2 }, { name: '固定源', value: 4 }]);
    expect(seriesOf('隐患整改率')[0].data).toEqual([{ value: 85.2, name: '整改率' }]);
    expect(seriesOf('设备在线率')[0].data).toEqual([{ value: 75, name: '设备在线率' }]);
    expect(['未销项隐患', '超期未整改'].map((n) => tile(panel('隐患整改'), n))).toEqual(['8', '5']);
  });

  it('the map shows the markers by state, centred on the user area; a marker opens its card', async () => {
    installHttpUi(strictUi([]));
    stubFetch([{ method: 'GET', path: URL_PATH, reply: () => json({ status: 1, detail: '', data: overview() }) }]);
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
    installHttpUi(strictUi([]));
    const empty: SupervisoryOverview = {
      ...overview(),
      projects: { total: 0, byStatus: overview().projects.byStatus.map((s) => ({ ...s, count: 0 })) },
      byDistrict: [],
      markers: [],
      devices: { total: 0, online: 0, offline: 0, alarm: 0 },
    };
    stubFetch([{ method: 'GET', path: URL_PATH, reply: () => json({ status: 1, detail: '', data: empty }) }]);
    await renderScreen();
    for (const name of ['项目状态统计', '区县项目分布', '区县人员出勤', '项目分布', '设备运行状态']) expect(panel(name).textContent, name).toContain('暂无数据');
    // The area's alarms and hazards are figures even without projects.
    expect(panel('报警统计').getAttribute('data-state')).toBe('ready');
  });

  it('pjctid1 narrows the request; a refusal shows the server text in the panels', async () => {
    installHttpUi(strictUi([]));
    const calls = stubFetch([{ method: 'GET', path: URL_PATH, reply: () => json({ status: 0, detail: '项目不存在或不在您的权限范围内', data: null }) }]);
    await renderScreen('3');
    expect(queryOf(calls[0].url).get('pjctid1')).toBe('3');
    for (const name of PANELS) expect(panel(name).textContent, name).toContain('项目不存在或不在您的权限范围内');
  });
});
