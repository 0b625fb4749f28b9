// 区县项目分布: projects and projects under construction in each district of the area.
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { DistrictCounts } from '../../../../../../common/screens/supervisory';

export function DistrictProjectsPanel({ districts, frame }: { districts: DistrictCounts[] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const list = districts ?? [];
    const series: BarSeries[] = [
      { name: '项目数', data: list.map((d) => d.projects), color: '#1ec8ff' },
      { name: '在建', data: list.map((d) => d.inProgress), color: '#2fe08d' },
    ];
    return { categories: list.map((d) => d.areaName || d.areaCode || '未填写'), series };
  }, [districts]);
  return (
    <Panel title="区县项目分布" {...frame} empty={!districts || districts.length === 0} extra={districts && <span>{districts.length} 个区县</span>}>
      <BarChart categories={chart.categories} series={chart.series} unit="个" label="各区县项目与在建项目数量" />
    </Panel>
  );
}
