// OpenLayers styles of the marker layer, built from the plain appearances of marker-style.ts (design px)
// at the map's display scale (map-scale.ts) and cached (a style per distinct look, not per feature per
// frame).
import type { FeatureLike } from 'ol/Feature';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import type { StyleFunction } from 'ol/style/Style';
import { labelFontPx } from './map-scale';
import { appearanceKey, appearanceOf, type Appearance } from './marker-style';
import type { MapMarker } from './types';

/** The marker data a rendered (cluster) feature stands for. */
export function membersOf(feature: FeatureLike): MapMarker[] {
  const inner = feature.get('features') as FeatureLike[] | undefined;
  const list = inner ?? [feature];
  return list.map((f) => f.get('marker') as MapMarker | undefined).filter((m): m is MapMarker => m !== undefined);
}

const FONT_FAMILY = "'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif";

function buildStyles(a: Appearance, scale: number): Style[] {
  const radius = a.radius * scale;
  const fontPx = labelFontPx(scale);
  const line = (designPx: number) => Math.max(1, designPx * scale);
  const halo = new Style({
    image: new Circle({
      declutterMode: 'none',
      radius: radius + 5 * scale,
      fill: new Fill({ color: `${a.color}33` }),
      stroke: new Stroke({ color: `${a.color}66`, width: line(1) }),
    }),
  });
  const dot = new Style({
    // The dot always draws and keeps titles off it; a title that would overlap another is hidden until
    // the map is zoomed in far enough (the layer declutters).
    image: new Circle({
      declutterMode: 'obstacle',
      radius,
      fill: new Fill({ color: a.ring ? 'rgba(2, 11, 26, 0.6)' : a.color }),
      stroke: new Stroke({ color: a.ring ? a.color : 'rgba(255, 255, 255, 0.9)', width: line(a.ring ? 3 : 1.5) }),
    }),
    text: a.count
      ? new Text({ declutterMode: 'none', text: a.count, font: `600 ${Math.round(fontPx * 0.9)}px ${FONT_FAMILY}`, fill: new Fill({ color: '#021025' }) })
      : a.label
        ? new Text({
            text: a.label,
            font: `${fontPx}px ${FONT_FAMILY}`,
            offsetY: radius + fontPx * 0.9,
            fill: new Fill({ color: '#e6f4ff' }),
            stroke: new Stroke({ color: 'rgba(2, 11, 26, 0.9)', width: line(3) }),
            overflow: true,
          })
        : undefined,
  });
  return [halo, dot];
}

/** A style function for the cluster layer; `labels()` and the display `scale()` are read at draw time. */
export function createMarkerStyle(labels: () => boolean, scale: () => number): StyleFunction {
  const cache = new Map<string, Style[]>();
  return (feature) => {
    const a = appearanceOf(membersOf(feature), labels());
    const s = scale();
    const key = appearanceKey(a, s);
    let styles = cache.get(key);
    if (!styles) {
      if (cache.size > 500) cache.clear();
      styles = buildStyles(a, s);
      cache.set(key, styles);
    }
    return styles;
  };
}
