// Small display helpers shared by the screens: rates as the server gives them and names short enough
// for a chart axis.

/** `part` of `whole` in per cent with one decimal; 0 when `whole` is 0 (as the server's rates). */
export const percentOf = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** A name short enough for a chart axis or a narrow legend: at most `max` characters, the last one …. */
export function shortName(name: string, max = 9): string {
  const chars = Array.from(name);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : name;
}
