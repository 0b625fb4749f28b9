// What the plant's screens derive from the ConcretePlant answer: map markers of the plant and its
// tankers, tanker states for the ring, material colours, short times.
import { chinaFormat } from '../../../../lib/time/china-time';
import type { ConcretePlant, PlantTanker, TankerState } from '../../../../../common/screens/concrete-plant';
import type { MapMarker } from '../../map/types';

export const TANKER_ORDER: readonly TankerState[] = ['atPlant', 'toSite', 'atSite', 'returning'];
export const TANKER_COLORS: Record<TankerState, string> = { atPlant: '#4d9dff', toSite: '#2fe08d', atSite: '#ffc53d', returning: '#19e6ff' };
export const TANKER_NAMES: Record<TankerState, string> = { atPlant: '在站', toSite: '运输中', atSite: '卸料中', returning: '返程中' };

/** The plant (when it has a position) and every tanker with a position. */
export function tankerMarkers(data: ConcretePlant | undefined): MapMarker[] {
  if (!data) return [];
  const out: MapMarker[] = [];
  if (data.plantPosition) out.push({ id: 'plant', title: data.plantName || '搅拌站', lng: data.plantPosition[0], lat: data.plantPosition[1], state: 'plant' });
  for (const t of data.tankers) {
    if (t.lng === null || t.lat === null || t.state === 'atPlant') continue;
    out.push({ id: t.id, title: t.carNo ? `${t.carNo} ${t.plateNo}` : t.plateNo, lng: t.lng, lat: t.lat, state: t.state });
  }
  return out;
}

export function tankerCounts(tankers: readonly PlantTanker[] | undefined) {
  return TANKER_ORDER.map((state) => ({ name: TANKER_NAMES[state], value: (tankers ?? []).filter((t) => t.state === state).length, color: TANKER_COLORS[state] }));
}

export const MATERIAL_COLORS = ['#1ec8ff', '#ffc53d', '#8c9eff', '#22e3a5', '#ff8a65', '#4dd0e1', '#f06292'];

export const shortTime = (at: string | null | undefined): string => (at ? chinaFormat(at, 'MM-DD HH:mm') : '--');
export const clock = (at: string | null | undefined): string => (at ? chinaFormat(at, 'HH:mm') : '--');
export const m3 = (v: number | null | undefined): string => (v === null || v === undefined ? '--' : `${Math.round(v * 10) / 10}`);
