// §7.3 header lists: organisation lists (normal and admin-only) and the project list by scope.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/constants';
import { buildTree } from '../../common/tree';
import type { OrgNode, ProjectListItem } from '../../common/wire';
import { call, PATHS, session, startApp } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
});

const projectNames = async (userName: string): Promise<string[]> => {
  const { token, result } = await session(app, userName);
  const reply = await call<ProjectListItem[]>(app, 'GET', PATHS.projectList, { token, query: { user_id: result.UserID, index: 0, size: 500 } });
  expect(reply.body.status).toBe(1);
  return reply.body.data!.map((p) => p.projectPosInfo.projectName);
};

describe('QueryOrgList', () => {
  it('lists member companies with their ancestors as a flat list the client can build into a tree', async () => {
    const { token } = await session(app, 'xiangmu01');
    const reply = await call<OrgNode[]>(app, 'GET', PATHS.orgList, { token, query: { index: 0, size: 500 } });
    expect(reply.body.status).toBe(1);
    const nodes = reply.body.data!;
    expect(nodes.map((n) => [n.companyname, n.isMember])).toEqual([
      ['内江建工集团有限公司', false],
      ['内江建工建筑工程有限公司', true],
    ]);
    const tree = buildTree(nodes);
    expect(tree).toHaveLength(1);
    expect(tree[0].children?.[0].companyname).toBe('内江建工建筑工程有限公司');
    expect(reply.body.pageInfo).toEqual({ has_next: false, has_prev: false, p_index: 0, p_size: 500, record_count: 2 });
  });

  it('lists both companies of a multi-company user', async () => {
    const { token } = await session(app, 'duogongsi');
    const reply = await call<OrgNode[]>(app, 'GET', PATHS.orgList, { token });
    expect(reply.body.data!.filter((n) => n.isMember).map((n) => n.companyname)).toEqual([
      '内江建工集团有限公司',
      '四川甜城建设工程监理有限公司',
    ]);
  });

  it('refuses a non-numeric page index with 400', async () => {
    const { token } = await session(app, 'qiye01');
    const reply = await call(app, 'GET', PATHS.orgList, { token, query: { index: 'first', size: 500 } });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ status: 0, detail: '请求参数格式错误：字段 index 类型错误' });
  });
});

describe('AdminGetAllQueryOrgList', () => {
  it('lists every company for a system administrator, paged', async () => {
    const { token } = await session(app, 'sysadmin');
    const all = await call<OrgNode[]>(app, 'GET', PATHS.adminOrgList, { token, query: { index: 0, size: 1000 } });
    // The demo companies: the group and its three subsidiaries, 监理, 住建局 and three 检测机构 (type 14).
    expect(all.body.data).toHaveLength(9);
    expect(all.body.data!.find((n) => n.companyname === '内江华鼎商品混凝土有限公司')).toMatchObject({ companyType: 13, isMember: false });
    expect(all.body.data!.filter((n) => n.companyType === 14)).toHaveLength(3);
    const page = await call<OrgNode[]>(app, 'GET', PATHS.adminOrgList, { token, query: { index: 2, size: 4 } });
    expect(page.body.data).toHaveLength(1);
    expect(page.body.pageInfo).toEqual({ has_next: false, has_prev: true, p_index: 2, p_size: 4, record_count: 9 });
  });

  it('refuses everyone else with 402', async () => {
    const { token } = await session(app, 'qiye01');
    const reply = await call(app, 'GET', PATHS.adminOrgList, { token, query: { index: 0, size: 1000 } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 0, code: 402, detail: MESSAGES.noPermission });
  });
});

describe('WhereProjectList', () => {
  it('gives an enterprise user the projects of the company and its subsidiaries', async () => {
    expect(await projectNames('qiye01')).toHaveLength(8);
  });

  it('gives project users their linked projects only', async () => {
    expect(await projectNames('xiangmu01')).toEqual(['甜城湖片区棚户区改造项目', '内江高新区标准化厂房三期', '城西污水处理厂扩建工程']);
    expect(await projectNames('xiangmu02')).toEqual(['汉渝大道（东兴段）道路改造工程']);
  });

  it('gives a government user the projects inside the supervised area', async () => {
    const names = await projectNames('jianguan01');
    expect(names).toHaveLength(7);
    expect(names).not.toContain('内自同城快速通道（大安段）');
  });

  it('follows the current company after a switch', async () => {
    const { token, result } = await session(app, 'duogongsi');
    const supervision = JSON.parse(result.Companys)[1].CompanyID as string;
    await call(app, 'POST', PATHS.switchCompany, { token, body: { company_id: supervision } });
    const reply = await call<ProjectListItem[]>(app, 'GET', PATHS.projectList, { token });
    expect(reply.body.data).toEqual([]);
  });

  it('returns the wire shape with coordinates near the map centre and pages', async () => {
    const { token } = await session(app, 'qiye01');
    const reply = await call<ProjectListItem[]>(app, 'GET', PATHS.projectList, { token, query: { index: 1, size: 3 } });
    expect(reply.body.pageInfo).toEqual({ has_next: true, has_prev: true, p_index: 1, p_size: 3, record_count: 8 });
    for (const p of reply.body.data!) {
      expect(p.projectPosInfo).toEqual({ id: expect.stringMatching(/^\d+$/), projectName: expect.any(String), projectNo: expect.stringMatching(/^NJJG-/) });
      expect(Math.abs(p.lng - 105.06)).toBeLessThan(0.11);
      expect(Math.abs(p.lat - 29.58)).toBeLessThan(0.11);
      expect([1, 2, 3, 4, 5]).toContain(p.status);
    }
  });

  it('ignores a user_id other than the caller’s (the scope is the session’s)', async () => {
    const { token } = await session(app, 'xiangmu02');
    const admin = (await session(app, 'sysadmin')).result.UserID;
    const reply = await call<ProjectListItem[]>(app, 'GET', PATHS.projectList, { token, query: { user_id: admin } });
    expect(reply.body.data).toHaveLength(1);
  });
});
