// Hostile input gets a Chinese 400, never a 500 (issue 9; docs/security-input.md): NUL bytes and lone
// surrogates in any text of any entity's endpoints and the other routes, JSON nested too deep, integer
// parameters beyond their column, numbers beyond a field's column, and every entity's export.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import type { EntityModel } from '../../server/engine/model';
import { COLUMN_SETTING_PATHS } from '../../server/routes/column-setting';
import { UPLOAD_PATH } from '../../server/routes/upload';
import { SCREEN_PATHS, screenPath, SCREENS, type ScreenName } from '../../server/screens/routes';
import { catalog, entityModel, projectId, TEMPLATE, templatePayload } from './engine-support';
import { call, PATHS, serviceToken, session, startApp } from './helpers';

const ILLEGAL = '请求参数格式错误：请求参数包含非法字符';
const TOO_DEEP = '请求参数格式错误：请求数据嵌套层级过深';

let app: FastifyInstance;
let token: string;
let project: string;
const models: EntityModel[] = [...catalog.entities.keys()].map((name) => entityModel(name));
const url = (m: EntityModel, action: 'list' | 'detail' | 'create' | 'update' | 'delete' | 'export' | 'import') => `${API_BASE}/api/${m.api.base}/${m.api[action]}`;

beforeAll(async () => {
  app = await startApp();
  token = (await session(app, 'sysadmin')).token;
  project = await projectId(app, token, 'NJJG-2024-001');
});
afterAll(async () => {
  await app.close();
});

const total = async (m: EntityModel): Promise<number> => {
  const reply = await call<unknown[]>(app, 'GET', url(m, 'list'), { token, query: { size: 1 } });
  return reply.body.pageInfo?.record_count ?? -1;
};

