// 视频监控 › 视频轮巡 (/VideoMonitoring/Live, §2.4): the checked cameras (all, online first, at first) in groups
// of the split (4 or 9, within the page's 9 decoders), one group on the wall at a time, the next after the
// interval (5–600 s); 暂停 holds the group, 继续 goes on, ‹ › step by hand and restart the wait.
import { Button, Card, InputNumber, Space, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { Split } from '../../lib/video/split';
import { useCameras } from './api';
import { CameraTree } from './CameraTree';
import { camerasOf, patrolGroups } from './model';
import { SplitPicker, VideoWall } from './VideoWall';
import './video-monitoring.css';

const PATROL_SPLITS: readonly Split[] = [4, 9];
export const DEFAULT_PATROL_SECONDS = 30;

export function Live() {
  const cameras = useCameras();
  const all = useMemo(() => camerasOf(cameras.data?.projects), [cameras.data]);
  const [checked, setChecked] = useState<string[] | null>(null);
  const [split, setSplit] = useState<Split>(4);
  const [seconds, setSeconds] = useState(() => {
    const asked = Number(new URLSearchParams(window.location.search).get('interval'));
    return Number.isInteger(asked) && asked >= 2 && asked <= 600 ? asked : DEFAULT_PATROL_SECONDS;
  });
  const [paused, setPaused] = useState(false);
  const [group, setGroup] = useState(0);
  const [step, setStep] = useState(0);

  const chosen = useMemo(() => (checked === null ? all : all.filter((c) => checked.includes(c.id))), [all, checked]);
  const groups = useMemo(() => patrolGroups(chosen, split), [chosen, split]);
  const at = groups.length === 0 ? 0 : group % groups.length;

  useEffect(() => {
    if (paused || groups.length < 2) return undefined;
    const timer = setTimeout(() => setGroup((g) => (g + 1) % groups.length), seconds * 1000);
    return () => clearTimeout(timer);
  }, [paused, groups.length, seconds, at, step]);

  const go = (delta: number) => {
    if (groups.length === 0) return;
    setGroup((at + delta + groups.length) % groups.length);
    setStep((s) => s + 1);
  };

  return (
    <div className="vmo-page">
      <Card className="vmo-side" title="轮巡摄像头" size="small">
        <CameraTree
          projects={cameras.data?.projects}
          loading={cameras.isLoading}
          onPick={() => undefined}
          checked={checked ?? all.map((c) => c.id)}
          onCheck={(ids) => {
            setChecked(ids);
            setGroup(0);
          }}
        />
      </Card>
      <div className="vmo-main">
        <div className="vmo-toolbar">
          <SplitPicker
            splits={PATROL_SPLITS}
            value={split}
            onChange={(n) => {
              setSplit(n);
              setGroup(0);
            }}
          />
          <Space size={6}>
            <span>轮巡间隔</span>
            <InputNumber aria-label="轮巡间隔（秒）" min={2} max={600} value={seconds} onChange={(v) => v && setSeconds(Math.round(v))} addonAfter="秒" style={{ width: 130 }} />
          </Space>
          <Button onClick={() => go(-1)} disabled={groups.length < 2} aria-label="上一组">
            ‹
          </Button>
          <Tag className="vmo-group" aria-live="polite" aria-label="当前分组">
            第 {groups.length === 0 ? 0 : at + 1} / {groups.length} 组
          </Tag>
          <Button onClick={() => go(1)} disabled={groups.length < 2} aria-label="下一组">
            ›
          </Button>
          <Button type={paused ? 'primary' : 'default'} onClick={() => setPaused((p) => !p)} disabled={groups.length < 2}>
            {paused ? '继续轮巡' : '暂停轮巡'}
          </Button>
          <span className="vmo-current">{paused ? '已暂停' : groups.length > 1 ? `每 ${seconds} 秒切换` : ''}</span>
        </div>
        <div className="vmo-stage">
          <VideoWall split={split} tiles={groups[at] ?? []} label="轮巡画面" />
        </div>
      </div>
    </div>
  );
}
