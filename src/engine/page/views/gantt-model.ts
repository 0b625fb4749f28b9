// The Gantt view's geometry (docs/metadata.md "Page views", docs/schedule.md): rows in tree order with
// collapsed branches hidden, the time axis at a zoom (日 / 周 / 月), each row's planned and actual bars,
// milestones as diamonds, finish-to-start links as elbow arrows and the today line — all in pixels from
// dates, pure, so the unit tests read the layout without a browser.
import { buildTree, type TreeNode } from '../../../../common/tree';
import { daysBetween } from '../../../../common/schedule';

export type GanttZoom = 'day' | 'week' | 'month';
export const GANTT_ZOOMS: ReadonlyArray<{ value: GanttZoom; label: string }> = [
  { value: 'day', label: '日' },
  { value: 'week', label: '周' },
  { value: 'month', label: '月' },
];
/** Pixels per day at each zoom: a day 28 px wide, a week 84 px, a month about 120 px. */
export const DAY_WIDTH: Readonly<Record<GanttZoom, number>> = { day: 28, week: 12, month: 4 };
/** Days shown before the earliest and after the latest date. */
const MARGIN_DAYS: Readonly<Record<GanttZoom, number>> = { day: 3, week: 7, month: 15 };
export const ROW_HEIGHT = 32;

/** One task as the view reads it (the page's `props` map the entity's fields onto these). */
export type GanttTask = {
  id: string;
  parentId: string | null;
  code: string;
  label: string;
  start: string | null;
  end: string | null;
  actualStart: string | null;
  actualEnd: string | null;
  progress: number;
  milestone: boolean;
  status: string;
  delayDays: number;
};
export type GanttLink = { from: string; to: string; lag: number };

export type GanttRow = GanttTask & { depth: number; hasChildren: boolean; index: number };
export type Bar = { left: number; width: number };
export type GanttRowLayout = GanttRow & { y: number; planned: Bar | null; actual: Bar | null; progressWidth: number; diamond: { x: number; y: number } | null };
export type GanttTick = { left: number; width: number; label: string };
export type GanttLayout = {
  rows: GanttRowLayout[];
  start: string;
  days: number;
  width: number;
  height: number;
  dayWidth: number;
  /** Centre of today's column, or null when today lies outside the axis. */
  today: number | null;
  /** Upper header (months, or years at the month zoom) and lower header (days, weeks, months). */
  major: GanttTick[];
  minor: GanttTick[];
  links: Array<{ from: string; to: string; path: string }>;
};

