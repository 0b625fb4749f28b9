// 项目管理 (§2.4 /LargeScreen/EnterpriseScreen/projectManagements) over a stubbed server: one request
// fills every panel, the figures are sums of the projects, the list words each schedule, a ranking row or
// a marker opens the project card, pjctid1 narrows the request, a refusal shows the server's text.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ProjectManagements, ProjectSchedule } from '../../../common/screens/project-management';
import { scheduleText } from '../../../src/features/large-screen/shared/project-schedule';
import { shortCompanyName, workersByCompany } from '../../../src/features/large-screen/screens/enterprise/projectManagements/CompanyWorkersPanel';
import { answerWith, expectOneCallFills, expectPanelsSay, itShowsRefusal, mountScreen, panel, screenQuery, setUpScreenTests } from './support/screen';

vi.mock('../../../src/features/large-screen/map', () => import('./support/map-stub'));
vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => import('./support/echarts-stub'));

const { ProjectManagementsScreen } = await import('../../../src/features/large-screen/screens/enterprise/projectManagements/ProjectManagementsScreen');

const URL_PATH = '/prod-api/api/TyScreen/ProjectManagements';
const PANELS = ['项目状态统计', '区域分布', '所属单位', '项目分布', '项目列表', '今日出勤排行', '设备接入排行', '单位人员分布'];

const project = (over: Partial<ProjectSchedule>): ProjectSchedule => ({
  id: '1',
  projectNo: 'NJJG-2024-001',
  name: '甜城湖片区棚户区改造项目',
  status: 3,
  statusName: '在建',
  state: 'inProgress',
  companyId: '3',
  companyName: '内江建工建筑工程有限公司',
  areaCode: '511002',
  areaName: '市中区',
  address: '内江市市中区甜城大道88号',
  lng: 105.0583,
  lat: 29.5852,
  managerName: '张伟',
  startDate: '2024-03-01',
  endDate: null,
  daysElapsed: 995,
  plannedDays: null,
  elapsedPercent: null,
  workers: 59,
  attendedToday: 55,
  units: 3,
  devices: 7,
  ...over,
});

const answer = (): ProjectManagements => ({
  updatedAt: '2026-11-21T04:00:00.000Z',
  total: 3,
  byStatus: [
    { status: 1, name: '筹备', count: 1 },
    { status: 2, name: '立项', count: 0 },
    { status: 3, name: '在建', count: 1 },
    { status: 4, name: '竣工', count: 1 },
    { status: 5, name: '停工', count: 0 },
  ],
  byArea: [
    { areaCode: '511002', areaName: '市中区', count: 2, inProgress: 1 },
    { areaCode: '511011', areaName: '东兴区', count: 1, inProgress: 0 },
  ],
  byCompany: [
    { companyId: '3', companyName: '内江建工建筑工程有限公司', count: 2, inProgress: 1 },
    { companyId: '2', companyName: '内江建工路桥工程有限公司', count: 1, inProgress: 0 },
  ],
  projects: [
    project({}),
    project({ id: '3', projectNo: 'NJJG-2023-007', name: '内江高新区标准化厂房三期', status: 4, statusName: '竣工', state: 'finished', startDate: '2023-02-10', endDate: '2024-11-30', daysElapsed: 659, plannedDays: 659, elapsedPercent: 100, workers: 0, attendedToday: 0, units: 0, devices: 2 }),
    project({ id: '5', projectNo: 'NJJG-2025-005', name: '内江市第六中学新校区建设项目', status: 1, statusName: '筹备', state: 'planning', companyId: '2', companyName: '内江建工路桥工程有限公司', areaCode: '511011', areaName: '东兴区', startDate: '2025-09-01', workers: 14, attendedToday: 9, devices: 0 }),
  ],
});

setUpScreenTests();

const renderScreen = (pjctid1?: string) => mountScreen(<ProjectManagementsScreen path="/LargeScreen/EnterpriseScreen/projectManagements" query={screenQuery(pjctid1)} />);

