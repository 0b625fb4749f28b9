// 项目分布: every project on the map, coloured by state (§3.4); a marker or a ranking row opens its card
// (status, company, district, dates, schedule, contract value, building area).
import { useMemo } from 'react';
import type { EngineeringProject } from '../../../../../../common/screens/engineering';
import type { MapMarker } from '../../../map';
import type { SourceFrame } from '../../../kit/frame';
import { MapProjectCard } from '../../../shared/MapProjectCard';
import { ProjectMapPanel } from '../../../shared/ProjectMapPanel';
import { ProjectStatusBadge, scheduleText } from '../../../shared/project-schedule';
import { moneyText } from './model';

export type EngineeringMapPanelProps = {
  projects: EngineeringProject[] | undefined;
  frame: SourceFrame;
  selectedId: string | undefined;
  onSelect: (id: string | undefined) => void;
};

const or = (v: string | null | undefined): string => (v ? v : '--');

export function EngineeringMapPanel({ projects, frame, selectedId, onSelect }: EngineeringMapPanelProps) {
  const markers = useMemo<MapMarker[]>(() => (projects ?? []).map((p) => ({ id: p.id, title: p.name, lng: p.lng, lat: p.lat, state: p.state })), [projects]);
  const p = projects?.find((x) => x.id === selectedId);
  const card = p && (
    <MapProjectCard name={p.name} onClose={() => onSelect(undefined)} badge={<ProjectStatusBadge status={p.status} name={p.statusName} />} className="ls-project-card">
      <dt>所属单位</dt>
      <dd title={p.companyName}>{or(p.companyName)}</dd>
      <dt>所在区县</dt>
      <dd>{or(p.areaName)}</dd>
      <dt>开工 / 竣工</dt>
      <dd className="ls-digits">
        {or(p.startDate)} / {or(p.endDate)}
      </dd>
      <dt>工期</dt>
      <dd>{scheduleText(p)}</dd>
      <dt>合同额</dt>
      <dd className="ls-digits">{moneyText(p.contractAmount)}</dd>
      <dt>总承包合同</dt>
      <dd className="ls-digits">{moneyText(p.mainContractAmount)}</dd>
      <dt>建筑面积</dt>
      <dd className="ls-digits">{p.buildingArea.toLocaleString('zh-CN')} ㎡</dd>
      <dt>施工许可证</dt>
      <dd className="ls-digits">{p.licences} 本</dd>
    </MapProjectCard>
  );
  return <ProjectMapPanel markers={markers} frame={frame} onSelect={onSelect} card={card} mapClass="en-map" />;
}
