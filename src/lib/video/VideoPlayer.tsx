// One camera's video (docs/video.md): asks the server where the camera plays (Video/Stream: live, or a
// recorded range), then plays that HLS playlist muted through hls.js — loaded with the first player, so no
// other route carries it — or natively where the browser plays HLS itself. A player decodes only with a
// slot of the page's decoder budget (decoder-budget.ts, at most 9): without one it shows the still tile and
// 点击播放. States (data-state): offline (设备离线), waiting, loading, playing, error (Chinese text and 重试),
// unsupported. Leaving destroys the hls.js instance and frees the slot.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type HlsType from 'hls.js';
import type { VideoStream } from '../../../common/video';
import { getVideoStream, type PlaybackRange } from './api';
import { useDecoderSlot } from './decoder-budget';
import './video-player.css';

export type VideoPlayerProps = {
  cameraId: string;
  /** Shown on the tile (camera, project). */
  name: string;
  /** The camera's state from its list: an offline camera has no live picture. */
  online: boolean;
  /** Playback of a recorded range instead of live. */
  range?: PlaybackRange;
  /** Playback: seconds from the range's start to jump to (changes seek). */
  seekTo?: number;
  /** Hides the name and state badge (a page that labels the tile itself). */
  bare?: boolean;
  className?: string;
  /** Where the camera plays, once known (PTZ, source). */
  onStream?: (stream: VideoStream) => void;
  /** The playing position in seconds (playback). */
  onTime?: (seconds: number) => void;
  /** Where to play from instead of asking Video/Stream (a share link's page, docs/share-links.md). */
  load?: (signal: AbortSignal) => Promise<{ url: string }>;
  children?: ReactNode;
};

export type PlayerState = 'offline' | 'unsupported' | 'waiting' | 'loading' | 'playing' | 'error';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** Whether this browser can play HLS: through Media Source Extensions (hls.js) or natively. */
export function canPlayHls(): boolean {
  if (typeof document === 'undefined') return false;
  const mse = typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
  return mse || document.createElement('video').canPlayType(HLS_TYPE) !== '';
}

const errorText = (e: unknown): string => (e instanceof Error && /[\u4e00-\u9fa5]/.test(e.message) ? e.message : '视频加载失败');

export function VideoPlayer({ cameraId, name, online, range, seekTo, bare, className, onStream, onTime, load, children }: VideoPlayerProps) {
  const [supported] = useState(canPlayHls);
  const live = !range;
  const wanted = supported && (online || !live);
  const { granted, claim } = useDecoderSlot(wanted);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<{ kind: 'loading' | 'playing' | 'error'; message?: string }>({ kind: 'loading' });
  const callbacks = useRef({ onStream, onTime, load });
  useEffect(() => {
    callbacks.current = { onStream, onTime, load };
  });
  const start = range?.start;
  const end = range?.end;

  useEffect(() => {
    const video = videoRef.current;
    if (!granted || !video) return undefined;
    let cancelled = false;
    let hls: HlsType | null = null;
    const abort = new AbortController();
    const fail = (message: string) => {
      if (!cancelled) setPhase({ kind: 'error', message });
    };
    setPhase({ kind: 'loading' });
    void (async () => {
      try {
        const custom = callbacks.current.load;
        const stream = custom ? await custom(abort.signal) : await getVideoStream(cameraId, start && end ? { start, end } : undefined, abort.signal);
        if (cancelled) return;
        if (!custom) callbacks.current.onStream?.(stream as VideoStream);
        video.muted = true;
        if (!('MediaSource' in window || 'ManagedMediaSource' in window)) {
          video.src = stream.url;
        } else {
          const { default: Hls } = await import('hls.js/light');
          if (cancelled) return;
          hls = new Hls({ enableWorker: false, maxBufferLength: 8, backBufferLength: 4, liveSyncDurationCount: 2 });
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal) fail(data.type === Hls.ErrorTypes.NETWORK_ERROR ? '视频连接中断' : '视频解码失败');
          });
          hls.loadSource(stream.url);
          hls.attachMedia(video);
        }
        video.play().catch(() => undefined);
      } catch (e) {
        if (!abort.signal.aborted) fail(errorText(e));
      }
    })();
    return () => {
      cancelled = true;
      abort.abort();
      if (hls) hls.destroy();
      else if (video.getAttribute('src')) {
        video.removeAttribute('src');
        video.load();
      }
    };
  }, [granted, cameraId, start, end, attempt]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || seekTo === undefined || !granted) return;
    if (video.readyState > 0) video.currentTime = seekTo;
    else video.addEventListener('loadedmetadata', () => (video.currentTime = seekTo), { once: true });
  }, [seekTo, granted]);

  const state: PlayerState = !supported ? 'unsupported' : live && !online ? 'offline' : !granted ? 'waiting' : phase.kind;
  return (
    <div className={`vp${className ? ` ${className}` : ''}`} data-state={state} data-camera={cameraId}>
      <video
        ref={videoRef}
        className="vp-video"
        muted
        playsInline
        autoPlay
        aria-label={`${name}${live ? '实时画面' : '录像回放'}`}
        onPlaying={() => setPhase((p) => (p.kind === 'error' ? p : { kind: 'playing' }))}
        onTimeUpdate={(e) => callbacks.current.onTime?.(e.currentTarget.currentTime)}
      />
      {state !== 'playing' && (
        <div className="vp-layer">
          {state === 'offline' && <span className="vp-text">设备离线，暂无画面</span>}
          {state === 'unsupported' && <span className="vp-text">当前浏览器不支持视频播放</span>}
          {state === 'loading' && <span className="vp-text">正在连接视频…</span>}
          {state === 'waiting' && (
            <button type="button" className="vp-action" onClick={claim} aria-label={`点击播放：${name}`}>
              点击播放
            </button>
          )}
          {state === 'error' && (
            <>
              <span className="vp-text is-error" role="alert">
                {phase.message ?? '视频加载失败'}
              </span>
              <button type="button" className="vp-action" onClick={() => setAttempt((n) => n + 1)} aria-label={`重试：${name}`}>
                重试
              </button>
            </>
          )}
        </div>
      )}
      {!bare && (
        <>
          <span className={`vp-status ${online ? 'is-online' : 'is-offline'}`}>{online ? '在线' : '离线'}</span>
          <span className="vp-name" title={name}>
            {name}
          </span>
        </>
      )}
      {children}
    </div>
  );
}
