// The OpenLayers side of the project map (§9 Map), free of React: one map on a target element with the
// marker cluster layer on top (z-index 1000), base layers chosen once the runtime settings arrive, click
// selection, resizing with the container, and disposal of everything it started. Zoom levels given to it
// are design levels (1920×1080); it shows their area at any display scale (map-scale.ts).
import Feature from 'ol/Feature';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls } from 'ol/control/defaults';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import Cluster from 'ol/source/Cluster';
import VectorSource from 'ol/source/Vector';
import type { ClientConfig } from '../../../../common/client-config';
import { baseSourceFor, buildBaseLayers } from './base-layers';
import { DEFAULT_MAP_STYLE, MAP_STYLES, type MapStyleName } from './map-styles';
import type { ScaledLayers } from './offline-base';
import { resolveClusterClick } from './cluster-click';
import {
  CLUSTER_DISTANCE_PX,
  CLUSTER_MIN_DISTANCE_PX,
  MARKER_LAYER_Z_INDEX,
  MAP_PROJECTION,
  MAX_ZOOM,
  MIN_ZOOM,
  ZOOM_ANIMATION_MS,
} from './constants';
import { resolveCentre } from './districts';
import { mapScaleOfElement, scaledPx, scaledZoom } from './map-scale';
import { shouldShowLabels } from './marker-style';
import { createMarkerStyle, membersOf } from './ol-styles';
import { publishTestHook, type MapTestHook } from './test-hook';
import { createTileRetry } from './tile-retry';
import type { MapMarker } from './types';

export type ProjectMapOptions = {
  center?: readonly number[];
  /** Design level (1920×1080). */
  zoom: number;
  onSelect: (id: string) => void;
  /** §9 map style; default dartGreen (map-styles.ts). */
  style?: MapStyleName;
};

export type ProjectMapController = {
  setMarkers(markers: readonly MapMarker[]): void;
  clearMarkers(): void;
  /** `zoom` is a design level, as the option. */
  recentre(center?: readonly number[], zoom?: number): void;
  /** Adds the base layers for the runtime settings (once). */
  setBase(config: ClientConfig): void;
  dispose(): void;
};

const signature = (markers: readonly MapMarker[]) => JSON.stringify(markers.map((m) => [m.id, m.lng, m.lat, m.state, m.title ?? '']));

const usable = (m: MapMarker) => Number.isFinite(m.lng) && Number.isFinite(m.lat) && Math.abs(m.lng) <= 180 && Math.abs(m.lat) <= 90;

