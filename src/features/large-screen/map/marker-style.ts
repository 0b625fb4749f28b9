// §3.4 marker states → colour and Chinese name (one table for the map and its legend), and the
// appearance of a rendered marker or cluster as plain data; ol-styles.ts turns it into OpenLayers styles.
import type { MapMarker, MarkerState, MarkerStateInfo } from './types';

export type { MarkerStateInfo };

/** Legend order; colours read on the navy wall display and stay apart for common colour blindness. */
export const MARKER_STATES: readonly MarkerStateInfo[] = [
  { state: 'inProgress', name: '在建', color: '#2fe08d' },
  { state: 'stopped', name: '停工', color: '#ff5a5f' },
  { state: 'finished', name: '竣工', color: '#4d9dff' },
  { state: 'waitingStart', name: '立项', color: '#ffc53d' },
  { state: 'planning', name: '筹备', color: '#b58cff' },
  { state: 'pointing', name: '定位', color: '#19e6ff' },
];

/** Vehicles on a map (the plant's tankers): where each is, with the plant itself; a map shows this legend with `legend`. */
export const VEHICLE_MARKER_STATES: readonly MarkerStateInfo[] = [
  { state: 'plant', name: '搅拌站', color: '#b58cff' },
  { state: 'atPlant', name: '在站', color: '#4d9dff' },
  { state: 'toSite', name: '运输中', color: '#2fe08d' },
  { state: 'atSite', name: '卸料中', color: '#ffc53d' },
  { state: 'returning', name: '返程中', color: '#19e6ff' },
];

const BY_STATE = new Map([...MARKER_STATES, ...VEHICLE_MARKER_STATES].map((s) => [s.state, s]));

/** Colour of a mixed cluster (members in different states). */
export const MIXED_CLUSTER_COLOR = '#2bb8ff';
/** An unknown state (a newer server) still draws, in the mixed colour, rather than disappearing. */
export const markerStateInfo = (state: string): MarkerStateInfo =>
  BY_STATE.get(state as MarkerState) ?? { state: state as MarkerState, name: state, color: MIXED_CLUSTER_COLOR };

export const markerColor = (state: string): string => markerStateInfo(state).color;

/** §9: text labels are added only when the first marker has a title. */
export const shouldShowLabels = (markers: readonly MapMarker[]): boolean => Boolean(markers[0]?.title?.trim());

export type Appearance = {
  color: string;
  /** Radius of the dot in design px (CSS px at 1920×1080; ol-styles.ts multiplies by the display scale). */
  radius: number;
  /** Count drawn inside a cluster. */
  count?: string;
  /** Title drawn under a single marker. */
  label?: string;
  /** `pointing` is drawn as a ring (a location being picked), the rest as filled dots. */
  ring: boolean;
};

export const MARKER_RADIUS_PX = 7;
const MAX_LABEL_CHARS = 14;

const shorten = (title: string): string => (title.length > MAX_LABEL_CHARS ? `${title.slice(0, MAX_LABEL_CHARS - 1)}…` : title);

/**
 * What one rendered feature looks like: a single marker (with its title when labels are on), or a
 * cluster with its member count, coloured by the members' common state or the mixed colour.
 */
export function appearanceOf(members: readonly MapMarker[], labels: boolean): Appearance {
  if (members.length <= 1) {
    const m = members[0];
    const title = labels ? m?.title?.trim() : '';
    return {
      color: m ? markerColor(m.state) : MIXED_CLUSTER_COLOR,
      radius: MARKER_RADIUS_PX,
      ring: m?.state === 'pointing',
      ...(title ? { label: shorten(title) } : {}),
    };
  }
  const first = members[0].state;
  const same = members.every((m) => m.state === first);
  return {
    color: same ? markerColor(first) : MIXED_CLUSTER_COLOR,
    radius: Math.min(11 + Math.log2(members.length) * 3, 24),
    count: members.length > 999 ? '999+' : String(members.length),
    ring: false,
  };
}

/** A stable key for caching the built style of an appearance. */
export const appearanceKey = (a: Appearance, scale: number): string =>
  [a.color, a.radius.toFixed(1), a.count ?? '', a.label ?? '', a.ring ? 1 : 0, scale.toFixed(3)].join('|');
