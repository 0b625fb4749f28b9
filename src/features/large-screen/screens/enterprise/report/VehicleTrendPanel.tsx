// 车辆进出场趋势: gate entries and exits per month.
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { Report } from '../../../../../../common/screens/report';
import { monthLabel } from './model';

export function VehicleTrendPanel({ report, frame }: { report: Report | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const months = report?.months ?? [];
    const series: BarSeries[] = [
      { name: '进场', data: months.map((m) => m.vehiclesIn), color: '#22e3a5' },
      { name: '出场', data: months.map((m) => m.vehiclesOut), color: '#4d94ff' },
    ];
    return { categories: months.map((m) => monthLabel(m.month)), series };
  }, [report]);
  const passages = report ? report.totals.vehiclesIn + report.totals.vehiclesOut : 0;
  return (
    <Panel title="车辆进出场趋势" {...frame} empty={!report || passages === 0} extra={report && <span>合计 {passages.toLocaleString('zh-CN')} 车次</span>}>
      <BarChart categories={chart.categories} series={chart.series} unit="车次" label="近12个月车辆进出场车次" />
    </Panel>
  );
}