export function createProjectMap(target: HTMLElement, options: ProjectMapOptions): ProjectMapController {
  let markers: readonly MapMarker[] = [];
  let markerKey = '';
  let labels = false;
  let scale = mapScaleOfElement(target);
  let base: ScaledLayers | null = null;
  let baseChosen = false;
  let disposed = false;
  const retry = createTileRetry();

  const markerSource = new VectorSource<Feature<Point>>();
  const clusterSource = new Cluster({
    source: markerSource,
    distance: scaledPx(CLUSTER_DISTANCE_PX, scale),
    minDistance: scaledPx(CLUSTER_MIN_DISTANCE_PX, scale),
  });
  const markerLayer = new VectorLayer({
    source: clusterSource,
    style: createMarkerStyle(
      () => labels,
      () => scale,
    ),
    zIndex: MARKER_LAYER_Z_INDEX,
    declutter: true,
    className: 'ls-map-markers',
  });

  const view = new View({
    projection: MAP_PROJECTION,
    center: resolveCentre(options.center),
    zoom: scaledZoom(options.zoom, scale),
    minZoom: MIN_ZOOM,
    maxZoom: MAX_ZOOM,
  });
  const map = new OlMap({
    target,
    view,
    layers: [markerLayer],
    controls: defaultControls({
      rotate: false,
      zoomOptions: { zoomInTipLabel: '放大', zoomOutTipLabel: '缩小' },
      attributionOptions: { collapsible: false, tipLabel: '地图来源' },
    }),
  });

  const onMarkerLayer = { layerFilter: (l: unknown) => l === markerLayer, hitTolerance: 6 };
  const fitPadding = () => Array<number>(4).fill(scaledPx(80, scale));

  map.on('click', (e) => {
    const feature = map.forEachFeatureAtPixel(e.pixel, (f) => f, onMarkerLayer);
    if (!feature) return;
    const outcome = resolveClusterClick(membersOf(feature), { zoom: view.getZoom() ?? options.zoom, maxZoom: view.getMaxZoom() });
    if (outcome.kind === 'select') options.onSelect(outcome.id);
    else if (outcome.kind === 'zoom') view.fit(outcome.extent, { padding: fitPadding(), duration: ZOOM_ANIMATION_MS, maxZoom: MAX_ZOOM });
  });
  map.on('pointermove', (e) => {
    if (e.dragging) return;
    target.style.cursor = map.hasFeatureAtPixel(e.pixel, onMarkerLayer) ? 'pointer' : '';
  });
  map.once('rendercomplete', () => {
    target.dataset.mapReady = '1';
  });

  // A new display scale (the wall's window resized) keeps the area in view and redraws the marks.
  const resize = new ResizeObserver(() => {
    map.updateSize();
    const next = mapScaleOfElement(target);
    if (next === scale) return;
    const zoom = view.getZoom();
    if (zoom !== undefined) view.setZoom(Math.min(Math.max(zoom + Math.log2(next / scale), MIN_ZOOM), MAX_ZOOM));
    scale = next;
    clusterSource.setDistance(scaledPx(CLUSTER_DISTANCE_PX, scale));
    clusterSource.setMinDistance(scaledPx(CLUSTER_MIN_DISTANCE_PX, scale));
    base?.setScale(scale);
    markerLayer.changed();
  });
  resize.observe(target);

  function setMarkers(next: readonly MapMarker[]) {
    const key = signature(next);
    if (key === markerKey) return;
    markerKey = key;
    markers = next.filter(usable);
    labels = shouldShowLabels(markers);
    markerSource.clear(true);
    markerSource.addFeatures(
      markers.map((m) => {
        const f = new Feature({ geometry: new Point([m.lng, m.lat]), marker: m });
        f.setId(m.id);
        return f;
      }),
    );
    target.dataset.markerCount = String(markers.length);
  }

  function recentre(center?: readonly number[], zoom?: number) {
    view.cancelAnimations();
    view.setCenter(resolveCentre(center ?? options.center));
    view.setZoom(scaledZoom(zoom ?? options.zoom, scale));
  }

  const clusterOf = (id: string) => clusterSource.getFeatures().find((c) => membersOf(c).some((m) => m.id === id));

  const hook: MapTestHook = {
    base: () => target.dataset.mapBase ?? '',
    markerIds: () => markers.map((m) => m.id),
    clusters: () => clusterSource.getFeatures().map((c) => membersOf(c).map((m) => m.id)),
    clientPointOf(id) {
      const geometry = clusterOf(id)?.getGeometry();
      const coordinate = geometry instanceof Point ? geometry.getCoordinates() : undefined;
      const pixel = coordinate ? map.getPixelFromCoordinate(coordinate) : null;
      const size = map.getSize();
      if (!pixel || !size || pixel[0] < 0 || pixel[1] < 0 || pixel[0] > size[0] || pixel[1] > size[1]) return null;
      const rect = target.getBoundingClientRect();
      return { x: rect.left + pixel[0], y: rect.top + pixel[1] };
    },
    focus(id) {
      const m = markers.find((x) => x.id === id);
      if (!m) return;
      view.cancelAnimations();
      view.setCenter([m.lng, m.lat]);
      view.setZoom(MAX_ZOOM);
    },
    zoom: () => view.getZoom(),
    center: () => view.getCenter(),
  };
  const unpublish = publishTestHook(hook);

  return {
    setMarkers,
    clearMarkers: () => setMarkers([]),
    recentre,
    setBase(config) {
      if (baseChosen) return;
      baseChosen = true;
      const code = baseSourceFor(config);
      void buildBaseLayers(code, { key: config.tiandituKey, retry, scale, palette: MAP_STYLES[options.style ?? DEFAULT_MAP_STYLE] }).then((layers) => {
        if (disposed) {
          layers.dispose();
          return;
        }
        base = layers;
        base.setScale(scale); // the display scale may have changed while the layers loaded
        for (const layer of base.layers) map.addLayer(layer);
        target.dataset.mapBase = code;
      });
    },
    dispose() {
      disposed = true;
      unpublish();
      resize.disconnect();
      retry.dispose();
      view.cancelAnimations();
      map.setTarget(undefined);
      base?.dispose();
      markerLayer.dispose();
      clusterSource.dispose();
      markerSource.dispose();
      map.dispose();
      delete target.dataset.mapReady;
      delete target.dataset.mapBase;
    },
  };
}
