// §9 Map, the parts that need no canvas: marker state colours and names, cluster appearance, labels only
// when the first marker has a title, cluster click resolution, the district lookup with its §8 fallback,
// tile retries with back-off and the Tianditu tile address.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveClusterClick } from '../../../src/features/large-screen/map/cluster-click';
import { DEFAULT_CENTER, MAP_ERRORS } from '../../../src/features/large-screen/map/constants';
import { findDistricts, lookupDistrictCentre, resolveCentre } from '../../../src/features/large-screen/map/districts';
import {
  appearanceOf,
  markerColor,
  MARKER_STATES,
  MIXED_CLUSTER_COLOR,
  shouldShowLabels,
} from '../../../src/features/large-screen/map/marker-style';
import { labelFontPx, mapScaleOf, scaledPx, scaledZoom } from '../../../src/features/large-screen/map/map-scale';
import { displayScaleFor } from '../../../src/features/large-screen/display-scale';
import { tiandituTileUrl, TIANDITU_RESOLUTIONS } from '../../../src/features/large-screen/map/tianditu';
import { createTileRetry } from '../../../src/features/large-screen/map/tile-retry';
import type { MapMarker } from '../../../src/features/large-screen/map';
import neijiang from '../../../src/features/large-screen/map/neijiang.geo.json';

const marker = (id: string, state: MapMarker['state'], lng = 105.06, lat = 29.58, title?: string): MapMarker => ({
  id,
  state,
  lng,
  lat,
  ...(title === undefined ? {} : { title }),
});

