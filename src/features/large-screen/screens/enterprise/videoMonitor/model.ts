// What the video screens derive from the VideoMonitor answer (common/screens/video.ts): the cameras of the
// wall with their project and district, and the scope the wall shows.
import type { Camera, ProjectCameras } from '../../../../../../common/screens/video';
import { percentOf } from '../../../kit/format';

/** A camera on the video wall, with the project and district it belongs to. */
export type WallCamera = Camera & { projectId: string; projectName: string; areaCode: string; areaName: string };

export const camerasOf = (projects: readonly ProjectCameras[]): WallCamera[] =>
  projects.flatMap((p) => p.cameras.map((c) => ({ ...c, projectId: p.projectId, projectName: p.projectName, areaCode: p.areaCode, areaName: p.areaName })));

/** online / total in % with one decimal (0 without cameras), as the server's onlineRate. */
export const onlineRateOf = (online: number, total: number): number => percentOf(online, total);

/** What the wall shows: every camera, one district's or one project's. */
export type CameraScope = { kind: 'all' } | { kind: 'area'; code: string } | { kind: 'project'; id: string };

export const ALL_CAMERAS: CameraScope = { kind: 'all' };

export const inScope = (scope: CameraScope) => (c: WallCamera): boolean =>
  scope.kind === 'all' || (scope.kind === 'area' ? c.areaCode === scope.code : c.projectId === scope.id);

/** A scope as text, e.g. `area:511002`: equal scopes, equal keys. */
export const scopeKey = (s: CameraScope): string => (s.kind === 'all' ? 'all' : s.kind === 'area' ? `area:${s.code}` : `project:${s.id}`);

export const sameScope = (a: CameraScope, b: CameraScope): boolean => scopeKey(a) === scopeKey(b);