describe('项目管理 screen', () => {
  it('one request fills every panel; the figures add up the projects', async () => {
    await expectOneCallFills(URL_PATH, answer(), renderScreen, PANELS);
    const strip = screen.getByRole('group', { name: '关键指标' });
    const figure = (label: string) => within(strip).getByRole('group', { name: label }).getAttribute('data-value');
    expect([figure('项目总数'), figure('在建项目'), figure('在册人员'), figure('今日出勤'), figure('监测设备')]).toEqual(['3', '1', '73', '64', '9']);
    expect(within(panel('项目分布')).getAllByRole('button', { name: /^标记/ })).toHaveLength(3);
    // Attendance ranking: projects with a roster, most attended first.
    const ranking = within(panel('今日出勤排行')).getAllByRole('listitem').map((li) => li.textContent);
    expect(ranking).toEqual([expect.stringContaining('甜城湖片区棚户区改造项目55'), expect.stringContaining('内江市第六中学新校区建设项目9')]);
    expect(within(panel('设备接入排行')).getAllByRole('listitem')[0].textContent).toContain('甜城湖片区棚户区改造项目7');
    expect(panel('设备接入排行').textContent).toContain('共 9 台');
    expect(panel('所属单位').textContent).toContain('内江建工建筑工程有限公司（在建 1）');
  });

  it('the project list words each schedule: a meter when planned, days since the start, or the plan', async () => {
    answerWith(URL_PATH, answer());
    await renderScreen();
    const rows = within(panel('项目列表')).getAllByRole('row').map((r) => r.textContent ?? '');
    expect(rows[0]).toContain('工期进度');
    expect(rows.find((r) => r.includes('甜城湖'))).toContain('已开工 995 天');
    expect(rows.find((r) => r.includes('第六中学'))).toContain('计划 2025-09-01 开工');
    expect(rows.find((r) => r.includes('厂房三期'))).toContain('100%');
    expect(within(panel('项目列表')).getByRole('meter', { name: '工期进度' }).getAttribute('aria-valuenow')).toBe('100');
  });

  it('a ranking row or a marker opens the project card; × closes it', async () => {
    answerWith(URL_PATH, answer());
    await renderScreen();
    fireEvent.click(within(panel('今日出勤排行')).getByRole('button', { name: /甜城湖片区棚户区改造项目/ }));
    const card = screen.getByRole('complementary', { name: '项目：甜城湖片区棚户区改造项目' });
    expect(card.textContent).toContain('NJJG-2024-001');
    expect(card.textContent).toContain('59 / 55 人');
    expect(card.textContent).toContain('已开工 995 天');
    fireEvent.click(screen.getByRole('button', { name: '标记 内江高新区标准化厂房三期' }));
    const other = screen.getByRole('complementary', { name: '项目：内江高新区标准化厂房三期' });
    expect(other.textContent).toContain('已竣工');
    expect(other.textContent).toContain('2024-11-30');
    fireEvent.click(within(other).getByRole('button', { name: '关闭项目信息' }));
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  itShowsRefusal(URL_PATH, renderScreen, PANELS);

  it('no projects in scope: every panel says 暂无数据', async () => {
    const empty: ProjectManagements = { ...answer(), total: 0, byStatus: answer().byStatus.map((s) => ({ ...s, count: 0 })), byArea: [], byCompany: [], projects: [] };
    answerWith(URL_PATH, empty);
    await renderScreen();
    expectPanelsSay(PANELS, '暂无数据');
  });
});

describe('项目管理 helpers', () => {
  it('words the schedule by status', () => {
    const base = { startDate: '2026-01-01', daysElapsed: 10, elapsedPercent: null };
    expect(scheduleText({ ...base, status: 4 })).toBe('已竣工');
    expect(scheduleText({ ...base, status: 2 })).toBe('计划 2026-01-01 开工');
    expect(scheduleText({ ...base, status: 1, startDate: null })).toBe('未定开工日期');
    expect(scheduleText({ ...base, status: 3 })).toBe('已开工 10 天');
    expect(scheduleText({ ...base, status: 5, elapsedPercent: 42.5 })).toBe('工期已过 42.5%');
  });

  it('sums the roster per company, largest first, without empty companies; names lose their legal form', () => {
    const list = answer().projects;
    expect(workersByCompany(list)).toEqual([
      { name: '内江建工建筑工程', workers: 59, attended: 55 },
      { name: '内江建工路桥工程', workers: 14, attended: 9 },
    ]);
    expect(shortCompanyName('内江华鼎商品混凝土股份有限公司')).toBe('内江华鼎商品混凝土');
    expect(shortCompanyName('四川省内江市第一建筑工程总公司')).toBe('四川省内江市第一建筑…');
  });
});
