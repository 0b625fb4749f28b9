// 24小时环境趋势 (enterprise and project overview): hourly averages over the projects in scope, PM2.5 and PM10 against their limits
// (dashed lines) and noise on the right axis.
import { useMemo } from 'react';
import { chinaFormat } from '../../../lib/time/china-time';
import { LineChart, type LineSeries } from '../kit/charts/LineChart';
import { Panel } from '../kit/Panel';
import type { SourceFrame } from '../kit/frame';
import type { EnterpriseOverview } from '../../../../common/screens/enterprise-overview';

const UNITS = ['µg/m³', 'dB'] as const;

export function EnvTrendPanel({ environment, frame }: { environment: Pick<EnterpriseOverview['environment'], 'thresholds' | 'trend'> | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const trend = environment?.trend ?? [];
    const t = environment?.thresholds;
    const series: LineSeries[] = [
      { name: 'PM2.5', data: trend.map((p) => p.pm25), color: '#22e3a5', thresholds: t ? [{ name: 'PM2.5限值', value: t.pm25, color: '#ffc53d' }] : [] },
      { name: 'PM10', data: trend.map((p) => p.pm10), color: '#1ec8ff', area: true, thresholds: t ? [{ name: 'PM10限值', value: t.pm10, color: '#ff4d6d' }] : [] },
      { name: '噪声', data: trend.map((p) => p.noise), color: '#b37feb', axis: 1 },
    ];
    return { categories: trend.map((p) => chinaFormat(p.hour, 'HH:00')), series, hasData: trend.some((p) => p.pm10 !== null || p.pm25 !== null || p.noise !== null) };
  }, [environment]);
  return (
    <Panel title="24小时环境趋势" {...frame} empty={!chart.hasData}>
      <LineChart categories={chart.categories} series={chart.series} units={UNITS} label="24小时环境趋势" />
    </Panel>
  );
}
