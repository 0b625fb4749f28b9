// The demo stream (docs/video.md): the committed clip of server/video/demo-clip/ (scripts/make-demo-clip.sh)
// played as a camera. Live: a sliding window over an endless sequence of the clip's segments, segment i
// being clip segment i mod n, placed on the wall clock from the Unix epoch, so every viewer and every
// server process sees the same media sequence move on with time. Playback (录像回放): the same sequence
// over a past range, as a VOD playlist with EXT-X-PROGRAM-DATE-TIME. The timestamps run on without a
// break: segment i of loop L is served with its PTS, DTS and PCR moved on by L clip lengths (modulo the
// 33-bit clock, which players roll over), so no EXT-X-DISCONTINUITY is needed.
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

const segmentUri = (clip: DemoClip, i: number): string =>
  `${VIDEO_PATHS.segment}/${Math.floor(i / clip.segments.length)}/${clip.segments[i % clip.segments.length].name}?v=${clip.version}`;
const seconds = (ms: number): string => (ms / 1000).toFixed(3);

function segmentLines(clip: DemoClip, from: number, to: number): string[] {
  const n = clip.segments.length;
  const lines: string[] = [];
  for (let i = from; i <= to; i += 1) {
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(segmentStart(clip, i)).toISOString()}`);
    lines.push(`#EXTINF:${seconds(clip.segments[i % n].durationMs)},`);
    lines.push(segmentUri(clip, i));
  }
  return lines;
}

const CLOCK = 2 ** 33;
const TS_PACKET = 188;

function readTimestamp(b: Buffer, at: number): number {
  return ((b[at] >> 1) & 7) * 2 ** 30 + (b[at + 1] << 22) + ((b[at + 2] >> 1) << 15) + (b[at + 3] << 7) + (b[at + 4] >> 1);
}

function writeTimestamp(b: Buffer, at: number, v: number): void {
  b[at] = (b[at] & 0xf0) | ((Math.floor(v / 2 ** 30) & 7) << 1) | 1;
  b[at + 1] = Math.floor(v / 2 ** 22) & 0xff;
  b[at + 2] = ((Math.floor(v / 2 ** 15) & 0x7f) << 1) | 1;
  b[at + 3] = Math.floor(v / 2 ** 7) & 0xff;
  b[at + 4] = ((v & 0x7f) << 1) | 1;
}

/**
 * Segment `name` of loop `loop`: a copy of the clip's segment with every PES timestamp (PTS, DTS) and PCR
 * moved on by `loop` clip lengths in the 90 kHz clock, modulo 2^33.
 */
export function loopSegment(clip: DemoClip, segment: DemoSegment, loop: number): Buffer {
  const offset = ((loop % CLOCK) * clip.loopMs * 90) % CLOCK;
  const b = Buffer.from(segment.data);
  if (offset === 0) return b;
  for (let p = 0; p + TS_PACKET <= b.length; p += TS_PACKET) {
    if (b[p] !== 0x47) continue;
    const unitStart = (b[p + 1] & 0x40) !== 0;
    const control = (b[p + 3] >> 4) & 3;
    let at = p + 4;
    if (control & 2) {
      const length = b[at];
      if (length > 0 && (b[at + 1] & 0x10) !== 0) {
        // PCR: 33-bit base, 6 reserved bits, 9-bit extension.
        const c = at + 2;
        const base = b[c] * 2 ** 25 + (b[c + 1] << 17) + (b[c + 2] << 9) + (b[c + 3] << 1) + (b[c + 4] >> 7);
        const v = (base + offset) % CLOCK;
        b[c] = Math.floor(v / 2 ** 25) & 0xff;
        b[c + 1] = Math.floor(v / 2 ** 17) & 0xff;
        b[c + 2] = Math.floor(v / 2 ** 9) & 0xff;
        b[c + 3] = Math.floor(v / 2) & 0xff;
        b[c + 4] = ((v & 1) << 7) | (b[c + 4] & 0x7f);
      }
      at += 1 + length;
    }
    if (!(control & 1) || !unitStart || at + 14 > p + TS_PACKET) continue;
    // A PES header: 00 00 01, stream id, length, flags; PTS (and DTS) follow.
    if (b[at] !== 0 || b[at + 1] !== 0 || b[at + 2] !== 1) continue;
    const flags = (b[at + 7] >> 6) & 3;
    if (flags & 2) writeTimestamp(b, at + 9, (readTimestamp(b, at + 9) + offset) % CLOCK);
    if (flags === 3 && at + 19 <= p + TS_PACKET) writeTimestamp(b, at + 14, (readTimestamp(b, at + 14) + offset) % CLOCK);
  }
  return b;
}

/** The live playlist at `now`: the LIVE_WINDOW segments completed before now. */
export function livePlaylist(clip: DemoClip, now: number): { text: string; mediaSequence: number } {
  const last = segmentAt(clip, now) - 1;
  const first = last - LIVE_WINDOW + 1;
  const text = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${clip.targetDuration}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
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
