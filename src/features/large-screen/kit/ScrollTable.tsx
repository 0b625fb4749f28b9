// A table whose rows scroll up one at a time when there are more than fit, pausing while the pointer is
// over it. As many rows are shown as fit the height it is given. One interval while scrolling, none
// when paused, idle or unmounted.
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { startInterval, stopTimer } from '../data/live-handles';
import { scaledInterval } from '../data/refresh-factor';
import './kit.css';

export type ScrollColumn<T> = {
  key: string;
  title: string;
  /** CSS grid track, e.g. '4em' or '2fr'; default 1fr. */
  width?: string;
  align?: 'left' | 'center' | 'right';
  render: (row: T) => ReactNode;
  /**
   * An identifier shown whole (任务单, 订单 numbers: issue 29 saw "RW…" at 1920): the column is as wide as
   * the longest among the rows (and its title), `width` is then ignored; the flexible columns give way.
   */
  fit?: (row: T) => string;
  /**
   * A column the table may leave out when its columns do not fit its width (a narrow side panel): the
   * lowest first. Columns without it are always shown.
   */
  dropOrder?: number;
};

/** Width of a text in `ch` of the table's font: CJK about 2, capitals about 1.4, the rest 1. */
export function textWidthCh(text: string): number {
  let ch = 0;
  for (const c of text) ch += /[\u2e80-\u9fff\uff00-\uffef]/.test(c) ? 2 : /[A-Z]/.test(c) ? (/[MW]/.test(c) ? 1.7 : 1.4) : 1;
  return ch;
}

/**
 * The grid track of a fitted column: its longest text (or the title) plus a little air. `squeezed` (every
 * droppable column dropped and the head still too wide, e.g. long task numbers on a 1024 wall): fixed
 * tracks may shrink below their width, so cells cut their text with … rather than the table overflow.
 */
export function fittedTrack<T>(column: ScrollColumn<T>, rows: readonly T[], squeezed = false): string {
  const fit = column.fit;
  const track = fit ? `${Math.ceil(rows.reduce((n, r) => Math.max(n, textWidthCh(fit(r))), textWidthCh(column.title)) + 1)}ch` : (column.width ?? '1fr');
  return squeezed && !/fr|minmax|auto/.test(track) ? `minmax(0, ${track})` : track;
}

export type ScrollTableProps<T> = {
  columns: readonly ScrollColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  label: string;
  /** Rows shown at once when the height cannot be measured (otherwise as many as fit). */
  visibleRows?: number;
  /** Time per row step (before the refresh factor). */
  stepMs?: number;
  rowClassName?: (row: T) => string | undefined;
};

export const SCROLL_STEP_MS = 3000;
/** Row height in em of the table's font. */
const ROW_EM = 2.25;

/** How many whole rows of `rowEm` fit the element's height; `fallback` before layout. */
function useFittingRows(ref: RefObject<HTMLElement | null>, rowEm: number, fallback: number): number {
  const [fit, setFit] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const measure = () => {
      const rowPx = rowEm * (parseFloat(getComputedStyle(el).fontSize) || 16);
      if (el.clientHeight > 0) setFit(Math.max(1, Math.floor((el.clientHeight + 1) / rowPx)));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    measure();
    return () => observer.disconnect();
  }, [ref, rowEm]);
  return fit;
}

/**
 * The columns shown: all, less as many droppable ones (lowest dropOrder first) as it takes for the head
 * row to fit its width — measured after layout, one more dropped per pass; again from all of them when the
 * table's width or the columns' widths change.
 */
function useFittingColumns<T>(columns: readonly ScrollColumn<T>[], rows: readonly T[]) {
  const head = useRef<HTMLDivElement>(null);
  const [dropped, setDropped] = useState(0);
  const [squeezed, setSqueezed] = useState(false);
  const droppable = columns.filter((c) => c.dropOrder !== undefined).sort((a, b) => (a.dropOrder ?? 0) - (b.dropOrder ?? 0));
  const left = new Set(droppable.slice(0, dropped).map((c) => c.key));
  const shown = columns.filter((c) => !left.has(c.key));
  const allTracks = columns.map((c) => fittedTrack(c, rows)).join(' ');
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = head.current;
    if (!el) return undefined;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useLayoutEffect(() => {
    setDropped(0);
    setSqueezed(false);
  }, [allTracks, width]);
  useLayoutEffect(() => {
    const el = head.current;
    if (!el || el.scrollWidth <= el.clientWidth + 1) return;
    if (dropped < droppable.length) setDropped(dropped + 1);
    else setSqueezed(true);
  }, [dropped, droppable.length, allTracks, width]);
  return { head, shown, squeezed };
}

export function ScrollTable<T>({ columns: allColumns, rows, rowKey, label, visibleRows: fallbackRows = 5, stepMs = SCROLL_STEP_MS, rowClassName }: ScrollTableProps<T>) {
  const { head, shown: columns, squeezed } = useFittingColumns(allColumns, rows);
  const viewport = useRef<HTMLDivElement>(null);
  const visibleRows = useFittingRows(viewport, ROW_EM, fallbackRows);
  const [offset, setOffset] = useState(0);
  const [animate, setAnimate] = useState(true);
  const [hovered, setHovered] = useState(false);
  const scrolling = rows.length > visibleRows;
  const running = scrolling && !hovered;

  useEffect(() => {
    if (!running) return undefined;
    const timer = startInterval(() => {
      setAnimate(true);
      setOffset((o) => (o >= rows.length ? 1 : o + 1));
    }, scaledInterval(stepMs));
    return () => stopTimer(timer);
  }, [running, rows.length, stepMs]);

  // Rows changed under the scroll: keep the position inside the new list.
  const at = scrolling ? offset % (rows.length + 1) : 0;
  const grid: CSSProperties = { gridTemplateColumns: columns.map((c) => fittedTrack(c, rows, squeezed)).join(' ') };
  const shown = scrolling ? [...rows, ...rows.slice(0, visibleRows)] : rows;

  return (
    <div
      className="ls-scroll-table"
      role="table"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      data-paused={scrolling && hovered ? 'true' : undefined}
    >
      <div ref={head} className="ls-scroll-head" role="row" style={grid}>
        {columns.map((c) => (
          <span key={c.key} role="columnheader" className={`is-${c.align ?? 'left'}`}>
            {c.title}
          </span>
        ))}
      </div>
      <div ref={viewport} className="ls-scroll-area">
        <div className="ls-scroll-viewport" style={{ height: `${visibleRows * ROW_EM}em` }}>
          <div
            className="ls-scroll-rows"
            role="rowgroup"
            style={{ transform: `translateY(-${at * ROW_EM}em)`, transition: animate && at !== 0 ? undefined : 'none' }}
            onTransitionEnd={() => {
              // The copy of the first rows is in place: jump back to the real ones without animation.
              if (at >= rows.length) {
                setAnimate(false);
                setOffset(0);
              }
            }}
          >
            {shown.map((row, i) => (
              <div
                key={`${rowKey(row)}:${i < rows.length ? 'a' : 'b'}`}
                role="row"
                aria-hidden={i >= rows.length ? true : undefined}
                className={`ls-scroll-row${(i % rows.length) % 2 ? ' is-odd' : ''}${rowClassName?.(row) ? ` ${rowClassName(row)}` : ''}`}
                style={{ ...grid, height: `${ROW_EM}em` }}
              >
                {columns.map((c) => (
                  <span key={c.key} role="cell" className={`is-${c.align ?? 'left'}`}>
                    {c.render(row)}
                  </span>
                ))}
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
