// 人员管理 (§2.4 /LargeScreen/EnterpriseScreen/buildPersonnel) over a stubbed server: one request fills
// every panel with the roster, today's attendance, trades, teams, units, ages and genders; pjctid1
// narrows it; a refusal shows the server's text; an empty roster says 暂无数据.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { BuildPersonnel } from '../../../common/screens/personnel';
import { rateOf } from '../../../src/features/large-screen/shared/personnel/GroupTablePanel';
import { optionsSetAsJson } from './support/echarts-stub';
import { answerWith, expectOneCallFills, expectPanelsSay, itShowsRefusal, mountScreen, panel, screenQuery, setUpScreenTests } from './support/screen';

vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => import('./support/echarts-stub'));

const { BuildPersonnelScreen } = await import('../../../src/features/large-screen/screens/enterprise/buildPersonnel/BuildPersonnelScreen');

const URL_PATH = '/prod-api/api/TyScreen/BuildPersonnel';
const PANELS = ['工种分布', '人员类型', '年龄结构', '近7日出勤趋势', '项目出勤排行', '性别比例', '班组出勤', '参建单位'];

const answer = (): BuildPersonnel => ({
  updatedAt: '2026-11-21T04:00:00.000Z',
  summary: { roster: 73, registered: 10, attended: 64, onSite: 50, attendanceRate: 87.7, registrationRate: 13.7, units: 3, teams: 2 },
  byJobType: [
    { code: '02', name: '木工', roster: 22, attended: 16, onSite: 13 },
    { code: '01', name: '钢筋工', roster: 14, attended: 13, onSite: 9 },
  ],
  byPersonType: [
    { code: '1020', name: '建筑工人', count: 60 },
    { code: '1022', name: '班组长', count: 13 },
  ],
  byTeam: [
    { name: '木工二班', roster: 10, attended: 10, onSite: 8 },
    { name: '钢筋班', roster: 8, attended: 6, onSite: 6 },
  ],
  byUnit: [{ name: '四川蜀道路桥劳务有限公司', roster: 33, attended: 23, onSite: 15 }],
  trend: Array.from({ length: 7 }, (_, i) => ({ date: `2026-11-${String(15 + i).padStart(2, '0')}`, attended: 60 + i, personHours: 500 + i * 10 })),
  topProjects: [
    { projectId: '1', projectName: '甜城湖片区棚户区改造项目', roster: 59, registered: 10, attended: 55, onSite: 42, attendanceRate: 93.2, registrationRate: 16.9, units: 3 },
    { projectId: '5', projectName: '内江市第六中学新校区建设项目', roster: 14, registered: 0, attended: 9, onSite: 8, attendanceRate: 64.3, registrationRate: 0, units: 1 },
  ],
  gender: [
    { code: '1', name: '男', count: 66 },
    { code: '2', name: '女', count: 7 },
  ],
  age: [
    { code: '25', name: '25岁及以下', count: 8 },
    { code: '35', name: '26-35岁', count: 30 },
    { code: '45', name: '36-45岁', count: 20 },
    { code: '55', name: '46-55岁', count: 10 },
    { code: '56', name: '56岁及以上', count: 5 },
  ],
});

const rowsOf = (name: string) => within(panel(name)).getAllByRole('row').map((r) => r.textContent ?? '');

setUpScreenTests({ box: { width: 400, height: 240 } });

const renderScreen = (pjctid1?: string) => mountScreen(<BuildPersonnelScreen path="/LargeScreen/EnterpriseScreen/buildPersonnel" query={screenQuery(pjctid1)} />);

describe('人员管理 screen', () => {
  it('one request fills every panel with the roster and today\'s attendance', async () => {
    await expectOneCallFills(URL_PATH, answer(), renderScreen, PANELS);
    const strip = screen.getByRole('group', { name: '关键指标' });
    const figure = (label: string) => within(strip).getByRole('group', { name: label }).getAttribute('data-value');
    expect(['在册人数', '今日出勤', '当前在场', '出勤率', '实名登记率', '参建单位'].map(figure)).toEqual(['73', '64', '50', '87.7', '13.7', '3']);
    // Tables: teams and units with their own rates; projects ranked with the server's rates.
    expect(rowsOf('班组出勤')).toEqual([expect.stringContaining('班组'), expect.stringMatching(/木工二班1010 ?8 ?100%/), expect.stringMatching(/钢筋班86 ?6 ?75%/)]);
    expect(panel('班组出勤').textContent).toContain('共 2 个班组');
    expect(rowsOf('参建单位')[1]).toMatch(/四川蜀道路桥劳务有限公司.*69\.7%/);
    expect(panel('参建单位').textContent).toContain('共 3 家单位');
    const ranked = rowsOf('项目出勤排行');
    expect(ranked[1]).toMatch(/^1甜城湖片区棚户区改造项目/);
    expect(ranked[1]).toContain('93.2%');
    expect(ranked[2]).toMatch(/^2内江市第六中学新校区建设项目/);
    // Charts get the server's series: the 7-day trend ends today, the trades are the largest first.
    const options = optionsSetAsJson();
    expect(options.some((o) => o.includes('"11-21"') && o.includes('出勤人数') && o.includes('[60,61,62,63,64,65,66]'))).toBe(true);
    expect(options.some((o) => o.includes('"木工","钢筋工"') && o.includes('[22,14]'))).toBe(true);
    expect(options.some((o) => o.includes('56岁及以上'))).toBe(true);
  });

  itShowsRefusal(URL_PATH, renderScreen, PANELS);

  it('nobody on the roster: the panels say 暂无数据 and the figures are zero', async () => {
    const a = answer();
    const empty: BuildPersonnel = {
      ...a,
      summary: { roster: 0, registered: 0, attended: 0, onSite: 0, attendanceRate: 0, registrationRate: 0, units: 0, teams: 0 },
      byJobType: [],
      byPersonType: [],
      byTeam: [],
      byUnit: [],
      trend: [],
      topProjects: [],
      gender: [],
      age: a.age.map((b) => ({ ...b, count: 0 })),
    };
    answerWith(URL_PATH, empty);
    await renderScreen();
    expectPanelsSay(PANELS, '暂无数据');
    expect(within(screen.getByRole('group', { name: '关键指标' })).getByRole('group', { name: '在册人数' }).getAttribute('data-value')).toBe('0');
  });

  it('a rate is attended over roster with one decimal, 0 without a roster', () => {
    expect(rateOf(2, 3)).toBe(66.7);
    expect(rateOf(0, 0)).toBe(0);
  });
});
