// §9 "default style dartGreen" (docs/map.md "Map styles"): the offline base is drawn in the style's
// colours, dartGreen unless a screen names another, and the map element names its style for the CSS.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type VectorLayer from 'ol/layer/Vector';
import type LayerGroup from 'ol/layer/Group';
import type { Style } from 'ol/style';
import { ProjectMap } from '../../../src/features/large-screen/map';
import { DEFAULT_MAP_STYLE, MAP_STYLES, mapStyleOf } from '../../../src/features/large-screen/map/map-styles';
import { offlineLayers } from '../../../src/features/large-screen/map/offline-base';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The stroke colours of the offline base's district and river shapes. */
function shapeColours(palette?: (typeof MAP_STYLES)[keyof typeof MAP_STYLES]) {
  const base = offlineLayers(1, palette);
  const group = base.layers[0] as LayerGroup;
  const shapes = group.getLayers().item(1) as VectorLayer;
  const style = shapes.getStyleFunction()!;
  const colours = shapes
    .getSource()!
    .getFeatures()
    .map((f) => ((style(f, 1) as Style[])[0].getStroke()?.getColor() as string) ?? '');
  const out = { colours: new Set(colours) };
  base.dispose();
  return out;
}

describe('map styles', () => {
  it('dartGreen is the default', () => {
    expect(DEFAULT_MAP_STYLE).toBe('dartGreen');
    expect(mapStyleOf(undefined)).toBe('dartGreen');
    expect(mapStyleOf('nonesuch')).toBe('dartGreen');
    expect(mapStyleOf('navy')).toBe('navy');
  });

  it('the offline base draws districts and the river in the dartGreen colours unless told another style', () => {
    const green = shapeColours();
    expect(green.colours).toEqual(new Set([MAP_STYLES.dartGreen.districtLine, MAP_STYLES.dartGreen.river]));
    const navy = shapeColours(MAP_STYLES.navy);
    expect(navy.colours).toEqual(new Set([MAP_STYLES.navy.districtLine, MAP_STYLES.navy.river]));
    expect(MAP_STYLES.dartGreen.districtLine).not.toBe(MAP_STYLES.navy.districtLine);
  });

  it('the map element carries its style for the CSS (background and the Tianditu tint)', () => {
    render(<ProjectMap markers={[]} />);
    expect(screen.getByTestId('project-map').getAttribute('data-map-style')).toBe('dartGreen');
    cleanup();
    render(<ProjectMap markers={[]} mapStyle="navy" />);
    expect(screen.getByTestId('project-map').getAttribute('data-map-style')).toBe('navy');
  });
});
