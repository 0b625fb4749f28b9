// 24小时颗粒物趋势: hourly averages of PM2.5, PM10 and TSP over the projects in scope, against the PM2.5
// and PM10 limits (dashed lines).
import { useMemo } from 'react';
import { chinaFormat } from '../../../../../lib/time/china-time';
import { LineChart, type LineSeries } from '../../../kit/charts/LineChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { Environment } from '../../../../../../common/screens/environment';

const UNITS = ['µg/m³'] as const;

export function ParticleTrendPanel({ data, frame }: { data: Environment | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const trend = data?.trend ?? [];
    const t = data?.thresholds;
    const series: LineSeries[] = [
      { name: 'PM2.5', data: trend.map((p) => p.pm25), color: '#22e3a5', thresholds: t ? [{ name: 'PM2.5限值', value: t.pm25, color: '#ffc53d' }] : [] },
      { name: 'PM10', data: trend.map((p) => p.pm10), color: '#1ec8ff', area: true, thresholds: t ? [{ name: 'PM10限值', value: t.pm10, color: '#ff4d6d' }] : [] },
      { name: 'TSP', data: trend.map((p) => p.tsp), color: '#b37feb' },
    ];
    const hasData = trend.some((p) => p.pm25 !== null || p.pm10 !== null || p.tsp !== null);
    return { categories: trend.map((p) => chinaFormat(p.hour, 'HH:00')), series, hasData };
  }, [data?.trend, data?.thresholds]);
  return (
    <Panel title="24小时颗粒物趋势" {...frame} empty={!chart.hasData}>
      <LineChart categories={chart.categories} series={chart.series} units={UNITS} label="24小时PM2.5、PM10与TSP趋势" />
    </Panel>
  );
}
