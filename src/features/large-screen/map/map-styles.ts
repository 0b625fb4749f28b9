// §9 "default style dartGreen" (docs/map.md "Map styles"): the map's named looks. A style colours the
// base — the offline base's graticule, district outlines and names, the 沱江, the map's background, and
// the tint over Tianditu's light tiles (project-map.css, by `data-map-style`). Markers keep their state
// colours (marker-style.ts) in every style, so a state reads the same on every screen.

export type MapStyleName = 'dartGreen' | 'navy';

export type MapPalette = {
  gridLine: string;
  gridLabel: string;
  districtFill: string;
  districtLine: string;
  districtLabel: string;
  river: string;
  riverLabel: string;
  /** The dark halo behind every text. */
  halo: string;
};

export const MAP_STYLES: Readonly<Record<MapStyleName, MapPalette>> = {
  // Dark green: the default of §9.
  dartGreen: {
    gridLine: 'rgba(60, 200, 130, 0.14)',
    gridLabel: 'rgba(120, 230, 170, 0.55)',
    districtFill: 'rgba(14, 84, 58, 0.34)',
    districtLine: 'rgba(70, 220, 150, 0.6)',
    districtLabel: 'rgba(175, 240, 205, 0.78)',
    river: 'rgba(60, 200, 220, 0.55)',
    riverLabel: 'rgba(120, 220, 230, 0.8)',
    halo: 'rgba(2, 20, 12, 0.85)',
  },
  // The large screens' navy and cyan.
  navy: {
    gridLine: 'rgba(64, 160, 255, 0.14)',
    gridLabel: 'rgba(120, 190, 255, 0.55)',
    districtFill: 'rgba(12, 70, 96, 0.32)',
    districtLine: 'rgba(70, 190, 255, 0.6)',
    districtLabel: 'rgba(170, 220, 255, 0.75)',
    river: 'rgba(50, 170, 255, 0.55)',
    riverLabel: 'rgba(110, 200, 255, 0.8)',
    halo: 'rgba(2, 11, 26, 0.85)',
  },
};

/** §9: the style a map has when its screen names none. */
export const DEFAULT_MAP_STYLE: MapStyleName = 'dartGreen';

/** A known style name, else the default (a style name may come from a screen's settings). */
export const mapStyleOf = (name: string | undefined): MapStyleName => (name !== undefined && Object.hasOwn(MAP_STYLES, name) ? (name as MapStyleName) : DEFAULT_MAP_STYLE);
