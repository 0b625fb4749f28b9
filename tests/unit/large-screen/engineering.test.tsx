// 工程概况 (§2.4 /LargeScreen/EnterpriseScreen/engineering, the /LargeScreen default, and /ProjectScreen/engineering)
// over a stubbed server: one request fills every panel — projects by status, district and contract type,
// key figures in 亿元 and 万㎡, the map and its card, the project list with values and schedule, the rankings
// and the contracts signed per month.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Engineering, EngineeringProject } from '../../../common/screens/engineering';
import { moneyText } from '../../../src/features/large-screen/screens/enterprise/engineering/model';
import { scheduleText as progressText } from '../../../src/features/large-screen/shared/project-schedule';
import { seriesOf } from './support/echarts-stub';
import { expectOneCallFills, itShowsRefusal, mountScreen, panel, screenQuery, setUpScreenTests, tileValue } from './support/screen';

vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => import('./support/echarts-stub'));
vi.mock('../../../src/features/large-screen/map', () => import('./support/map-stub'));

const { EngineeringScreen } = await import('../../../src/features/large-screen/screens/enterprise/engineering/EngineeringScreen');

const URL_PATH = '/prod-api/api/TyScreen/Engineering';
const PANELS = ['项目状态统计', '区域分布', '合同类型构成', '项目分布', '项目列表', '在建工期进度', '合同额排行', '近12个月合同签订'];

const project = (id: string, name: string, status: number, over: Partial<EngineeringProject> = {}): EngineeringProject => ({
  id,
  projectNo: `NJJG-2024-00${id}`,
  name,
  status,
  statusName: { 1: '筹备', 2: '立项', 3: '在建', 4: '竣工', 5: '停工' }[status] ?? '',
  state: status === 3 ? 'inProgress' : status === 4 ? 'finished' : 'planning',
  companyId: '3',
  companyName: '内江建工建筑工程有限公司',
  areaCode: '511002',
  areaName: '市中区',
  address: '内江市市中区甜城大道',
  lng: 105.06,
  lat: 29.58,
  managerName: '张伟',
  startDate: '2024-06-01',
  endDate: '2027-06-01',
  daysElapsed: 910,
  plannedDays: 1095,
  elapsedPercent: 83.1,
  workers: 59,
  attendedToday: 48,
  units: 3,
  devices: 7,
  contractAmount: 516_981_000,
  mainContractAmount: 386_520_000,
  buildingArea: 219_710.7,
  licences: 3,
  ...over,
});

const answer = (): Engineering => ({
  updatedAt: '2026-11-28T04:00:00.000Z',
  total: 2,
  byStatus: [
    { status: 1, name: '筹备', count: 1 },
    { status: 2, name: '立项', count: 0 },
    { status: 3, name: '在建', count: 1 },
    { status: 4, name: '竣工', count: 0 },
    { status: 5, name: '停工', count: 0 },
  ],
  byArea: [{ areaCode: '511002', areaName: '市中区', count: 2, inProgress: 1, contractAmount: 563_801_000 }],
  byCompany: [{ companyId: '3', companyName: '内江建工建筑工程有限公司', count: 2, inProgress: 1 }],
  projects: [
    project('1', '甜城湖片区棚户区改造项目', 3),
    project('5', '内江市第六中学新校区建设项目', 1, { elapsedPercent: null, startDate: '2026-12-10', contractAmount: 46_820_000, mainContractAmount: 46_820_000, buildingArea: 0, licences: 0 }),
  ],
  summary: { contracts: 9, contractAmount: 563_801_000, mainContractAmount: 433_340_000, licences: 3, buildingArea: 219_710.7, averageProgress: 83.1 },
  byContractType: [
    { code: '1', name: '施工总承包', count: 2, amount: 433_340_000 },
    { code: '2', name: '专业分包', count: 0, amount: 0 },
    { code: '3', name: '劳务分包', count: 1, amount: 42_380_000 },
  ],
  signedByMonth: Array.from({ length: 12 }, (_, i) => ({ month: `2026-${String(i + 1).padStart(2, '0')}`, count: i === 8 ? 1 : 0, amount: i === 8 ? 46_820_000 : 0 })),
});

const realRows = (name: string) => within(panel(name)).getAllByRole('row').filter((r) => !r.getAttribute('aria-hidden'));

setUpScreenTests({ box: { width: 400, height: 240 } });

const renderScreen = (pjctid1?: string) => mountScreen(<EngineeringScreen path="/LargeScreen/EnterpriseScreen/engineering" query={screenQuery(pjctid1)} />);

describe('工程概况', () => {
  it('one request fills every panel', async () => {
    await expectOneCallFills(URL_PATH, answer(), renderScreen, PANELS);
    const strip = screen.getByRole('group', { name: '工程指标' });
    expect(tileValue(strip, '项目总数')).toBe('2');
    expect(tileValue(strip, '在建项目')).toBe('1');
    expect(tileValue(strip, '合同总额')).toBe('5.64');
    expect(tileValue(strip, '总承包合同额')).toBe('4.33');
    expect(tileValue(strip, '建筑面积')).toBe('21.97');
    expect(tileValue(strip, '在建平均工期进度')).toBe('83.1');
    // Contract types with contracts only, in 万元.
    expect(seriesOf('各类合同金额')[0].data).toEqual([
      expect.objectContaining({ name: '施工总承包', value: 43334 }),
      expect.objectContaining({ name: '劳务分包', value: 4238 }),
    ]);
    expect(seriesOf('近12个月每月合同签订金额')[0].data[8]).toBe(4682);
    expect(panel('区域分布').textContent).toContain('合同额最高：市中区 5.64亿元');
    // The list: values and schedule.
    const rows = realRows('项目列表');
    expect(rows[1].textContent).toContain('51,698.1');
    expect(rows[1].textContent).toContain('83.1%');
    expect(rows[2].textContent).toContain('计划 2026-12-10 开工');
    // Rankings: under construction only for the schedule; a row opens the card on the map.
    expect(within(panel('在建工期进度')).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(within(panel('合同额排行')).getByRole('button', { name: /内江市第六中学新校区建设项目/ }));
    const card = screen.getByRole('complementary', { name: '项目：内江市第六中学新校区建设项目' });
    expect(card.textContent).toContain('4,682万元');
    fireEvent.click(within(card).getByRole('button', { name: '关闭项目信息' }));
    fireEvent.click(screen.getByRole('button', { name: '标记 甜城湖片区棚户区改造项目' }));
    expect(screen.getByRole('complementary', { name: '项目：甜城湖片区棚户区改造项目' }).textContent).toContain('5.17亿元');
  });

  it('says money with the largest fitting unit and the schedule in words', () => {
    expect([moneyText(123_456_789), moneyText(45_600), moneyText(800), moneyText(null)]).toEqual(['1.23亿元', '4.56万元', '800元', '--']);
    expect(progressText({ status: 4, startDate: '2024-01-01', daysElapsed: 10, elapsedPercent: 100 })).toBe('已竣工');
    expect(progressText({ status: 3, startDate: '2024-01-01', daysElapsed: 10, elapsedPercent: null })).toBe('已开工 10 天');
  });

  itShowsRefusal(URL_PATH, renderScreen, PANELS);
});
