// Share links (docs/share-links.md). Signed in: POST Share/Create makes a link to one camera or one
// project's BIM model, with the right and the scope that show it in the back office, and writes an
// 操作日志 row. Public (no session, `public` policy): the link's token in the path answers only the thing
// it names — the camera's stream address and its demo playlist / segments, the model's name and file —
// and nothing else; a tampered, expired or wrong-kind token gets 链接无效或已过期.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MESSAGES } from '../../common/constants';
import { fail, ok } from '../../common/envelope';
import {
  SHARE_DEFAULT_HOURS,
  SHARE_KINDS,
  SHARE_MAX_HOURS,
  SHARE_MESSAGES,
  SHARE_PATHS,
  SHARE_PERMISSIONS,
  sharePagePath,
  type SharedCamera,
  type SharedModel,
  type ShareKind,
  type ShareLink,
} from '../../common/share';
import { VIDEO_PATHS } from '../../common/video';
import type { AppContext } from '../app-context';
import { scopeOf, sessionOf } from '../auth/session-context';
import { parseId } from '../platform/ids';
import { hasGrant } from '../platform/permissions';
import { projectInScope } from '../platform/projects';
import { formatDateTime } from '../platform/time';
import { recordChange } from '../engine/audit-trail';
import { body, idText, integer, text } from '../http/schemas';
import { screenProjects } from '../screens/scope';
import { livePlaylist, loadDemoClip, loopSegment, type DemoClip } from '../video/hls';
import { modelBytes, modelOf } from './bim-store';
import { cameraFinder } from './camera';
import { issueShareToken, verifyShareToken } from './tokens';

const SHARE_SUBJECT = { name: 'ShareLink', title: '分享链接' } as const;
const KIND_TITLES: Readonly<Record<ShareKind, string>> = { camera: '摄像头', bim: 'BIM模型' };
const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const SEGMENT_TYPE = 'video/mp2t';

/** A token in a path: the characters a token has, bounded (the check itself is verifyShareToken's). */
const tokenParam = { type: 'string', minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._-]+$' };
const tokenParams = { type: 'object', properties: { token: tokenParam }, required: ['token'] } as const;
const PUBLIC = { public: true, readOnly: true } as const;

