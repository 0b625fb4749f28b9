// 检查类型统计: hazards by the kind of check that found them (§3.5: 日常检查 … 专项检查).
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { NamedCount } from '../../../../../../common/screens/basics';

export function CheckKindPanel({ kinds, frame }: { kinds: NamedCount[] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const rows = kinds ?? [];
    const series: BarSeries[] = [{ name: '隐患数', data: rows.map((k) => k.count), color: '#1ec8ff' }];
    return { categories: rows.map((k) => k.name), series, total: rows.reduce((n, k) => n + k.count, 0) };
  }, [kinds]);
  return (
    <Panel title="检查类型统计" {...frame} empty={chart.total === 0}>
      <BarChart categories={chart.categories} series={chart.series} unit="条" horizontal label="各检查类型发现的隐患数量" />
    </Panel>
  );
}
