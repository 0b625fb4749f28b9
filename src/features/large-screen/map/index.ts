// Project map of the large screens (§9 Map). Import this from a lazily loaded screen body only, so the
// OpenLayers chunk loads on the screens that show a map.
export type { MapMarker, MarkerState, ProjectMapProps, ProjectMapHandle } from './types';
export { ProjectMap } from './ProjectMap';
export { lookupDistrictCentre, findDistricts, resolveCentre, DISTRICTS, type District } from './districts';
export { MARKER_STATES, VEHICLE_MARKER_STATES, markerColor, type MarkerStateInfo } from './marker-style';
export { DEFAULT_CENTER, DEFAULT_ZOOM } from './constants';
export { DEFAULT_MAP_STYLE, MAP_STYLES, type MapStyleName } from './map-styles';
