// 近7日趟次与违规: trips leaving the sites and violations per day.
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { Slag } from '../../../../../../common/screens/spoil';

export function SpoilTrendPanel({ trend, frame }: { trend: Slag['trend'] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const days = trend ?? [];
    const series: BarSeries[] = [
      { name: '出场趟次', data: days.map((d) => d.trips), color: '#1ec8ff' },
      { name: '违规', data: days.map((d) => d.violations), color: '#ff4d6d' },
    ];
    return { categories: days.map((d) => d.day.slice(5)), series };
  }, [trend]);
  return (
    <Panel title="近7日趟次与违规" {...frame} empty={!trend}>
      <BarChart categories={chart.categories} series={chart.series} unit="次" label="近7日渣土车出场趟次与违规" />
    </Panel>
  );
}
