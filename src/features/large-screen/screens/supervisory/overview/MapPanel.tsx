// 项目分布: the area's projects on the map, coloured by state (§3.4), centred on the user's area
// (AuthAreaCode, §7.8); a click opens the project card.
import { useMemo } from 'react';
import { useSession } from '../../../../../lib/session/store';
import { Panel } from '../../../kit/Panel';
import { lookupDistrictCentre, ProjectMap, type MapMarker } from '../../../map';
import type { SourceFrame } from '../../../kit/frame';
import type { SupervisoryOverview } from './model';
import { ProjectCard } from './ProjectCard';

export type MapPanelProps = {
  data: SupervisoryOverview | undefined;
  frame: SourceFrame;
  selectedId: string | undefined;
  onSelect: (id: string | undefined) => void;
};

export function MapPanel({ data, frame, selectedId, onSelect }: MapPanelProps) {
  const areaCode = useSession((s) => s.userInfo?.AuthAreaCode);
  const center = useMemo(() => lookupDistrictCentre(areaCode ?? ''), [areaCode]);
  const markers = useMemo<MapMarker[]>(() => (data?.markers ?? []).map((m) => ({ id: m.id, title: m.title, lng: m.lng, lat: m.lat, state: m.state })), [data?.markers]);
  return (
    <Panel title="项目分布" className="so-map-panel" {...frame} empty={markers.length === 0} extra={<span>{markers.length} 个项目</span>}>
      <div className="so-map" data-markers={markers.length}>
        <ProjectMap className="so-map-canvas" markers={markers} center={center} onSelect={onSelect} />
        {data && selectedId && <ProjectCard projectId={selectedId} data={data} onClose={() => onSelect(undefined)} />}
      </div>
    </Panel>
  );
}
