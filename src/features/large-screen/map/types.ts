// Public types of the large-screen project map (§9 Map, §3.4 map marker).
import type { MapStyleName } from './map-styles';
import type { ProjectState } from '../../../../common/screens/basics';

/** §3.4 marker states: a project's state or a pointed place; colour and legend name in marker-style.ts. */
export type MarkerState = ProjectState | 'pointing' | 'plant' | 'atPlant' | 'toSite' | 'atSite' | 'returning';

/** A marker state's legend name and colour (marker-style.ts MARKER_STATES). */
export type MarkerStateInfo = { state: MarkerState; name: string; color: string };

/** One project on the map, in EPSG:4326 (longitude, latitude). */
export type MapMarker = { id: string; title?: string; lng: number; lat: number; state: MarkerState };

export type ProjectMapProps = {
  markers: MapMarker[];
  /** Called with the id of the clicked marker (the first one under the pointer). */
  onSelect?: (id: string) => void;
  className?: string;
  /** [lng, lat]; default 内江 [105.06, 29.58]. */
  center?: [number, number];
  /** Default 12. */
  zoom?: number;
  /** The legend's states; default the §3.4 project states. */
  legend?: readonly MarkerStateInfo[];
  /** §9 map style: 'dartGreen' (default) or 'navy' (map-styles.ts). */
  mapStyle?: MapStyleName;
};

/** Imperative helpers exposed through the component's ref. */
export type ProjectMapHandle = {
  clearMarkers: () => void;
  recentre: (center?: [number, number], zoom?: number) => void;
};
