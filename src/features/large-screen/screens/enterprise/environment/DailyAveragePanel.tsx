// 近7日颗粒物日均值: daily averages of PM2.5, PM10 and TSP over the last 7 China Standard Time days
// against the PM2.5 and PM10 limits. A day without readings has no bar (无数据 in the tooltip).
import { useMemo } from 'react';
import { chinaFormat } from '../../../../../lib/time/china-time';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { EnvDay } from '../../../../../../common/screens/environment';

export function DailyAveragePanel({ daily, frame }: { daily: EnvDay[] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const days = daily ?? [];
    const series: BarSeries[] = [
      { name: 'PM2.5', data: days.map((d) => d.pm25), color: '#22e3a5' },
      { name: 'PM10', data: days.map((d) => d.pm10), color: '#1ec8ff' },
      { name: 'TSP', data: days.map((d) => d.tsp), color: '#b37feb' },
    ];
    const hasData = days.some((d) => d.pm25 !== null || d.pm10 !== null || d.tsp !== null);
    return { categories: days.map((d) => chinaFormat(d.date, 'MM-DD')), series, hasData };
  }, [daily]);
  return (
    <Panel title="近7日颗粒物日均值" {...frame} empty={!chart.hasData}>
      <BarChart categories={chart.categories} series={chart.series} unit="µg/m³" label="近7日PM2.5、PM10与TSP日均值" />
    </Panel>
  );
}
