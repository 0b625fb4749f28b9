// 报警趋势: alarms per month, stacked by kind.
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { Report } from '../../../../../../common/screens/report';
import { monthLabel } from './model';
import { kindColor } from './palette';

export function AlarmTrendPanel({ report, frame }: { report: Report | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const series: BarSeries[] = (report?.alarmsByKind ?? []).map((k, i) => ({ name: k.name, data: k.counts, color: kindColor(i), stack: 'alarms' }));
    return { categories: (report?.months ?? []).map((m) => monthLabel(m.month)), series };
  }, [report]);
  return (
    <Panel title="报警趋势（按类型）" {...frame} empty={!report || report.totals.alarms === 0} extra={report && <span>合计 {report.totals.alarms} 次</span>}>
      <BarChart categories={chart.categories} series={chart.series} unit="次" label="近12个月各类报警次数" />
    </Panel>
  );
}
