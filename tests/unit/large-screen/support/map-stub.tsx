// Stand-in for the large-screen map in the screen tests: OpenLayers draws on canvas (tested on its own);
// here a button per marker (its state in data-state) that selects it, and the centre the map was given.
// In a test file:  vi.mock('../../../src/features/large-screen/map', () => import('./support/map-stub'));
import { useEffect } from 'react';
import type { MapMarker } from '../../../../src/features/large-screen/map/types';

export { lookupDistrictCentre } from '../../../../src/features/large-screen/map/districts';

/** The props of the map drawn last. */
export const mapProps: { center: [number, number] | undefined } = { center: undefined };

export function ProjectMap({ markers, onSelect, center }: { markers: MapMarker[]; onSelect?: (id: string) => void; center?: [number, number] }) {
  useEffect(() => {
    mapProps.center = center;
  });
  return (
    <div aria-label="项目地图">
      {markers.map((m) => (
        <button key={m.id} type="button" data-state={m.state} onClick={() => onSelect?.(m.id)}>
          标记 {m.title}
        </button>
      ))}
    </div>
  );
}
