// The answer of GET /prod-api/api/TyScreen/VideoMonitor (docs/screens-api.md), as the browser reads it:
// every project in scope (also those without cameras) with its district and its cameras.
import { percentOf } from '../../../kit/format';

export type Camera = {
  id: string;
  deviceCode: string;
  deviceName: string;
  installPosition: string;
  online: boolean;
  lastSeenAt: string | null;
};

export type ProjectCameras = {
  projectId: string;
  projectName: string;
  areaCode: string;
  areaName: string;
  total: number;
  online: number;
  offline: number;
  cameras: Camera[];
};

export type VideoMonitor = {
  updatedAt: string;
  summary: { total: number; online: number; offline: number; onlineRate: number };
  projects: ProjectCameras[];
};

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
