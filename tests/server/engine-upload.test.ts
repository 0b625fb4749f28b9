// §5.3 / §7.2 Upload/UploadImageRedis on the server: image mode png/jpg/jpeg up to 1 MB, file mode
// documents and images up to 10 MB, extension and first bytes both checked; stored files are served
// from the database to signed-in users.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_PATH, UPLOAD_PATH } from '../../server/routes/upload';
import { call, session, startApp } from './helpers';
import { endpoint, multipart, postMultipart } from './engine-support';

let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  app = await startApp();
  token = (await session(app, 'qiye01')).token;
});
afterAll(async () => {
  await app.close();
});

const MB = 1024 * 1024;
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (size: number) => Buffer.concat([Buffer.from(PNG_HEAD), Buffer.alloc(size - PNG_HEAD.length, 7)]);
const envelope = { token: 'svc', fromplat: 'pc', wid: '11' };

const upload = (uploadType: string, name: string, data: Buffer, type = 'application/octet-stream') =>
  postMultipart(app, UPLOAD_PATH, token, multipart({ ...envelope, upload_type: uploadType, file_name: name }, { name, type, data }));

describe('image mode', () => {
  it('stores a png and serves it back with its content type', async () => {
    const data = png(2048);
    const reply = await upload('image', '现场照片.png', data, 'image/png');
    expect(reply.body).toMatchObject({ status: 1, detail: '文件上传成功' });
    const address = reply.body.data as string;
    expect(address).toMatch(new RegExp(`^${FILE_PATH}/\\d+$`));

    const served = await app.inject({ method: 'GET', url: address, headers: { authorization: `Bearer ${token}` } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.rawPayload, data)).toBe(0);
    const anonymous = await app.inject({ method: 'GET', url: address });
    expect(anonymous.statusCode).toBe(401);
    const missing = await app.inject({ method: 'GET', url: `${FILE_PATH}/99999999`, headers: { authorization: `Bearer ${token}` } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 0, detail: '文件不存在' });
  });

  it('refuses other types, by extension and by content', async () => {
    const message = { status: 0, detail: '文件类型不合法，请上传png, jpg, jpeg格式文件' };
    expect((await upload('image', 'a.gif', Buffer.from('GIF89a....'))).body).toEqual(message);
    expect((await upload('image', 'a.png', Buffer.from('MZ\x90\x00 this is a program', 'latin1'), 'image/png')).body).toEqual(message);
  });

  it('refuses more than 1 MB', async () => {
    expect((await upload('image', 'big.png', png(MB + 1), 'image/png')).body).toEqual({ status: 0, detail: '上传文件大小不能超过1MB' });
    expect((await upload('image', 'edge.png', png(MB), 'image/png')).body.status).toBe(1);
  });
});