function multipart(fields: Record<string, string>, file: { name: string; data: Buffer }) {
  const boundary = '----guard';
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { authorization: `Bearer ${token}`, fromplat: 'pc', 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('NUL bytes and lone surrogates are refused at the edge', () => {
  it('refuses them in list keywords and filters, export filters, detail ids and bodies of every entity, writing nothing', async () => {
    for (const m of models) {
      const field = m.fields.find((f) => f.type === 'string')?.name ?? m.idField.name;
      const filters = (value: string) => JSON.stringify([{ field, operator: 'eq', value }]);
      const before = await total(m);
      const replies = [
        await call(app, 'GET', url(m, 'list'), { token, query: { keyword: '塔吊\u0000' } }),
        await call(app, 'GET', url(m, 'list'), { token, query: { filters: filters('a\u0000b') } }),
        // JSON-escaped inside the filter text: "\ud800" and "\u0000" decoded by the filter parser.
        await call(app, 'GET', url(m, 'list'), { token, query: { filters: filters('\ud800') } }),
        await call(app, 'GET', url(m, 'list'), { token, query: { filters: filters('\u0000') } }),
        await call(app, 'GET', url(m, 'export'), { token, query: { filters: filters('x\u0000') } }),
        await call(app, 'GET', url(m, 'detail'), { token, query: { [m.api.idParam]: '1\u0000' } }),
        await call(app, 'POST', url(m, 'create'), { token, body: { [field]: '名称\u0000' } }),
        await call(app, 'POST', url(m, 'create'), { token, body: `{"${field}":"\\ud800"}` }),
        await call(app, 'POST', url(m, 'create'), { token, body: `{"${field}":"\\udc00x"}` }),
        await call(app, 'POST', url(m, 'update'), { token, body: { [m.api.idParam]: '1', [field]: '\u0000' } }),
        await call(app, 'POST', url(m, 'create'), { token, form: { [field]: 'a\u0000' } }),
      ];
      for (const [i, reply] of replies.entries()) {
        expect([m.entity.name, i, reply.status, reply.body.detail]).toEqual([m.entity.name, i, 400, ILLEGAL]);
      }
      expect(await total(m), m.entity.name).toBe(before);
    }
  });

  it('refuses raw bytes that are not UTF-8 (a raw surrogate) rather than storing U+FFFD', async () => {
    const m = entityModel(TEMPLATE);
    const before = await total(m);
    const body = Buffer.concat([Buffer.from(JSON.stringify(templatePayload({ project_id: project })).slice(0, -1) + ',"content_name":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]);
    const reply = await app.inject({ method: 'POST', url: url(m, 'create'), payload: body, headers: { authorization: `Bearer ${token}`, fromplat: 'pc', 'content-type': 'application/json' } });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ status: 0, detail: ILLEGAL });
    expect(await total(m)).toBe(before);
  });

  it('refuses them in keys, form bodies, multipart fields, file names and the other routes', async () => {
    const m = entityModel(TEMPLATE);
    expect((await call(app, 'POST', url(m, 'create'), { token, body: { ...templatePayload({ project_id: project }), 'a\u0000': 1 } })).body.detail).toBe(ILLEGAL);
    const login = await call(app, 'POST', PATHS.login, { query: { token: await serviceToken(app) }, form: { grant_type: 'password', loginType: '1', userName: 'sys\u0000admin', password: 'x' } });
    expect([login.status, login.body.detail]).toEqual([400, ILLEGAL]);
    for (const [fields, name] of [[{ upload_type: 'image\u0000' }, 'a.png'], [{ upload_type: 'image' }, 'a\u0000.png'], [{ upload_type: 'image', 'file_name\u0000': 'a.png' }, 'a.png']] as const) {
      const reply = await app.inject({ method: 'POST', url: UPLOAD_PATH, ...multipart(fields, { name, data: Buffer.from('x') }) });
      expect([reply.statusCode, reply.json().detail]).toEqual([400, ILLEGAL]);
    }
    const imported = await app.inject({ method: 'POST', url: url(m, 'import'), ...multipart({ note: '\u0000' }, { name: 'a.xlsx', data: Buffer.from('PK') }) });
    expect([imported.statusCode, imported.json().detail]).toEqual([400, ILLEGAL]);
    for (const [method, path, c] of [
      ['GET', PATHS.dictionary, { query: { type: 'companyType\u0000' } }],
      ['GET', COLUMN_SETTING_PATHS.get, { query: { page: 'a\u0000' } }],
      ['POST', COLUMN_SETTING_PATHS.save, { body: { page: 'x', columns: [{ key: '\ud800', visible: true }] } }],
      ['POST', PATHS.modifyMyInfo, { body: { userName: '\u0000' } }],
      ['POST', PATHS.noticeRead, { body: { id: '1\u0000' } }],
    ] as const) {
      const reply = await call(app, method, path, { token, ...c });
      expect([path, reply.status, reply.body.detail]).toEqual([path, 400, ILLEGAL]);
    }
  });
});

describe('JSON nesting is limited', () => {
  it('refuses a body nested 5,000 levels, and a json field nested past 64, with a Chinese 400', async () => {
    const m = entityModel(TEMPLATE);
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    for (const body of [deep(5000), `{"other_list":${deep(5000)}}`, '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)]) {
      const reply = await call(app, 'POST', url(m, 'create'), { token, body });
      expect([reply.status, reply.body.detail]).toEqual([400, TOO_DEEP]);
    }
    const text = await call(app, 'POST', url(m, 'create'), { token, body: templatePayload({ project_id: project, other_list: deep(65) }) });
    expect([text.status, text.body.detail]).toEqual([400, TOO_DEEP]);
    const filters = await call(app, 'GET', url(m, 'list'), { token, query: { filters: deep(100) } });
    expect([filters.status, filters.body.detail]).toEqual([400, TOO_DEEP]);
    // 64 levels is still JSON the field's content rule judges (not a question list: 格式不正确).
    const ok = await call(app, 'POST', url(m, 'create'), { token, body: templatePayload({ project_id: project, other_list: deep(64) }) });
    expect(ok.status).toBe(200);
    expect(ok.body.detail).toBe('巡检内容格式不正确');
  });

  it('still refuses prototype keys and malformed JSON with a Chinese 400', async () => {
    const m = entityModel(TEMPLATE);
    for (const body of ['{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '{"a":', '']) {
      const reply = await call(app, 'POST', url(m, 'create'), { token, body, headers: { 'content-type': 'application/json' } });
      expect(reply.status, body).toBe(400);
      expect(reply.body.detail).toMatch(/^请求参数格式错误/);
    }
  });
});

describe('integer parameters stay within their column', () => {
  const screens = [
    ...(Object.keys(SCREENS) as ScreenName[]).map((n) => screenPath(n)),
    SCREEN_PATHS.devices, SCREEN_PATHS.online, SCREEN_PATHS.enterpriseOverview, SCREEN_PATHS.roster, SCREEN_PATHS.projectFeatures,
  ];
  it('answers pjctid1 beyond the int4 range with 400 on every screen endpoint', async () => {
    for (const path of screens) {
      for (const pjctid1 of ['99999999999', '2147483648', ' 1', '1e3', '-1']) {
        const reply = await call(app, 'GET', path, { token, query: { pjctid1 } });
        expect([path, pjctid1, reply.status, reply.body.detail]).toEqual([path, pjctid1, 400, expect.stringMatching(/^请求参数格式错误：字段 pjctid1 (格式错误|长度不符合要求)$/)]);
      }
      const inRange = await call(app, 'GET', path, { token, query: { pjctid1: '2147483647' } });
      expect([path, inRange.status, inRange.body.detail]).toEqual([path, 200, '项目不存在或不在您的权限范围内']);
    }
    const post = await call(app, 'POST', SCREEN_PATHS.maintenance, { token, body: { pjctid1: '99999999999' } });
    expect(post.status).toBe(400);
  });

  it('refuses page numbers that are Infinity ("1e400") and ids beyond a platform table', async () => {
    for (const index of ['1e400', '-1e400']) {
      const reply = await call(app, 'GET', url(entityModel(TEMPLATE), 'list'), { token, query: { index } });
      expect([reply.status, reply.body.detail]).toEqual([400, '请求参数格式错误：字段 index 超出允许范围']);
    }
    for (const [path, q] of [[PATHS.projectList, { user_id: '99999999999' }], [PATHS.noticeInfo, { id: '99999999999' }]] as const) {
      expect((await call(app, 'GET', path, { token, query: q })).status).toBe(400);
    }
    const projects = entityModel('Project');
    const detail = await call(app, 'GET', url(projects, 'detail'), { token, query: { [projects.api.idParam]: '99999999999' } });
    expect([detail.status, detail.body.detail]).toEqual([200, '记录不存在或无权访问']);
    const filtered = await call(app, 'GET', url(projects, 'list'), { token, query: { filters: JSON.stringify([{ field: 'status', operator: 'eq', value: 40000 }]) } });
    expect(filtered.status).toBe(400);
    const worker = entityModel('CompletionCheck');
    const moved = await call(app, 'POST', url(worker, 'create'), { token, body: { projectId: '99999999999' } });
    expect(moved.status).toBeLessThan(500);
  });
});

describe('numbers stay within their field column', () => {
  const crane = entityModel('CraneReading');
  const first = async () => {
    const list = await call<Array<Record<string, unknown>>>(app, 'GET', url(crane, 'list'), { token, query: { size: 1 } });
    return list.body.data![0];
  };
  const update = async (values: Record<string, unknown>) => {
    const row = await first();
    return call<Record<string, unknown>>(app, 'POST', url(crane, 'update'), { token, body: { rec_id: row.id, ...values } });
  };

  it('refuses 1e20 in an integer field, "1e400" and ±1e308 in number fields, with the field message, keeping the row', async () => {
    // The reading's fields declare their physical ranges (issue 26), tighter than their columns; an integer
    // column's own bound is reached below (题目限制).
    const before = await first();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ floor: 1e20 }, '楼层不能大于200'],
      [{ floor: '99999999999999999999' }, '楼层不能大于200'],
      [{ floor: -2147483649 }, '楼层不能小于-20'],
      [{ height: '1e400' }, '高度(m)不能大于1000'],
      [{ height: '-1e400' }, '高度(m)不能小于-100'],
      [{ height: 1e308 }, '高度(m)不能大于1000'],
      [{ tilt: -1e308 }, '倾角(°)不能小于-90'],
      [{ loadKg: 1e16 }, '载重(kg)不能大于1000000'],
    ];
    for (const [values, detail] of cases) {
      const reply = await update(values);
      expect([values, reply.status, reply.body.status, reply.body.detail]).toEqual([values, 200, 0, detail]);
    }
    expect(await first()).toEqual(before);
    const fine = await update({ floor: 200, height: 1000 });
    expect(fine.body.status).toBe(1);
    expect(fine.body.data).toMatchObject({ floor: 200, height: 1000 });
  });

  it('keeps a schema bound tighter than the column, and bounds money to numeric(16,2)', async () => {
    const payroll = entityModel('PayrollBatch');
    const list = await call<Array<Record<string, unknown>>>(app, 'GET', url(payroll, 'list'), { token, query: { size: 1 } });
    const row = list.body.data![0];
    const reply = await call(app, 'POST', url(payroll, 'update'), { token, body: { rec_id: row.id, paidAmount: 1e20 } });
    // The schema's own message for its own bound (payroll-batch.json).
    expect(reply.body).toMatchObject({ status: 0, detail: '实发总额不能超过99999999.99元' });
    const template = entityModel(TEMPLATE);
    const created = await call(app, 'POST', url(template, 'create'), { token, body: templatePayload({ project_id: project, question_limit: 1e20 }) });
    expect(created.body).toMatchObject({ status: 0, detail: '题目限制不能大于2147483647' });
  });

  it('refuses list filters beyond a numeric column with a Chinese 400', async () => {
    for (const value of [1e20, '1e400', 99999999999]) {
      const reply = await call(app, 'GET', url(crane, 'list'), { token, query: { filters: JSON.stringify([{ field: 'floor', operator: 'eq', value }]) } });
      expect([reply.status, reply.body.detail]).toEqual([400, '请求参数格式错误：字段 楼层 的筛选值无效']);
    }
  });
});

describe('export works for every entity', () => {
  it('exports a workbook for each entity of the catalog, sheet names sanitised (塔吊/升降机运行数据)', async () => {
    for (const m of models) {
      const reply = await app.inject({ method: 'GET', url: url(m, 'export'), headers: { authorization: `Bearer ${token}`, fromplat: 'pc' } });
      expect([m.entity.name, reply.statusCode, String(reply.headers['content-type'])]).toEqual([m.entity.name, 200, expect.stringContaining('spreadsheetml')]);
    }
  });
});
