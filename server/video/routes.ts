// The video API (docs/video.md): where a camera plays (Stream), the demo stream's live and playback HLS
// playlists and segments, and PTZ commands. A camera is a monitoring device of kind `video` in a project of
// the caller's scope (server/screens/scope.ts); its 视频监控 ledger row (same 设备编号) may name a stream of
// its own (hlsUrl / playbackUrl, e.g. a GB28181 gateway's HLS output), which then plays instead of the demo.
// Playlists and segments accept the access-token cookie too (hls.js loads them by itself).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { fail, ok } from '../../common/envelope';
import {
  liveUrl,
  playbackUrl,
  PTZ_COMMANDS,
  PTZ_LABELS,
  rangeProblem,
  VIDEO_MESSAGES,
  VIDEO_PATHS,
  type PtzCommand,
  type PtzResult,
  type VideoStream,
} from '../../common/video';
import type { AppContext } from '../app-context';
import { sessionOf } from '../auth/session-context';
import { parseId } from '../platform/ids';
import { recordChange } from '../engine/audit-trail';
import { body, idText, integer, query, text } from '../http/schemas';
import { screenProjects } from '../screens/scope';
import { screenTables } from '../screens/tables';
import { livePlaylist, loadDemoClip, loopSegment, vodPlaylist, type DemoClip } from './hls';

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const SEGMENT_TYPE = 'video/mp2t';
/** The PTZ buttons of the 视频预览 page: its edit action, titled 云台控制 (schemas/menus.json). */
export const PTZ_PERMISSION = 'VideoMonitoring.Preview:edit';
const PTZ_SUBJECT = { name: 'VideoPtz', title: '云台控制' } as const;

type CameraRow = {
  id: string;
  device_code: string;
  device_name: string;
  online: boolean | null;
  project_id: string;
  project_name: string;
  hls_url: string | null;
  playback_url: string | null;
  ptz: boolean | null;
  ptz_url: string | null;
};

export type Camera = {
  id: string;
  deviceCode: string;
  deviceName: string;
  online: boolean;
  projectId: string;
  projectName: string;
  hlsUrl: string;
  playbackUrl: string;
  ptz: boolean;
};

const cameraParams = { type: 'object', properties: { cameraId: idText }, required: ['cameraId'] } as const;
const rangeFields = { start: text(40), end: text(40) };

/** `{start}` and `{end}` of a playback address template as Unix seconds. */
export const fillPlayback = (template: string, from: number, to: number): string =>
  template.replaceAll('{start}', String(Math.floor(from / 1000))).replaceAll('{end}', String(Math.ceil(to / 1000)));

