// 近30天检查趋势: checks of one category per day, 合格 and 不合格 stacked (China Standard Time).
import { useMemo } from 'react';
import { chinaFormat } from '../../../../../lib/time/china-time';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { CheckCategoryStats } from '../../../../../../common/screens/site-checks';

export function CheckTrendPanel({ title, stats, frame }: { title: string; stats: CheckCategoryStats | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const days = stats?.trend ?? [];
    const series: BarSeries[] = [
      { name: '合格', data: days.map((d) => d.passed), color: '#22e3a5', stack: 'checks' },
      { name: '不合格', data: days.map((d) => d.failed), color: '#ff4d6d', stack: 'checks' },
    ];
    return { categories: days.map((d) => chinaFormat(d.date, 'MM-DD')), series };
  }, [stats]);
  return (
    <Panel title={title} {...frame} empty={!stats} extra={stats && <span>近30天 {stats.last30d} 次</span>}>
      <BarChart categories={chart.categories} series={chart.series} unit="次" label={title} />
    </Panel>
  );
}
