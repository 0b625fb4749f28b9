// The tiles of a 视频监控 page: `split` tiles (1/4/9/16) each playing its camera through the console's one
// player (src/lib/video: at most 9 decode at once, the others show 点击播放); a tile may be selected. And the
// 分屏 choice above it.
import { Radio } from 'antd';
import type { VideoStream } from '../../../common/video';
import { VideoPlayer } from '../../lib/video/VideoPlayer';
import { gridStyleOf, type Split } from '../../lib/video/split';
import { tileLabel, type CameraItem } from './model';

/** The 分屏 choice above a wall. */
export function SplitPicker({ splits, value, onChange }: { splits: readonly Split[]; value: Split; onChange: (split: Split) => void }) {
  return (
    <Radio.Group
      aria-label="分屏"
      optionType="button"
      buttonStyle="solid"
      value={value}
      onChange={(e) => onChange(e.target.value as Split)}
      options={splits.map((n) => ({ value: n, label: `${n}分屏` }))}
    />
  );
}

export type VideoWallProps = {
  split: Split;
  tiles: ReadonlyArray<CameraItem | null>;
  selected?: number;
  onSelect?: (index: number) => void;
  onStream?: (index: number, stream: VideoStream) => void;
  label: string;
};

export function VideoWall({ split, tiles, selected, onSelect, onStream, label }: VideoWallProps) {
  return (
    <div className="vmo-wall" role="list" aria-label={label} style={gridStyleOf(split)}>
      {Array.from({ length: split }, (_, i) => {
        const c = tiles[i] ?? null;
        return (
          <div
            key={c ? `${i}-${c.id}` : `empty-${i}`}
            role="listitem"
            aria-current={selected === i ? 'true' : undefined}
            className={`vmo-tile${selected === i ? ' is-selected' : ''}`}
            onClick={() => onSelect?.(i)}
          >
            {onSelect && (
              <button type="button" className="vmo-tile-pick" aria-label={`选择画面${i + 1}`} aria-pressed={selected === i} onClick={() => onSelect(i)}>
                {i + 1}
              </button>
            )}
            {c ? (
              <VideoPlayer cameraId={c.id} name={tileLabel(c)} online={c.online} onStream={onStream ? (s) => onStream(i, s) : undefined} />
            ) : (
              <div className="vmo-empty">{onSelect ? '选中画面后，点击左侧摄像头播放' : '无信号'}</div>
            )}
          </div>
        );
      })}
    </div>
  );
}
