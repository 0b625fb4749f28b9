// §6 and scope on the generic endpoints (architecture §5): the same menu tree the UI uses decides
// (qiye02 may list templates but not add, edit or delete them, even by a direct call), monitoring is
// read-only and shows the watched company, and project users see and write only their projects.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, PATHS, session, startApp } from './helpers';
import { DEVICE, endpoint, enterMonitoring, projectId, TEMPLATE, templatePayload } from './engine-support';

type Row = Record<string, unknown> & { id: string };

const noPermission = { status: 0, code: 402, detail: '没有权限' };
const readOnly = { status: 0, code: 402, detail: '监视模式下只能查看，不能修改数据' };
const notFound = { status: 0, detail: '记录不存在或无权访问' };

let app: FastifyInstance;
let admin: string;
let groupTemplate: Row;
beforeAll(async () => {
  app = await startApp();
  admin = (await session(app, 'qiye01')).token;
  const project = await projectId(app, admin, 'NJJG-2024-001');
  const created = await call<Row>(app, 'POST', endpoint(TEMPLATE, 'create'), { token: admin, body: templatePayload({ project_id: project, content_name: '权限测试模板' }) });
  groupTemplate = created.body.data!;
});
afterAll(async () => {
  await app.close();
});

const count = async (token: string, entity = TEMPLATE): Promise<number> => {
  const reply = await call(app, 'GET', endpoint(entity, 'list'), { token, query: { index: 0, size: 1 } });
  if (reply.body.status !== 1) throw new Error(JSON.stringify(reply.body));
  return reply.body.pageInfo!.record_count;
};

/** A device payload of schemas/entities/rout-insp-manage.json. */
const devicePayload = (project: string, deviceNo: string) => ({
  device_no: deviceNo,
  device_name: '测试塔吊',
  device_type: '塔式起重机',
  spec_model: 'QTZ80',
  project_id: project,
  entry_date: '2025-03-01',
});

describe('qiye02: template search only (§6)', () => {
  it('lists and reads templates of its company', async () => {
    const { token } = await session(app, 'qiye02');
    expect(await count(token)).toBe(await count(admin));
    const detail = await call<Row>(app, 'GET', endpoint(TEMPLATE, 'detail'), { token, query: { rec_id: groupTemplate.id } });
    expect(detail.body.data?.contentName).toBe('权限测试模板');
  });

  it('gets 402 for add, edit, delete, export and import, and nothing changes', async () => {
    const { token } = await session(app, 'qiye02');
    const project = await projectId(app, token, 'NJJG-2024-001');
    const before = await count(admin);
    const calls = [
      call(app, 'POST', endpoint(TEMPLATE, 'create'), { token, body: templatePayload({ project_id: project }) }),
      call(app, 'POST', endpoint(TEMPLATE, 'update'), { token, body: templatePayload({ project_id: project, rec_id: groupTemplate.id, content_name: '被改了' }) }),
      call(app, 'GET', endpoint(TEMPLATE, 'delete'), { token, query: { rec_id: groupTemplate.id, if_del: 1 } }),
      call(app, 'GET', endpoint(TEMPLATE, 'export'), { token }),
      // The import template and a preview are the import button's too.
      call(app, 'GET', endpoint(TEMPLATE, 'export').replace(/[^/]+$/, 'ImportTemplate'), { token }),
      call(app, 'POST', endpoint(TEMPLATE, 'import'), { token, query: { mode: 'preview' }, body: '{}' }),
      // The permission is checked before the body is read: even a broken body gets 402, not 400.
      call(app, 'POST', endpoint(TEMPLATE, 'create'), { token, body: '{broken' }),
    ];
    for (const reply of await Promise.all(calls)) {
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual(noPermission);
    }
    expect(await count(admin)).toBe(before);
    const detail = await call<Row>(app, 'GET', endpoint(TEMPLATE, 'detail'), { token: admin, query: { rec_id: groupTemplate.id } });
    expect(detail.body.data?.contentName).toBe('权限测试模板');
  });

  it('no-authority users get code 0 on the list', async () => {
    const { token } = await session(app, 'wuquanxian');
    const reply = await call(app, 'GET', endpoint(TEMPLATE, 'list'), { token, query: { index: 0, size: 10 } });
    expect(reply.body).toEqual({ status: 0, code: 0, detail: '没有权限' });
  });

  it('a role without the page cannot list it (xiangmu02 has no template page)', async () => {
    const { token } = await session(app, 'xiangmu02');
    const reply = await call(app, 'GET', endpoint(TEMPLATE, 'list'), { token, query: { index: 0, size: 10 } });
    expect(reply.body).toEqual(noPermission);
  });
});

