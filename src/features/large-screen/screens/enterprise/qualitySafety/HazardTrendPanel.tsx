// 近30天隐患趋势: hazards found and closed on each of the last 30 days (China Standard Time).
import { useMemo } from 'react';
import { chinaFormat } from '../../../../../lib/time/china-time';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { QualitySafety } from '../../../../../../common/screens/quality-safety';

export function HazardTrendPanel({ trend, frame }: { trend: QualitySafety['trend'] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const days = trend ?? [];
    const series: BarSeries[] = [
      { name: '新增隐患', data: days.map((d) => d.found), color: '#ff9f40' },
      { name: '销项隐患', data: days.map((d) => d.closed), color: '#22e3a5' },
    ];
    return { categories: days.map((d) => chinaFormat(d.date, 'MM-DD')), series, found: days.reduce((n, d) => n + d.found, 0), closed: days.reduce((n, d) => n + d.closed, 0) };
  }, [trend]);
  return (
    <Panel
      title="近30天隐患趋势"
      {...frame}
      empty={!trend || trend.length === 0}
      extra={trend && <span>新增 {chart.found} · 销项 {chart.closed}</span>}
    >
      <BarChart categories={chart.categories} series={chart.series} unit="条" label="近30天新增与销项隐患" />
    </Panel>
  );
}
