// 项目分布: every project in scope on the map, coloured by state (§3.4); a click selects the project.
import { useMemo } from 'react';
import { ProjectMap, type MapMarker } from '../../../map';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { EnterpriseOverview } from './model';
import { ProjectCard } from './ProjectCard';

export type MapPanelProps = {
  data: EnterpriseOverview | undefined;
  frame: SourceFrame;
  selectedId: string | undefined;
  onSelect: (id: string | undefined) => void;
};

export function MapPanel({ data, frame, selectedId, onSelect }: MapPanelProps) {
  const markers = useMemo<MapMarker[]>(
    () => (data?.markers ?? []).map((m) => ({ id: m.id, title: m.title, lng: m.lng, lat: m.lat, state: m.state })),
    [data?.markers],
  );
  return (
    <Panel title="项目分布" className="ov-map-panel" {...frame} empty={markers.length === 0} extra={<span>{markers.length} 个项目</span>}>
      <div className="ov-map" data-markers={markers.length}>
        <ProjectMap className="ov-map-canvas" markers={markers} onSelect={onSelect} />
        {data && selectedId && data.markers.some((m) => m.id === selectedId) && (
          <ProjectCard projectId={selectedId} data={data} onClose={() => onSelect(undefined)} />
        )}
      </div>
    </Panel>
  );
}
