// The video API (docs/video.md): the demo stream's live playlist moves with the clock, the playback range is
// validated (Chinese refusals) and served as a VOD playlist, segments carry their type and caching, a camera
// with its own stream plays it, and every call is scoped to the caller's projects; PTZ commands need the
// 视频预览 edit grant and a camera with a control address, and are recorded in the 操作日志.
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/constants';
import type { VideoMonitor } from '../../common/screens/video';
import { PLAYBACK_MAX_MS, VIDEO_MESSAGES, VIDEO_PATHS, liveUrl, playbackUrl, type PtzResult, type VideoStream } from '../../common/video';
import type { Database } from '../../server/db/schema';
import { LIVE_WINDOW, livePlaylist, loadDemoClip, loopSegment, segmentAt, segmentStart, vodPlaylist } from '../../server/video/hls';
import { call, session, startApp } from './helpers';
import { screen } from './screens-fixtures';

let app: FastifyInstance;
let db: Kysely<Database>;
const tokens: Record<string, string> = {};
/** Camera ids by device code (as the VideoMonitor screen answers them). */
const cams: Record<string, string> = {};

beforeAll(async () => {
  app = await startApp({
    routes: [
      async (_api, { ctx }) => {
        db = ctx.db;
      },
    ],
  });
  for (const u of ['qiye01', 'qiye02', 'xiangmu01', 'xiangmu02', 'jianguan01', 'wuquanxian']) tokens[u] = (await session(app, u)).token;
  const all = await screen<VideoMonitor>(app, tokens.qiye01, 'VideoMonitor');
  for (const c of all.projects.flatMap((p) => p.cameras)) cams[c.deviceCode] = c.id;
});
afterAll(() => app.close());

const clip = loadDemoClip();
const n = (c: typeof clip) => c.segments.length;
const streamOf = (token: string, query: Record<string, string>) => call<VideoStream>(app, 'GET', VIDEO_PATHS.stream, { token, query });
const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const bearer = (u: string) => ({ authorization: `Bearer ${tokens[u]}` });
const iso = (ms: number) => new Date(ms).toISOString();

