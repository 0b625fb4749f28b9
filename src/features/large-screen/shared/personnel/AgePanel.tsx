// 年龄结构: the roster by age band (from the birth date in the id card number).
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../kit/charts/BarChart';
import { Panel } from '../../kit/Panel';
import type { SourceFrame } from '../../kit/frame';
import type { NamedCount } from '../../../../../common/screens/basics';

export function AgePanel({ age, frame }: { age: NamedCount[] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const bands = age ?? [];
    const series: BarSeries[] = [{ name: '人数', data: bands.map((b) => b.count), color: '#3d7bff' }];
    return { categories: bands.map((b) => b.name), series };
  }, [age]);
  const total = (age ?? []).reduce((n, b) => n + b.count, 0);
  return (
    <Panel title="年龄结构" {...frame} empty={total === 0}>
      <BarChart categories={chart.categories} series={chart.series} unit="人" horizontal label="各年龄段人数" />
    </Panel>
  );
}
