// The demo stream (docs/video.md): the committed clip of server/video/demo-clip/ (scripts/make-demo-clip.sh)
// played as a camera. Live: a sliding window over an endless sequence of the clip's segments, segment i
// being clip segment i mod n, placed on the wall clock from the Unix epoch, so every viewer and every
// server process sees the same media sequence move on with time. Playback (录像回放): the same sequence
// over a past range, as a VOD playlist with EXT-X-PROGRAM-DATE-TIME. Each loop of the clip starts with
// EXT-X-DISCONTINUITY (its timestamps start again).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { VIDEO_PATHS } from '../../common/video';

export type DemoSegment = { name: string; durationMs: number; data: Buffer };
export type DemoClip = {
  segments: readonly DemoSegment[];
  /** The clip's length (ms): one loop. */
  loopMs: number;
  /** EXT-X-TARGETDURATION: the longest segment in whole seconds, rounded up. */
  targetDuration: number;
  /** A hash of the clip, in the segments' addresses so they may be cached for good. */
  version: string;
};

/** Segments the live playlist lists (about 10 s with 2 s segments). */
export const LIVE_WINDOW = 5;

const CLIP_DIR = new URL('./demo-clip/', import.meta.url);

/** Reads demo.m3u8 and its segments (once, at start). */
export function loadDemoClip(dir: URL = CLIP_DIR): DemoClip {
  const playlist = readFileSync(new URL('demo.m3u8', dir), 'utf8').split(/\r?\n/);
  const segments: DemoSegment[] = [];
  let duration: number | null = null;
  for (const line of playlist) {
    const inf = /^#EXTINF:([\d.]+)/.exec(line);
    if (inf) duration = Math.round(Number(inf[1]) * 1000);
    else if (line && !line.startsWith('#') && duration !== null) {
      if (!/^[a-z0-9_-]+\.mp2t$/i.test(line)) throw new Error(`demo clip: unexpected segment name ${line}`);
      segments.push({ name: line, durationMs: duration, data: readFileSync(new URL(line, dir)) });
      duration = null;
    }
  }
  if (segments.length === 0) throw new Error('demo clip: no segments in demo.m3u8');
  const hash = createHash('sha256');
  for (const s of segments) hash.update(s.data);
  return {
    segments,
    loopMs: segments.reduce((n, s) => n + s.durationMs, 0),
    targetDuration: Math.ceil(Math.max(...segments.map((s) => s.durationMs)) / 1000),
    version: hash.digest('hex').slice(0, 12),
  };
}

/** Index (in the endless sequence) of the segment playing at `ms` (epoch ms). */
export function segmentAt(clip: DemoClip, ms: number): number {
  const n = clip.segments.length;
  const loop = Math.floor(ms / clip.loopMs);
  let within = ms - loop * clip.loopMs;
  let k = 0;
  while (k < n - 1 && within >= clip.segments[k].durationMs) {
    within -= clip.segments[k].durationMs;
    k += 1;
  }
  return loop * n + k;
}

/** Start (epoch ms) of segment `i` of the endless sequence. */
export function segmentStart(clip: DemoClip, i: number): number {
  const n = clip.segments.length;
  const loop = Math.floor(i / n);
  let at = loop * clip.loopMs;
  for (let k = 0; k < i - loop * n; k += 1) at += clip.segments[k].durationMs;
  return at;
}

const segmentUri = (clip: DemoClip, i: number): string => `${VIDEO_PATHS.segment}/${clip.segments[i % clip.segments.length].name}?v=${clip.version}`;
const seconds = (ms: number): string => (ms / 1000).toFixed(3);

function segmentLines(clip: DemoClip, from: number, to: number): string[] {
  const n = clip.segments.length;
  const lines: string[] = [];
  for (let i = from; i <= to; i += 1) {
    if (i % n === 0 && i !== from) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(segmentStart(clip, i)).toISOString()}`);
    lines.push(`#EXTINF:${seconds(clip.segments[i % n].durationMs)},`);
    lines.push(segmentUri(clip, i));
  }
  return lines;
}

/** Discontinuities before segment `first` (one at the start of every loop): EXT-X-DISCONTINUITY-SEQUENCE. */
const discontinuitiesBefore = (clip: DemoClip, first: number): number => Math.floor(first / clip.segments.length);

/** The live playlist at `now`: the LIVE_WINDOW segments completed before now. */
export function livePlaylist(clip: DemoClip, now: number): { text: string; mediaSequence: number } {
  const last = segmentAt(clip, now) - 1;
  const first = last - LIVE_WINDOW + 1;
  const text = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${clip.targetDuration}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${discontinuitiesBefore(clip, first)}`,
    ...segmentLines(clip, first, last),
    '',
  ].join('\n');
  return { text, mediaSequence: first };
}

/** The recording of [from, to) (epoch ms; validated by the caller): every segment overlapping it. */
export function vodPlaylist(clip: DemoClip, from: number, to: number): { text: string; segments: number } {
  const first = segmentAt(clip, from);
  const last = Math.max(first, segmentAt(clip, to - 1));
  const text = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${clip.targetDuration}`,
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-MEDIA-SEQUENCE:0',
    ...segmentLines(clip, first, last),
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
  return { text, segments: last - first + 1 };
}