describe('marker states', () => {
  it('has the six §3.4 states, each with its own colour and Chinese legend name', () => {
    expect(MARKER_STATES.map((s) => [s.state, s.name])).toEqual([
      ['inProgress', '在建'],
      ['stopped', '停工'],
      ['finished', '竣工'],
      ['waitingStart', '立项'],
      ['planning', '筹备'],
      ['pointing', '定位'],
    ]);
    const colours = MARKER_STATES.map((s) => s.color.toLowerCase());
    expect(new Set(colours).size).toBe(6);
    expect(colours).not.toContain(MIXED_CLUSTER_COLOR.toLowerCase());
    for (const c of colours) expect(c).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('colours a single marker by its state; an unknown state still draws in the mixed colour', () => {
    expect(appearanceOf([marker('1', 'stopped')], false).color).toBe(markerColor('stopped'));
    expect(appearanceOf([marker('1', 'inProgress')], false).color).toBe(markerColor('inProgress'));
    expect(markerColor('stopped')).not.toBe(markerColor('inProgress'));
    expect(markerColor('somethingNew')).toBe(MIXED_CLUSTER_COLOR);
  });

  it('draws pointing as a ring and the others as filled dots', () => {
    expect(appearanceOf([marker('1', 'pointing')], false).ring).toBe(true);
    expect(appearanceOf([marker('1', 'planning')], false).ring).toBe(false);
  });

  it('labels single markers with their title only when labels are on, shortening long titles', () => {
    expect(appearanceOf([marker('1', 'finished', 105, 29, '甜城湖片区')], true).label).toBe('甜城湖片区');
    expect(appearanceOf([marker('1', 'finished', 105, 29, '甜城湖片区')], false).label).toBeUndefined();
    const long = appearanceOf([marker('1', 'finished', 105, 29, '内江市甜城湖片区棚户区改造项目二期工程')], true).label!;
    expect(long).toHaveLength(14);
    expect(long.endsWith('…')).toBe(true);
  });

  it('§9: shows labels only when the first marker has a title', () => {
    expect(shouldShowLabels([marker('1', 'planning', 105, 29, '项目一'), marker('2', 'planning')])).toBe(true);
    expect(shouldShowLabels([marker('1', 'planning'), marker('2', 'planning', 105, 29, '项目二')])).toBe(false);
    expect(shouldShowLabels([marker('1', 'planning', 105, 29, '  ')])).toBe(false);
    expect(shouldShowLabels([])).toBe(false);
  });

  it('shows a cluster with its count, in the common state colour or the mixed colour', () => {
    const same = appearanceOf([marker('1', 'stopped'), marker('2', 'stopped')], true);
    expect(same).toMatchObject({ count: '2', color: markerColor('stopped') });
    expect(same.label).toBeUndefined();
    const mixed = appearanceOf([marker('1', 'stopped'), marker('2', 'finished'), marker('3', 'finished')], false);
    expect(mixed).toMatchObject({ count: '3', color: MIXED_CLUSTER_COLOR });
    expect(mixed.radius).toBeGreaterThan(same.radius);
    const many = appearanceOf(Array.from({ length: 1200 }, (_, i) => marker(String(i), 'planning')), false);
    expect(many.count).toBe('999+');
    expect(many.radius).toBeLessThanOrEqual(24);
  });
});

describe('display scale of the map', () => {
  // The map box is laid out in em: at a display scale s it is s × its design width in CSS px.
  const DESIGN_BOX_PX = 900;
  const atWall = (width: number, height: number) => {
    const scale = mapScaleOf(displayScaleFor(width, height).bodyPx);
    const zoom = scaledZoom(12, scale);
    // degrees across the box: px × degrees per px, which halves with each zoom level
    const degreesAcross = DESIGN_BOX_PX * scale * (TIANDITU_RESOLUTIONS[0] / 2 ** zoom);
    return { scale, zoom, degreesAcross, radius: scaledPx(7, scale), font: labelFontPx(scale) };
  };

  it('adds log2(scale) to the zoom: one level more on a 3840 wall, about one less at 1024', () => {
    expect(atWall(1920, 1080)).toMatchObject({ scale: 1, zoom: 12 });
    expect(atWall(3840, 2160)).toMatchObject({ scale: 2, zoom: 13 });
    const small = atWall(1024, 768);
    expect(small.scale).toBeCloseTo(1024 / 1920, 5);
    expect(small.zoom).toBeCloseTo(12 + Math.log2(1024 / 1920), 5);
  });

  it('shows the same area with marks of the same share of the box at 1024, 1920 and 3840', () => {
    const walls = [atWall(1024, 768), atWall(1920, 1080), atWall(3840, 2160)];
    for (const w of walls) expect(w.degreesAcross).toBeCloseTo(walls[1].degreesAcross, 9);
    // marker radius and label font are the same fraction of the box everywhere (down to 7 px at 1024)
    expect(walls[2].radius / (DESIGN_BOX_PX * walls[2].scale)).toBeCloseTo(walls[1].radius / DESIGN_BOX_PX, 9);
    expect(walls[2].font).toBeCloseTo(walls[1].font * 2, 5);
    expect(walls[0].font).toBeLessThan(walls[1].font);
    expect(walls[0].font).toBeGreaterThanOrEqual(7);
  });

  it('stays within the zoom limits and treats an unreadable font as the design scale', () => {
    expect(scaledZoom(18, 2)).toBe(18);
    expect(scaledZoom(4, 0.5)).toBe(4);
    expect(mapScaleOf(Number.NaN)).toBe(1);
    expect(mapScaleOf(0)).toBe(1);
    expect(mapScaleOf(32)).toBe(2);
  });
});

describe('cluster click', () => {
  const view = { zoom: 12, maxZoom: 18 };

  it('selects the marker of a cluster of one', () => {
    expect(resolveClusterClick([marker('7', 'planning')], view)).toEqual({ kind: 'select', id: '7' });
  });

  it('zooms to the members of a spread-out cluster', () => {
    const outcome = resolveClusterClick([marker('1', 'planning', 105.0, 29.5), marker('2', 'planning', 105.02, 29.53)], view);
    expect(outcome).toEqual({ kind: 'zoom', extent: [105.0, 29.5, 105.02, 29.53] });
  });

  it('reports the first member when the markers share one spot or the map is fully zoomed in', () => {
    const sameSpot = [marker('3', 'planning', 105.06, 29.58), marker('4', 'stopped', 105.06, 29.58)];
    expect(resolveClusterClick(sameSpot, view)).toEqual({ kind: 'select', id: '3' });
    const spread = [marker('5', 'planning', 105.0, 29.5), marker('6', 'planning', 105.001, 29.5)];
    expect(resolveClusterClick(spread, { zoom: 18, maxZoom: 18 })).toEqual({ kind: 'select', id: '5' });
  });

  it('does nothing for a feature without markers', () => {
    expect(resolveClusterClick([], view)).toEqual({ kind: 'none' });
  });
});

describe('district lookup (§7.8) and the §8 default centre', () => {
  it('reads the first district centre for a name, a short name, an adcode or an address', () => {
    expect(lookupDistrictCentre('威远县')).toEqual([104.6685, 29.5274]);
    expect(lookupDistrictCentre('资中')).toEqual([104.852, 29.764]);
    expect(lookupDistrictCentre('511083')).toEqual([105.2874, 29.3394]);
    expect(findDistricts('内江市东兴区')[0].name).toBe('东兴区');
    expect(findDistricts('内江')[0].name).toBe('内江市');
    expect(findDistricts('市中区').map((d) => d.name)).toEqual(['市中区']);
    expect(lookupDistrictCentre(' 隆昌市 ')).toEqual([105.2874, 29.3394]);
  });

  it('falls back to the default coordinate for an empty or unknown keyword', () => {
    expect(lookupDistrictCentre('')).toEqual([...DEFAULT_CENTER]);
    expect(lookupDistrictCentre(undefined)).toEqual([...DEFAULT_CENTER]);
    expect(lookupDistrictCentre('成都市锦江区')).toEqual([...DEFAULT_CENTER]);
    expect(lookupDistrictCentre('999999')).toEqual([...DEFAULT_CENTER]);
  });

  it('resolves an empty or unusable centre to the default coordinate, keeps a good one', () => {
    expect(DEFAULT_CENTER).toEqual([105.06, 29.58]);
    expect(resolveCentre(undefined)).toEqual([105.06, 29.58]);
    expect(resolveCentre([])).toEqual([105.06, 29.58]);
    expect(resolveCentre([Number.NaN, 29])).toEqual([105.06, 29.58]);
    expect(resolveCentre(['105', '29'])).toEqual([105.06, 29.58]);
    expect(resolveCentre([200, 29])).toEqual([105.06, 29.58]);
    expect(resolveCentre([104.5, 30.1])).toEqual([104.5, 30.1]);
  });
});

describe('offline base data', () => {
  it('outlines the five districts and counties of 内江 with names and label points inside the city', () => {
    const polygons = neijiang.features.filter((f) => f.geometry.type === 'Polygon');
    expect(polygons.map((f) => f.properties.name).sort()).toEqual(['东兴区', '威远县', '市中区', '资中县', '隆昌市'].sort());
    for (const f of neijiang.features) {
      const [lng, lat] = f.properties.label;
      expect(lng).toBeGreaterThan(104.2);
      expect(lng).toBeLessThan(105.5);
      expect(lat).toBeGreaterThan(29.1);
      expect(lat).toBeLessThan(30.1);
    }
    expect(JSON.stringify(neijiang).length).toBeLessThan(30_000);
  });
});

describe('tiles', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('retries a failed tile after 1 s, 2 s and 4 s, then gives up', () => {
    vi.useFakeTimers();
    const retry = createTileRetry();
    const tile = { load: vi.fn() };
    expect(retry.onError(tile)).toBe(1000);
    vi.advanceTimersByTime(999);
    expect(tile.load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(tile.load).toHaveBeenCalledTimes(1);
    expect(retry.onError(tile)).toBe(2000);
    vi.advanceTimersByTime(2000);
    expect(retry.onError(tile)).toBe(4000);
    vi.advanceTimersByTime(4000);
    expect(tile.load).toHaveBeenCalledTimes(3);
    expect(retry.onError(tile)).toBeNull();
    vi.advanceTimersByTime(60_000);
    expect(tile.load).toHaveBeenCalledTimes(3);
    // Another tile has its own count.
    expect(retry.onError({ load: vi.fn() })).toBe(1000);
  });

  it('cancels pending retries on dispose', () => {
    vi.useFakeTimers();
    const retry = createTileRetry();
    const tile = { load: vi.fn() };
    retry.onError(tile);
    retry.dispose();
    vi.advanceTimersByTime(10_000);
    expect(tile.load).not.toHaveBeenCalled();
    expect(retry.onError(tile)).toBeNull();
  });

  it('builds the Tianditu WMTS address with the runtime key, and refuses to build one without a key', () => {
    const url = tiandituTileUrl('vec', 'abc123DEF456');
    expect(url).toContain('https://t{0-7}.tianditu.gov.cn/vec_c/wmts?');
    expect(url).toContain('LAYER=vec&STYLE=default&TILEMATRIXSET=c&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}');
    expect(url.endsWith('&tk=abc123DEF456')).toBe(true);
    expect(tiandituTileUrl('cva', 'k1234567')).toContain('/cva_c/wmts?');
    expect(() => tiandituTileUrl('vec', '')).toThrow(MAP_ERRORS.noKey);
    // Level 1 of matrix set c: two 256 px tiles across 360°.
    expect(TIANDITU_RESOLUTIONS[1] * 256 * 2).toBe(360);
  });
});