export async function shareRoutes(app: FastifyInstance, { ctx, clip = loadDemoClip() }: { ctx: AppContext; clip?: DemoClip }): Promise<void> {
  const findCamera = cameraFinder(ctx.db, ctx.catalog);
  const segments = new Map(clip.segments.map((s) => [s.name, s]));
  const refuse = (reply: FastifyReply, code: number, detail: string) => reply.header('cache-control', 'no-store').code(code).send(fail(detail));

  app.post<{ Body: { kind: ShareKind; id: string; hours?: number } }>(
    SHARE_PATHS.create,
    { schema: { body: body({ kind: { type: 'string', enum: [...SHARE_KINDS] }, id: idText, hours: integer() }, ['kind', 'id']) }, config: { summary: '创建分享链接' } },
    async (request) => {
      const { kind, hours = SHARE_DEFAULT_HOURS } = request.body;
      const session = sessionOf(request);
      if (!hasGrant(session.grants, SHARE_PERMISSIONS[kind])) return fail(MESSAGES.noPermission, 402);
      if (hours < 1 || hours > SHARE_MAX_HOURS) return fail(SHARE_MESSAGES.hours);
      const id = parseId(request.body.id);
      let label: string;
      if (kind === 'camera') {
        const camera = id === null ? null : await findCamera(id, await screenProjects(ctx.db, session));
        if (!camera) return fail(SHARE_MESSAGES.cameraOutOfScope);
        label = `${camera.projectName} ${camera.deviceName}`;
      } else {
        const project = id === null ? null : await projectInScope(ctx.db, scopeOf(session), id);
        if (!project) return fail(SHARE_MESSAGES.projectOutOfScope);
        const model = await modelOf(ctx.db, project.id);
        if (!model) return fail(SHARE_MESSAGES.noModel);
        label = `${project.name} ${model.fileName}`;
      }
      const { token, claim } = await issueShareToken(ctx.db, kind, id!, hours);
      const expiresAt = new Date(claim.expiresAt);
      await recordChange(ctx.db, {
        session,
        entity: SHARE_SUBJECT,
        recordId: id,
        action: 'create',
        changes: [
          { field: 'target', title: '分享内容', new: `${kind}:${id}`, newLabel: `${KIND_TITLES[kind]}：${label}` },
          { field: 'expiresAt', title: '有效期至', new: expiresAt.toISOString(), newLabel: formatDateTime(expiresAt) },
          { field: 'link', title: '链接编号', new: claim.nonce },
        ],
      });
      const link: ShareLink = { kind, token, path: sharePagePath(kind, token), expiresAt: expiresAt.toISOString(), hours };
      return ok(link);
    },
  );

  /** The camera of a valid camera link, else null. */
  const sharedCamera = async (token: string) => {
    const claim = await verifyShareToken(ctx.db, token, 'camera');
    return claim ? { claim, camera: await findCamera(claim.id, null) } : null;
  };

  app.get<{ Params: { token: string } }>(
    `${SHARE_PATHS.camera}/:token`,
    { schema: { params: tokenParams }, config: { ...PUBLIC, summary: '分享的摄像头（公开）' } },
    async (request) => {
      const shared = await sharedCamera(request.params.token);
      if (!shared) return fail(SHARE_MESSAGES.invalid);
      const { camera, claim } = shared;
      if (!camera) return fail(SHARE_MESSAGES.gone);
      const answer: SharedCamera = {
        deviceName: camera.deviceName,
        projectName: camera.projectName,
        online: camera.online,
        url: camera.hlsUrl || `${SHARE_PATHS.live}/${request.params.token}/index.m3u8`,
        expiresAt: new Date(claim.expiresAt).toISOString(),
      };
      return ok(answer);
    },
  );

  app.get<{ Params: { token: string } }>(
    `${SHARE_PATHS.live}/:token/index.m3u8`,
    { schema: { params: tokenParams }, config: { ...PUBLIC, summary: '分享的实时视频（HLS，公开）' } },
    async (request, reply) => {
      const shared = await sharedCamera(request.params.token);
      if (!shared) return refuse(reply, 403, SHARE_MESSAGES.invalid);
      if (!shared.camera) return refuse(reply, 404, SHARE_MESSAGES.gone);
      if (shared.camera.hlsUrl) return reply.header('cache-control', 'no-cache').redirect(shared.camera.hlsUrl, 302);
      // The demo stream's playlist, its segments under this link (they need no session either).
      const text = livePlaylist(clip, Date.now()).text.replaceAll(`${VIDEO_PATHS.segment}/`, `${SHARE_PATHS.live}/${request.params.token}/`);
      return reply.header('cache-control', 'no-cache').type(PLAYLIST_TYPE).send(text);
    },
  );

  app.get<{ Params: { token: string; loop: string; name: string } }>(
    `${SHARE_PATHS.live}/:token/:loop/:name`,
    {
      schema: {
        params: { type: 'object', properties: { token: tokenParam, loop: { type: 'string', pattern: '^[0-9]{1,10}$' }, name: text(40, 1) }, required: ['token', 'loop', 'name'] },
      },
      config: { ...PUBLIC, summary: '分享的演示视频分片（公开）' },
    },
    async (request, reply) => {
      const claim = await verifyShareToken(ctx.db, request.params.token, 'camera');
      if (!claim) return refuse(reply, 403, SHARE_MESSAGES.invalid);
      const segment = segments.get(request.params.name);
      if (!segment) return refuse(reply, 404, '视频分片不存在');
      return reply.header('cache-control', 'private, max-age=3600').type(SEGMENT_TYPE).send(loopSegment(clip, segment, Number(request.params.loop)));
    },
  );

  /** The project and model of a valid BIM link, else the refusal. */
  const sharedModel = async (token: string) => {
    const claim = await verifyShareToken(ctx.db, token, 'bim');
    if (!claim) return { found: false, refusal: SHARE_MESSAGES.invalid, code: 403 } as const;
    const project = await ctx.db.selectFrom('projects').select(['id', 'name']).where('id', '=', claim.id).executeTakeFirst();
    const model = project ? await modelOf(ctx.db, project.id) : null;
    if (!project || !model) return { found: false, refusal: SHARE_MESSAGES.gone, code: 404 } as const;
    return { found: true, claim, project, model } as const;
  };

  app.get<{ Params: { token: string } }>(
    `${SHARE_PATHS.bim}/:token`,
    { schema: { params: tokenParams }, config: { ...PUBLIC, summary: '分享的BIM模型（公开）' } },
    async (request) => {
      const shared = await sharedModel(request.params.token);
      if (!shared.found) return fail(shared.refusal);
      const answer: SharedModel = {
        projectName: shared.project.name,
        fileName: shared.model.fileName,
        size: shared.model.size,
        url: `${SHARE_PATHS.bimFile}/${request.params.token}`,
        expiresAt: new Date(shared.claim.expiresAt).toISOString(),
      };
      return ok(answer);
    },
  );

  app.get<{ Params: { token: string } }>(
    `${SHARE_PATHS.bimFile}/:token`,
    { schema: { params: tokenParams }, config: { ...PUBLIC, summary: '分享的BIM模型文件（公开）' } },
    async (request, reply) => {
      const shared = await sharedModel(request.params.token);
      if (!shared.found) return refuse(reply, shared.code, shared.refusal);
      const data = await modelBytes(ctx.db, shared.model.uploadId);
      if (!data) return refuse(reply, 404, SHARE_MESSAGES.gone);
      return sendModel(reply, shared.model.fileName, data);
    },
  );
}

/** An IFC file as a download the viewer reads (never rendered by the browser itself). */
export function sendModel(reply: FastifyReply, fileName: string, data: Buffer) {
  return reply
    .type('application/octet-stream')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-cache')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(data);
}
