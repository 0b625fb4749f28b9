// A list in a panel of fixed height shows only the rows that fit wholly: the list clips (overflow hidden),
// and a row whose bottom would be cut is hidden, so a small wall shows five whole rows rather than five
// and a half (issue 27: text keeps its 12 px floor and the panel drops rows instead). Re-measured when the
// list's size or its rows change; done on the DOM directly, so the measurement never re-renders.
import { useLayoutEffect, type RefObject } from 'react';

export function useWholeRows(ref: RefObject<HTMLElement | null>, rowsKey: unknown): void {
  useLayoutEffect(() => {
    const list = ref.current;
    if (!list) return undefined;
    const fit = () => {
      const rows = [...list.children] as HTMLElement[];
      for (const row of rows) row.hidden = false;
      const bottom = list.clientHeight + 1;
      for (const row of rows) row.hidden = row.offsetTop + row.offsetHeight > bottom;
    };
    const observer = new ResizeObserver(fit);
    observer.observe(list);
    fit();
    return () => observer.disconnect();
  }, [ref, rowsKey]);
}
