// The bundled offline base map used when no Tianditu key is configured: a dark graticule and the
// schematic outlines of 内江's districts and counties with their names, plus the 沱江 (neijiang.geo.json,
// approximate shapes, not survey data), so the map is never a blank area.
import GeoJSON from 'ol/format/GeoJSON';
import type { FeatureLike } from 'ol/Feature';
import Point from 'ol/geom/Point';
import Graticule from 'ol/layer/Graticule';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style, Text } from 'ol/style';
import { MAP_PROJECTION } from './constants';
import neijiang from './neijiang.geo.json';

const FONT_FAMILY = "'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif";

const formatDegrees = (value: number, positive: string, negative: string) => `${Math.abs(value).toFixed(2)}°${value >= 0 ? positive : negative}`;

function graticule(): Graticule {
  const labelStyle = (textAlign: CanvasTextAlign, textBaseline: CanvasTextBaseline) =>
    new Text({ font: `11px ${FONT_FAMILY}`, textAlign, textBaseline, fill: new Fill({ color: 'rgba(120, 190, 255, 0.55)' }) });
  return new Graticule({
    strokeStyle: new Stroke({ color: 'rgba(64, 160, 255, 0.14)', width: 1 }),
    showLabels: true,
    wrapX: false,
    targetSize: 140,
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

const districtFill = new Fill({ color: 'rgba(12, 70, 96, 0.32)' });
const districtStroke = new Stroke({ color: 'rgba(70, 190, 255, 0.6)', width: 1.5, lineDash: [6, 4] });
const riverStroke = new Stroke({ color: 'rgba(50, 170, 255, 0.55)', width: 3 });

function labelStyle(feature: FeatureLike, river: boolean): Style {
  const at = feature.get('label') as [number, number] | undefined;
  return new Style({
    geometry: at ? new Point(at) : undefined,
    text: new Text({
      text: String(feature.get('name') ?? ''),
      font: `${river ? 'italic 12px' : '600 15px'} ${FONT_FAMILY}`,
      fill: new Fill({ color: river ? 'rgba(110, 200, 255, 0.8)' : 'rgba(170, 220, 255, 0.75)' }),
      stroke: new Stroke({ color: 'rgba(2, 11, 26, 0.85)', width: 3 }),
      overflow: true,
    }),
  });
}

function districts(): VectorLayer<VectorSource> {
  const features = new GeoJSON().readFeatures(neijiang, { dataProjection: MAP_PROJECTION, featureProjection: MAP_PROJECTION });
  const styles = new Map<FeatureLike, Style[]>(
    features.map((f) => {
      const river = f.get('kind') === 'river';
      const shape = river ? new Style({ stroke: riverStroke }) : new Style({ fill: districtFill, stroke: districtStroke });
      return [f, [shape, labelStyle(f, river)]];
    }),
  );
  return new VectorLayer({
    source: new VectorSource({ features }),
    style: (f) => styles.get(f),
    className: 'ls-map-offline',
    zIndex: 2,
    declutter: true,
  });
}

export const offlineLayers = () => [graticule(), districts()];
