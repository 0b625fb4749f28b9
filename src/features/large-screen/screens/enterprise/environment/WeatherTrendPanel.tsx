// 24小时气象趋势: hourly averages of temperature, and humidity on the right axis.
import { useMemo } from 'react';
import { chinaFormat } from '../../../../../lib/time/china-time';
import { LineChart, type LineSeries } from '../../../kit/charts/LineChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { EnvHour } from '../../../../../../common/screens/environment';

const UNITS = ['℃', '%'] as const;

export function WeatherTrendPanel({ trend, frame }: { trend: EnvHour[] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const hours = trend ?? [];
    const series: LineSeries[] = [
      { name: '温度', data: hours.map((p) => p.temperature), color: '#ff9f40', area: true },
      { name: '湿度', data: hours.map((p) => p.humidity), color: '#4d94ff', axis: 1 },
    ];
    return { categories: hours.map((p) => chinaFormat(p.hour, 'HH:00')), series, hasData: hours.some((p) => p.temperature !== null || p.humidity !== null) };
  }, [trend]);
  return (
    <Panel title="24小时温湿度" {...frame} empty={!chart.hasData}>
      <LineChart categories={chart.categories} series={chart.series} units={UNITS} label="24小时温度与湿度趋势" />
    </Panel>
  );
}
