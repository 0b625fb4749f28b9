// The project chosen on the map or in the attendance ranking: its file, schedule and workforce.
import type { ProjectSchedule } from '../../../../../../common/screens/project-management';
import { MapProjectCard } from '../../../shared/MapProjectCard';
import { ProjectStatusBadge, scheduleText } from '../../../shared/project-schedule';

export type ProjectCardProps = { project: ProjectSchedule; onClose: () => void };

const or = (v: string | null | undefined): string => (v ? v : '--');

export function ProjectCard({ project: p, onClose }: ProjectCardProps) {
  const status = <ProjectStatusBadge status={p.status} name={p.statusName} />;
  return (
    <MapProjectCard name={p.name} onClose={onClose} badge={status} className="ls-project-card">
      <dt>项目编号</dt>
      <dd>{or(p.projectNo)}</dd>
      <dt>所属单位</dt>
      <dd title={p.companyName}>{or(p.companyName)}</dd>
      <dt>所在区县</dt>
      <dd>{or(p.areaName)}</dd>
      <dt>项目地址</dt>
      <dd title={p.address}>{or(p.address)}</dd>
      <dt>项目负责人</dt>
      <dd>{or(p.managerName)}</dd>
      <dt>开工日期</dt>
      <dd>{or(p.startDate)}</dd>
      <dt>计划竣工</dt>
      <dd>{or(p.endDate)}</dd>
      <dt>工期</dt>
      <dd>{scheduleText(p)}</dd>
      <dt>在册 / 今日出勤</dt>
      <dd className="ls-digits">
        {p.workers} / {p.attendedToday} 人
      </dd>
      <dt>参建单位</dt>
      <dd className="ls-digits">{p.units} 家</dd>
      <dt>监测设备</dt>
      <dd className="ls-digits">{p.devices} 台</dd>
    </MapProjectCard>
  );
}
