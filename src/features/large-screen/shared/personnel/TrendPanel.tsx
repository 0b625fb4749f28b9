// 近7日出勤趋势: workers attended per day and the hours they worked (right axis), today last.
import { useMemo } from 'react';
import { LineChart, type LineSeries } from '../../kit/charts/LineChart';
import { Panel } from '../../kit/Panel';
import type { SourceFrame } from '../../kit/frame';
import type { BuildPersonnel } from '../../../../../common/screens/personnel';

const UNITS = ['人', '工时'] as const;

export function TrendPanel({ trend, frame }: { trend: BuildPersonnel['trend'] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const days = trend ?? [];
    const series: LineSeries[] = [
      { name: '出勤人数', data: days.map((d) => d.attended), color: '#22e3a5', area: true },
      { name: '工时', data: days.map((d) => d.personHours), color: '#ffc53d', axis: 1 },
    ];
    return { categories: days.map((d) => d.date.slice(5)), series };
  }, [trend]);
  return (
    <Panel title="近7日出勤趋势" {...frame} empty={!trend || trend.length === 0}>
      <LineChart categories={chart.categories} series={chart.series} units={UNITS} label="近7日出勤人数与工时" />
    </Panel>
  );
}
