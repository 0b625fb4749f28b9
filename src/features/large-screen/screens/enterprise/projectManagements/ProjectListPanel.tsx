// 项目列表: every project with its company, district, status, manager, schedule, workforce and devices,
// scrolling when more than fit.
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { ProjectSchedule } from '../../../../../../common/screens/project-management';
import { ProjectStatusBadge, ScheduleProgress } from '../../../shared/project-schedule';

const COLUMNS: readonly ScrollColumn<ProjectSchedule>[] = [
  { key: 'name', title: '项目名称', width: 'minmax(0, 2fr)', render: (p) => <span title={p.name}>{p.name}</span> },
  { key: 'company', title: '所属单位', width: 'minmax(0, 1.4fr)', render: (p) => <span title={p.companyName}>{p.companyName}</span> },
  { key: 'area', title: '区县', width: '3.6em', align: 'center', render: (p) => p.areaName || '--' },
  { key: 'status', title: '状态', width: '3.2em', align: 'center', render: (p) => <ProjectStatusBadge status={p.status} name={p.statusName} /> },
  { key: 'manager', title: '负责人', width: '3.6em', align: 'center', render: (p) => p.managerName || '--' },
  { key: 'start', title: '开工日期', width: '5.8em', align: 'center', render: (p) => <span className="ls-digits">{p.startDate ?? '--'}</span> },
  { key: 'schedule', title: '工期进度', width: 'minmax(0, 1.4fr)', render: (p) => <ScheduleProgress project={p} /> },
  { key: 'workers', title: '在册', width: '2.6em', align: 'right', render: (p) => <span className="ls-digits">{p.workers}</span> },
  { key: 'attended', title: '出勤', width: '2.6em', align: 'right', render: (p) => <span className="ls-digits">{p.attendedToday}</span> },
  { key: 'devices', title: '设备', width: '2.6em', align: 'right', render: (p) => <span className="ls-digits">{p.devices}</span> },
];

export function ProjectListPanel({ projects, frame }: { projects: ProjectSchedule[] | undefined; frame: SourceFrame }) {
  return (
    <Panel title="项目列表" {...frame} empty={!projects || projects.length === 0} extra={projects && <span>共 {projects.length} 个</span>}>
      <ScrollTable columns={COLUMNS} rows={projects ?? []} rowKey={(p) => p.id} label="项目列表" visibleRows={8} />
    </Panel>
  );
}
