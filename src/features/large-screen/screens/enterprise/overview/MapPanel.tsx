// 项目分布: every project in scope on the map, coloured by state (§3.4); a click selects the project.
import { useMemo } from 'react';
import type { EnterpriseOverview } from '../../../../../../common/screens/enterprise-overview';
import type { MapMarker } from '../../../map';
import type { SourceFrame } from '../../../kit/frame';
import { ProjectMapPanel } from '../../../shared/ProjectMapPanel';
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
  const card = data && selectedId && data.markers.some((m) => m.id === selectedId) && (
    <ProjectCard projectId={selectedId} data={data} onClose={() => onSelect(undefined)} />
  );
  return <ProjectMapPanel markers={markers} frame={frame} onSelect={onSelect} card={card} mapClass="ov-map" />;
}