const day = (v: string | null | undefined): string | null => (v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The rows in tree order (siblings keep the list's order), without the descendants of collapsed rows. */
export function visibleRows(tasks: readonly GanttTask[], collapsed: ReadonlySet<string>): GanttRow[] {
  const tree = buildTree(tasks.map((t) => ({ ...t, pId: t.parentId })));
  const out: GanttRow[] = [];
  const walk = (nodes: ReadonlyArray<TreeNode<GanttTask & { pId: string | null }>>, depth: number) => {
    for (const n of nodes) {
      const children = n.children ?? [];
      const { children: _c, pId: _p, ...task } = n;
      out.push({ ...task, depth, hasChildren: children.length > 0, index: out.length });
      if (children.length > 0 && !collapsed.has(n.id)) walk(children, depth + 1);
    }
  };
  walk(tree, 0);
  return out;
}

/** The first and last day the axis shows: every date of every task and today, with a margin. */
export function axisRange(tasks: readonly GanttTask[], today: string, zoom: GanttZoom): { start: string; end: string } {
  const dates = tasks.flatMap((t) => [t.start, t.end, t.actualStart, t.actualEnd].map(day).filter((d): d is string => d !== null));
  dates.push(today);
  dates.sort();
  let start = addDays(dates[0], -MARGIN_DAYS[zoom]);
  const end = addDays(dates[dates.length - 1], MARGIN_DAYS[zoom]);
  // Weeks start on Monday, months on the 1st, so the ticks line up with the axis.
  if (zoom === 'week') start = addDays(start, -((new Date(`${start}T00:00:00Z`).getUTCDay() + 6) % 7));
  if (zoom === 'month') start = `${start.slice(0, 7)}-01`;
  return { start, end };
}

function ticks(start: string, days: number, dayWidth: number, unit: 'day' | 'week' | 'month' | 'year'): GanttTick[] {
  const out: GanttTick[] = [];
  let i = 0;
  while (i < days) {
    const date = addDays(start, i);
    let next: number;
    let label: string;
    if (unit === 'day') {
      next = i + 1;
      label = String(Number(date.slice(8, 10)));
    } else if (unit === 'week') {
      next = i + 7 - ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7);
      label = `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;
    } else if (unit === 'month') {
      const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
      next = i + daysBetween(date, `${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-01`);
      label = `${m}月`;
    } else {
      next = i + daysBetween(date, `${Number(date.slice(0, 4)) + 1}-01-01`);
      label = `${date.slice(0, 4)}年`;
    }
    next = Math.min(next, days);
    out.push({ left: i * dayWidth, width: (next - i) * dayWidth, label });
    i = next;
  }
  return out;
}

/** A bar over whole days, `from` to `to` inclusive. */
const bar = (axisStart: string, from: string, to: string, dayWidth: number): Bar => {
  const left = daysBetween(axisStart, from) * dayWidth;
  return { left, width: Math.max(1, daysBetween(from, to) + 1) * dayWidth };
};

export function ganttLayout(tasks: readonly GanttTask[], links: readonly GanttLink[], opts: { today: string; zoom: GanttZoom; collapsed?: ReadonlySet<string> }): GanttLayout {
  const { today, zoom } = opts;
  const dayWidth = DAY_WIDTH[zoom];
  const range = axisRange(tasks, today, zoom);
  const days = daysBetween(range.start, range.end) + 1;
  const rows: GanttRowLayout[] = visibleRows(tasks, opts.collapsed ?? new Set()).map((r) => {
    const y = r.index * ROW_HEIGHT;
    const [start, end] = [day(r.start), day(r.end)];
    const planned = start && end && end >= start ? bar(range.start, start, end, dayWidth) : null;
    const actualStart = day(r.actualStart);
    // A started task's actual bar runs to its actual end, or to today while it is not finished.
    const actualEnd = day(r.actualEnd) ?? (actualStart ? (today >= actualStart ? today : actualStart) : null);
    const actual = actualStart && actualEnd ? bar(range.start, actualStart, actualEnd, dayWidth) : null;
    const progress = Math.max(0, Math.min(100, r.progress));
    const diamond = r.milestone && end ? { x: (daysBetween(range.start, end) + 0.5) * dayWidth, y: y + ROW_HEIGHT / 2 } : null;
    return { ...r, y, planned: r.milestone ? null : planned, actual: r.milestone ? null : actual, progressWidth: planned ? (planned.width * progress) / 100 : 0, diamond };
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const shown = links.flatMap((l) => {
    const [a, b] = [byId.get(l.from), byId.get(l.to)];
    if (!a || !b) return [];
    const fromX = a.diamond ? a.diamond.x + 6 : a.planned ? a.planned.left + a.planned.width : null;
    const toX = b.diamond ? b.diamond.x - 6 : b.planned ? b.planned.left : null;
    if (fromX === null || toX === null) return [];
    const [y1, y2] = [a.y + ROW_HEIGHT / 2, b.y + ROW_HEIGHT / 2];
    // Out to the right, down (or up) between the rows, then into the successor's start.
    const elbow = Math.max(fromX + 6, Math.min(toX - 6, fromX + 12));
    const mid = y2 > y1 ? b.y : b.y + ROW_HEIGHT;
    const path =
      toX - 6 >= fromX + 6
        ? `M${fromX},${y1} H${elbow} V${y2} H${toX}`
        : `M${fromX},${y1} H${fromX + 6} V${mid} H${toX - 8} V${y2} H${toX}`;
    return [{ from: l.from, to: l.to, path }];
  });
  const offset = daysBetween(range.start, today);
  return {
    rows,
    start: range.start,
    days,
    width: days * dayWidth,
    height: rows.length * ROW_HEIGHT,
    dayWidth,
    today: offset >= 0 && offset < days ? (offset + 0.5) * dayWidth : null,
    major: ticks(range.start, days, dayWidth, zoom === 'month' ? 'year' : 'month'),
    minor: ticks(range.start, days, dayWidth, zoom),
    links: shown,
  };
}
