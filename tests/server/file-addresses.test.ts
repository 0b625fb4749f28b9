// File and image fields hold only addresses this server issued for an upload of the caller's scope
// (issue 9, docs/security.md "File addresses"); uploaded files other than verified images are served as
// attachments. The demo's worker photos are such addresses and save back unchanged.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_PATH, UPLOAD_PATH } from '../../server/routes/upload';
import { call, session, startApp } from './helpers';
import { endpoint, multipart, postMultipart, projectId } from './engine-support';

type Row = Record<string, unknown> & { id: string };

let app: FastifyInstance;
let admin: string;
let project: string;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256, 7)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n');
const envelope = { token: 'svc', fromplat: 'pc', wid: '11' };

async function upload(token: string, uploadType: 'image' | 'file', name: string, data: Buffer): Promise<string> {
  const reply = await postMultipart(app, UPLOAD_PATH, token, multipart({ ...envelope, upload_type: uploadType, file_name: name }, { name, type: 'application/octet-stream', data }));
  if (reply.body.status !== 1) throw new Error(JSON.stringify(reply.body));
  return reply.body.data as string;
}

/** A new GB 11643 number for each worker (花名册 holds an ID number once per project, issue 29). */
let workerSeq = 0;
function nextWorkerId(): string {
  const body = `51100219900602${String((workerSeq += 1)).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  return body + '10X98765432'[[...body].reduce((sum, c, i) => sum + Number(c) * weights[i], 0) % 11];
}
const worker = (photo: unknown) => ({ project_id: project, worker_name: '杨志明', id_card_no: nextWorkerId(), gender: '1', photo });

beforeAll(async () => {
  app = await startApp();
  admin = (await session(app, 'qiye01')).token;
  project = await projectId(app, admin, 'NJJG-2024-001');
});
afterAll(async () => {
  await app.close();
});

describe('image and file fields', () => {
  it('refuses any text that is not an address this server issues, with the field’s message, and saves nothing', async () => {
    const before = (await call<Row[]>(app, 'GET', endpoint('Worker', 'list'), { token: admin, query: { index: 0, size: 1 } })).body.pageInfo!.record_count;
    const issued = await upload(admin, 'image', 'a.png', PNG);
    const bad = [
      'javascript:alert(1)',
      'https://evil.example/a.png',
      '/etc/passwd',
      `${FILE_PATH}/../../Login`,
      ` ${issued}`,
      `${issued}x`,
      `${FILE_PATH}/0${issued.split('/').pop()}`,
      `${issued}, ${issued}`,
    ];
    for (const photo of bad) {
      const reply = await call(app, 'POST', endpoint('Worker', 'create'), { token: admin, body: worker(photo) });
      expect(reply.body, photo).toEqual({ status: 0, detail: '人员照片格式不正确' });
    }
    const after = (await call<Row[]>(app, 'GET', endpoint('Worker', 'list'), { token: admin, query: { index: 0, size: 1 } })).body.pageInfo!.record_count;
    expect(after).toBe(before);
  });

  it('refuses an upload that does not exist, of another company, or not an image for an image field', async () => {
    // xiangmu01 works in a subsidiary: the parent company's uploads are not served to it (file route).
    const other = (await session(app, 'xiangmu01')).token;
    const parents = await upload(admin, 'image', 'b.png', PNG);
    const pdf = await upload(other, 'file', 'c.pdf', PDF);
    for (const photo of [`${FILE_PATH}/99999999`, parents, pdf]) {
      const reply = await call(app, 'POST', endpoint('Worker', 'create'), { token: other, body: worker(photo) });
      expect(reply.body, photo).toEqual({ status: 0, detail: '所选人员照片不存在或无权访问' });
    }
    expect((await call(app, 'POST', endpoint('Worker', 'create'), { token: other, body: worker(await upload(other, 'image', 'g.png', PNG)) })).body.status).toBe(1);
  });

  it('accepts the caller’s own uploads (several, comma-joined, in a file field too) and a cleared value', async () => {
    const one = await upload(admin, 'image', 'd.png', PNG);
    const created = await call<Row>(app, 'POST', endpoint('Worker', 'create'), { token: admin, body: worker(one) });
    expect(created.body.status).toBe(1);
    expect(created.body.data?.photo).toBe(one);
    const cleared = await call<Row>(app, 'POST', endpoint('Worker', 'update'), { token: admin, body: { rec_id: created.body.data!.id, photo: '' } });
    expect(cleared.body.status).toBe(1);
    const files = [await upload(admin, 'file', 'e.pdf', PDF), await upload(admin, 'file', 'f.png', PNG)].join(',');
    const contract = await call<Row[]>(app, 'GET', endpoint('Contract', 'list'), { token: admin, query: { index: 0, size: 1 } });
    const row = contract.body.data![0];
    const saved = await call<Row>(app, 'POST', endpoint('Contract', 'update'), { token: admin, body: { rec_id: row.id, attachments: files } });
    expect(saved.body.status).toBe(1);
    const refused = await call<Row>(app, 'POST', endpoint('Contract', 'update'), { token: admin, body: { rec_id: row.id, attachments: `${files},javascript:alert(1)` } });
    expect(refused.body).toEqual({ status: 0, detail: '合同附件格式不正确' });
  });

  it('keeps the demo photos valid: a seeded worker with a photo saves back unchanged', async () => {
    const list = await call<Row[]>(app, 'GET', endpoint('Worker', 'list'), { token: admin, query: { index: 0, size: 50 } });
    const withPhoto = list.body.data!.find((w) => typeof w.photo === 'string' && w.photo !== '');
    expect(withPhoto?.photo).toMatch(new RegExp(`^${FILE_PATH}/\\d+$`));
    const { id, photo } = withPhoto!;
    const saved = await call(app, 'POST', endpoint('Worker', 'update'), { token: admin, body: { rec_id: id, photo, remark: '照片复核' } });
    expect(saved.body.status).toBe(1);
  });
});

describe('serving uploaded files', () => {
  const get = (address: string) => app.inject({ method: 'GET', url: address, headers: { authorization: `Bearer ${admin}` } });

  it('shows verified images inline and sends every other file as an attachment', async () => {
    const image = await get(await upload(admin, 'image', '现场.png', PNG));
    expect(image.headers['content-disposition']).toMatch(/^inline;/);
    for (const [name, data] of [['报告.pdf', PDF], ['说明.txt', Buffer.from('<script>alert(1)</script>')]] as const) {
      const served = await get(await upload(admin, 'file', name, data));
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-disposition'], name).toBe(`attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
    }
  });
});
