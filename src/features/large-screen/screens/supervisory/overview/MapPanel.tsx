// 项目分布: the area's projects on the map, coloured by state (§3.4), centred on the user's area
// (AuthAreaCode, §7.8); a click opens the project card.
import { useMemo } from 'react';
import type { SupervisoryOverview } from '../../../../../../common/screens/supervisory';
import { useSession } from '../../../../../lib/session/store';
import { lookupDistrictCentre, type MapMarker } from '../../../map';
import type { SourceFrame } from '../../../kit/frame';
import { ProjectMapPanel } from '../../../shared/ProjectMapPanel';
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
  const card = data && selectedId && <ProjectCard projectId={selectedId} data={data} onClose={() => onSelect(undefined)} />;
  return <ProjectMapPanel markers={markers} frame={frame} onSelect={onSelect} card={card} center={center} mapClass="so-map" />;
}
