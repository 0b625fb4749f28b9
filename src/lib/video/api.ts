// GET /prod-api/api/Video/Stream (docs/video.md): where a camera plays — live, or a recorded range — and
// POST Video/Ptz, a PTZ command.
import { VIDEO_PATHS, type PtzCommand, type PtzResult, type VideoStream } from '../../../common/video';
import { API_BASE } from '../../../common/constants';
import { request, unwrap } from '../http/client';

const path = (full: string): string => full.slice(API_BASE.length);

export type PlaybackRange = { start: string; end: string };

export const getVideoStream = (cameraId: string, range?: PlaybackRange, signal?: AbortSignal): Promise<VideoStream> =>
  unwrap(request<VideoStream>({ method: 'GET', url: path(VIDEO_PATHS.stream), params: { cameraId, ...range }, signal }));

export const sendPtz = (cameraId: string, command: PtzCommand): Promise<PtzResult> =>
  unwrap(request<PtzResult>({ method: 'POST', url: path(VIDEO_PATHS.ptz), data: { cameraId, command } }));
