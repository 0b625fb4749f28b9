// The 统计报表 body (§2.4 /LargeScreen/EnterpriseScreen/report) over a stubbed server: one request feeds
// every panel, the charts get the months and kinds of the answer, this month is compared with the last,
// pjctid1 narrows the request, and a period without data says 暂无数据.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Report, ReportMonth } from '../../../common/screens/report';
import { optionOf, seriesOf } from './support/echarts-stub';
import { answerWith, expectOneCallFills, expectPanelsSay, itShowsRefusal, mountScreen, panel, screenQuery, setUpScreenTests, tileValue } from './support/screen';

// Charts are ECharts (tested in charts.test.tsx); here each chart's last option, by its Chinese label.
vi.mock('../../../src/features/large-screen/kit/charts/echarts', () => import('./support/echarts-stub'));

const { ReportScreen } = await import('../../../src/features/large-screen/screens/enterprise/report/ReportScreen');

const URL_PATH = '/prod-api/api/TyScreen/Report';
const MONTHS = ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
const zero = { personDays: 0, personHours: 0, alarms: 0, hazardsFound: 0, hazardsClosed: 0, vehiclesIn: 0, vehiclesOut: 0 };

const report = (): Report => {
  const months: ReportMonth[] = MONTHS.map((month) => ({ month, ...zero }));
  months[10] = { month: '2026-10', personDays: 400, personHours: 3000, alarms: 8, hazardsFound: 28, hazardsClosed: 27, vehiclesIn: 800, vehiclesOut: 790 };
  months[11] = { month: '2026-11', personDays: 500, personHours: 3900.5, alarms: 12, hazardsFound: 21, hazardsClosed: 18, vehiclesIn: 1000, vehiclesOut: 990 };
  return {
    updatedAt: '2026-11-21T04:00:00.000Z',
    months,
    alarmsByKind: [
      { code: 'pm10', name: 'PM10超标', counts: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 10] },
      { code: 'craneLoad', name: '起重量超限', counts: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 2] },
    ],
    totals: { personDays: 900, personHours: 6900.5, alarms: 20, hazardsFound: 49, hazardsClosed: 45, vehiclesIn: 1800, vehiclesOut: 1780 },
  };
};

const PANELS = ['出勤趋势', '车辆进出场趋势', '本月对比', '报警趋势（按类型）', '月度明细', '报警类型构成', '隐患发现与销项', '隐患整改概况'];

setUpScreenTests({ box: { width: 400, height: 200 } });

const renderScreen = (pjctid1?: string) => mountScreen(<ReportScreen path="/LargeScreen/EnterpriseScreen/report" query={screenQuery(pjctid1)} />);

describe('统计报表', () => {
  it('one request fills every panel with the months of the answer', async () => {
    await expectOneCallFills(URL_PATH, report(), renderScreen, PANELS);

    const strip = screen.getByRole('group', { name: '近12个月合计' });
    expect(tileValue(strip, '出勤人天')).toBe('900');
    expect(within(strip).getByRole('group', { name: '报警次数' }).textContent).toContain('20');
    expect(within(strip).getByRole('group', { name: '车辆出场' }).textContent).toContain('1,780');

    // Alarms stacked by kind, one bar per month; the ring has each kind's 12-month total, most first.
    const alarms = seriesOf('近12个月各类报警次数');
    expect(alarms.map((s) => [s.name, s.stack])).toEqual([['PM10超标', 'alarms'], ['起重量超限', 'alarms']]);
    expect(alarms[1].data.slice(10)).toEqual([5, 2]);
    expect((optionOf('近12个月各类报警次数')?.xAxis as { data: string[] }).data).toEqual(['12月', '1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月']);
    const ring = seriesOf('近12个月报警类型构成')[0].data as Array<{ name: string; value: number }>;
    expect(ring).toEqual([{ name: 'PM10超标', value: 13 }, { name: '起重量超限', value: 7 }]);
    // Person-days per month; the period's hours per person-day in the extra.
    expect(seriesOf('近12个月出勤人天')[0].data.slice(9)).toEqual([0, 400, 500]);
    expect(panel('出勤趋势').textContent).toContain('合计 900 人天 · 人均 7.7 小时');
    expect(seriesOf('近12个月隐患销项率')[0].data).toEqual([{ value: 91.8, name: '隐患销项率' }]);

    // This month against the last: rises in alarms are bad news, in attendance good.
    const compare = within(panel('本月对比')).getByRole('table', { name: '本月与上月对比' });
    const row = (name: string) => within(compare).getByRole('rowheader', { name }).closest('tr')!;
    expect(row('出勤人天').textContent).toContain('▲ 25%');
    expect(row('出勤人天').querySelector('.is-good')).not.toBeNull();
    expect(row('报警次数').textContent).toContain('▲ 50%');
    expect(row('报警次数').querySelector('.is-bad')).not.toBeNull();
    expect(row('发现隐患').textContent).toContain('▼ 25%');
    expect(panel('本月对比').textContent).toContain('2026年11月');

    // The month table: newest first, every figure of the month.
    const rows = within(panel('月度明细')).getAllByRole('row').filter((r) => !r.getAttribute('aria-hidden'));
    expect(rows[1].textContent).toMatch(/^2026年11月.*500.*3,900\.5.*12.*21.*18.*1,000.*990$/);
    expect(rows[rows.length - 1].textContent).toContain('2025年12月');
  });

  it('a period without attendance, alarms, hazards or passages says 暂无数据 in those panels', async () => {
    const empty: Report = { ...report(), months: MONTHS.map((month) => ({ month, ...zero })), alarmsByKind: [], totals: { ...zero } };
    answerWith(URL_PATH, empty);
    await renderScreen();
    expectPanelsSay(['出勤趋势', '车辆进出场趋势', '报警趋势（按类型）', '报警类型构成', '隐患发现与销项', '隐患整改概况'], '暂无数据');
    // Zero months are still months: the table and the comparison show them.
    expect(panel('月度明细').getAttribute('data-state')).toBe('ready');
    expect(within(panel('本月对比')).getByRole('rowheader', { name: '报警次数' }).closest('tr')!.textContent).toContain('--');
  });

  itShowsRefusal(URL_PATH, renderScreen, PANELS);
});
