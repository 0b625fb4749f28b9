// 近7日出勤趋势: workers who attended on each of the last 7 days.
import { useMemo } from 'react';
import { LineChart, type LineSeries } from '../../../kit/charts/LineChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { SupervisoryPersonnel } from '../../../../../../common/screens/supervisory';

const UNITS = ['人'] as const;

export function TrendPanel({ trend, frame }: { trend: SupervisoryPersonnel['trend'] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const days = trend ?? [];
    const series: LineSeries[] = [{ name: '出勤人数', data: days.map((d) => d.attended), color: '#22e3a5', area: true }];
    return { categories: days.map((d) => d.date.slice(5)), series };
  }, [trend]);
  return (
    <Panel title="近7日出勤趋势" {...frame} empty={!trend || trend.every((d) => d.attended === 0)}>
      <LineChart categories={chart.categories} series={chart.series} units={UNITS} label="近7日每日出勤人数" />
    </Panel>
  );
}
