// Share links (docs/share-links.md): tokens are signed and expire; a tampered, expired or wrong-kind link
// is refused with 链接无效或已过期; creating one needs the page's right and the thing in the creator's scope
// and writes an 操作日志 row; the public endpoints answer only the named camera's stream or model file and
// nothing else. BIM models: upload (size, really IFC, scope, 上传模型 right), list, file, replacement. Only
// /ysyiframe may be framed by other sites.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/constants';
import type { VideoMonitor } from '../../common/screens/video';
import {
  BIM_MAX_BYTES,
  BIM_PATHS,
  SHARE_DEFAULT_HOURS,
  SHARE_MAX_HOURS,
  SHARE_MESSAGES,
  SHARE_PATHS,
  type BimProjectRow,
  type SharedCamera,
  type SharedModel,
  type ShareLink,
} from '../../common/share';
import type { Database } from '../../server/db/schema';
import { hasGrant, grantsIn } from '../../server/platform/permissions';
import { ifcProblem } from '../../server/share/bim-store';
import { frameAncestorsOf } from '../../server/share/frame-policy';
import { issueShareToken, verifyShareToken } from '../../server/share/tokens';
import { enterMonitoring, multipart, postMultipart } from './engine-support';
import { call, session, startApp } from './helpers';
import { screen } from './screens-fixtures';

const IFC = readFileSync(new URL('../fixtures/ifc/IfcOpenHouse_IFC4.ifc', import.meta.url));
const HOUR = 3_600_000;

let app: FastifyInstance;
let db: Kysely<Database>;
const tokens: Record<string, string> = {};
const cams: Record<string, string> = {};
/** Projects by name, as qiye01 sees them. */
const projects: Record<string, string> = {};

beforeAll(async () => {
  app = await startApp({
    routes: [
      async (_api, { ctx }) => {
        db = ctx.db;
      },
    ],
  });
  // Only full roles get a new page by themselves; the project user's role is given BIM模型 as an
  // administrator would in 角色管理, so its narrower scope can be tried.
  const projectUser = await db.selectFrom('users').select('id').where('user_name', '=', 'xiangmu02').executeTakeFirstOrThrow();
  const { role_id } = await db.selectFrom('memberships').select('role_id').where('user_id', '=', projectUser.id).where('role_id', 'is not', null).executeTakeFirstOrThrow();
  if (role_id === null) throw new Error('xiangmu02 has no role');
  await db.insertInto('role_grants').values([{ role_id, node_id: 'projectManage.bim' }, { role_id, node_id: 'projectManage.bim:edit' }]).onConflict((oc) => oc.doNothing()).execute();
  for (const u of ['qiye01', 'xiangmu02', 'jianguan01', 'diaodu01']) tokens[u] = (await session(app, u)).token;
  const all = await screen<VideoMonitor>(app, tokens.qiye01, 'VideoMonitor');
  for (const c of all.projects.flatMap((p) => p.cameras)) cams[c.deviceCode] = c.id;
  for (const p of all.projects) projects[p.projectName] = p.projectId;
});
afterAll(() => app.close());

const create = (user: string, body: Record<string, unknown>) => call<ShareLink>(app, 'POST', SHARE_PATHS.create, { token: tokens[user], body });
/** A public call: no bearer, no cookie. */
const open = (url: string) => app.inject({ method: 'GET', url });
const openJson = async <T>(url: string) => (await open(url)).json() as { status: number; detail: string; data?: T };
const auditRows = (entity: string) =>
  db.selectFrom('audit_log').select(['record_id', 'action', 'changes', 'user_name']).where('entity', '=', entity).orderBy('id').execute();
const uploadModel = (user: string, projectId: string, name: string, data: Buffer) =>
  postMultipart(app, BIM_PATHS.upload, tokens[user], multipart({ projectId }, { name, type: 'application/octet-stream', data }));
const projectOf = async (user: string): Promise<string> => {
  const rows = await call<BimProjectRow[]>(app, 'GET', BIM_PATHS.models, { token: tokens[user] });
  return rows.body.data![0].projectId;
};

