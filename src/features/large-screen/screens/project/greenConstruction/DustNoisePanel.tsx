// 扬尘噪声: the newest dust reading (PM2.5, PM10, TSP, noise, over the limit in red) and today's
// exceedances, over the 24-hour PM10 and noise trend.
import { useMemo } from 'react';
import { chinaFormat } from '../../../../../lib/time/china-time';
import { LineChart, type LineSeries } from '../../../kit/charts/LineChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { GreenConstruction } from '../../../../../../common/screens/green-construction';

const UNITS = ['µg/m³', 'dB'] as const;

export function DustNoisePanel({ data, frame }: { data: GreenConstruction | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const trend = data?.trend ?? [];
    const series: LineSeries[] = [
      { name: 'PM10', data: trend.map((p) => p.pm10), color: '#1ec8ff', area: true },
      { name: 'PM2.5', data: trend.map((p) => p.pm25), color: '#22e3a5' },
      { name: '噪声', data: trend.map((p) => p.noise), color: '#ffc53d', axis: 1 },
    ];
    return { categories: trend.map((p) => chinaFormat(p.hour, 'HH:00')), series, hasData: trend.some((p) => p.pm10 !== null || p.noise !== null) };
  }, [data?.trend]);
  const d = data?.dust;
  const t = data?.thresholds;
  const cell = (name: string, value: number | null | undefined, unit: string, limit?: number) => (
    <div className="gc-now-cell">
      <span>{name}</span>
      <b className={value != null && limit !== undefined && value > limit ? 'gc-over' : ''}>{value ?? '—'}</b>
      <small>{unit}</small>
    </div>
  );
  return (
    <Panel title="扬尘噪声" {...frame} empty={!data} extra={d && <span>{chinaFormat(d.time, 'MM-DD HH:mm')}</span>}>
      <div className="gc-now">
        {cell('PM2.5', d?.pm25, 'µg/m³', t?.pm25)}
        {cell('PM10', d?.pm10, 'µg/m³', t?.pm10)}
        {cell('TSP', d?.tsp, 'µg/m³')}
        {cell('噪声', d?.noise, 'dB', t?.noiseDay)}
        {cell('今日超标', data ? data.exceedToday.pm25 + data.exceedToday.pm10 + data.exceedToday.noise : undefined, '次')}
      </div>
      <div className="gc-chart">
        <LineChart categories={chart.categories} series={chart.series} units={UNITS} label="24小时PM10、PM2.5与噪声趋势" />
      </div>
    </Panel>
  );
}
