// 24小时进出场统计: entries and exits in each of the last 24 hours.
import { useMemo } from 'react';
import { chinaFormat } from '../../../../../lib/time/china-time';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { Vehicle } from '../../../../../../common/screens/vehicle';

export function HourlyPanel({ hourly, frame }: { hourly: Vehicle['hourly'] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const hours = hourly ?? [];
    const series: BarSeries[] = [
      { name: '进场', data: hours.map((h) => h.in), color: '#1ec8ff' },
      { name: '出场', data: hours.map((h) => h.out), color: '#22e3a5' },
    ];
    return { categories: hours.map((h) => chinaFormat(h.hour, 'HH:00')), series, total: hours.reduce((n, h) => n + h.in + h.out, 0) };
  }, [hourly]);
  return (
    <Panel title="24小时进出场统计" {...frame} empty={!hourly || hourly.length === 0} extra={hourly && <span>近24小时 {chart.total} 车次</span>}>
      <BarChart categories={chart.categories} series={chart.series} unit="车次" label="近24小时每小时进出场车次" />
    </Panel>
  );
}
