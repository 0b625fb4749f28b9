// 各项目设备在线情况: online and offline monitoring devices of each project (stacked), alarming devices.
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import { shortName } from '../../../kit/format';
import type { ProjectOnline } from '../../../../../../common/screens/devices';

export function ProjectOnlinePanel({ projects, frame }: { projects: ProjectOnline[] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const rows = projects ?? [];
    const series: BarSeries[] = [
      { name: '在线', data: rows.map((p) => p.online), color: '#22e3a5', stack: 'devices' },
      { name: '离线', data: rows.map((p) => p.offline), color: '#6b8bb0', stack: 'devices' },
      { name: '报警', data: rows.map((p) => p.alarm), color: '#ff4d6d' },
    ];
    return { categories: rows.map((p) => shortName(p.projectName, 12)), series, total: rows.reduce((n, p) => n + p.total, 0) };
  }, [projects]);
  return (
    <Panel title="各项目设备在线情况" {...frame} empty={chart.total === 0} extra={projects && <span>{projects.length} 个项目</span>}>
      <BarChart categories={chart.categories} series={chart.series} unit="台" horizontal label="各项目在线、离线与报警设备数量" />
    </Panel>
  );
}
