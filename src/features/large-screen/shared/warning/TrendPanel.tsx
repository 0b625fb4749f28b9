// 近7日报警趋势: alarms raised and handled on each of the last 7 days.
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../kit/charts/BarChart';
import { Panel } from '../../kit/Panel';
import type { SourceFrame } from '../../kit/frame';
import type { Warning } from '../../../../../common/screens/warning';

/** `2026-11-15` → `11-15`. */
const dayLabel = (date: string) => date.slice(5);

export function TrendPanel({ trend, frame }: { trend: Warning['trend'] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const days = trend ?? [];
    const series: BarSeries[] = [
      { name: '报警', data: days.map((d) => d.total), color: '#ff4d6d' },
      { name: '已处理', data: days.map((d) => d.handled), color: '#22e3a5' },
    ];
    return { categories: days.map((d) => dayLabel(d.date)), series };
  }, [trend]);
  return (
    <Panel title="近7日报警趋势" {...frame} empty={!trend || trend.every((d) => d.total === 0)}>
      <BarChart categories={chart.categories} series={chart.series} unit="条" label="近7日每日报警与处理数量" />
    </Panel>
  );
}
