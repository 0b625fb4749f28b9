// 24小时噪声趋势: hourly noise averages against the day (06:00–22:00) and night limits, and today's
// average noise (the last of the daily averages).
import { useMemo } from 'react';
import { chinaFormat } from '../../../../../lib/time/china-time';
import { LineChart, type LineSeries } from '../../../kit/charts/LineChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { Environment } from '../../../../../../common/screens/environment';

const UNITS = ['dB'] as const;

export function NoiseTrendPanel({ data, frame }: { data: Environment | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const trend = data?.trend ?? [];
    const t = data?.thresholds;
    const series: LineSeries[] = [
      {
        name: '噪声',
        data: trend.map((p) => p.noise),
        color: '#1ec8ff',
        area: true,
        thresholds: t
          ? [
              { name: '昼间限值', value: t.noiseDay, color: '#ff4d6d' },
              { name: '夜间限值', value: t.noiseNight, color: '#ffc53d' },
            ]
          : [],
      },
    ];
    const today = data?.daily[data.daily.length - 1]?.noise ?? null;
    return { categories: trend.map((p) => chinaFormat(p.hour, 'HH:00')), series, hasData: trend.some((p) => p.noise !== null), today };
  }, [data?.trend, data?.thresholds, data?.daily]);
  return (
    <Panel title="24小时噪声趋势" {...frame} empty={!chart.hasData} extra={chart.today !== null && <span>今日均值 {chart.today} dB</span>}>
      <LineChart categories={chart.categories} series={chart.series} units={UNITS} label="24小时噪声趋势" />
    </Panel>
  );
}
