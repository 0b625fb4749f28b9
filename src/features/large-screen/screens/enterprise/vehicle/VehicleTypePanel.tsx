// 车辆类型统计: today's entries and exits of each vehicle type.
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { Vehicle } from '../../../../../../common/screens/vehicle';

export function VehicleTypePanel({ types, frame }: { types: Vehicle['byType'] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const rows = types ?? [];
    const series: BarSeries[] = [
      { name: '进场', data: rows.map((t) => t.in), color: '#1ec8ff' },
      { name: '出场', data: rows.map((t) => t.out), color: '#22e3a5' },
    ];
    return { categories: rows.map((t) => t.name), series };
  }, [types]);
  return (
    <Panel title="车辆类型统计" {...frame} empty={!types || types.length === 0}>
      <BarChart categories={chart.categories} series={chart.series} unit="车次" label="今日各类型车辆进出场车次" />
    </Panel>
  );
}
