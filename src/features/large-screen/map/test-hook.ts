// End-to-end hook (docs/map.md): `window.__lsMap` describes the last mounted project map so a browser
// test can find a marker's pixel, click it and read the id the screen reports. Read-only apart from
// `focus`, which only moves the view.

export type MapTestHook = {
  /** 'tianditu' or 'offline' once the runtime settings are read, '' before. */
  base(): string;
  /** Ids of the current markers, in the given order. */
  markerIds(): string[];
  /** Rendered features as lists of marker ids (one list per cluster, a single id when alone). */
  clusters(): string[][];
  /** Viewport (client) point of the feature drawing this marker, or null when not rendered or off the map. */
  clientPointOf(id: string): { x: number; y: number } | null;
  /** Centres the marker at the maximum zoom, where it no longer clusters with markers elsewhere. */
  focus(id: string): void;
  zoom(): number | undefined;
  center(): number[] | undefined;
};

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    __lsMap?: MapTestHook;
  }
}

/** Publishes the hook; the returned function removes it if it is still this map's. */
export function publishTestHook(hook: MapTestHook): () => void {
  window.__lsMap = hook;
  return () => {
    if (window.__lsMap === hook) delete window.__lsMap;
  };
}