describe('demo clip and playlists', () => {
  it('is a small H.264 clip of 2-second segments', () => {
    expect(clip.segments.length).toBeGreaterThanOrEqual(3);
    expect(clip.segments.every((s) => s.durationMs === 2000)).toBe(true);
    expect(clip.segments.reduce((n, s) => n + s.data.length, 0)).toBeLessThan(1_000_000);
    // MPEG-TS: every 188-byte packet starts with the sync byte.
    expect(clip.segments.every((s) => s.data[0] === 0x47 && s.data[188] === 0x47)).toBe(true);
  });

  it('places the endless sequence on the wall clock', () => {
    for (const i of [0, 1, 2, 3, 7, 1000]) {
      expect(segmentAt(clip, segmentStart(clip, i))).toBe(i);
      expect(segmentAt(clip, segmentStart(clip, i) + 1999)).toBe(i);
    }
  });

  it('moves the live media sequence on with time, looping the clip', () => {
    const now = Date.UTC(2026, 10, 28, 9, 0, 1);
    const a = livePlaylist(clip, now);
    const b = livePlaylist(clip, now + 2000);
    const c = livePlaylist(clip, now + 60_000);
    expect(b.mediaSequence).toBe(a.mediaSequence + 1);
    expect(c.mediaSequence).toBe(a.mediaSequence + 30);
    const lines = a.text.split('\n');
    expect(lines[0]).toBe('#EXTM3U');
    expect(a.text).not.toContain('#EXT-X-ENDLIST');
    expect(a.text).not.toContain('#EXT-X-DISCONTINUITY');
    expect(lines.filter((l) => l.startsWith('#EXTINF:'))).toHaveLength(LIVE_WINDOW);
    const n = clip.segments.length;
    const uris = lines.filter((l) => l.startsWith(VIDEO_PATHS.segment));
    expect(uris[0]).toBe(`${VIDEO_PATHS.segment}/${Math.floor(a.mediaSequence / n)}/${clip.segments[a.mediaSequence % n].name}?v=${clip.version}`);
    // The newest listed segment has ended by now.
    const dates = lines.filter((l) => l.startsWith('#EXT-X-PROGRAM-DATE-TIME:')).map((l) => Date.parse(l.slice(25)));
    expect(dates.at(-1)! + 2000).toBeLessThanOrEqual(now);
    expect(now - (dates.at(-1)! + 2000)).toBeLessThan(2000);
  });

  it('moves each loop’s timestamps on by the clip’s length, so the loops join without a break', () => {
    const pts = (b: Buffer): number[] => {
      const out: number[] = [];
      for (let p = 0; p + 188 <= b.length; p += 188) {
        if (!(b[p + 1] & 0x40)) continue;
        let at = p + 4;
        if ((b[p + 3] >> 4) & 2) at += 1 + b[at];
        if (b[at] !== 0 || b[at + 1] !== 0 || b[at + 2] !== 1 || !((b[at + 7] >> 6) & 2)) continue;
        const t = at + 9;
        out.push(((b[t] >> 1) & 7) * 2 ** 30 + (b[t + 1] << 22) + ((b[t + 2] >> 1) << 15) + (b[t + 3] << 7) + (b[t + 4] >> 1));
      }
      return out;
    };
    const first = pts(clip.segments[0].data);
    const moved = pts(loopSegment(clip, clip.segments[0], 3));
    expect(moved).toHaveLength(first.length);
    expect(moved.map((v, i) => v - first[i])).toEqual(first.map(() => 3 * clip.loopMs * 90));
    // Loop 0 is the clip as it is; a huge loop number stays inside the 33-bit clock.
    expect(loopSegment(clip, clip.segments[1], 0).equals(clip.segments[1].data)).toBe(true);
    expect(Math.max(...pts(loopSegment(clip, clip.segments[2], 987_654_321)))).toBeLessThan(2 ** 33);
    // The last frame of a loop and the first of the next are one frame apart.
    const lastOfLoop = Math.max(...pts(clip.segments[n(clip) - 1].data));
    expect(pts(loopSegment(clip, clip.segments[0], 1))[0] - lastOfLoop).toBe(6000);
  });

  it('serves a range as a VOD playlist dated from its start', () => {
    const from = Date.UTC(2026, 10, 28, 8, 0, 0);
    const vod = vodPlaylist(clip, from, from + 10 * 60_000);
    expect(vod.segments).toBe(300);
    expect(vod.text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(vod.text.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(vod.text).toContain(`#EXT-X-PROGRAM-DATE-TIME:${iso(from)}`);
  });
});

describe('GET Video/Stream', () => {
  it('gives an online camera of the scope its live demo playlist', async () => {
    const id = cams['2024001-VIDEO-01'];
    const reply = await streamOf(tokens.xiangmu01, { cameraId: id });
    expect(reply.body.status).toBe(1);
    expect(reply.body.data).toMatchObject({ cameraId: id, mode: 'live', source: 'demo', url: liveUrl(id), online: true, ptz: true, projectName: '甜城湖片区棚户区改造项目' });
    const plain = await streamOf(tokens.xiangmu01, { cameraId: cams['2024001-VIDEO-03'] });
    expect(plain.body.data).toMatchObject({ ptz: false });
  });

  it('refuses cameras outside the scope, offline cameras, and users without data authority', async () => {
    // xiangmu02 has only 汉渝大道; the supervisor's area (内江) leaves out 大安段 in 自贡.
    expect((await streamOf(tokens.xiangmu02, { cameraId: cams['2024001-VIDEO-01'] })).body).toMatchObject({ status: 0, detail: VIDEO_MESSAGES.cameraOutOfScope });
    expect((await streamOf(tokens.jianguan01, { cameraId: cams['2024012-VIDEO-01'] })).body).toMatchObject({ status: 0, detail: VIDEO_MESSAGES.cameraOutOfScope });
    expect((await streamOf(tokens.jianguan01, { cameraId: cams['2024001-VIDEO-01'] })).body.status).toBe(1);
    expect((await streamOf(tokens.qiye01, { cameraId: '999999' })).body.detail).toBe(VIDEO_MESSAGES.cameraOutOfScope);
    // A monitoring device that is no camera.
    const dust = (await sql<{ id: string }>`select id::text as id from monitor_device where device_kind = 'dust' limit 1`.execute(db)).rows[0];
    expect((await streamOf(tokens.qiye01, { cameraId: dust.id })).body.detail).toBe(VIDEO_MESSAGES.cameraOutOfScope);
    expect((await streamOf(tokens.xiangmu02, { cameraId: cams['2024002-VIDEO-01'] })).body).toMatchObject({ status: 0, detail: VIDEO_MESSAGES.offline });
    expect((await streamOf(tokens.wuquanxian, { cameraId: cams['2024001-VIDEO-01'] })).body).toEqual({ status: 0, code: 0, detail: MESSAGES.noPermission });
    expect((await call(app, 'GET', VIDEO_PATHS.stream, { query: { cameraId: cams['2024001-VIDEO-01'] } })).status).toBe(401);
    expect((await streamOf(tokens.qiye01, { cameraId: 'abc' })).status).toBe(400);
  });

  it('validates a playback range in Chinese and answers its VOD playlist', async () => {
    const id = cams['2024001-VIDEO-01'];
    const now = Date.now();
    const refusals: Array<[Record<string, string>, string]> = [
      [{ start: iso(now - 60_000) }, VIDEO_MESSAGES.rangeMissing],
      [{ start: '2026-11-28 08:00', end: iso(now) }, VIDEO_MESSAGES.rangeFormat],
      [{ start: iso(now - 60_000), end: iso(now - 120_000) }, VIDEO_MESSAGES.rangeOrder],
      [{ start: iso(now - PLAYBACK_MAX_MS - 120_000), end: iso(now - 60_000) }, VIDEO_MESSAGES.rangeTooLong],
      [{ start: iso(now - 60_000), end: iso(now + 3_600_000) }, VIDEO_MESSAGES.rangeFuture],
      [{ start: iso(now - 40 * 86_400_000), end: iso(now - 40 * 86_400_000 + 60_000) }, VIDEO_MESSAGES.rangeTooOld],
    ];
    for (const [range, detail] of refusals) {
      expect((await streamOf(tokens.qiye01, { cameraId: id, ...range })).body, detail).toMatchObject({ status: 0, detail });
      const direct = await get(`${VIDEO_PATHS.playback}/${id}/index.m3u8?${new URLSearchParams(range).toString()}`, bearer('qiye01'));
      expect(direct.statusCode, detail).toBe(400);
      expect(direct.json()).toMatchObject({ status: 0, detail });
    }
    const start = iso(now - 30 * 60_000);
    const end = iso(now - 20 * 60_000);
    const reply = await streamOf(tokens.qiye01, { cameraId: id, start, end });
    expect(reply.body.data).toMatchObject({ mode: 'playback', source: 'demo', start, end, url: playbackUrl(id, start, end) });
    // An offline camera still has its recordings.
    expect((await streamOf(tokens.qiye01, { cameraId: cams['2024002-VIDEO-01'], start, end })).body.status).toBe(1);
    const vod = await get(reply.body.data!.url, bearer('qiye01'));
    expect(vod.statusCode).toBe(200);
    expect(vod.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(vod.body).toContain('#EXT-X-ENDLIST');
    expect(vod.body.match(/#EXTINF:/g)!.length).toBeGreaterThanOrEqual(300);
  });
});

describe('playlists and segments', () => {
  it('serves the live playlist with the access-token cookie, uncached, and refuses out of scope with 404', async () => {
    const id = cams['2024001-VIDEO-01'];
    const live = await get(liveUrl(id), { cookie: `access_token=${encodeURIComponent(tokens.xiangmu01)}` });
    expect(live.statusCode).toBe(200);
    expect(live.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(live.headers['cache-control']).toBe('no-cache');
    expect(live.body).toContain('#EXT-X-MEDIA-SEQUENCE:');
    expect((await get(liveUrl(id), { cookie: `access_token=${encodeURIComponent(tokens.xiangmu02)}` })).statusCode).toBe(404);
    expect((await get(liveUrl(id))).statusCode).toBe(401);
    // An offline camera: Video/Stream refuses new viewers; a playlist already playing goes on.
    expect((await get(liveUrl(cams['2024002-VIDEO-01']), bearer('xiangmu02'))).statusCode).toBe(200);
  });

  it('serves the demo segments as MPEG-TS cached for good, and nothing else', async () => {
    const uri = livePlaylist(clip, Date.now()).text.split('\n').find((l) => l.startsWith(VIDEO_PATHS.segment))!;
    const seg = await get(uri, bearer('qiye01'));
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    expect(seg.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(seg.rawPayload[0]).toBe(0x47);
    expect((await get(`${VIDEO_PATHS.segment}/0/demo.m3u8`, bearer('qiye01'))).statusCode).toBe(404);
    expect((await get(`${VIDEO_PATHS.segment}/x/seg0.mp2t`, bearer('qiye01'))).statusCode).toBe(400);
    expect((await get(`${VIDEO_PATHS.segment}/..%2Fhls.ts`, bearer('qiye01'))).statusCode).toBe(404);
    expect((await get(uri)).statusCode).toBe(401);
  });

  it('plays a camera’s own stream address instead of the demo', async () => {
    const id = cams['2024009-VIDEO-01'];
    await sql`update video_device set hls_url = 'https://media.example.com/live/2024009.m3u8', playback_url = null where device_no = '2024009-VIDEO-01'`.execute(db);
    try {
      expect((await streamOf(tokens.qiye01, { cameraId: id })).body.data).toMatchObject({ source: 'camera', url: 'https://media.example.com/live/2024009.m3u8' });
      const live = await get(liveUrl(id), bearer('qiye01'));
      expect(live.statusCode).toBe(302);
      expect(live.headers.location).toBe('https://media.example.com/live/2024009.m3u8');
      const now = Date.now();
      const range = { start: iso(now - 600_000), end: iso(now - 300_000) };
      expect((await streamOf(tokens.qiye01, { cameraId: id, ...range })).body.detail).toBe(VIDEO_MESSAGES.noPlayback);
      await sql`update video_device set playback_url = 'https://media.example.com/vod/2024009.m3u8?from={start}&to={end}' where device_no = '2024009-VIDEO-01'`.execute(db);
      expect((await streamOf(tokens.qiye01, { cameraId: id, ...range })).body.data?.url).toBe(
        `https://media.example.com/vod/2024009.m3u8?from=${Math.floor((now - 600_000) / 1000)}&to=${Math.ceil((now - 300_000) / 1000)}`,
      );
    } finally {
      await sql`update video_device set hls_url = null, playback_url = null where device_no = '2024009-VIDEO-01'`.execute(db);
    }
  });
});

describe('POST Video/Ptz', () => {
  const ptz = (u: string, body: unknown) => call<PtzResult>(app, 'POST', VIDEO_PATHS.ptz, { token: tokens[u], body });

  it('accepts a command for a camera with a control address and records it', async () => {
    const id = cams['2024001-VIDEO-01'];
    const reply = await ptz('xiangmu01', { cameraId: id, command: 'left', speed: 5 });
    expect(reply.body).toMatchObject({ status: 1, data: { cameraId: id, command: 'left', accepted: true, forwarded: false } });
    const row = await db.selectFrom('audit_log').selectAll().where('entity', '=', 'VideoPtz').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ action: 'ptz', record_id: id, entity_title: '云台控制' });
    expect(JSON.stringify(row.changes)).toContain('左');
  });

  it('refuses a camera without control, out of scope, a bad command and a user without the PTZ grant', async () => {
    expect((await ptz('xiangmu01', { cameraId: cams['2024001-VIDEO-03'], command: 'up' })).body).toMatchObject({ status: 0, detail: VIDEO_MESSAGES.noPtz });
    expect((await ptz('xiangmu01', { cameraId: cams['2024012-VIDEO-01'], command: 'up' })).body).toMatchObject({ status: 0, detail: VIDEO_MESSAGES.cameraOutOfScope });
    expect((await ptz('xiangmu01', { cameraId: cams['2024001-VIDEO-01'], command: 'spin' })).status).toBe(400);
    // 企业查看员 and 项目成员 watch only (search, no edit): 402 没有权限.
    for (const u of ['qiye02', 'xiangmu02']) expect((await ptz(u, { cameraId: cams['2024001-VIDEO-01'], command: 'up' })).body).toMatchObject({ status: 0, code: 402 });
    expect((await ptz('qiye01', { cameraId: cams['2024001-VIDEO-01'], command: 'zoomIn' })).body.status).toBe(1);
  });
});
