// 视频监控 › 视频预览 (/VideoMonitoring/Preview, §2.4): the cameras of the projects in scope as a tree on the
// left; a 1/4/9/16 split of live video on the right, the first cameras already playing. A click on a camera
// plays it in the selected tile (then the next tile is selected). PTZ buttons (上/下/左/右/变倍) show for the
// selected tile when its camera has a control address and the role holds 云台控制 (docs/video.md).
import { Button, Card, Space, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { hasPermission } from '../../../common/menu-tree';
import { PTZ_LABELS, type PtzCommand, type VideoStream } from '../../../common/video';
import { failureText } from '../../lib/http/errors';
import { useSession } from '../../lib/session/store';
import { ShareLinkButton } from '../../lib/share/ShareLinkButton';
import { useMessage } from '../../lib/ui/message';
import { sendPtz } from '../../lib/video/api';
import { SPLITS, type Split } from '../../lib/video/split';
import { useCameras } from './api';
import { CameraTree } from './CameraTree';
import { camerasOf, tileLabel, type CameraItem } from './model';
import { SplitPicker, VideoWall } from './VideoWall';
import './video-monitoring.css';

const MAX_TILES = 16;
const PTZ_LAYOUT: ReadonlyArray<PtzCommand | null> = [null, 'up', null, 'left', 'zoomIn', 'right', null, 'down', 'zoomOut'];

export function Preview() {
  const cameras = useCameras();
  const message = useMessage();
  const canPtz = useSession((s) => hasPermission(s.menu, 'VideoMonitoring', 'Preview', 'edit'));
  const [split, setSplit] = useState<Split>(4);
  const [tiles, setTiles] = useState<Array<CameraItem | null> | null>(null);
  const [selected, setSelected] = useState(0);
  const [streams, setStreams] = useState<Record<number, VideoStream>>({});
  const all = useMemo(() => camerasOf(cameras.data?.projects), [cameras.data]);

  // The first cameras (online first) fill the tiles once the list is known.
  useEffect(() => {
    if (tiles || all.length === 0) return;
    const first = [...all].sort((a, b) => Number(b.online) - Number(a.online));
    setTiles(Array.from({ length: MAX_TILES }, (_, i) => first[i] ?? null));
  }, [all, tiles]);

  const shown = tiles ?? [];
  const current = shown[selected] ?? null;
  const stream = current ? streams[selected] : undefined;
  const ptzShown = canPtz && !!stream && stream.cameraId === current?.id && stream.ptz;

  const pick = (camera: CameraItem) => {
    setTiles((t) => {
      const next = [...(t ?? Array.from({ length: MAX_TILES }, () => null))];
      next[selected] = camera;
      return next;
    });
    setSelected((s) => (s + 1) % split);
  };

  const ptz = async (command: PtzCommand) => {
    if (!current) return;
    try {
      await sendPtz(current.id, command);
      message.success(`已发送云台指令：${PTZ_LABELS[command]}`);
    } catch (e) {
      message.error(failureText(e, '云台指令发送失败'));
    }
  };

  return (
    <div className="vmo-page">
      <Card className="vmo-side" title="摄像头" size="small">
        <CameraTree projects={cameras.data?.projects} loading={cameras.isLoading} selectedId={current?.id} onPick={pick} />
      </Card>
      <div className="vmo-main">
        <div className="vmo-toolbar">
          <SplitPicker
            splits={SPLITS}
            value={split}
            onChange={(n) => {
              setSplit(n);
              setSelected((s) => (s < n ? s : 0));
            }}
          />
          <span className="vmo-current">{current ? `画面${selected + 1}：${tileLabel(current)}` : `画面${selected + 1}：未选择摄像头`}</span>
          {current && <ShareLinkButton kind="camera" id={current.id} label="复制嵌入链接" subject={tileLabel(current)} size="small" />}
        </div>
        <div className="vmo-stage">
          <VideoWall
            split={split}
            tiles={shown.slice(0, split)}
            selected={selected}
            onSelect={setSelected}
            onStream={(i, s) => setStreams((m) => ({ ...m, [i]: s }))}
            label="预览画面"
          />
          {ptzShown && (
            <Card className="vmo-ptz" title="云台控制" size="small">
              <div className="vmo-ptz-pad" role="group" aria-label="云台控制">
                {PTZ_LAYOUT.map((command, i) =>
                  command ? (
                    <Tooltip key={command} title={PTZ_LABELS[command]}>
                      <Button onClick={() => void ptz(command)}>{PTZ_LABELS[command]}</Button>
                    </Tooltip>
                  ) : (
                    <span key={`gap-${i}`} />
                  ),
                )}
              </div>
              <Space className="vmo-ptz-hint" size={4}>
                {current && <span>{tileLabel(current)}</span>}
              </Space>
            </Card>
          )}
        </div>
      </div>
    </div>
  );
}
