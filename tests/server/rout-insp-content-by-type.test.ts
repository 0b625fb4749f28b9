// GET /api/RoutInspContent/GetContentDetailByType (§7.7, §2.8): the newest template of a device type,
// only the session's company's, never a soft-deleted one; read by the template page or the record viewer.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, MESSAGES } from '../../common/constants';
import type { ProjectListItem } from '../../common/wire';
import { call, PATHS, session, startApp } from './helpers';

const BY_TYPE = `${API_BASE}/api/RoutInspContent/GetContentDetailByType`;
const LIST = `${API_BASE}/api/RoutInspContent/WherePageList`;
const CREATE = `${API_BASE}/api/RoutInspContent/CreateContent`;
const SOFT_DELETE = `${API_BASE}/api/RoutInspContent/ModifyIfDel`;

type Template = {
  id: string;
  deviceType: string;
  contentName: string;
  projectName: string;
  otherList: string;
  machineryList: string;
  repairList: string;
  maintainList: string;
};

let app: FastifyInstance;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
});

const byType = (token: string, deviceType: string) => call<Template | null>(app, 'GET', BY_TYPE, { token, query: { device_type: deviceType, fromplat: 'pc', wid: 11 } });

const group = (typeName: string, question: string) => [
  { typeName, serNum: '1', content: [{ question, answer: [{ id: '1', name: '合格', value: '1', childList: [] }] }] },
];

async function firstProjectId(token: string, userId: string): Promise<string> {
  const reply = await call<ProjectListItem[]>(app, 'GET', PATHS.projectList, { token, query: { user_id: userId, index: 0, size: 500 } });
  return reply.body.data![0].projectPosInfo.id;
}

async function createTemplate(userName: string, contentName: string, deviceType = '塔式起重机'): Promise<string> {
  const { token, result } = await session(app, userName);
  const projectId = await firstProjectId(token, result.UserID);
  const reply = await call<Template>(app, 'POST', CREATE, {
    token,
    body: {
      device_type: deviceType,
      project_id: projectId,
      description: `${contentName}的说明`,
      content_name: contentName,
      content_type: '巡检',
      other_list: JSON.stringify(group('安全装置', `${contentName}：限位器灵敏可靠`)),
      machinery_list: '[]',
      repair_list: '[]',
      maintain_list: '[]',
      answer_list: '[]',
      question_limit: 0,
      question_order: 0,
      question_type: 1,
      user_id: result.UserID,
      user_name: result.UserName,
      fromplat: 'pc',
      wid: 11,
    },
  });
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  return reply.body.data!.id;
}

describe('GetContentDetailByType', () => {
  it("answers the newest seeded template of the type, lists as JSON text (§3.3)", async () => {
    const { token } = await session(app, 'qiye01');
    const reply = await byType(token, '塔式起重机');
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe(1);
    const t = reply.body.data!;
    expect(t.deviceType).toBe('塔式起重机');
    expect(t.contentName).toBe('塔式起重机日常检查表（甜城湖·2025修订版）');
    expect(t.projectName).toBe('甜城湖片区棚户区改造项目');
    for (const list of [t.otherList, t.machineryList, t.repairList, t.maintainList]) {
      expect(typeof list).toBe('string');
      expect((JSON.parse(list) as unknown[]).length).toBeGreaterThan(0);
    }
    // The same row the generic list answers first for this type, newest first.
    const filters = JSON.stringify([{ field: 'deviceType', operator: 'eq', value: '塔式起重机' }]);
    const listed = await call<Template[]>(app, 'GET', LIST, { token, query: { index: 0, size: 10, filters, sort: 'id:desc' } });
    expect(listed.body.data![0]).toEqual(t);
    expect(listed.body.data!.length).toBeGreaterThan(1);
  });

  it('answers data null for a type without a template, and leaves other lists empty where the seed does', async () => {
    const { token } = await session(app, 'qiye01');
    expect((await byType(token, '推土机')).body).toEqual({ status: 1, detail: '', data: null });
    const cabinet = (await byType(token, '配电箱')).body.data!;
    expect(JSON.parse(cabinet.machineryList)).toEqual([]);
    expect(JSON.parse(cabinet.repairList)).toEqual([]);
  });

  it("is scoped to the session's company: another company's newer template is not answered", async () => {
    const buildId = await createTemplate('xiangmu01', '建筑公司塔吊巡检表');
    const build = await session(app, 'xiangmu01');
    const own = (await byType(build.token, '塔式起重机')).body.data!;
    expect(own.id).toBe(buildId);
    expect(own.contentName).toBe('建筑公司塔吊巡检表');
    // A type only the group company configured is not the build company's.
    expect((await byType(build.token, '混凝土搅拌站')).body.data).toBeNull();

    const groupUser = await session(app, 'qiye01');
    const groupTemplate = (await byType(groupUser.token, '塔式起重机')).body.data!;
    expect(groupTemplate.id).not.toBe(buildId);
    expect(groupTemplate.contentName).toBe('塔式起重机日常检查表（甜城湖·2025修订版）');
  });

  it('skips soft-deleted templates (§7.6 ModifyIfDel) and falls back to the next newest', async () => {
    const newestId = await createTemplate('qiye01', '钢丝绳检查表（临时）', '钢丝绳');
    const { token } = await session(app, 'qiye01');
    expect((await byType(token, '钢丝绳')).body.data!.id).toBe(newestId);

    const del = await call(app, 'GET', SOFT_DELETE, { token, query: { rec_id: newestId, if_del: 1 } });
    expect(del.body.status).toBe(1);
    const after = (await byType(token, '钢丝绳')).body.data!;
    expect(after.id).not.toBe(newestId);
    expect(after.contentName).toBe('钢丝绳日常检查表（沱江二桥·2025修订版）');
  });

  it('is read by the record viewer role too, and refused to a role with neither page (402)', async () => {
    // jianguan01 holds 设备档案 but not the template page; the government company has no templates.
    const viewer = await session(app, 'jianguan01');
    expect((await byType(viewer.token, '塔式起重机')).body).toEqual({ status: 1, detail: '', data: null });
    const viewOnly = await session(app, 'qiye02');
    expect((await byType(viewOnly.token, '塔式起重机')).body.data?.deviceType).toBe('塔式起重机');

    const member = await session(app, 'xiangmu02');
    expect((await byType(member.token, '塔式起重机')).body).toEqual({ status: 0, code: 402, detail: MESSAGES.noPermission });
  });

  it('needs a session and a device_type', async () => {
    expect((await call(app, 'GET', BY_TYPE, { query: { device_type: '塔式起重机' } })).status).toBe(401);
    const { token } = await session(app, 'qiye01');
    const missing = await call(app, 'GET', BY_TYPE, { token });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe('请求参数格式错误：缺少字段 device_type');
  });
});
