// GET /prod-api/api/TyScreen/VideoMonitor?pjctid1= — the cameras of every project in scope, for both video
// screens (videoMonitor and the supervisory jgdvideoMonitor), refetched when the server's VideoMonitor
// stream announces a device change (polling every 30 s when it cannot).
import { request, unwrap } from '../../../../../lib/http/client';
import { useScreenSource } from '../../../data/use-screen-source';
import type { VideoMonitor } from './model';

export const VIDEO_MONITOR_URL = '/api/TyScreen/VideoMonitor';
export const VIDEO_MONITOR_REFRESH_MS = 30_000;

export const getVideoMonitor = (projectId: string | undefined, signal?: AbortSignal): Promise<VideoMonitor> =>
  unwrap(request<VideoMonitor>({ method: 'GET', url: VIDEO_MONITOR_URL, params: { pjctid1: projectId }, signal }));

export const useVideoMonitor = (projectId: string | undefined) =>
  useScreenSource(`VideoMonitor:${projectId ?? ''}`, (signal) => getVideoMonitor(projectId, signal), {
    intervalMs: VIDEO_MONITOR_REFRESH_MS,
    stream: 'VideoMonitor',
  });
