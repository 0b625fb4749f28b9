// 项目分布: every project on the map, coloured by state (§3.4); a click opens the project card.
import { useMemo } from 'react';
import type { ProjectSchedule } from '../../../../../../common/screens/project-management';
import type { MapMarker } from '../../../map';
import type { SourceFrame } from '../../../kit/frame';
import { ProjectMapPanel } from '../../../shared/ProjectMapPanel';
import { ProjectCard } from './ProjectCard';

export type MapPanelProps = {
  projects: ProjectSchedule[] | undefined;
  frame: SourceFrame;
  selectedId: string | undefined;
  onSelect: (id: string | undefined) => void;
};

export function MapPanel({ projects, frame, selectedId, onSelect }: MapPanelProps) {
  const markers = useMemo<MapMarker[]>(() => (projects ?? []).map((p) => ({ id: p.id, title: p.name, lng: p.lng, lat: p.lat, state: p.state })), [projects]);
  const selected = projects?.find((p) => p.id === selectedId);
  const card = selected && <ProjectCard project={selected} onClose={() => onSelect(undefined)} />;
  return <ProjectMapPanel markers={markers} frame={frame} onSelect={onSelect} card={card} mapClass="pm-map" />;
}
