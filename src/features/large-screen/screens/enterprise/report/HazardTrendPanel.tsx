// 隐患发现与销项: hazards found and closed per month.
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { Report } from '../../../../../../common/screens/report';
import { monthLabel } from './model';

export function HazardTrendPanel({ report, frame }: { report: Report | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const months = report?.months ?? [];
    const series: BarSeries[] = [
      { name: '发现', data: months.map((m) => m.hazardsFound), color: '#ff9f40' },
      { name: '销项', data: months.map((m) => m.hazardsClosed), color: '#22e3a5' },
    ];
    return { categories: months.map((m) => monthLabel(m.month)), series };
  }, [report]);
  const none = !report || report.totals.hazardsFound + report.totals.hazardsClosed === 0;
  return (
    <Panel title="隐患发现与销项" {...frame} empty={none}>
      <BarChart categories={chart.categories} series={chart.series} unit="项" label="近12个月隐患发现与销项数量" />
    </Panel>
  );
}