describe('tokens', () => {
  it('verifies its own signature for the kind it names, until it expires', async () => {
    const now = Date.UTC(2026, 11, 2, 6, 0, 0);
    const { token, claim } = await issueShareToken(db, 'camera', 42, 24, now);
    expect(claim).toMatchObject({ kind: 'camera', id: 42, expiresAt: now + 24 * HOUR });
    expect(await verifyShareToken(db, token, 'camera', now)).toMatchObject({ kind: 'camera', id: 42 });
    expect(await verifyShareToken(db, token, 'camera', now + 24 * HOUR - 1)).not.toBeNull();
    expect(await verifyShareToken(db, token, 'camera', now + 24 * HOUR)).toBeNull();
    expect(await verifyShareToken(db, token, 'bim', now)).toBeNull();
  });

  it('refuses every change of a part and anything that is no token', async () => {
    const now = Date.now();
    const { token } = await issueShareToken(db, 'camera', 42, 1, now);
    const [kind, id, expiry, nonce, sig] = token.split('.');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const tampered = [
      ['bim', id, expiry, nonce, sig],
      [kind, '43', expiry, nonce, sig],
      [kind, id, (parseInt(expiry, 36) + HOUR).toString(36), nonce, sig],
      [kind, id, expiry, flip(nonce), sig],
      [kind, id, expiry, nonce, flip(sig)],
      [kind, id, expiry, nonce, sig.slice(0, -1)],
    ].map((p) => p.join('.'));
    for (const t of tampered) {
      expect(await verifyShareToken(db, t, 'camera', now), t).toBeNull();
      expect(await verifyShareToken(db, t, 'bim', now), t).toBeNull();
    }
    for (const junk of ['', 'x', `${token}.`, ` ${token}`, token.toUpperCase(), 'camera.0.1.AAAAAAAAAAA.' + 'A'.repeat(43), 'a'.repeat(5000), 12, null, undefined]) {
      expect(await verifyShareToken(db, junk, 'camera', now)).toBeNull();
    }
  });

  it('refuses an expiry past the longest lifetime, even signed (never issued here)', async () => {
    const now = Date.now();
    const { token } = await issueShareToken(db, 'bim', 7, SHARE_MAX_HOURS + 2, now);
    expect(await verifyShareToken(db, token, 'bim', now)).toBeNull();
    const ok = await issueShareToken(db, 'bim', 7, SHARE_MAX_HOURS, now);
    expect(await verifyShareToken(db, ok.token, 'bim', now)).not.toBeNull();
  });
});

