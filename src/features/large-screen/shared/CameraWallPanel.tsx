// 监控画面: a wall of 1, 4, 9 or 16 tiles, each playing its camera's live video (kit/VideoPlayer: at most
// 9 decode at once — on a 16 wall the others show 点击播放; offline cameras show 设备离线). With more
// cameras than tiles the pages turn by hand (‹ ›) and, where `rotate`, by themselves (轮巡) every
// WALL_PAGE_MS × refresh factor, paused under the pointer. A tile opens its camera alone until 返回多画面;
// the focused camera may be held by the screen (a camera list beside the wall) or by the wall itself.
// Until a 分屏 is chosen, a wall with fewer cameras than its split shows only them, as large as they fit
// (one camera fills the wall; issue 29: a lone plant camera sat beside eight 无信号 tiles); a chosen split
// is shown whole, 无信号 marking its unused slots.
// Used by 企业/监管视频监控, the project's 视频监控 and 搅拌站视频.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { pagesOf, slotsOf, type Split } from '../../../lib/video/split';
import { startInterval, stopTimer } from '../data/live-handles';
import { scaledInterval } from '../data/refresh-factor';
import { Panel } from '../kit/Panel';
import { VideoPlayer } from '../kit/VideoPlayer';
import { VideoTile } from '../kit/VideoTile';
import type { SourceFrame } from '../kit/frame';
import './camera-wall.css';

export const WALL_PAGE_MS = 20_000;

/**
 * The grid of a wall of `count` cameras at `split`: the split's square when the cameras fill a page or
 * more; fewer, the smallest grid that holds them (columns ⌈√count⌉, rows as needed): 1 → 1×1, 2 → 2×1,
 * 3 → 2×2, 5 → 3×2.
 */
export function wallGridOf(count: number, split: Split): { columns: number; rows: number; slots: number } {
  const side = Math.sqrt(split);
  if (count >= split || count <= 0) return { columns: side, rows: side, slots: split };
  const columns = Math.ceil(Math.sqrt(count));
  const rows = Math.ceil(count / columns);
  return { columns, rows, slots: columns * rows };
}

/** A camera on the wall: its name as the tile shows it. */
export type WallTile = { id: string; name: string; online: boolean };

export type CameraWallPanelProps = {
  /** The panel's title (监控画面). */
  title?: string;
  tiles: readonly WallTile[] | undefined;
  frame: SourceFrame;
  /** Shown before the controls, e.g. the scope (全部项目, a district, a project). */
  leading?: ReactNode;
  splits: readonly Split[];
  initialSplit: Split;
  /** Pages turn by themselves (轮巡). */
  rotate?: boolean;
  /** The camera shown alone, when the screen holds it (with `onFocus`); else the wall holds it. */
  focusedId?: string;
  onFocus?: (id: string | undefined) => void;
};

function useWallRotation(page: number, pages: number, running: boolean, setPage: (p: number) => void) {
  const latest = useRef(setPage);
  useEffect(() => {
    latest.current = setPage;
  });
  const on = running && pages > 1;
  useEffect(() => {
    if (!on) return undefined;
    const timer = startInterval(() => latest.current((page + 1) % pages), scaledInterval(WALL_PAGE_MS));
    return () => stopTimer(timer);
  }, [on, page, pages]);
}

export function CameraWallPanel({ title = '监控画面', tiles, frame, leading, splits, initialSplit, rotate = false, focusedId, onFocus }: CameraWallPanelProps) {
  const [split, setSplit] = useState<Split>(initialSplit);
  const [splitChosen, setSplitChosen] = useState(false);
  const [page, setPage] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [ownFocus, setOwnFocus] = useState<string | undefined>(undefined);
  const held = onFocus !== undefined;
  const focusId = held ? focusedId : ownFocus;
  const focus = held ? onFocus : setOwnFocus;
  const list = tiles ?? [];
  const focused = list.find((c) => c.id === focusId);
  const pages = pagesOf(list.length, split);
  const at = Math.min(page, pages - 1);
  useWallRotation(at, pages, rotate && !hovered && focused === undefined, setPage);

  const side = Math.sqrt(split);
  const grid = focused ? { columns: 1, rows: 1, slots: 1 } : splitChosen ? { columns: side, rows: side, slots: split } : wallGridOf(list.length, split);
  const slots = focused ? [focused] : slotsOf(list, split, at).slice(0, grid.slots);
  const controls = (
    <div className="cw-controls">
      {leading}
      {focused ? (
        <button type="button" onClick={() => focus(undefined)}>
          返回多画面
        </button>
      ) : (
        <>
          <div className="cw-switch" role="radiogroup" aria-label="分屏">
            {splits.map((n) => (
              <button
                key={n}
                type="button"
                role="radio"
                aria-checked={n === split}
                className={n === split ? 'is-on' : undefined}
                onClick={() => {
                  setSplit(n);
                  setSplitChosen(true);
                  setPage(0);
                }}
              >
                {n}分屏
              </button>
            ))}
          </div>
          <nav className="cw-pager" aria-label="画面翻页">
            <button type="button" aria-label="上一页" disabled={at <= 0} onClick={() => setPage(at - 1)}>
              ‹
            </button>
            <span className="ls-digits">
              {at + 1} / {pages}
            </span>
            <button type="button" aria-label="下一页" disabled={at >= pages - 1} onClick={() => setPage(at + 1)}>
              ›
            </button>
          </nav>
        </>
      )}
    </div>
  );
  return (
    <Panel title={title} className="cw-panel" {...frame} empty={list.length === 0} extra={controls}>
      <div
        className="cw-wall"
        role="list"
        aria-label={title}
        data-grid={`${grid.columns}x${grid.rows}`}
        style={{ gridTemplateColumns: `repeat(${grid.columns}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${grid.rows}, minmax(0, 1fr))` }}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        {slots.map((c, i) => (
          <div key={c ? c.id : `empty-${i}`} role="listitem" className="cw-cell">
            {c ? (
              <>
                <VideoPlayer cameraId={c.id} name={c.name} online={c.online} bare />
                <VideoTile name={c.name} online={c.online} onOpen={focused ? undefined : () => focus(c.id)} overlay />
              </>
            ) : (
              <div className="cw-empty">无信号</div>
            )}
          </div>
        ))}
      </div>
    </Panel>
  );
}
