// 区域分布: projects per district, with those under construction beside them.
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { ProjectManagements } from '../../../../../../common/screens/project-management';

export function AreaPanel({ areas, frame }: { areas: ProjectManagements['byArea'] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const list = areas ?? [];
    const series: BarSeries[] = [
      { name: '项目数', data: list.map((a) => a.count), color: '#1ec8ff' },
      { name: '在建', data: list.map((a) => a.inProgress), color: '#22e3a5' },
    ];
    return { categories: list.map((a) => a.areaName || a.areaCode || '未填写'), series };
  }, [areas]);
  return (
    <Panel title="区域分布" {...frame} empty={!areas || areas.length === 0} extra={areas && <span>{areas.length} 个区县</span>}>
      <BarChart categories={chart.categories} series={chart.series} unit="个" label="各区县项目数量" />
    </Panel>
  );
}
