// What the 视频监控 pages derive from the VideoMonitor answer: the cameras with their project, and the tree.
import type { Camera, ProjectCameras } from '../../../common/screens/video';

export type CameraItem = Camera & { projectId: string; projectName: string };

export const camerasOf = (projects: readonly ProjectCameras[] | undefined): CameraItem[] =>
  (projects ?? []).flatMap((p) => p.cameras.map((c) => ({ ...c, projectId: p.projectId, projectName: p.projectName })));

export const cameraLabel = (c: Pick<Camera, 'deviceName' | 'installPosition'>): string => `${c.deviceName}${c.installPosition ? `（${c.installPosition}）` : ''}`;

/** `项目 · 摄像头（位置）`: a tile's name. */
export const tileLabel = (c: CameraItem): string => `${c.projectName} · ${cameraLabel(c)}`;

/** Cameras in groups of `size`, online ones first (轮巡 groups). */
export function patrolGroups(cameras: readonly CameraItem[], size: number): CameraItem[][] {
  const list = [...cameras].sort((a, b) => Number(b.online) - Number(a.online));
  const out: CameraItem[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
