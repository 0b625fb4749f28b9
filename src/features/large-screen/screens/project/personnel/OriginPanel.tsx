// 籍贯分布: where the roster comes from (内江市 first, then the rest most first, 未知 last), from the id
// card numbers.
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import { percentOf } from '../../../kit/format';
import type { NamedCount } from '../../../../../../common/screens/basics';

/** Places shown; the rest are summed as 其他. */
export const ORIGINS_SHOWN = 6;

export function OriginPanel({ origin, frame }: { origin: NamedCount[] | undefined; frame: SourceFrame }) {
  const total = (origin ?? []).reduce((n, o) => n + o.count, 0);
  const local = origin?.find((o) => o.code === '5110')?.count ?? 0;
  const chart = useMemo(() => {
    const list = origin ?? [];
    const shown = list.slice(0, ORIGINS_SHOWN);
    const rest = list.slice(ORIGINS_SHOWN).reduce((n, o) => n + o.count, 0);
    const rows = rest > 0 ? [...shown, { code: 'rest', name: '其他', count: rest }] : shown;
    const series: BarSeries[] = [{ name: '人数', data: rows.map((o) => o.count), color: '#1ec8ff' }];
    return { categories: rows.map((o) => o.name), series };
  }, [origin]);
  return (
    <Panel title="籍贯分布" {...frame} empty={total === 0} extra={origin && <span>本地 {percentOf(local, total)}%</span>}>
      <BarChart categories={chart.categories} series={chart.series} unit="人" horizontal label="人员籍贯分布" />
    </Panel>
  );
}