export async function videoRoutes(app: FastifyInstance, { ctx, clip = loadDemoClip() }: { ctx: AppContext; clip?: DemoClip }): Promise<void> {
  const t = screenTables(ctx.catalog);
  const ledger = ctx.catalog.entities.get('VideoDevice');
  if (!ledger) throw new Error('video routes: entity VideoDevice is not in schemas/entities/');
  const ledgerTable = ledger.table;
  const segments = new Map(clip.segments.map((s) => [s.name, s]));

  /** The camera of this id in the caller's scope, else null (unknown, deleted, not a camera, out of scope). */
  async function cameraOf(request: FastifyRequest, rawId: string): Promise<Camera | null> {
    const id = parseId(rawId);
    if (id === null) return null;
    const projects = await screenProjects(ctx.db, sessionOf(request));
    const { rows } = await sql<CameraRow>`
      select d.id::text as id, d.device_code, d.device_name, d.online, d.project_id::text as project_id, p.name as project_name,
             v.hls_url, v.playback_url, v.ptz, v.ptz_url
      from ${sql.table(t.device)} d
      join projects p on p.id = d.project_id
      left join lateral (
        select hls_url, playback_url, ptz, ptz_url from ${sql.table(ledgerTable)} v
        where v.device_no = d.device_code and v.project_id = d.project_id and v.if_del = 0 order by v.id limit 1
      ) v on true
      where d.id = ${id} and d.if_del = 0 and d.device_kind = 'video' and d.project_id in (${projects})`.execute(ctx.db);
    const r = rows[0];
    if (!r) return null;
    return {
      id: r.id,
      deviceCode: r.device_code,
      deviceName: r.device_name,
      online: r.online === true,
      projectId: r.project_id,
      projectName: r.project_name,
      hlsUrl: (r.hls_url ?? '').trim(),
      playbackUrl: (r.playback_url ?? '').trim(),
      ptz: r.ptz === true && (r.ptz_url ?? '').trim() !== '',
    };
  }

  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-cache');
  /** A playlist refusal: HTTP 404 (or 400) with the Chinese envelope, which hls.js reports as a load error. */
  const refuse = (reply: FastifyReply, code: number, detail: string) => noStore(reply).code(code).send(fail(detail));

  app.get<{ Querystring: { cameraId: string; start?: string; end?: string } }>(
    VIDEO_PATHS.stream,
    { schema: { querystring: query({ cameraId: idText, ...rangeFields }, ['cameraId']) }, config: { readOnly: true, summary: '摄像头播放地址' } },
    async (request) => {
      const { cameraId, start, end } = request.query;
      const camera = await cameraOf(request, cameraId);
      if (!camera) return fail(VIDEO_MESSAGES.cameraOutOfScope);
      const base = { cameraId: camera.id, deviceCode: camera.deviceCode, deviceName: camera.deviceName, projectId: camera.projectId, projectName: camera.projectName, online: camera.online, ptz: camera.ptz };
      if (start === undefined && end === undefined) {
        if (!camera.online) return fail(VIDEO_MESSAGES.offline);
        const answer: VideoStream = { ...base, mode: 'live', source: camera.hlsUrl ? 'camera' : 'demo', url: camera.hlsUrl || liveUrl(camera.id) };
        return ok(answer);
      }
      const problem = rangeProblem(start, end, Date.now());
      if (problem) return fail(problem);
      const from = Date.parse(start!);
      const to = Date.parse(end!);
      const range = { start: new Date(from).toISOString(), end: new Date(to).toISOString() };
      if (camera.hlsUrl && !camera.playbackUrl) return fail(VIDEO_MESSAGES.noPlayback);
      const answer: VideoStream = camera.playbackUrl
        ? { ...base, ...range, mode: 'playback', source: 'camera', url: fillPlayback(camera.playbackUrl, from, to) }
        : { ...base, ...range, mode: 'playback', source: 'demo', url: playbackUrl(camera.id, range.start, range.end) };
      return ok(answer);
    },
  );

  app.get<{ Params: { cameraId: string } }>(
    `${VIDEO_PATHS.live}/:cameraId/index.m3u8`,
    { schema: { params: cameraParams }, config: { readOnly: true, cookieAuth: true, summary: '实时视频（HLS）' } },
    async (request, reply) => {
      const camera = await cameraOf(request, request.params.cameraId);
      if (!camera) return refuse(reply, 404, VIDEO_MESSAGES.cameraOutOfScope);
      // A camera with a stream of its own plays from its media server.
      if (camera.hlsUrl) return noStore(reply).redirect(camera.hlsUrl, 302);
      // A camera that drops while watched plays on (Video/Stream refuses new viewers of an offline camera):
      // a playlist that fails mid-play would only stop the player with a network error.
      return noStore(reply).type(PLAYLIST_TYPE).send(livePlaylist(clip, Date.now()).text);
    },
  );

  app.get<{ Params: { cameraId: string }; Querystring: { start?: string; end?: string } }>(
    `${VIDEO_PATHS.playback}/:cameraId/index.m3u8`,
    { schema: { params: cameraParams, querystring: query(rangeFields) }, config: { readOnly: true, cookieAuth: true, summary: '录像回放（HLS）' } },
    async (request, reply) => {
      const camera = await cameraOf(request, request.params.cameraId);
      if (!camera) return refuse(reply, 404, VIDEO_MESSAGES.cameraOutOfScope);
      const { start, end } = request.query;
      const problem = rangeProblem(start, end, Date.now());
      if (problem) return refuse(reply, 400, problem);
      const from = Date.parse(start!);
      const to = Date.parse(end!);
      if (camera.playbackUrl) return noStore(reply).redirect(fillPlayback(camera.playbackUrl, from, to), 302);
      if (camera.hlsUrl) return refuse(reply, 404, VIDEO_MESSAGES.noPlayback);
      // A recording does not change: it may be kept a while.
      return reply.header('cache-control', 'private, max-age=300').type(PLAYLIST_TYPE).send(vodPlaylist(clip, from, to).text);
    },
  );

  app.get<{ Params: { loop: string; name: string } }>(
    `${VIDEO_PATHS.segment}/:loop/:name`,
    {
      schema: { params: { type: 'object', properties: { loop: { type: 'string', pattern: '^[0-9]{1,10}$' }, name: text(40, 1) }, required: ['loop', 'name'] } },
      config: { readOnly: true, cookieAuth: true, summary: '演示视频分片' },
    },
    async (request, reply) => {
      const segment = segments.get(request.params.name);
      if (!segment) return refuse(reply, 404, '视频分片不存在');
      // The address names the loop and carries the clip's hash (?v=), so a segment never changes under it.
      return reply
        .header('cache-control', 'private, max-age=31536000, immutable')
        .type(SEGMENT_TYPE)
        .send(loopSegment(clip, segment, Number(request.params.loop)));
    },
  );

  app.post<{ Body: { cameraId: string; command: PtzCommand; speed?: number } }>(
    VIDEO_PATHS.ptz,
    {
      schema: { body: body({ cameraId: idText, command: { type: 'string', enum: [...PTZ_COMMANDS] }, speed: integer(1, 10) }, ['cameraId', 'command']) },
      config: { permission: PTZ_PERMISSION, summary: '云台控制' },
    },
    async (request) => {
      const { cameraId, command, speed } = request.body;
      const camera = await cameraOf(request, cameraId);
      if (!camera) return fail(VIDEO_MESSAGES.cameraOutOfScope);
      if (!camera.ptz) return fail(VIDEO_MESSAGES.noPtz);
      const session = sessionOf(request);
      // Recorded in the 操作日志; forwarding to the camera's control address is a deployment's integration
      // (docs/video.md), so the demo accepts the command and logs it.
      await recordChange(ctx.db, {
        session,
        entity: PTZ_SUBJECT,
        recordId: camera.id,
        action: 'ptz',
        changes: [{ field: 'command', title: '云台指令', new: command, newLabel: `${camera.projectName} ${camera.deviceName}：${PTZ_LABELS[command]}${speed ? `（速度${speed}）` : ''}` }],
      });
      request.log.info({ cameraId: camera.id, command, speed }, 'ptz command');
      const result: PtzResult = { cameraId: camera.id, command, accepted: true, forwarded: false };
      return ok(result);
    },
  );
}
