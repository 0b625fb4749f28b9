// 项目人员对比: roster, registered and attended today of each project that has workers (horizontal bars).
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import { shortName } from '../../../kit/format';
import type { SourceFrame } from '../../../kit/frame';
import type { SupervisedProject } from '../../../../../../common/screens/supervisory';
import { staffedProjects } from './model';

export function ProjectWorkforcePanel({ projects, frame }: { projects: SupervisedProject[] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const list = staffedProjects(projects ?? []).slice(0, 6);
    const series: BarSeries[] = [
      { name: '在册', data: list.map((p) => p.roster), color: '#4d94ff' },
      { name: '已登记', data: list.map((p) => p.registered), color: '#1ec8ff' },
      { name: '今日出勤', data: list.map((p) => p.attended), color: '#22e3a5' },
    ];
    return { categories: list.map((p) => shortName(p.projectName)), series, count: list.length };
  }, [projects]);
  return (
    <Panel title="项目人员对比" {...frame} empty={chart.count === 0}>
      <BarChart categories={chart.categories} series={chart.series} unit="人" horizontal label="各项目在册、登记与出勤人数" />
    </Panel>
  );
}
