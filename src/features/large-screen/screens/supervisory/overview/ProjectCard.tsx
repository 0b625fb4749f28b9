// The project chosen on the map: status, district, owning enterprise and what its district holds.
import type { SupervisoryOverview } from '../../../../../../common/screens/supervisory';
import { MapProjectCard } from '../../../shared/MapProjectCard';

export type ProjectCardProps = { projectId: string; data: SupervisoryOverview; onClose: () => void };

export function ProjectCard({ projectId, data, onClose }: ProjectCardProps) {
  const marker = data.markers.find((m) => m.id === projectId);
  if (!marker) return null;
  const status = data.projects.byStatus.find((s) => s.status === marker.status)?.name ?? '--';
  const district = data.byDistrict.find((d) => d.areaName === marker.areaName);
  return (
    <MapProjectCard name={marker.title} onClose={onClose} className="so-card">
      <dt>项目状态</dt>
      <dd>{status}</dd>
      <dt>所属区县</dt>
      <dd>{marker.areaName || '--'}</dd>
      <dt>所属企业</dt>
      <dd title={marker.companyName}>{marker.companyName || '--'}</dd>
      {district && (
        <>
          <dt>区县项目</dt>
          <dd>
            {district.projects} 个（在建 {district.inProgress} 个）
          </dd>
          <dt>区县今日出勤</dt>
          <dd>
            {district.attended} / {district.roster} 人
          </dd>
        </>
      )}
    </MapProjectCard>
  );
}
