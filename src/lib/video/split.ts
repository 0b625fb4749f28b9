// Splits of a video wall (1/4/9/16 分屏): the grid of a split and the cameras of one of its pages.

export const SPLITS = [1, 4, 9, 16] as const;
export type Split = (typeof SPLITS)[number];

/** Columns (= rows) of a split's square grid. */
export const columnsOf = (split: Split): number => Math.sqrt(split);

/** Pages of `count` cameras at `split` per page (at least one). */
export const pagesOf = (count: number, split: Split): number => Math.max(1, Math.ceil(count / split));

/** The `split` slots of page `page` (clamped): a camera or null for an empty slot. */
export function slotsOf<T>(items: readonly T[], split: Split, page: number): Array<T | null> {
  const at = Math.min(Math.max(0, page), pagesOf(items.length, split) - 1);
  return Array.from({ length: split }, (_, i) => items[at * split + i] ?? null);
}

/** The grid style of a split. */
export const gridStyleOf = (split: Split): { gridTemplateColumns: string; gridTemplateRows: string } => {
  const n = columnsOf(split);
  return { gridTemplateColumns: `repeat(${n}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${n}, minmax(0, 1fr))` };
};
