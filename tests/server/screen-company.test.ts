// §2.4 query-addressed screens (docs/console-shell.md): enterpid1 (a company and its subsidiaries),
// poctent1 (a participating unit) and governmentid1 (a supervision body's area) narrow a screen to the
// caller's projects of that company; a company the caller may not look at is refused with the message
// of a project outside the scope, and the answer never covers a project outside the caller's scope.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnterpriseOverview } from '../../common/screens/enterprise-overview';
import type { SupervisoryOverview } from '../../common/screens/supervisory';
import type { OrgNode } from '../../common/wire';
import { call, PATHS, session, startApp } from './helpers';

const OUT_OF_SCOPE = '项目不存在或不在您的权限范围内';
const ENTERPRISE = '/prod-api/api/TyScreen/EnterpriseOverview';
const SUPERVISORY = '/prod-api/api/TyScreen/SupervisoryOverview';

let app: FastifyInstance;
const ids = new Map<string, string>();
beforeAll(async () => {
  app = await startApp();
  const { token } = await session(app, 'sysadmin');
  const orgs = await call<OrgNode[]>(app, 'GET', PATHS.adminOrgList, { token, query: { index: 0, size: 1000 } });
  for (const o of orgs.body.data!) ids.set(o.companyname, String(o.id));
});
afterAll(async () => {
  await app.close();
});

const id = (name: string): string => {
  const found = ids.get(name);
  if (!found) throw new Error(`no company ${name}`);
  return found;
};

async function screen<T extends { markers: Array<{ title: string }> }>(userName: string, url: string, query: Record<string, string>) {
  const { token } = await session(app, userName);
  const reply = await call<T>(app, 'GET', url, { token, query });
  return { status: reply.status, body: reply.body, titles: reply.body.data ? reply.body.data.markers.map((m) => m.title).sort() : [] };
}

const ROAD = ['内自同城快速通道（大安段）', '汉渝大道（东兴段）道路改造工程', '沱江二桥加固工程'].sort();

describe('enterpid1: a company and its subsidiaries', () => {
  it("qiye01 (the group) opens a subsidiary's screen: its projects only", async () => {
    const all = await screen<EnterpriseOverview>('qiye01', ENTERPRISE, {});
    expect(all.titles).toHaveLength(8);
    const road = await screen<EnterpriseOverview>('qiye01', ENTERPRISE, { sortId: '1', enterpid1: id('内江建工路桥工程有限公司') });
    expect(road.body.status).toBe(1);
    expect(road.titles).toEqual(ROAD);
    const group = await screen<EnterpriseOverview>('qiye01', ENTERPRISE, { enterpid1: id('内江建工集团有限公司') });
    expect(group.titles).toEqual(all.titles);
  });

  it('a supervisor naming a company sees only its projects inside the own area (大安 stays out)', async () => {
    const road = await screen<SupervisoryOverview>('jianguan01', SUPERVISORY, { enterpid1: id('内江建工路桥工程有限公司') });
    expect(road.titles).toEqual(ROAD.filter((t) => !t.includes('大安')));
  });

  it('refuses a company outside the caller, one without projects in scope, and one that does not exist', async () => {
    const supervision = await screen<EnterpriseOverview>('qiye01', ENTERPRISE, { enterpid1: id('四川甜城建设工程监理有限公司') });
    expect(supervision.body).toEqual({ status: 0, detail: OUT_OF_SCOPE });
    const lab = await screen<EnterpriseOverview>('jianguan01', ENTERPRISE, { enterpid1: id('内江市建设工程质量检测中心') });
    expect(lab.body).toEqual({ status: 0, detail: OUT_OF_SCOPE });
    const none = await screen<EnterpriseOverview>('qiye01', ENTERPRISE, { enterpid1: '999999' });
    expect(none.body).toEqual({ status: 0, detail: OUT_OF_SCOPE });
  });

  it('with pjctid1 the project must be one of the company', async () => {
    const all = await screen<EnterpriseOverview>('qiye01', ENTERPRISE, {});
    const data = all.body.data!;
    const school = data.markers.find((m) => m.title === '内江市第六中学新校区建设项目')!;
    const bridge = data.markers.find((m) => m.title === '沱江二桥加固工程')!;
    const road = id('内江建工路桥工程有限公司');
    expect((await screen<EnterpriseOverview>('qiye01', ENTERPRISE, { enterpid1: road, pjctid1: bridge.id })).titles).toEqual(['沱江二桥加固工程']);
    expect((await screen<EnterpriseOverview>('qiye01', ENTERPRISE, { enterpid1: road, pjctid1: school.id })).body).toEqual({ status: 0, detail: OUT_OF_SCOPE });
  });

  it('refuses an id that is no id with 400', async () => {
    const { token } = await session(app, 'qiye01');
    const reply = await call(app, 'GET', ENTERPRISE, { token, query: { enterpid1: '1 or 1=1' } });
    expect(reply.status).toBe(400);
  });
});

describe('poctent1: a participating unit (参建单位)', () => {
  it('covers the projects the unit takes part in, within the scope', async () => {
    const supervision = id('四川甜城建设工程监理有限公司');
    const q = await screen<EnterpriseOverview>('qiye01', ENTERPRISE, { sortId: '1', poctent1: supervision });
    expect(q.titles).toEqual(['汉渝大道（东兴段）道路改造工程', '甜城湖片区棚户区改造项目', '内江市第六中学新校区建设项目'].sort());
    const concrete = await screen<EnterpriseOverview>('qiye01', ENTERPRISE, { poctent1: id('内江华鼎商品混凝土有限公司') });
    expect(concrete.titles).toEqual(['城西污水处理厂扩建工程', '甜城湖片区棚户区改造项目', '华鼎商砼搅拌站技改项目'].sort());
  });

  it('refuses a unit that takes part in none of the caller projects', async () => {
    const lab = await screen<EnterpriseOverview>('qiye01', ENTERPRISE, { poctent1: id('内江恒信建设工程检测有限公司') });
    expect(lab.body).toEqual({ status: 0, detail: OUT_OF_SCOPE });
  });
});

describe('governmentid1: a supervision body', () => {
  it("the supervisor's own body covers the own area; a body of a district inside it that district", async () => {
    const own = await screen<SupervisoryOverview>('jianguan01', SUPERVISORY, {});
    const body = await screen<SupervisoryOverview>('jianguan01', SUPERVISORY, { sortId: '101', governmentid1: id('内江市住房和城乡建设局') });
    expect(body.body.status).toBe(1);
    expect(body.titles).toEqual(own.titles);
    // 内江建工路桥 sits in 511011 (东兴区): a narrower area inside 511000.
    const dongxing = await screen<SupervisoryOverview>('jianguan01', SUPERVISORY, { governmentid1: id('内江建工路桥工程有限公司') });
    expect(dongxing.titles).toEqual(['城西污水处理厂扩建工程', '汉渝大道（东兴段）道路改造工程', '沱江二桥加固工程'].sort());
  });

  it('refuses an unknown body', async () => {
    const none = await screen<SupervisoryOverview>('jianguan01', SUPERVISORY, { governmentid1: '999999' });
    expect(none.body).toEqual({ status: 0, detail: OUT_OF_SCOPE });
  });
});
