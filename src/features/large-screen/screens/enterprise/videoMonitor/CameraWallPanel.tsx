// 监控画面 of 企业/监管视频监控: the cameras in scope (their project's name on each tile) on the shared wall
// (shared/CameraWallPanel.tsx) of 4, 9 or 16 tiles whose pages turn by themselves (轮巡).
import { useMemo } from 'react';
import type { SourceFrame } from '../../../kit/frame';
import { CameraWallPanel as Wall } from '../../../shared/CameraWallPanel';
import type { WallCamera } from './model';

const SPLITS = [4, 9, 16] as const;

export const tileName = (c: WallCamera): string => `${c.projectName} · ${c.deviceName}${c.installPosition ? `（${c.installPosition}）` : ''}`;

export type CameraWallPanelProps = {
  cameras: WallCamera[] | undefined;
  /** What the wall shows, e.g. 全部项目 or a project's name. */
  scopeName: string;
  frame: SourceFrame;
};

export function CameraWallPanel({ cameras, scopeName, frame }: CameraWallPanelProps) {
  const tiles = useMemo(() => cameras?.map((c) => ({ id: c.id, name: tileName(c), online: c.online })), [cameras]);
  const scope = (
    <span className="vm-scope" title={scopeName}>
      {scopeName}
    </span>
  );
  return <Wall tiles={tiles} frame={frame} leading={scope} splits={SPLITS} initialSplit={9} rotate />;
}
