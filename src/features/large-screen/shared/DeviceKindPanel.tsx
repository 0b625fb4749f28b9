// 设备分类统计 (enterprise overview, 设备管理): online and offline devices of each monitoring kind (stacked),
// with alarming devices.
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../kit/charts/BarChart';
import { Panel } from '../kit/Panel';
import type { SourceFrame } from '../kit/frame';
import type { DeviceStats } from '../../../../common/screens/devices';

export function DeviceKindPanel({ devices, frame }: { devices: DeviceStats | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const kinds = devices?.byKind ?? [];
    const series: BarSeries[] = [
      { name: '在线', data: kinds.map((k) => k.online), color: '#22e3a5', stack: 'total' },
      { name: '离线', data: kinds.map((k) => k.offline), color: '#6b8bb0', stack: 'total' },
      { name: '报警', data: kinds.map((k) => k.alarm), color: '#ff4d6d' },
    ];
    return { categories: kinds.map((k) => k.name), series };
  }, [devices]);
  return (
    <Panel title="设备分类统计" {...frame} empty={!devices || devices.byKind.length === 0}>
      <BarChart categories={chart.categories} series={chart.series} unit="台" label="各类设备在线与报警数量" />
    </Panel>
  );
}