describe('camera links', () => {
  it('creates a link for a camera in scope, default 7 days, and records it in the 操作日志', async () => {
    const before = (await auditRows('ShareLink')).length;
    const cam = cams['2024001-VIDEO-01'];
    const r = await create('qiye01', { kind: 'camera', id: cam });
    expect(r.body.status).toBe(1);
    const link = r.body.data!;
    expect(link.hours).toBe(SHARE_DEFAULT_HOURS);
    expect(link.path).toBe(`/ysyiframe?token=${encodeURIComponent(link.token)}`);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(SHARE_DEFAULT_HOURS * HOUR - 60_000);
    const rows = await auditRows('ShareLink');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ record_id: cam, action: 'create' });
    expect(rows.at(-1)!.changes).toContain('摄像头');
    expect(rows.at(-1)!.changes).toContain(link.token.split('.')[3]);
  });

  it('answers only the named camera, without a session, and plays its demo stream under the link', async () => {
    const link = (await create('qiye01', { kind: 'camera', id: cams['2024001-VIDEO-01'], hours: 1 })).body.data!;
    const answer = await openJson<SharedCamera>(`${SHARE_PATHS.camera}/${link.token}`);
    expect(answer.status).toBe(1);
    expect(Object.keys(answer.data!).sort()).toEqual(['deviceName', 'expiresAt', 'online', 'projectName', 'url']);
    expect(answer.data!.url).toBe(`${SHARE_PATHS.live}/${link.token}/index.m3u8`);
    const playlist = await open(answer.data!.url);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('mpegurl');
    const segments = playlist.body.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(segments.length).toBeGreaterThan(0);
    expect(segments.every((s) => s.startsWith(`${SHARE_PATHS.live}/${link.token}/`))).toBe(true);
    const segment = await open(segments[0]);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.rawPayload[0]).toBe(0x47);
  });

  it('refuses tampered, expired and wrong-kind links with 链接无效或已过期, on every public endpoint', async () => {
    const link = (await create('qiye01', { kind: 'camera', id: cams['2024001-VIDEO-01'], hours: 1 })).body.data!;
    const [kind, , expiry, nonce, sig] = link.token.split('.');
    const other = cams['2024002-VIDEO-01'];
    const expired = (await issueShareToken(db, 'camera', Number(other), 1, Date.now() - 2 * HOUR)).token;
    const bim = (await issueShareToken(db, 'bim', Number(other), 1)).token;
    for (const bad of [`${kind}.${other}.${expiry}.${nonce}.${sig}`, expired, bim, 'nonsense', link.token.slice(0, -2) + 'xx']) {
      expect(await openJson(`${SHARE_PATHS.camera}/${bad}`)).toMatchObject({ status: 0, detail: SHARE_MESSAGES.invalid });
      expect((await open(`${SHARE_PATHS.live}/${bad}/index.m3u8`)).statusCode).toBe(403);
      expect((await open(`${SHARE_PATHS.live}/${bad}/0/seg0.mp2t`)).statusCode).toBe(403);
    }
    // A camera link opens no model.
    expect(await openJson(`${SHARE_PATHS.bim}/${link.token}`)).toMatchObject({ status: 0, detail: SHARE_MESSAGES.invalid });
    expect((await open(`${SHARE_PATHS.bimFile}/${link.token}`)).statusCode).toBe(403);
  });

  it('needs the camera in the creator scope and the 视频预览 right, and bounds the lifetime', async () => {
    const before = (await auditRows('ShareLink')).length;
    // xiangmu02 has only 汉渝大道; the supervisor's area (内江) leaves out 大安段 in 自贡.
    expect((await create('xiangmu02', { kind: 'camera', id: cams['2024001-VIDEO-01'] })).body).toMatchObject({ status: 0, detail: SHARE_MESSAGES.cameraOutOfScope });
    expect((await create('jianguan01', { kind: 'camera', id: cams['2024012-VIDEO-01'] })).body).toMatchObject({ status: 0, detail: SHARE_MESSAGES.cameraOutOfScope });
    expect((await create('qiye01', { kind: 'camera', id: '999999' })).body.detail).toBe(SHARE_MESSAGES.cameraOutOfScope);
    const dust = await db.selectFrom('monitor_device' as never).select('id' as never).where('device_kind' as never, '=', 'dust' as never).executeTakeFirst();
    expect((await create('qiye01', { kind: 'camera', id: String((dust as unknown as { id: string }).id) })).body.detail).toBe(SHARE_MESSAGES.cameraOutOfScope);
    for (const hours of [0, -1, SHARE_MAX_HOURS + 1]) {
      expect((await create('qiye01', { kind: 'camera', id: cams['2024001-VIDEO-01'], hours })).body).toMatchObject({ status: 0, detail: SHARE_MESSAGES.hours });
    }
    expect((await create('qiye01', { kind: 'camera', id: cams['2024001-VIDEO-01'], hours: 1.5 })).status).toBe(400);
    expect((await create('qiye01', { kind: 'room', id: cams['2024001-VIDEO-01'] })).status).toBe(400);
    // A role without 视频预览 (the plant's dispatcher) may not share a camera.
    const dispatcher = await db.selectFrom('users').select(['id', 'is_system_admin']).where('user_name', '=', 'diaodu01').executeTakeFirstOrThrow();
    const membership = await db.selectFrom('memberships').select('company_id').where('user_id', '=', dispatcher.id).executeTakeFirstOrThrow();
    expect(hasGrant(await grantsIn(db, dispatcher, membership.company_id), 'VideoMonitoring.Preview')).toBe(false);
    expect((await create('diaodu01', { kind: 'camera', id: cams['2024001-VIDEO-01'] })).body).toMatchObject({ status: 0, code: 402, detail: MESSAGES.noPermission });
    // Read-only monitoring of another company: a link is a write (it hands the camera out), refused.
    const watcher = await session(app, 'duogongsi');
    await enterMonitoring(app, watcher.token, watcher.result, '内江建工路桥工程有限公司');
    const watched = await call(app, 'POST', SHARE_PATHS.create, { token: watcher.token, body: { kind: 'camera', id: cams['2024001-VIDEO-01'] } });
    expect(watched.body).toMatchObject({ status: 0, code: 402, detail: '监视模式下只能查看，不能修改数据' });
    // Without a session: 401, nothing recorded.
    expect((await call(app, 'POST', SHARE_PATHS.create, { body: { kind: 'camera', id: cams['2024001-VIDEO-01'] } })).status).toBe(401);
    expect(await auditRows('ShareLink')).toHaveLength(before);
  });

  it('a link to a camera deleted since answers 分享的内容已不存在', async () => {
    const id = cams['2024002-VIDEO-01'];
    const link = (await create('qiye01', { kind: 'camera', id, hours: 1 })).body.data!;
    await sql`update monitor_device set if_del = 1 where id = ${Number(id)}`.execute(db);
    try {
      expect(await openJson(`${SHARE_PATHS.camera}/${link.token}`)).toMatchObject({ status: 0, detail: SHARE_MESSAGES.gone });
      expect((await open(`${SHARE_PATHS.live}/${link.token}/index.m3u8`)).statusCode).toBe(404);
    } finally {
      await sql`update monitor_device set if_del = 0 where id = ${Number(id)}`.execute(db);
    }
  });
});

