// 视频监控 › 录像回放 (/VideoMonitoring/Playback, §2.4): a camera and a date-time range (at most 2 hours,
// the last 30 days) play as the camera's recording (the VOD playlist of Video/Stream); the progress bar
// seeks. A range the server refuses shows its Chinese reason before anything plays (docs/video.md).
// The range is China time whatever the PC's zone: the picker holds China wall-clock values, sent as
// instants with +08:00 (src/lib/time/china-time.ts).
import { Alert, Button, Card, Slider, Space } from 'antd';
import { useMemo, useState } from 'react';
import { rangeProblem } from '../../../common/video';
import { ChinaDatePicker } from '../../lib/time/ChinaDatePicker';
import { chinaFormat, chinaIsoOf, chinaParse, chinaTime, type Dayjs } from '../../lib/time/china-time';
import { VideoPlayer } from '../../lib/video/VideoPlayer';
import { useCameras } from './api';
import { CameraTree } from './CameraTree';
import { camerasOf, tileLabel, type CameraItem } from './model';
import './video-monitoring.css';

const { RangePicker } = ChinaDatePicker;
const clock = (seconds: number, from: Dayjs): string => from.add(Math.floor(seconds), 'second').format('HH:mm:ss');

export function Playback() {
  const cameras = useCameras();
  const all = useMemo(() => camerasOf(cameras.data?.projects), [cameras.data]);
  const [picked, setPicked] = useState<CameraItem | null>(null);
  const camera = picked ?? all[0] ?? null;
  // The last 30 minutes to 10 minutes ago, to the minute.
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => {
    const now = chinaTime().second(0).millisecond(0);
    return [now.subtract(30, 'minute'), now.subtract(10, 'minute')];
  });
  const [applied, setApplied] = useState<{ camera: CameraItem; start: string; end: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [position, setPosition] = useState(0);
  const [seekTo, setSeekTo] = useState<number | undefined>(undefined);

  const play = () => {
    if (!camera) return;
    const start = chinaIsoOf(range[0]);
    const end = chinaIsoOf(range[1]);
    const refusal = rangeProblem(start, end, Date.now());
    setProblem(refusal);
    if (refusal) return;
    setApplied({ camera, start, end });
    setPosition(0);
    setSeekTo(undefined);
  };

  const length = applied ? (Date.parse(applied.end) - Date.parse(applied.start)) / 1000 : 0;
  const from = (applied && chinaParse(applied.start)) || range[0];

  return (
    <div className="vmo-page">
      <Card className="vmo-side" title="摄像头" size="small">
        <CameraTree projects={cameras.data?.projects} loading={cameras.isLoading} selectedId={camera?.id} onPick={setPicked} />
      </Card>
      <div className="vmo-main">
        <div className="vmo-toolbar">
          <span className="vmo-current">{camera ? tileLabel(camera) : '请选择摄像头'}</span>
          <RangePicker
            aria-label="回放时段"
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowClear={false}
            value={range}
            disabledDate={(d) => d.isAfter(chinaTime(), 'day') || d.isBefore(chinaTime().subtract(30, 'day'), 'day')}
            onChange={(v) => {
              if (v?.[0] && v[1]) setRange([v[0], v[1]]);
            }}
          />
          <Button type="primary" disabled={!camera} onClick={play}>
            回放
          </Button>
        </div>
        {problem && <Alert type="error" showIcon message={problem} className="vmo-alert" />}
        <div className="vmo-playback">
          {applied ? (
            <VideoPlayer
              key={`${applied.camera.id}-${applied.start}-${applied.end}`}
              cameraId={applied.camera.id}
              name={tileLabel(applied.camera)}
              online={applied.camera.online}
              range={{ start: applied.start, end: applied.end }}
              seekTo={seekTo}
              onTime={setPosition}
            />
          ) : (
            <div className="vmo-empty">选择摄像头和回放时段后，点击“回放”</div>
          )}
        </div>
        {applied && (
          <Space className="vmo-seek" size={12}>
            <span className="vmo-time">{clock(position, from)}</span>
            <Slider
              className="vmo-slider"
              aria-label="回放进度"
              min={0}
              max={Math.max(1, Math.floor(length))}
              value={Math.min(Math.floor(position), Math.floor(length))}
              tooltip={{ formatter: (v) => clock(v ?? 0, from) }}
              onChange={(v) => setPosition(v)}
              onChangeComplete={(v) => setSeekTo(v)}
            />
            <span className="vmo-time">{chinaFormat(applied.end, 'HH:mm:ss')}</span>
          </Space>
        )}
      </div>
    </div>
  );
}
