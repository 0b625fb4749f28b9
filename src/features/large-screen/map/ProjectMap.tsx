// §9 Map: the project map of the large screens. Markers coloured by state (legend in the corner),
// clustered when close, a click reports the first marker's id; Tianditu tiles when a key is configured
// at run time, otherwise the bundled offline base. Fills and follows its container; disposes everything
// on unmount. Imperative helpers (clear markers, recentre) through `ref`.
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import 'ol/ol.css';
import { getClientConfig } from './api/getClientConfig';
import { DEFAULT_ZOOM } from './constants';
import { createProjectMap, type ProjectMapController } from './create-project-map';
import { mapStyleOf } from './map-styles';
import { MapLegend } from './MapLegend';
import type { ProjectMapHandle, ProjectMapProps } from './types';
import './project-map.css';

let canvasSupport: boolean | undefined;
/** A browser without a 2D canvas (or a test DOM) gets a plain message instead of a failing map. */
const canDrawMap = (): boolean => (canvasSupport ??= Boolean(document.createElement('canvas').getContext?.('2d')));

export function ProjectMap({ markers, onSelect, className, center, zoom, legend, mapStyle, ref }: ProjectMapProps & { ref?: Ref<ProjectMapHandle> }) {
  const container = useRef<HTMLDivElement>(null);
  const controller = useRef<ProjectMapController | null>(null);
  const select = useRef(onSelect);
  const [drawable] = useState(canDrawMap);
  const lng = center?.[0];
  const lat = center?.[1];
  const level = zoom ?? DEFAULT_ZOOM;
  const style = mapStyleOf(mapStyle);

  useEffect(() => {
    select.current = onSelect;
  });

  // The map lives as long as the component; view and markers follow the props in the effects below.
  useEffect(() => {
    const target = container.current;
    if (!target || !drawable) return;
    const map = createProjectMap(target, { center: center ?? undefined, zoom: level, style, onSelect: (id) => select.current?.(id) });
    controller.current = map;
    let live = true;
    void getClientConfig().then((config) => {
      if (live) map.setBase(config);
    });
    return () => {
      live = false;
      controller.current = null;
      map.dispose();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once; later centre/zoom go through recentre
  }, [drawable]);

  useEffect(() => {
    controller.current?.setMarkers(markers);
  }, [markers]);

  useEffect(() => {
    controller.current?.recentre(lng === undefined || lat === undefined ? undefined : [lng, lat], level);
  }, [lng, lat, level]);

  useImperativeHandle(
    ref,
    () => ({
      clearMarkers: () => controller.current?.clearMarkers(),
      recentre: (c, z) => controller.current?.recentre(c, z),
    }),
    [],
  );

  return (
    <div className={['ls-map', className].filter(Boolean).join(' ')} data-testid="project-map" data-map-style={style}>
      <div ref={container} className="ls-map-canvas" />
      {!drawable && <div className="ls-map-unsupported">当前浏览器不支持地图显示</div>}
      <MapLegend states={legend} />
    </div>
  );
}
