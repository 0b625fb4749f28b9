// 检查类型分布: the checks of one category by kind (§3.5: 日常检查 … 专项检查).
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { CheckCategoryStats } from '../../../../../../common/screens/site-checks';

export function ChecksByKindPanel({ title, stats, frame }: { title: string; stats: CheckCategoryStats | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const rows = stats?.byKind ?? [];
    const series: BarSeries[] = [{ name: '检查次数', data: rows.map((k) => k.count), color: '#1ec8ff' }];
    return { categories: rows.map((k) => k.name), series };
  }, [stats]);
  return (
    <Panel title={title} {...frame} empty={!stats || stats.total === 0}>
      <BarChart categories={chart.categories} series={chart.series} unit="次" horizontal label={title} />
    </Panel>
  );
}
