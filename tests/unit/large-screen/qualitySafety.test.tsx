// The quality and safety body (§2.4 /LargeScreen/EnterpriseScreen/qualitySafety) over a stubbed server:
// one request fills every panel — hazards by status, type and level, the two rates, the newest open
// hazards with their overdue days, the 30-day trend and the project ranking; pjctid1 narrows it.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { QualitySafety } from '../../../common/screens/quality-safety';
import { hazardItem } from './support/items';
import { answerWith, expectOneCallFills, expectPanelsSay, itShowsRefusal, mountScreen, panel, screenQuery, setUpScreenTests, tileValue } from './support/screen';

vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => import('./support/echarts-stub'));

const { QualitySafetyScreen } = await import('../../../src/features/large-screen/screens/enterprise/qualitySafety/QualitySafetyScreen');

const URL_PATH = '/prod-api/api/TyScreen/QualitySafety';


const data = (): QualitySafety => ({
  updatedAt: '2025-07-15T04:00:00.000Z',
  summary: { total: 20, open: 3, closed: 17, overdue: 1, foundToday: 2, rectifyRate: 85, onTimeRate: 82.4 },
  byStatus: [
    { code: '1', name: '待整改', count: 1 },
    { code: '2', name: '整改中', count: 1 },
    { code: '3', name: '待复查', count: 1 },
    { code: '4', name: '已销项', count: 17 },
  ],
  byType: [
    { code: '3', name: '脚手架', count: 5, open: 2 },
    { code: '4', name: '施工用电', count: 15, open: 1 },
  ],
  byLevel: [
    { code: '1', name: '一般', count: 16 },
    { code: '2', name: '较大', count: 3 },
    { code: '3', name: '重大', count: 1 },
  ],
  byCheckKind: [
    { code: '1', name: '日常检查', count: 12 },
    { code: '6', name: '专项检查', count: 8 },
  ],
  byProject: [
    { projectId: '1', projectName: '甜城湖片区棚户区改造项目', total: 12, open: 1, overdue: 0 },
    { projectId: '2', projectName: '沱江二桥加固工程', total: 8, open: 2, overdue: 1 },
  ],
  trend: Array.from({ length: 30 }, (_, i) => ({ date: `2025-06-${String(16 + (i % 15)).padStart(2, '0')}`, found: i % 3, closed: i % 2 })),
  openList: [
    hazardItem('9'),
    hazardItem('8', { status: '2', statusName: '整改中', projectId: '2', projectName: '沱江二桥加固工程', typeName: '脚手架', level: '3', levelName: '重大', rectifyDeadline: '2025-07-05', overdue: true, overdueDays: 10 }),
  ],
});

const PANELS = ['隐患状态统计', '隐患类型统计', '隐患等级分布', '整改情况', '最新未销项隐患', '近30天隐患趋势', '检查类型统计', '项目隐患排行'];

setUpScreenTests();

const renderScreen = (pjctid1?: string) => mountScreen(<QualitySafetyScreen path="/LargeScreen/EnterpriseScreen/qualitySafety" query={screenQuery(pjctid1)} />);

describe('quality and safety screen', () => {
  it('one request fills every panel', async () => {
    await expectOneCallFills(URL_PATH, data(), renderScreen, PANELS);

    const strip = screen.getByRole('group', { name: '关键指标' });
    expect(tileValue(strip, '未销项')).toBe('3');
    expect(tileValue(strip, '超期未整改')).toBe('1');
    expect(tileValue(strip, '今日新增')).toBe('2');
    expect(tileValue(panel('隐患状态统计'), '已销项')).toBe('17');

    const rates = panel('整改情况');
    expect(within(rates).getByRole('img', { name: '隐患整改率' })).toBeTruthy();
    expect(rates.textContent).toContain('已销项 17 条 / 共 20 条');
    expect(rates.textContent).toContain('超期未整改 1 条');

    const rows = within(panel('最新未销项隐患')).getAllByRole('row').slice(1);
    expect(rows[0].textContent).toContain('开关箱未设置漏电保护器');
    expect(rows[0].textContent).toContain('未超期');
    expect(rows[1].textContent).toContain('超期10天');
    expect(rows[1].className).toContain('qs-row-overdue');
    expect(rows[1].textContent).toContain('重大');

    const ranking = within(panel('项目隐患排行')).getAllByRole('listitem');
    expect(ranking[0].textContent).toContain('沱江二桥加固工程（超期 1）');
    expect(panel('项目隐患排行').textContent).toContain('1 个项目有超期隐患');
    expect(panel('近30天隐患趋势').textContent).toContain('新增 30 · 销项 15');
  });

  itShowsRefusal(URL_PATH, renderScreen, PANELS);

  it('no hazards: the panels say 暂无数据; all closed says so in the list', async () => {
    const none: QualitySafety = {
      ...data(),
      summary: { total: 0, open: 0, closed: 0, overdue: 0, foundToday: 0, rectifyRate: 0, onTimeRate: 0 },
      byStatus: data().byStatus.map((s) => ({ ...s, count: 0 })),
      byType: data().byType.map((t) => ({ ...t, count: 0, open: 0 })),
      byLevel: data().byLevel.map((l) => ({ ...l, count: 0 })),
      byCheckKind: data().byCheckKind.map((k) => ({ ...k, count: 0 })),
      byProject: [],
      trend: [],
      openList: [],
    };
    answerWith(URL_PATH, none);
    await renderScreen();
    expectPanelsSay(['隐患状态统计', '隐患类型统计', '隐患等级分布', '整改情况', '近30天隐患趋势', '检查类型统计', '项目隐患排行'], '暂无数据');
    expect(panel('最新未销项隐患').textContent).toContain('隐患均已销项');
  });
});