describe('BIM models and their links', () => {
  it('checks that a file really is IFC', () => {
    expect(ifcProblem('house.ifc', IFC)).toBeNull();
    expect(ifcProblem('house.IFC', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('\r\n'), IFC]))).toBeNull();
    expect(ifcProblem('house.txt', IFC)).toBe(SHARE_MESSAGES.ifcExtension);
    expect(ifcProblem('house.ifc', Buffer.from('hello world'))).toBe(SHARE_MESSAGES.notIfc);
    expect(ifcProblem('house.ifc', Buffer.from("ISO-10303-21;\nHEADER;\nFILE_SCHEMA(('AP214'));\nENDSEC;\n"))).toBe(SHARE_MESSAGES.notIfc);
    expect(ifcProblem('house.ifc', Buffer.concat([Buffer.from('ISO-10303-21;\u0000'), IFC]))).toBe(SHARE_MESSAGES.notIfc);
    expect(ifcProblem('house.ifc', Buffer.from('PK\u0003\u0004ISO-10303-21;'))).toBe(SHARE_MESSAGES.notIfc);
  });

  it('uploads a project model (上传模型), lists it, serves its file and records the upload', async () => {
    const projectId = await projectOf('qiye01');
    const r = await uploadModel('qiye01', projectId, 'IfcOpenHouse.ifc', IFC);
    expect(r.body).toMatchObject({ status: 1, detail: SHARE_MESSAGES.uploaded, data: { fileName: 'IfcOpenHouse.ifc', size: IFC.length } });
    const list = await call<BimProjectRow[]>(app, 'GET', BIM_PATHS.models, { token: tokens.qiye01 });
    expect(list.body.data!.find((p) => p.projectId === projectId)?.model).toMatchObject({ fileName: 'IfcOpenHouse.ifc', size: IFC.length });
    const file = await app.inject({ method: 'GET', url: `${BIM_PATHS.file}?projectId=${projectId}`, headers: { authorization: `Bearer ${tokens.qiye01}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    expect(Buffer.compare(file.rawPayload, IFC)).toBe(0);
    expect((await auditRows('BimModel')).at(-1)).toMatchObject({ record_id: projectId });
  });

  it('refuses what is not an IFC model, too large a file, and projects out of scope, storing nothing', async () => {
    const projectId = await projectOf('qiye01');
    const count = async () => Number((await db.selectFrom('uploaded_files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    expect((await uploadModel('qiye01', projectId, 'a.ifc', Buffer.from('not a model'))).body).toMatchObject({ status: 0, detail: SHARE_MESSAGES.notIfc });
    expect((await uploadModel('qiye01', projectId, 'a.pdf', IFC)).body).toMatchObject({ status: 0, detail: SHARE_MESSAGES.ifcExtension });
    const huge = Buffer.concat([IFC, Buffer.alloc(BIM_MAX_BYTES, 0x20)]);
    expect((await uploadModel('qiye01', projectId, 'big.ifc', huge)).body).toMatchObject({ status: 0, detail: SHARE_MESSAGES.ifcTooLarge });
    expect((await postMultipart(app, BIM_PATHS.upload, tokens.qiye01, multipart({ projectId }))).body).toMatchObject({ status: 0, detail: SHARE_MESSAGES.noFile });
    // xiangmu02's one project is not qiye01's first: out of its scope.
    const own = await projectOf('xiangmu02');
    const foreign = (await call<BimProjectRow[]>(app, 'GET', BIM_PATHS.models, { token: tokens.qiye01 })).body.data!.find((p) => p.projectId !== own)!.projectId;
    expect((await uploadModel('xiangmu02', foreign, 'a.ifc', IFC)).body).toMatchObject({ status: 0, detail: SHARE_MESSAGES.projectOutOfScope });
    expect((await uploadModel('qiye01', '0', 'a.ifc', IFC)).body.detail).toBe(SHARE_MESSAGES.projectOutOfScope);
    const outside = await app.inject({ method: 'GET', url: `${BIM_PATHS.file}?projectId=${foreign}`, headers: { authorization: `Bearer ${tokens.xiangmu02}` } });
    expect(outside.statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  it('shares a model: the link answers its name and file only; a new upload replaces the file', async () => {
    const projectId = await projectOf('qiye01');
    await uploadModel('qiye01', projectId, 'IfcOpenHouse.ifc', IFC);
    const link = (await create('qiye01', { kind: 'bim', id: projectId, hours: 2 })).body.data!;
    expect(link.path).toBe(`/ifc?token=${encodeURIComponent(link.token)}`);
    const answer = await openJson<SharedModel>(`${SHARE_PATHS.bim}/${link.token}`);
    expect(Object.keys(answer.data!).sort()).toEqual(['expiresAt', 'fileName', 'projectName', 'size', 'url']);
    expect(answer.data).toMatchObject({ fileName: 'IfcOpenHouse.ifc', size: IFC.length, url: `${SHARE_PATHS.bimFile}/${link.token}` });
    const file = await open(answer.data!.url);
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, IFC)).toBe(0);
    // A BIM link plays no camera.
    expect(await openJson(`${SHARE_PATHS.camera}/${link.token}`)).toMatchObject({ status: 0, detail: SHARE_MESSAGES.invalid });
    // The replacement: the link shows the new file, the old one is gone.
    const second = Buffer.from(IFC.toString('latin1').replace("FILE_NAME('IfcOpenHouse.ifc'", "FILE_NAME('v2.ifc'"), 'latin1');
    await uploadModel('qiye01', projectId, 'IfcOpenHouse-v2.ifc', second);
    expect((await openJson<SharedModel>(`${SHARE_PATHS.bim}/${link.token}`)).data!.fileName).toBe('IfcOpenHouse-v2.ifc');
    expect(Buffer.compare((await open(answer.data!.url)).rawPayload, second)).toBe(0);
    const ifcFiles = await sql<{ n: number }>`select count(*)::int as n from uploaded_files f join upload_projects up on up.upload_id = f.id
      where up.project_id = ${Number(projectId)} and f.content_type = 'application/p21'`.execute(db);
    expect(ifcFiles.rows[0].n).toBe(1);
  });

  it('needs the project in scope and a model to share, and the BIM模型 right', async () => {
    const own = await projectOf('xiangmu02');
    const foreign = (await call<BimProjectRow[]>(app, 'GET', BIM_PATHS.models, { token: tokens.qiye01 })).body.data!.find((p) => p.projectId !== own && !p.model)!;
    expect((await create('xiangmu02', { kind: 'bim', id: foreign.projectId })).body).toMatchObject({ status: 0, detail: SHARE_MESSAGES.projectOutOfScope });
    expect((await create('qiye01', { kind: 'bim', id: foreign.projectId })).body).toMatchObject({ status: 0, detail: SHARE_MESSAGES.noModel });
    expect((await create('diaodu01', { kind: 'bim', id: foreign.projectId })).body).toMatchObject({ status: 0, code: 402 });
    expect((await call(app, 'GET', BIM_PATHS.models, { token: tokens.diaodu01 })).body).toMatchObject({ status: 0, code: 402 });
    expect((await uploadModel('diaodu01', foreign.projectId, 'a.ifc', IFC)).body).toMatchObject({ status: 0, code: 402 });
  });
});

describe('framing', () => {
  it('lets other sites frame /ysyiframe only', async () => {
    const frame = await open('/ysyiframe?token=x');
    expect(frame.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(frame.headers['x-frame-options']).toBeUndefined();
    for (const url of ['/ifc?token=x', '/login', SHARE_PATHS.camera + '/x', '/ysyiframe/x']) {
      const other = await open(url);
      expect(other.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(other.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('reads the allow-list of SHARE_FRAME_ANCESTORS', () => {
    expect(frameAncestorsOf('')).toEqual(['*']);
    expect(frameAncestorsOf('https://oa.example.com, javascript:alert(1), http://10.0.0.5:8080/')).toEqual(["'self'", 'https://oa.example.com', 'http://10.0.0.5:8080']);
  });
});
