// 区域在线统计: cameras online and offline per district (stacked).
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { DistrictCameras } from './districts';

export function AreaStatsPanel({ districts, frame }: { districts: DistrictCameras[] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const list = districts ?? [];
    const series: BarSeries[] = [
      { name: '在线', data: list.map((d) => d.online), color: '#22e3a5', stack: 'total' },
      { name: '离线', data: list.map((d) => d.offline), color: '#6b8bb0', stack: 'total' },
    ];
    return { categories: list.map((d) => d.areaName), series };
  }, [districts]);
  const total = (districts ?? []).reduce((n, d) => n + d.total, 0);
  return (
    <Panel title="区域在线统计" {...frame} empty={total === 0} extra={districts && <span>{districts.length} 个区县</span>}>
      <BarChart categories={chart.categories} series={chart.series} unit="路" label="各区县摄像头在线与离线数量" />
    </Panel>
  );
}
