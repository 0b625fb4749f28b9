// 项目设备分布: tower cranes and lifts of each project that has any (stacked), the most equipped first.
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../kit/charts/BarChart';
import { Panel } from '../../kit/Panel';
import type { SourceFrame } from '../../kit/frame';
import { shortName } from '../../kit/format';
import type { SpecialDevice } from '../../../../../common/screens/danger';
import './special.css';

export type ProjectDeviceCount = { projectId: string; projectName: string; cranes: number; lifts: number };

export function countByProject(devices: readonly SpecialDevice[]): ProjectDeviceCount[] {
  const byId = new Map<string, ProjectDeviceCount>();
  for (const d of devices) {
    const row = byId.get(d.projectId) ?? { projectId: d.projectId, projectName: d.projectName, cranes: 0, lifts: 0 };
    if (d.kind === 'towerCrane') row.cranes += 1;
    else if (d.kind === 'lift') row.lifts += 1;
    byId.set(d.projectId, row);
  }
  return [...byId.values()].sort((a, b) => b.cranes + b.lifts - (a.cranes + a.lifts) || a.projectName.localeCompare(b.projectName, 'zh-CN'));
}

export function ProjectDevicesPanel({ devices, frame }: { devices: SpecialDevice[] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const rows = countByProject(devices ?? []);
    const series: BarSeries[] = [
      { name: '塔吊', data: rows.map((r) => r.cranes), color: '#1ec8ff', stack: 'devices' },
      { name: '升降机', data: rows.map((r) => r.lifts), color: '#22e3a5', stack: 'devices' },
    ];
    return { categories: rows.map((r) => shortName(r.projectName)), series, count: rows.length };
  }, [devices]);
  return (
    <Panel title="项目设备分布" {...frame} empty={chart.count === 0} extra={devices && <span>{chart.count} 个项目</span>}>
      <BarChart categories={chart.categories} series={chart.series} unit="台" horizontal label="各项目塔吊与升降机数量" />
    </Panel>
  );
}
