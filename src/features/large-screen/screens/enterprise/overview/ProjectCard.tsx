// The project chosen on the map (or in the ranking): status, latest environment reading, recent alarms.
import { chinaFormat } from '../../../../../lib/time/china-time';
import type { EnterpriseOverview } from '../../../../../../common/screens/enterprise-overview';
import { MapProjectCard } from '../../../shared/MapProjectCard';

export type ProjectCardProps = { projectId: string; data: EnterpriseOverview; onClose: () => void };

const reading = (v: number | null | undefined, unit: string): string => (v === null || v === undefined ? '--' : `${v}${unit}`);

export function ProjectCard({ projectId, data, onClose }: ProjectCardProps) {
  const marker = data.markers.find((m) => m.id === projectId);
  const latest = data.environment.latest.find((l) => l.projectId === projectId);
  const alarms = data.alarms.filter((a) => a.projectId === projectId && !a.handled);
  const name = marker?.title ?? latest?.projectName ?? '';
  const status = data.projects.byStatus.find((s) => s.status === marker?.status)?.name ?? '--';
  return (
    <MapProjectCard name={name} onClose={onClose} className="ov-card">
      <dt>项目状态</dt>
      <dd>{status}</dd>
      <dt>PM2.5</dt>
      <dd className="ls-digits">{reading(latest?.pm25, ' µg/m³')}</dd>
      <dt>PM10</dt>
      <dd className="ls-digits">{reading(latest?.pm10, ' µg/m³')}</dd>
      <dt>噪声</dt>
      <dd className="ls-digits">{reading(latest?.noise, ' dB')}</dd>
      <dt>监测时间</dt>
      <dd>{latest ? chinaFormat(latest.time, 'MM-DD HH:mm') : '暂无监测数据'}</dd>
      <dt>未处理报警</dt>
      <dd className={alarms.length ? 'is-alarm' : undefined}>{alarms.length} 条</dd>
    </MapProjectCard>
  );
}
