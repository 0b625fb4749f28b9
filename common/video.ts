// Real video of the cameras (docs/video.md): the addresses of the video API, the limits of a playback
// range and the answers both sides read. A camera is a monitoring device of kind `video` (the id the
// VideoMonitor screen answer gives it); its 视频监控 ledger row (VideoDevice) may name a stream of its own
// (hlsUrl, playbackUrl) and a PTZ control address (ptzUrl), else the server's demo clip plays for it.
import { API_BASE } from './constants';

export const VIDEO_BASE = `${API_BASE}/api/Video`;

export const VIDEO_PATHS = {
  /** GET `cameraId`, optional `start` + `end` (ISO 8601): the camera's playable address, as JSON. */
  stream: `${VIDEO_BASE}/Stream`,
  /** GET `<live>/<cameraId>/index.m3u8`: the live HLS playlist of the demo stream. */
  live: `${VIDEO_BASE}/Live`,
  /** GET `<playback>/<cameraId>/index.m3u8?start=&end=`: the recording of a range (VOD playlist). */
  playback: `${VIDEO_BASE}/Playback`,
  /** GET `<segment>/<name>`: a segment of the demo clip. */
  segment: `${VIDEO_BASE}/Demo`,
  /** POST `{ cameraId, command, speed? }`: a PTZ command (云台控制). */
  ptz: `${VIDEO_BASE}/Ptz`,
} as const;

export const liveUrl = (cameraId: string): string => `${VIDEO_PATHS.live}/${encodeURIComponent(cameraId)}/index.m3u8`;
export const playbackUrl = (cameraId: string, start: string, end: string): string =>
  `${VIDEO_PATHS.playback}/${encodeURIComponent(cameraId)}/index.m3u8?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`;

/** The longest range one playback plays. */
export const PLAYBACK_MAX_MS = 2 * 60 * 60 * 1000;
/** How far back recordings are kept. */
export const PLAYBACK_RETENTION_DAYS = 30;

export const VIDEO_MESSAGES = {
  cameraOutOfScope: '摄像头不存在或不在您的权限范围内',
  offline: '摄像头离线，暂无实时画面',
  rangeMissing: '请选择回放的开始时间和结束时间',
  rangeFormat: '回放时间格式不正确',
  rangeOrder: '回放结束时间须晚于开始时间',
  rangeTooLong: '回放时段不能超过2小时',
  rangeFuture: '回放结束时间不能晚于当前时间',
  rangeTooOld: `只能回放最近${PLAYBACK_RETENTION_DAYS}天的录像`,
  noPlayback: '该摄像头未配置录像回放地址',
  noPtz: '该摄像头不支持云台控制',
  ptzCommand: '云台指令不正确',
} as const;

/** ISO 8601 with a time zone (Z or ±hh:mm), as the browser's Date#toISOString sends. */
export const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The Chinese refusal of a playback range, or null when it may play (`now` in ms). */
export function rangeProblem(start: string | undefined, end: string | undefined, now: number): string | null {
  if (!start || !end) return VIDEO_MESSAGES.rangeMissing;
  if (!ISO_MOMENT.test(start) || !ISO_MOMENT.test(end)) return VIDEO_MESSAGES.rangeFormat;
  const from = Date.parse(start);
  const to = Date.parse(end);
  if (!Number.isFinite(from) || !Number.isFinite(to)) return VIDEO_MESSAGES.rangeFormat;
  if (to <= from) return VIDEO_MESSAGES.rangeOrder;
  if (to - from > PLAYBACK_MAX_MS) return VIDEO_MESSAGES.rangeTooLong;
  // A minute of leeway for the clocks of browser and server.
  if (to > now + 60_000) return VIDEO_MESSAGES.rangeFuture;
  if (from < now - PLAYBACK_RETENTION_DAYS * 86_400_000) return VIDEO_MESSAGES.rangeTooOld;
  return null;
}

export const PTZ_COMMANDS = ['up', 'down', 'left', 'right', 'zoomIn', 'zoomOut', 'stop'] as const;
export type PtzCommand = (typeof PTZ_COMMANDS)[number];
export const PTZ_LABELS: Readonly<Record<PtzCommand, string>> = {
  up: '上',
  down: '下',
  left: '左',
  right: '右',
  zoomIn: '变倍+',
  zoomOut: '变倍-',
  stop: '停止',
};

/** GET Video/Stream: where a camera plays. */
export type VideoStream = {
  cameraId: string;
  deviceCode: string;
  deviceName: string;
  projectId: string;
  projectName: string;
  online: boolean;
  mode: 'live' | 'playback';
  /** `demo`: the server's demo clip; `camera`: the camera's own stream address (its media server). */
  source: 'demo' | 'camera';
  /** The HLS playlist to load. */
  url: string;
  /** The camera takes PTZ commands (it has a control address). */
  ptz: boolean;
  /** Playback: the range played (ISO). */
  start?: string;
  end?: string;
};

/** POST Video/Ptz: what the server did with a command. */
export type PtzResult = { cameraId: string; command: PtzCommand; accepted: true; forwarded: boolean };
