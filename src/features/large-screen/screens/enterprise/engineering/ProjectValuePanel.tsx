// 项目列表: every project with its district, status, contract value, building area and schedule, scrolling.
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { EngineeringProject } from '../../../../../../common/screens/engineering';
import { ProjectStatusBadge, ScheduleProgress } from '../../../shared/project-schedule';
import { wan } from './model';

const COLUMNS: readonly ScrollColumn<EngineeringProject>[] = [
  { key: 'name', title: '项目名称', width: 'minmax(0, 2fr)', render: (p) => <span title={p.name}>{p.name}</span> },
  { key: 'area', title: '区县', width: '3.6em', align: 'center', render: (p) => p.areaName || '--' },
  { key: 'status', title: '状态', width: '3.2em', align: 'center', render: (p) => <ProjectStatusBadge status={p.status} name={p.statusName} /> },
  { key: 'amount', title: '合同额(万元)', width: '6.4em', align: 'right', render: (p) => <span className="ls-digits">{wan(p.contractAmount).toLocaleString('zh-CN')}</span> },
  { key: 'area2', title: '面积(㎡)', width: '5.6em', align: 'right', render: (p) => <span className="ls-digits">{Math.round(p.buildingArea).toLocaleString('zh-CN')}</span> },
  { key: 'schedule', title: '工期进度', width: 'minmax(0, 1.4fr)', render: (p) => <ScheduleProgress project={p} /> },
];

export function ProjectValuePanel({ projects, frame }: { projects: EngineeringProject[] | undefined; frame: SourceFrame }) {
  return (
    <Panel title="项目列表" {...frame} empty={!projects || projects.length === 0} extra={projects && <span>共 {projects.length} 个</span>}>
      <ScrollTable columns={COLUMNS} rows={projects ?? []} rowKey={(p) => p.id} label="工程项目列表" visibleRows={6} />
    </Panel>
  );
}