describe('serving a stored file to <img src> (access-token cookie) inside its company', () => {
  const stored = async () => (await upload('image', '设备照片.png', png(512), 'image/png')).body.data as string;
  const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });

  it('accepts the access_token cookie the client sets, as an <img> sends it', async () => {
    const address = await stored();
    const served = await get(address, { cookie: `sidebarStatus=1; access_token=${encodeURIComponent(token)}; token=svc` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await get(address, { cookie: 'access_token=not-a-session' })).statusCode).toBe(401);
    expect((await get(address, { cookie: 'other=1' })).statusCode).toBe(401);
  });

  it('answers 404 to a member of another company, by header or by cookie', async () => {
    const address = await stored();
    const other = (await session(app, 'xiangmu01')).token;
    const ways: Array<Record<string, string>> = [{ authorization: `Bearer ${other}` }, { cookie: `access_token=${other}` }];
    for (const headers of ways) {
      const reply = await get(address, headers);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ status: 0, detail: '文件不存在' });
    }
    // The same company sees it, whoever uploaded it.
    const colleague = (await session(app, 'qiye02')).token;
    expect((await get(address, { cookie: `access_token=${colleague}` })).statusCode).toBe(200);
  });

  it('serves a subsidiary’s file to the parent company (§7.3 scope), not the other way round nor to a sibling', async () => {
    const build = (await session(app, 'xiangmu01')).token; // 内江建工建筑工程有限公司, under the group
    const own = await postMultipart(app, UPLOAD_PATH, build, multipart({ ...envelope, upload_type: 'image' }, { name: '人员照片.png', type: 'image/png', data: png(256) }));
    const address = own.body.data as string;
    expect((await get(address, { authorization: `Bearer ${token}` })).statusCode).toBe(200); // qiye01, group
    const sibling = (await session(app, 'xiangmu02')).token; // 路桥, also under the group
    expect((await get(address, { authorization: `Bearer ${sibling}` })).statusCode).toBe(404);
  });

  it('serves a photo used in a project’s row to whoever sees that project (监管 jianguan01), nobody else', async () => {
    const address = await stored();
    const supervisor = (await session(app, 'jianguan01')).token;
    expect((await get(address, { authorization: `Bearer ${supervisor}` })).statusCode).toBe(404);
    // Used in a worker of a project in 内江 (the supervisor's area): now it is that project's photo too.
    const workers = await call<Array<{ id: string; projectId: string; version?: number }>>(app, 'GET', endpoint('Worker', 'list'), { token, query: { index: 0, size: 1 } });
    const worker = workers.body.data![0];
    const saved = await call(app, 'POST', endpoint('Worker', 'update'), { token, body: { rec_id: worker.id, photo: address } });
    expect(saved.body.status, JSON.stringify(saved.body)).toBe(1);
    expect((await get(address, { authorization: `Bearer ${supervisor}` })).statusCode).toBe(200);
    // A project user of another company whose projects do not include it still gets 404.
    const outsider = (await session(app, 'xiangmu02')).token;
    const outsiderProjects = (await call<Array<{ id: string }>>(app, 'GET', endpoint('Worker', 'list'), { token: outsider, query: { index: 0, size: 200 } })).body.data ?? [];
    if (!outsiderProjects.some((w) => w.id === worker.id)) expect((await get(address, { authorization: `Bearer ${outsider}` })).statusCode).toBe(404);
  });

  it('the cookie opens only this route: other API calls still need the bearer header', async () => {
    const reply = await app.inject({ method: 'GET', url: '/prod-api/api/ColumnSetting/Get', query: { page: 'routInspManage' }, headers: { cookie: `access_token=${token}` } });
    expect(reply.statusCode).toBe(401);
  });
});

describe('file mode', () => {
  it('takes documents and images up to 10 MB', async () => {
    expect((await upload('file', '检查报告.pdf', Buffer.from('%PDF-1.7 ...'))).body.status).toBe(1);
    expect((await upload('file', '说明.txt', Buffer.from('巡检说明'))).body.status).toBe(1);
    expect((await upload('file', 'big.png', png(2 * MB))).body.status).toBe(1);
  });

  it('refuses other types and more than 10 MB', async () => {
    expect((await upload('file', 'setup.exe', Buffer.from('MZ\x90\x00', 'latin1'))).body).toEqual({ status: 0, detail: '文件格式不正确!' });
    expect((await upload('file', 'fake.pdf', Buffer.from('MZ\x90\x00', 'latin1'))).body).toEqual({ status: 0, detail: '文件格式不正确!' });
    expect((await upload('file', 'huge.pdf', Buffer.concat([Buffer.from('%PDF'), Buffer.alloc(10 * MB)]))).body).toEqual({
      status: 0,
      detail: '上传文件大小不能超过10MB!',
    });
  });
});

describe('malformed uploads', () => {
  it('needs a known upload_type, multipart and a file', async () => {
    expect((await upload('video', 'a.png', png(100))).status).toBe(400);
    const noFile = await postMultipart(app, UPLOAD_PATH, token, multipart({ ...envelope, upload_type: 'image' }));
    expect(noFile.body).toEqual({ status: 0, detail: '请选择要上传的文件' });
    const json = await app.inject({ method: 'POST', url: UPLOAD_PATH, payload: { upload_type: 'image' }, headers: { authorization: `Bearer ${token}` } });
    expect(json.statusCode).toBe(400);
  });

  it('is closed to monitoring sessions like every write', async () => {
    const duo = await session(app, 'duogongsi');
    const watched = duo.result.watchCompanys[0];
    await app.inject({
      method: 'POST',
      url: '/prod-api/api/ERPUser/UpdateUserRedis',
      payload: { company_id: watched.companyID, company_name: watched.companyName, monitor: 1 },
      headers: { authorization: `Bearer ${duo.token}` },
    });
    const reply = await postMultipart(app, UPLOAD_PATH, duo.token, multipart({ ...envelope, upload_type: 'image' }, { name: 'a.png', type: 'image/png', data: png(100) }));
    expect(reply.body).toMatchObject({ status: 0, code: 402 });
  });
});
