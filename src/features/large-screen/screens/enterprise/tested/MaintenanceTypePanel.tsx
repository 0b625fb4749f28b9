// 维保设备类型统计: inspection devices and inspection templates of each device type.
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { MaintenanceStats } from '../../../../../../common/screens/devices';

export function MaintenanceTypePanel({ maintenance, frame }: { maintenance: MaintenanceStats | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const types = maintenance?.byType ?? [];
    const series: BarSeries[] = [
      { name: '维保设备', data: types.map((t) => t.devices), color: '#1ec8ff' },
      { name: '巡检模板', data: types.map((t) => t.templates), color: '#ffc53d' },
    ];
    return { categories: types.map((t) => t.deviceType), series };
  }, [maintenance]);
  return (
    <Panel title="维保设备类型统计" {...frame} empty={chart.categories.length === 0}>
      <BarChart categories={chart.categories} series={chart.series} horizontal label="各设备类型的维保设备与巡检模板数量" />
    </Panel>
  );
}
