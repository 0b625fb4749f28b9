// §7.8 district lookup by keyword, reading the first district's centre. The console runs without a maps
// service, so the lookup reads this bundled table (内江 and its county-level divisions); §8: an empty
// centre falls back to the default coordinate.
import { DEFAULT_CENTER } from './constants';

export type District = { name: string; adcode: string; center: [number, number] };

/** Administrative centres (government seats), the city first so a bare "内江" finds the city. */
export const DISTRICTS: readonly District[] = [
  { name: '内江市', adcode: '511000', center: [105.0584, 29.5802] },
  { name: '市中区', adcode: '511002', center: [105.0677, 29.5871] },
  { name: '东兴区', adcode: '511011', center: [105.0755, 29.5927] },
  { name: '威远县', adcode: '511024', center: [104.6685, 29.5274] },
  { name: '资中县', adcode: '511025', center: [104.8520, 29.7640] },
  { name: '隆昌市', adcode: '511083', center: [105.2874, 29.3394] },
  { name: '四川省', adcode: '510000', center: [104.0657, 30.6595] },
];

/** Suffixes a user may leave off (资中 → 资中县). */
const SUFFIXES = /(省|市|区|县)$/;

/**
 * Every district matching the keyword (an adcode, a name, a name without its suffix, or a longer address
 * holding names), most specific first: the exact name, then the name that ends latest in the keyword
 * (内江市东兴区 → 东兴区 before 内江市), then the table's order.
 */
export function findDistricts(keyword: string | null | undefined): District[] {
  const k = (keyword ?? '').trim();
  if (!k) return [];
  if (/^\d{6}$/.test(k)) return DISTRICTS.filter((d) => d.adcode === k);
  return DISTRICTS.map((d) => ({ d, rank: rank(d, k) }))
    .filter((m) => m.rank > 0)
    .sort((a, b) => b.rank - a.rank)
    .map((m) => m.d);
}

/** 0 no match; 1 the keyword is part of the name; 2 + end position when the name is inside the keyword. */
function rank(d: District, keyword: string): number {
  if (d.name === keyword) return Number.MAX_SAFE_INTEGER;
  const short = d.name.replace(SUFFIXES, '');
  for (const name of [d.name, short]) {
    const at = name.length >= 2 ? keyword.lastIndexOf(name) : -1;
    if (at >= 0) return 2 + at + name.length;
  }
  return d.name.includes(keyword) ? 1 : 0;
}

/** The first district's centre for the keyword; the default coordinate when nothing matches. */
export function lookupDistrictCentre(keyword: string | null | undefined): [number, number] {
  return resolveCentre(findDistricts(keyword)[0]?.center);
}

const isCoordinate = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** §8: a missing or unusable centre (empty, not numbers, outside lng/lat range) is the default coordinate. */
export function resolveCentre(center: readonly unknown[] | null | undefined): [number, number] {
  if (!center || center.length < 2) return [...DEFAULT_CENTER];
  const [lng, lat] = center;
  if (!isCoordinate(lng) || !isCoordinate(lat) || Math.abs(lng) > 180 || Math.abs(lat) > 90) return [...DEFAULT_CENTER];
  return [lng, lat];
}