describe('monitoring (§1 read-only, the watched company)', () => {
  it('shows the watched company only and refuses every write with 402', async () => {
    const { token, result } = await session(app, 'duogongsi');
    expect(await count(token)).toBe(await count(admin));
    await enterMonitoring(app, token, result, '内江建工路桥工程有限公司');

    // Company scope is now the watched company: the group's template is out of sight.
    const detail = await call(app, 'GET', endpoint(TEMPLATE, 'detail'), { token, query: { rec_id: groupTemplate.id } });
    expect(detail.body).toEqual(notFound);
    const listed = await call<Row[]>(app, 'GET', endpoint(TEMPLATE, 'list'), { token, query: { index: 0, size: 100 } });
    expect(listed.body.status).toBe(1);
    expect(listed.body.data!.some((r) => r.id === groupTemplate.id)).toBe(false);

    const project = await projectId(app, token, 'NJJG-2024-002');
    const writes = [
      call(app, 'POST', endpoint(TEMPLATE, 'create'), { token, body: templatePayload({ project_id: project }) }),
      call(app, 'POST', endpoint(TEMPLATE, 'update'), { token, body: { rec_id: groupTemplate.id, description: 'x' } }),
      // ModifyIfDel is a GET (§7.7), so the engine itself must refuse it.
      call(app, 'GET', endpoint(TEMPLATE, 'delete'), { token, query: { rec_id: groupTemplate.id, if_del: 1 } }),
    ];
    for (const reply of await Promise.all(writes)) expect(reply.body).toEqual(readOnly);
    const still = await call<Row>(app, 'GET', endpoint(TEMPLATE, 'detail'), { token: admin, query: { rec_id: groupTemplate.id } });
    expect(still.body.status).toBe(1);
  });

  it('shows project-scoped rows of the watched company’s projects', async () => {
    const roadProject = await projectId(app, admin, 'NJJG-2024-002');
    const buildProject = await projectId(app, admin, 'NJJG-2024-001');
    const road = await call<Row>(app, 'POST', endpoint(DEVICE, 'create'), { token: admin, body: devicePayload(roadProject, 'MON-ROAD-1') });
    const build = await call<Row>(app, 'POST', endpoint(DEVICE, 'create'), { token: admin, body: devicePayload(buildProject, 'MON-BUILD-1') });
    expect([road.body.status, build.body.status]).toEqual([1, 1]);

    const { token, result } = await session(app, 'duogongsi');
    await enterMonitoring(app, token, result, '内江建工路桥工程有限公司');
    const see = await call(app, 'GET', endpoint(DEVICE, 'detail'), { token, query: { rec_id: road.body.data!.id } });
    expect(see.body.status).toBe(1);
    const hidden = await call(app, 'GET', endpoint(DEVICE, 'detail'), { token, query: { rec_id: build.body.data!.id } });
    expect(hidden.body).toEqual(notFound);
    const inScope = new Set((await call<Array<{ projectPosInfo: { id: string } }>>(app, 'GET', PATHS.projectList, { token })).body.data!.map((p) => p.projectPosInfo.id));
    const listed = await call<Row[]>(app, 'GET', endpoint(DEVICE, 'list'), { token, query: { index: 0, size: 1000 } });
    expect(listed.body.data!.length).toBeGreaterThan(0);
    expect(listed.body.data!.every((r) => inScope.has(r.projectId as string))).toBe(true);
  });
});

describe('project users (docs/api.md project scope)', () => {
  it('xiangmu01 writes templates only for its linked projects, in its own company', async () => {
    const { token } = await session(app, 'xiangmu01');
    const own = await projectId(app, token, 'NJJG-2024-001');
    const foreign = await projectId(app, admin, 'NJJG-2024-002');
    const refused = await call(app, 'POST', endpoint(TEMPLATE, 'create'), { token, body: templatePayload({ project_id: foreign }) });
    expect(refused.body).toEqual({ status: 0, detail: '请选择项目名称' });

    const created = await call<Row>(app, 'POST', endpoint(TEMPLATE, 'create'), { token, body: templatePayload({ project_id: own, content_name: '项目部模板' }) });
    expect(created.body.data).toMatchObject({ companyName: '内江建工建筑工程有限公司', projectName: '甜城湖片区棚户区改造项目' });
    // Company scope: the group does not see its subsidiary's row, and the subsidiary not the group's.
    const fromGroup = await call(app, 'GET', endpoint(TEMPLATE, 'detail'), { token: admin, query: { rec_id: created.body.data!.id } });
    expect(fromGroup.body).toEqual(notFound);
    const fromBuild = await call(app, 'GET', endpoint(TEMPLATE, 'detail'), { token, query: { rec_id: groupTemplate.id } });
    expect(fromBuild.body).toEqual(notFound);
    // xiangmu01 has add and edit but not delete (§6 buttons).
    const del = await call(app, 'GET', endpoint(TEMPLATE, 'delete'), { token, query: { rec_id: created.body.data!.id, if_del: 1 } });
    expect(del.body).toEqual(noPermission);
  });

  it('project-scoped rows: each user sees and writes only the projects in scope', async () => {
    const one = await session(app, 'xiangmu01');
    const two = await session(app, 'xiangmu02');
    const own = await projectId(app, one.token, 'NJJG-2024-001');
    const foreign = await projectId(app, two.token, 'NJJG-2024-002');

    const refused = await call(app, 'POST', endpoint(DEVICE, 'create'), { token: one.token, body: devicePayload(foreign, 'SCOPE-X') });
    expect(refused.body).toEqual({ status: 0, detail: '请选择所属项目' });
    const created = await call<Row>(app, 'POST', endpoint(DEVICE, 'create'), { token: one.token, body: devicePayload(own, 'SCOPE-1') });
    expect(created.body.status).toBe(1);
    const moved = await call(app, 'POST', endpoint(DEVICE, 'update'), { token: one.token, body: { rec_id: created.body.data!.id, project_id: foreign } });
    expect(moved.body).toEqual({ status: 0, detail: '请选择所属项目' });

    const other = await call(app, 'GET', endpoint(DEVICE, 'detail'), { token: two.token, query: { rec_id: created.body.data!.id } });
    expect(other.body).toEqual(notFound);
    const twoList = await call<Row[]>(app, 'GET', endpoint(DEVICE, 'list'), { token: two.token, query: { index: 0, size: 1000 } });
    expect(twoList.body.data!.every((r) => r.projectId === foreign)).toBe(true);
    const oneList = await call<Row[]>(app, 'GET', endpoint(DEVICE, 'list'), { token: one.token, query: { index: 0, size: 1000 } });
    expect(oneList.body.data!.some((r) => r.id === created.body.data!.id)).toBe(true);
    expect(oneList.body.data!.some((r) => r.projectId === foreign)).toBe(false);
  });
});
