// §9 Map constants and the §8 map errors.

/** §9: projection EPSG:4326 (longitude, latitude in degrees). */
export const MAP_PROJECTION = 'EPSG:4326';
/** §9 default centre (内江) and zoom; also the §8 fallback when a centre is empty. */
export const DEFAULT_CENTER: readonly [number, number] = [105.06, 29.58];
export const DEFAULT_ZOOM = 12;
export const MIN_ZOOM = 4;
export const MAX_ZOOM = 18;
/** §9: the marker layer stacks above every base layer. */
export const MARKER_LAYER_Z_INDEX = 1000;
/** Markers closer than this many pixels merge into one cluster (§9 marker clusterer). */
export const CLUSTER_DISTANCE_PX = 36;
export const CLUSTER_MIN_DISTANCE_PX = 16;
/** Zooming into a clicked cluster. */
export const ZOOM_ANIMATION_MS = 350;

/** §8 error texts, reported exactly as the catalogue gives them. */
export const MAP_ERRORS = {
  noKey: 'No tianDiTu key found',
  noLayersBuilder: 'No default layers builder found by source code',
} as const;
