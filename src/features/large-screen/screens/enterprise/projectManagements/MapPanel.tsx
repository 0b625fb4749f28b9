// 项目分布: every project on the map, coloured by state (§3.4); a click opens the project card.
import { useMemo } from 'react';
import { ProjectMap, type MapMarker } from '../../../map';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { ProjectSchedule } from './model';
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
  return (
    <Panel title="项目分布" className="pm-map-panel" {...frame} empty={markers.length === 0} extra={<span>{markers.length} 个项目</span>}>
      <div className="pm-map" data-markers={markers.length}>
        <ProjectMap className="pm-map-canvas" markers={markers} onSelect={onSelect} />
        {selected && <ProjectCard project={selected} onClose={() => onSelect(undefined)} />}
      </div>
    </Panel>
  );
}
