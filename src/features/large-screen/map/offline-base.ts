// The bundled offline base map used when no Tianditu key is configured: a dark graticule and the
// schematic outlines of 内江's districts and counties with their names, plus the 沱江 (neijiang.geo.json,
// approximate shapes, not survey data), so the map is never a blank area. Texts and lines are in design
// px × the map's display scale (map-scale.ts).
import GeoJSON from 'ol/format/GeoJSON';
import type { FeatureLike } from 'ol/Feature';
import Point from 'ol/geom/Point';
import Graticule from 'ol/layer/Graticule';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import type BaseLayer from 'ol/layer/Base';
import LayerGroup from 'ol/layer/Group';
import { Fill, Stroke, Style, Text } from 'ol/style';
import { MAP_PROJECTION } from './constants';
import { DEFAULT_MAP_STYLE, MAP_STYLES, type MapPalette } from './map-styles';
import neijiang from './neijiang.geo.json';

const FONT_FAMILY = "'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif";

const formatDegrees = (value: number, positive: string, negative: string) => `${Math.abs(value).toFixed(2)}°${value >= 0 ? positive : negative}`;

const gridFont = (scale: number) => `${Math.max(7, Math.round(11 * scale))}px ${FONT_FAMILY}`;

/** The graticule copies its label styles and line spacing when made: a new scale makes a new one. */
function graticule(scale: number, palette: MapPalette): Graticule {
  const labelStyle = (textAlign: CanvasTextAlign, textBaseline: CanvasTextBaseline) =>
    new Text({ font: gridFont(scale), textAlign, textBaseline, fill: new Fill({ color: palette.gridLabel }) });
  return new Graticule({
    strokeStyle: new Stroke({ color: palette.gridLine, width: 1 }),
    showLabels: true,
    wrapX: false,
    // Lines about 140 design px apart.
    targetSize: 140 * scale,
    lonLabelFormatter: (lon) => formatDegrees(lon, 'E', 'W'),
    latLabelFormatter: (lat) => formatDegrees(lat, 'N', 'S'),
    // Longitudes along the top, latitudes down the left: the legend sits bottom left, zoom top right.
    lonLabelPosition: 0.985,
    latLabelPosition: 0.012,
    lonLabelStyle: labelStyle('center', 'top'),
    latLabelStyle: labelStyle('start', 'bottom'),
    zIndex: 1,
  });
}

function labelStyle(feature: FeatureLike, river: boolean, scale: number, palette: MapPalette): Style {
  const at = feature.get('label') as [number, number] | undefined;
  return new Style({
    geometry: at ? new Point(at) : undefined,
    text: new Text({
      text: String(feature.get('name') ?? ''),
      font: `${river ? 'italic' : '600'} ${Math.max(7, Math.round((river ? 12 : 15) * scale))}px ${FONT_FAMILY}`,
      fill: new Fill({ color: river ? palette.riverLabel : palette.districtLabel }),
      stroke: new Stroke({ color: palette.halo, width: Math.max(1, 3 * scale) }),
      overflow: true,
    }),
  });
}

function shapeStyle(river: boolean, scale: number, palette: MapPalette): Style {
  const line = (px: number) => Math.max(1, px * scale);
  return river
    ? new Style({ stroke: new Stroke({ color: palette.river, width: line(3) }) })
    : new Style({ fill: new Fill({ color: palette.districtFill }), stroke: new Stroke({ color: palette.districtLine, width: line(1.5), lineDash: [6 * scale, 4 * scale] }) });
}

function districts(scale: () => number, palette: MapPalette): VectorLayer<VectorSource> {
  const features = new GeoJSON().readFeatures(neijiang, { dataProjection: MAP_PROJECTION, featureProjection: MAP_PROJECTION });
  let builtFor = Number.NaN;
  let styles = new Map<FeatureLike, Style[]>();
  const stylesAt = (s: number) => {
    if (s !== builtFor) {
      builtFor = s;
      styles = new Map(
        features.map((f) => {
          const river = f.get('kind') === 'river';
          return [f, [shapeStyle(river, s, palette), labelStyle(f, river, s, palette)]];
        }),
      );
    }
    return styles;
  };
  return new VectorLayer({
    source: new VectorSource({ features }),
    style: (f) => stylesAt(scale()).get(f),
    className: 'ls-map-offline',
    zIndex: 2,
    declutter: true,
  });
}

/** Base layers whose texts and lines follow the display scale; `setScale` redraws them at a new one. */
export type ScaledLayers = { layers: BaseLayer[]; setScale(scale: number): void; dispose(): void };

/** `palette`: the map style's colours (map-styles.ts), dartGreen unless told. */
export function offlineLayers(initialScale: number, palette: MapPalette = MAP_STYLES[DEFAULT_MAP_STYLE]): ScaledLayers {
  let scale = initialScale;
  let grid = graticule(scale, palette);
  const shapes = districts(() => scale, palette);
  // One group, so the graticule can be replaced in place (the map's layer list stays as it is).
  const group = new LayerGroup({ layers: [grid, shapes] });
  return {
    layers: [group],
    setScale(next) {
      if (next === scale) return;
      scale = next;
      const old = grid;
      grid = graticule(scale, palette);
      group.getLayers().setAt(0, grid);
      old.dispose();
      shapes.changed();
    },
    dispose() {
      group.getLayers().clear();
      grid.dispose();
      shapes.dispose();
      group.dispose();
    },
  };
}
