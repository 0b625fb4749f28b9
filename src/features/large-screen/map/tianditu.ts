// Tianditu (天地图, the national map service of §9/§7.8) vector base (vec_c) and annotation (cva_c)
// layers in EPSG:4326, WMTS tile matrix set "c" (level 1 = two 256 px tiles across 360°).
import TileLayer from 'ol/layer/Tile';
import XYZ from 'ol/source/XYZ';
import TileGrid from 'ol/tilegrid/TileGrid';
import { MAP_ERRORS, MAP_PROJECTION } from './constants';
import type { TileRetry } from './tile-retry';

export type TiandituLayerName = 'vec' | 'cva';

export const TIANDITU_MAX_LEVEL = 18;

/** Resolutions (degrees per pixel) by zoom level 0…18; Tianditu serves levels 1 and up. */
export const TIANDITU_RESOLUTIONS: readonly number[] = Array.from({ length: TIANDITU_MAX_LEVEL + 1 }, (_, z) => 1.40625 / 2 ** z);

/** The WMTS KVP tile address template of one layer, with OpenLayers' {z}/{x}/{y} and server range. */
export function tiandituTileUrl(layer: TiandituLayerName, key: string): string {
  if (!key) throw new Error(MAP_ERRORS.noKey);
  return (
    `https://t{0-7}.tianditu.gov.cn/${layer}_c/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0` +
    `&LAYER=${layer}&STYLE=default&TILEMATRIXSET=c&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}` +
    `&tk=${encodeURIComponent(key)}`
  );
}

function tiandituLayer(layer: TiandituLayerName, key: string, retry: TileRetry): TileLayer<XYZ> {
  const source = new XYZ({
    url: tiandituTileUrl(layer, key),
    projection: MAP_PROJECTION,
    tileGrid: new TileGrid({ origin: [-180, 90], resolutions: [...TIANDITU_RESOLUTIONS], tileSize: 256, minZoom: 1 }),
    wrapX: false,
    attributions: layer === 'vec' ? '© 天地图' : undefined,
  });
  source.on('tileloaderror', (e) => {
    retry.onError(e.tile);
  });
  // vec gets the dark wall-display tint in project-map.css; annotations stay legible on top.
  return new TileLayer({ source, className: `ls-map-tdt-${layer}`, zIndex: layer === 'vec' ? 10 : 11 });
}

export const tiandituLayers = (key: string, retry: TileRetry) => [tiandituLayer('vec', key, retry), tiandituLayer('cva', key, retry)];
