// The wall's carousel (docs/large-screens.md "Wall runtime"): `?carousel=overview,warning,report&interval=60`
// shows the listed screens in turn, `interval` seconds each (× the refresh factor of soak runs), for an
// unattended wall; a user's touch pauses it. Pure helpers here, the hook and indicator in WallRuntime.tsx.
//
// An item is a screen path (`/LargeScreen/EnterpriseScreen/report`), a path under /LargeScreen
// (`EnterpriseScreen/report`) or a screen's last segment (`report`), looked up among BUILT screens (with a
// body) of the current screen's family first, then of every family; `all` is every built screen. Items
// that open no built screen are left out (the diagnostics overlay names them).
import { screenFamilyOf } from '../menus';
import type { ScreenDef } from '../screens';

export const DEFAULT_INTERVAL_S = 60;
export const MIN_INTERVAL_S = 5;
export const MAX_INTERVAL_S = 24 * 3600;
/** A user's pointer, key or wheel pauses the carousel until this long without any (before the factor). */
export const PAUSE_AFTER_INPUT_MS = 120_000;

export type Carousel = {
  /** The screens in order (paths as registered). */
  paths: string[];
  intervalMs: number;
  /** Items that open no built screen. */
  unknown: string[];
};

const lower = (s: string): string => s.toLowerCase().replace(/\/+$/, '');
const lastSegment = (p: string): string => lower(p).split('/').pop() ?? '';

/** The built screen an item names, seen from `currentPath` (its family first). */
export function resolveItem(item: string, screens: readonly ScreenDef[], currentPath: string): string | undefined {
  const want = lower(item.trim());
  if (!want) return undefined;
  const built = screens.filter((s) => s.body);
  const exact = built.find((s) => lower(s.path) === want || lower(s.path) === `/${want}` || lower(s.path) === `/largescreen/${want}`);
  if (exact) return exact.path;
  const named = built.filter((s) => lastSegment(s.path) === want);
  const family = screenFamilyOf(currentPath);
  return (named.find((s) => screenFamilyOf(s.path) === family && lower(s.path).startsWith('/largescreen')) ?? named.find((s) => screenFamilyOf(s.path) === family) ?? named[0])?.path;
}

/** The carousel of an address, or undefined without `carousel=` (or with fewer than two screens). */
export function readCarousel(search: URLSearchParams, screens: readonly ScreenDef[], currentPath: string): Carousel | undefined {
  const raw = search.get('carousel');
  if (!raw) return undefined;
  const items = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const paths: string[] = [];
  const unknown: string[] = [];
  if (items.length === 1 && items[0].toLowerCase() === 'all') {
    for (const s of screens) if (s.body && !paths.includes(s.path)) paths.push(s.path);
  } else {
    for (const item of items) {
      const path = resolveItem(item, screens, currentPath);
      if (path) paths.push(path);
      else unknown.push(item);
    }
  }
  if (paths.length < 2) return undefined;
  const given = Number(search.get('interval'));
  const seconds = Number.isFinite(given) && given > 0 ? Math.min(Math.max(given, MIN_INTERVAL_S), MAX_INTERVAL_S) : DEFAULT_INTERVAL_S;
  return { paths, intervalMs: seconds * 1000, unknown };
}

/**
 * Where the carousel stands on `currentPath`: `last` when it is that screen (a list may name one screen
 * twice), else its first place in the list, else -1 (a screen outside the list: the next switch starts
 * the list).
 */
export function positionOf(paths: readonly string[], currentPath: string, last: number | undefined): number {
  const here = lower(currentPath);
  if (last !== undefined && last >= 0 && last < paths.length && lower(paths[last]) === here) return last;
  return paths.findIndex((p) => lower(p) === here);
}

/** The place after `position` (around to the first after the last). */
export const nextPosition = (paths: readonly string[], position: number): number => (position + 1) % paths.length;

/**
 * The address of the next screen: the same query (carousel, interval, pjctid1, refreshFactor…), except that
 * the header's menu choice (`id`, `sortId`) stays only within the same screen family.
 */
export function carouselHref(target: string, search: URLSearchParams, fromPath: string): string {
  const q = new URLSearchParams(search);
  if (screenFamilyOf(target) !== screenFamilyOf(fromPath)) {
    q.delete('id');
    q.delete('sortId');
  }
  // Commas and slashes read better unescaped on a wall's address (both are allowed in a query).
  const s = q.toString().replace(/%2C/gi, ',').replace(/%2F/gi, '/');
  return s ? `${target}?${s}` : target;
}
