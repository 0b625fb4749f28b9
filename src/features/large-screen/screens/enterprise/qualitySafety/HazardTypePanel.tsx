// 隐患类型统计: hazards of each type (§3.5), open and closed stacked.
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { QualitySafety } from '../../../../../../common/screens/quality-safety';

export function HazardTypePanel({ types, frame }: { types: QualitySafety['byType'] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const rows = types ?? [];
    const series: BarSeries[] = [
      { name: '未销项', data: rows.map((t) => t.open), color: '#ff9f40', stack: 'hazards' },
      { name: '已销项', data: rows.map((t) => t.count - t.open), color: '#22e3a5', stack: 'hazards' },
    ];
    return { categories: rows.map((t) => t.name), series, total: rows.reduce((n, t) => n + t.count, 0) };
  }, [types]);
  return (
    <Panel title="隐患类型统计" {...frame} empty={chart.total === 0}>
      <BarChart categories={chart.categories} series={chart.series} unit="条" horizontal label="各类型隐患数量" />
    </Panel>
  );
}
