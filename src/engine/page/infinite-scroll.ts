// The §2.6 transport list's paging (list.mode "infiniteScroll"): one page of 10 rows in a scroll box.
// Reaching the bottom, after 400 ms, turns to the next page unless 10 × the page number (one-based) reaches
// the record count; reaching the top turns to the previous page at once; after a turn the box is scrolled
// back to 260 px (§9) so the new page starts between its two edges. A wheel turn against an edge counts as
// reaching it (a short last page cannot scroll, yet the user must get back up).

export const INFINITE_SCROLL_DELAY = 400;
export const INFINITE_PAGE_SIZE = 10;
export const SCROLL_RESET = 260;

export type ScrollBox = { scrollTop: number; clientHeight: number; scrollHeight: number };
export type PagerState = { index: number; total: number; loading: boolean };

/** A next page exists unless 10 × the page number of page `index` (zero-based) reaches the record count. */
export const hasNextPage = (index: number, total: number, size = INFINITE_PAGE_SIZE): boolean => size * (index + 1) < total;

const atBottom = (box: ScrollBox): boolean => box.scrollTop + box.clientHeight >= box.scrollHeight - 1;
const atTop = (box: ScrollBox): boolean => box.scrollTop <= 0;

export type ScrollPager = {
  /** A scroll event of the box, or a wheel turn (`deltaY` < 0 up, > 0 down) that may not scroll it. */
  onScroll: (box: ScrollBox, deltaY?: number) => void;
  /** Drops a pending turn (the list unmounts or its search changes). */
  cancel: () => void;
};

/**
 * `state` is read when an edge is reached and again when the 400 ms have passed (a list still loading
 * never turns); `turn` shows page `index`.
 */
export function createScrollPager(state: () => PagerState, turn: (index: number) => void, delay = INFINITE_SCROLL_DELAY): ScrollPager {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    cancel,
    onScroll(box, deltaY) {
      const now = state();
      if (now.loading) return;
      const down = deltaY === undefined ? atBottom(box) : deltaY > 0 && atBottom(box);
      const up = deltaY === undefined ? atTop(box) : deltaY < 0 && atTop(box);
      if (up && now.index > 0) {
        cancel();
        turn(now.index - 1);
        return;
      }
      if (down && timer === undefined && hasNextPage(now.index, now.total)) {
        timer = setTimeout(() => {
          timer = undefined;
          const later = state();
          if (!later.loading && hasNextPage(later.index, later.total)) turn(later.index + 1);
        }, delay);
      }
    },
  };
}
