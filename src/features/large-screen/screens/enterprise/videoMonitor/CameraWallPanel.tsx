// 监控画面: the cameras in scope as a wall of 4, 9 or 16 tiles per page, each playing its camera's live
// video (kit/VideoPlayer: at most 9 decode at once — on a 16 wall the others show 点击播放; offline
// cameras show 设备离线). With more cameras than tiles the pages turn by themselves (轮巡) every
// WALL_PAGE_MS × refresh factor, paused under the pointer; a tile opens its camera alone until 返回多画面.
import { useEffect, useRef, useState } from 'react';
import { startInterval, stopTimer } from '../../../data/live-handles';
import { scaledInterval } from '../../../data/refresh-factor';
import { Panel } from '../../../kit/Panel';
import { VideoPlayer } from '../../../kit/VideoPlayer';
import { VideoTile } from '../../../kit/VideoTile';
import type { SourceFrame } from '../../../kit/frame';
import type { WallCamera } from './model';

export const WALL_SPLITS = [4, 9, 16] as const;
export type WallSplit = (typeof WALL_SPLITS)[number];
export const WALL_PAGE_MS = 20_000;

export const tileName = (c: WallCamera): string => `${c.projectName} · ${c.deviceName}${c.installPosition ? `（${c.installPosition}）` : ''}`;

export type CameraWallPanelProps = {
  cameras: WallCamera[] | undefined;
  /** What the wall shows, e.g. 全部项目 or a project's name. */
  scopeName: string;
  frame: SourceFrame;
};

function useWallRotation(page: number, pages: number, paused: boolean, setPage: (p: number) => void) {
  const latest = useRef(setPage);
  useEffect(() => {
    latest.current = setPage;
  });
  const running = pages > 1 && !paused;
  useEffect(() => {
    if (!running) return undefined;
    const timer = startInterval(() => latest.current((page + 1) % pages), scaledInterval(WALL_PAGE_MS));
    return () => stopTimer(timer);
  }, [running, page, pages]);
}

export function CameraWallPanel({ cameras, scopeName, frame }: CameraWallPanelProps) {
  const [split, setSplit] = useState<WallSplit>(9);
  const [page, setPage] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focusedId, setFocusedId] = useState<string | undefined>(undefined);
  const list = cameras ?? [];
  const focused = list.find((c) => c.id === focusedId);
  const pages = Math.max(1, Math.ceil(list.length / split));
  const at = Math.min(page, pages - 1);
  useWallRotation(at, pages, hovered || focused !== undefined, setPage);

  const shown = focused ? [focused] : list.slice(at * split, at * split + split);
  const slots = focused ? 1 : split;
  const columns = Math.sqrt(slots);
  const controls = (
    <div className="vm-wall-controls">
      <span className="vm-scope" title={scopeName}>
        {scopeName}
      </span>
      {focused ? (
        <button type="button" onClick={() => setFocusedId(undefined)}>
          返回多画面
        </button>
      ) : (
        <>
          <div className="vm-switch" role="radiogroup" aria-label="分屏">
            {WALL_SPLITS.map((n) => (
              <button
                key={n}
                type="button"
                role="radio"
                aria-checked={n === split}
                className={n === split ? 'is-on' : undefined}
                onClick={() => {
                  setSplit(n);
                  setPage(0);
                }}
              >
                {n}分屏
              </button>
            ))}
          </div>
          <nav className="vm-pager" aria-label="画面翻页">
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
    <Panel title="监控画面" className="vm-wall-panel" {...frame} empty={list.length === 0} extra={controls}>
      <div
        className="vm-wall"
        role="list"
        aria-label="监控画面"
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${columns}, minmax(0, 1fr))` }}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        {Array.from({ length: slots }, (_, i) => {
          const c = shown[i];
          return (
            <div key={c ? c.id : `empty-${i}`} role="listitem" className="vm-wall-cell">
              {c ? (
                <>
                  <VideoPlayer cameraId={c.id} name={tileName(c)} online={c.online} bare />
                  <VideoTile name={tileName(c)} online={c.online} onOpen={focused ? undefined : () => setFocusedId(c.id)} overlay />
                </>
              ) : (
                <div className="vm-wall-empty">
                  无信号
                </div>
              )}
            </div>
          );
        })}
      </div>
    </Panel>
  );
}
