// 出勤趋势: attendance person-days per month; the extra gives the period's total and the average hours
// of a person-day.
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { Report } from '../../../../../../common/screens/report';
import { hoursPerDay, monthLabel } from './model';

export function AttendanceTrendPanel({ report, frame }: { report: Report | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const months = report?.months ?? [];
    const series: BarSeries[] = [{ name: '出勤人天', data: months.map((m) => m.personDays), color: '#1ec8ff' }];
    return { categories: months.map((m) => monthLabel(m.month)), series };
  }, [report]);
  const total = report?.totals.personDays ?? 0;
  const average = report ? hoursPerDay(report.totals) : null;
  const extra = report && (
    <span>
      合计 {total.toLocaleString('zh-CN')} 人天{average !== null && ` · 人均 ${average} 小时`}
    </span>
  );
  return (
    <Panel title="出勤趋势" {...frame} empty={!report || total === 0} extra={extra}>
      <BarChart categories={chart.categories} series={chart.series} unit="人天" label="近12个月出勤人天" />
    </Panel>
  );
}
