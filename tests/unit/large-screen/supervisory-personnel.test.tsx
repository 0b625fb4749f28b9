// The real-name registration body (§2.4 /LargeScreen/SupervisoryScreen/personnel) over a stubbed server:
// one request feeds every panel — registration and attendance of the area, every project's figures (most
// workers first), trades, the 7-day trend, projects ranked by attendance and the districts.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { SupervisedProject, SupervisoryPersonnel } from '../../../common/screens/supervisory';
import { optionOf, seriesOf } from './support/echarts-stub';
import { answerWith, expectOneCallFills, expectPanelsSay, itShowsRefusal, mountScreen, panel, screenQuery, setUpScreenTests, tileValue } from './support/screen';

vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => import('./support/echarts-stub'));

const { SupervisoryPersonnelScreen } = await import('../../../src/features/large-screen/screens/supervisory/personnel/SupervisoryPersonnelScreen');

const URL_PATH = '/prod-api/api/TyScreen/SupervisoryPersonnel';

const project = (projectId: string, projectName: string, roster: number, registered: number, attended: number, status = 3, statusName = '在建'): SupervisedProject => ({
  projectId,
  projectName,
  companyName: '内江建工建筑工程有限公司',
  areaCode: '511002',
  areaName: '市中区',
  status,
  statusName,
  roster,
  registered,
  attended,
  onSite: Math.floor(attended / 2),
  attendanceRate: roster ? Math.round((attended / roster) * 1000) / 10 : 0,
  registrationRate: roster ? Math.round((registered / roster) * 1000) / 10 : 0,
  units: roster ? 2 : 0,
});

const personnel = (): SupervisoryPersonnel => ({
  updatedAt: '2026-11-21T04:00:00.000Z',
  summary: { roster: 80, registered: 30, attended: 50, onSite: 24, attendanceRate: 62.5, registrationRate: 37.5, projects: 2, units: 4 },
  projects: [
    project('1', '甜城湖片区棚户区改造项目', 20, 10, 18),
    project('2', '汉渝大道（东兴段）道路改造工程', 60, 20, 32),
    project('3', '内江高新区标准化厂房三期', 0, 0, 0, 4, '竣工'),
  ],
  byDistrict: [
    { areaCode: '511002', areaName: '市中区', projects: 2, inProgress: 1, roster: 20, attended: 18 },
    { areaCode: '511011', areaName: '东兴区', projects: 1, inProgress: 1, roster: 60, attended: 32 },
  ],
  byJobType: [
    { code: '01', name: '钢筋工', count: 12 },
    { code: '02', name: '木工', count: 40 },
    { code: '', name: '未填写', count: 28 },
  ],
  trend: ['15', '16', '17', '18', '19', '20', '21'].map((d, i) => ({ date: `2026-11-${d}`, attended: 40 + i })),
});

const PANELS = ['实名制登记', '今日出勤', '工种分布', '项目实名制登记', '近7日出勤趋势', '项目出勤率排行', '项目人员对比', '区县人员出勤'];

const names = (name: string) => within(panel(name)).getAllByRole('listitem').map((li) => li.querySelector('.ls-ranking-name')?.textContent);

setUpScreenTests({ box: { width: 400, height: 200 } });

const renderScreen = (pjctid1?: string) => mountScreen(<SupervisoryPersonnelScreen path="/LargeScreen/SupervisoryScreen/personnel" query={screenQuery(pjctid1, 101)} />);

describe('监管大屏 实名制登记', () => {
  it('one request fills every panel of the area', async () => {
    await expectOneCallFills(URL_PATH, personnel(), renderScreen, PANELS);

    const strip = screen.getByRole('group', { name: '实名制指标' });
    expect(['在册人员', '实名登记', '今日出勤', '当前在场', '用工项目', '参建单位'].map((n) => tileValue(strip, n))).toEqual(['80', '30', '50', '24', '2', '4']);
    expect(tileValue(panel('实名制登记'), '未登记')).toBe('50');
    expect(seriesOf('实名登记率')[0].data).toEqual([{ value: 37.5, name: '实名登记率' }]);
    expect(seriesOf('今日出勤率')[0].data).toEqual([{ value: 62.5, name: '出勤率' }]);
    expect(names('工种分布')).toEqual(['木工', '未填写', '钢筋工']);

    // Every project, most workers first, also the one without workers.
    const rows = within(panel('项目实名制登记'))
      .getAllByRole('row')
      .filter((r) => !r.getAttribute('aria-hidden'));
    const firstCell = (r: HTMLElement) => within(r).queryAllByRole('cell')[0]?.textContent;
    expect(rows.slice(1).map(firstCell)).toEqual(['汉渝大道（东兴段）道路改造工程', '甜城湖片区棚户区改造项目', '内江高新区标准化厂房三期']);
    expect(rows[1].textContent).toContain('33.3%');
    expect(rows[1].textContent).toContain('53.3%');
    expect(rows[3].textContent).toContain('竣工');

    // Ranking and comparison leave out projects without workers.
    expect(names('项目出勤率排行')).toEqual(['甜城湖片区棚户区改造项目', '汉渝大道（东兴段）道路改造工程']);
    const compare = optionOf('各项目在册、登记与出勤人数');
    expect((compare?.yAxis as { data: string[] }).data).toEqual(['汉渝大道（东兴段…', '甜城湖片区棚户区…']);
    expect(seriesOf('各项目在册、登记与出勤人数').map((s) => s.data)).toEqual([[60, 20], [20, 10], [32, 18]]);
    expect(seriesOf('近7日每日出勤人数')[0].data).toEqual([40, 41, 42, 43, 44, 45, 46]);
    expect(seriesOf('各区县在册与今日出勤人数').map((s) => s.data)).toEqual([[20, 60], [18, 32]]);
  });

  it('an area without workers says 暂无数据 where there is nothing to show', async () => {
    const none: SupervisoryPersonnel = {
      ...personnel(),
      summary: { roster: 0, registered: 0, attended: 0, onSite: 0, attendanceRate: 0, registrationRate: 0, projects: 0, units: 0 },
      projects: [project('3', '内江高新区标准化厂房三期', 0, 0, 0, 4, '竣工')],
      byDistrict: [{ areaCode: '511002', areaName: '市中区', projects: 1, inProgress: 0, roster: 0, attended: 0 }],
      byJobType: [],
      trend: personnel().trend.map((d) => ({ ...d, attended: 0 })),
    };
    answerWith(URL_PATH, none);
    await renderScreen();
    expectPanelsSay(['实名制登记', '今日出勤', '工种分布', '近7日出勤趋势', '项目出勤率排行', '项目人员对比', '区县人员出勤'], '暂无数据');
    expect(panel('项目实名制登记').textContent).toContain('内江高新区标准化厂房三期');
  });

  itShowsRefusal(URL_PATH, renderScreen, PANELS);
});
