// 24小时峰值趋势: the highest load and moment ratio of the tower cranes and the highest lift load ratio in
// each of the last 24 hours, against the load limit (dashed line).
import { useMemo } from 'react';
import { chinaFormat } from '../../../../lib/time/china-time';
import { LineChart, type LineSeries } from '../../kit/charts/LineChart';
import { Panel } from '../../kit/Panel';
import type { SourceFrame } from '../../kit/frame';
import type { CraneLimits, PeakPoint } from '../../../../../common/screens/danger';
import './special.css';

const UNITS = ['%'] as const;

export function PeakTrendPanel({ trend, limits, frame }: { trend: PeakPoint[] | undefined; limits: CraneLimits | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const points = trend ?? [];
    const series: LineSeries[] = [
      {
        name: '塔吊载重比',
        data: points.map((p) => p.craneLoad),
        color: '#1ec8ff',
        area: true,
        thresholds: limits ? [{ name: '载重比限值', value: limits.loadRatio, color: '#ff4d6d' }] : [],
      },
      { name: '塔吊力矩比', data: points.map((p) => p.craneMoment), color: '#ffc53d' },
      { name: '升降机载重比', data: points.map((p) => p.liftLoad), color: '#22e3a5' },
    ];
    const hasData = points.some((p) => p.craneLoad !== null || p.craneMoment !== null || p.liftLoad !== null);
    return { categories: points.map((p) => chinaFormat(p.hour, 'HH:00')), series, hasData };
  }, [trend, limits]);
  return (
    <Panel title="24小时峰值趋势" {...frame} empty={!chart.hasData}>
      <LineChart categories={chart.categories} series={chart.series} units={UNITS} label="24小时塔吊与升降机峰值载重趋势" />
    </Panel>
  );
}
