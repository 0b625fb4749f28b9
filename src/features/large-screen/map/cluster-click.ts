// §9: a click selects the first marker under the pointer and reports its id. A cluster of one is that
// marker; a cluster of several spread-out markers zooms in (they separate) unless the map cannot zoom
// further or they share one spot, and then the first is reported.
import type { MapMarker } from './types';

export type Extent = [minLng: number, minLat: number, maxLng: number, maxLat: number];

export type ClusterClick = { kind: 'select'; id: string } | { kind: 'zoom'; extent: Extent } | { kind: 'none' };

export function extentOf(markers: readonly MapMarker[]): Extent {
  let e: Extent = [Infinity, Infinity, -Infinity, -Infinity];
  for (const m of markers) e = [Math.min(e[0], m.lng), Math.min(e[1], m.lat), Math.max(e[2], m.lng), Math.max(e[3], m.lat)];
  return e;
}

/** Markers closer than this (degrees, about 1 m) count as one spot. */
const SAME_SPOT_DEG = 1e-5;

export function resolveClusterClick(members: readonly MapMarker[], view: { zoom: number; maxZoom: number }): ClusterClick {
  if (members.length === 0) return { kind: 'none' };
  if (members.length === 1) return { kind: 'select', id: members[0].id };
  const extent = extentOf(members);
  const spread = Math.max(extent[2] - extent[0], extent[3] - extent[1]);
  if (spread < SAME_SPOT_DEG || view.zoom >= view.maxZoom - 0.01) return { kind: 'select', id: members[0].id };
  return { kind: 'zoom', extent };
}
