// The body height that makes a table fill its box: the box (a flex item that takes the card's remaining
// height down to the window's bottom) minus what the table draws around its body — header, summary row,
// pager. Measured whenever the box or the table changes size, so the window's height, a search form
// that expands or a pager that wraps all give the rows the room that is left.
import { useEffect, useState, type RefObject } from 'react';

/** Below this the box stops shrinking and the page scrolls instead (a very low window). */
export const MIN_BODY_HEIGHT = 240;
/** Until the first measurement (and without ResizeObserver, as in tests). */
export const FALLBACK_BODY_HEIGHT = 400;

export function bodyHeightOf(box: HTMLElement): number | undefined {
  const table = box.firstElementChild as HTMLElement | null;
  const body = box.querySelector<HTMLElement>('.ant-table-body, .ant-table-tbody-virtual-holder');
  if (!table || !body) return undefined;
  // Everything the table draws besides its scrolling body: header, summary, pager and their margins.
  const chrome = table.getBoundingClientRect().height - body.getBoundingClientRect().height;
  return Math.max(MIN_BODY_HEIGHT, Math.floor(box.clientHeight - chrome));
}

export function useFillHeight(box: RefObject<HTMLElement | null>, fixed: number | undefined): number {
  const [height, setHeight] = useState<number>(fixed ?? FALLBACK_BODY_HEIGHT);
  useEffect(() => {
    const el = box.current;
    if (fixed !== undefined || !el || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = bodyHeightOf(el);
        if (next !== undefined) setHeight((h) => (Math.abs(h - next) > 1 ? next : h));
      });
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    // The table grows when its rows, pager or summary arrive: measured again then. A table mounted anew
    // (virtual scrolling on or off) replaces the box's child: that one is observed from then on.
    let table = el.firstElementChild;
    if (table) observer.observe(table);
    const remounts = new MutationObserver(() => {
      if (el.firstElementChild === table) return;
      if (table) observer.unobserve(table);
      table = el.firstElementChild;
      if (table) observer.observe(table);
      measure();
    });
    remounts.observe(el, { childList: true });
    measure();
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      remounts.disconnect();
    };
  }, [box, fixed]);
  return fixed ?? height;
}
