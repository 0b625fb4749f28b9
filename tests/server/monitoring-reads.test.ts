// Issue 9: monitoring mode (§1) is read-only by what a route does, declared per route (`readOnly`), not by
// its HTTP method: the reads sent as POST (WhereMulSelectList, TyScreen/GetSbwb_wbtj) answer while
// monitoring, every write is refused with 402 — a write sent as GET (the engine's GET delete) included —
// and a route that declares nothing counts as a write.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/app-context';
import { guardedRoutes } from '../../server/auth/guard';
import { DEVICE_PUSH_PATH } from '../../server/devices/http-ingest';
import { SCREEN_PATHS } from '../../server/screens/routes';
import { endpoint, enterMonitoring, TEMPLATE, templatePayload } from './engine-support';
import { call, PATHS, session, startApp } from './helpers';

type Row = Record<string, unknown> & { id: string };
const READ_ONLY = { status: 0, code: 402, detail: '监视模式下只能查看，不能修改数据' };
const DECLARED_PATH = '/test/declared-routes';
const UNDECLARED_PATH = '/test/undeclared-get';

/** The guarded routes and their declarations, and one GET that declares nothing. */
async function testRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get(DECLARED_PATH, { config: { public: true } }, async () => guardedRoutes(ctx.db));
  app.get(UNDECLARED_PATH, async () => ({ status: 1 }));
}

let app: FastifyInstance;
let token: string;
let admin: string;
let template: Row;

beforeAll(async () => {
  app = await startApp({ routes: [testRoutes] });
  admin = (await session(app, 'qiye01')).token;
  template = (await call<Row[]>(app, 'GET', endpoint(TEMPLATE, 'list'), { token: admin, query: { index: 0, size: 1 } })).body.data![0];
  const duogongsi = await session(app, 'duogongsi');
  token = duogongsi.token;
  await enterMonitoring(app, token, duogongsi.result, '内江建工路桥工程有限公司');
});
afterAll(async () => {
  await app?.close();
});

describe('monitoring: reads answer whatever their method, writes are refused whatever their method', () => {
  it('answers the reads sent as POST', async () => {
    const lookup = await call(app, 'POST', PATHS.multiSelectList, { token, body: { tableName: 'routInspManage', fieldName: 'DeviceType', size: 999 } });
    expect(lookup.body.status).toBe(1);
    const maintenance = await call(app, 'POST', SCREEN_PATHS.maintenance, { token, body: {} });
    expect(maintenance.body.status).toBe(1);
  });

  it('still answers the GET reads: lists, details, profile, screens', async () => {
    for (const path of [PATHS.userInfo, PATHS.projectList, SCREEN_PATHS.devices, endpoint(TEMPLATE, 'list')]) {
      const reply = await call(app, 'GET', path, { token, query: { index: 0, size: 10 } });
      expect(reply.body.status, path).toBe(1);
    }
  });

  it('refuses writes with 402, a write sent as GET included', async () => {
    const writes = [
      call(app, 'POST', endpoint(TEMPLATE, 'create'), { token, body: templatePayload() }),
      call(app, 'POST', endpoint(TEMPLATE, 'update'), { token, body: { rec_id: template.id, description: 'x' } }),
      call(app, 'GET', endpoint(TEMPLATE, 'delete'), { token, query: { rec_id: template.id, if_del: 1 } }),
      call(app, 'POST', PATHS.modifyMyInfo, { token, body: { realName: '周强', mobile: '13890510007', email: '' } }),
      call(app, 'POST', PATHS.noticeDelete, { token, body: { id: '1' } }),
    ];
    for (const reply of await Promise.all(writes)) expect(reply.body).toEqual(READ_ONLY);
    const still = await call(app, 'GET', endpoint(TEMPLATE, 'detail'), { token: admin, query: { rec_id: template.id } });
    expect(still.body.status).toBe(1);
  });

  it('keeps the user’s own writes open: switching back', async () => {
    const other = await session(app, 'duogongsi');
    await enterMonitoring(app, other.token, other.result, '内江建工路桥工程有限公司');
    const back = await call(app, 'POST', PATHS.switchCompany, { token: other.token, body: { company_id: other.result.CompanyId, monitor: 0 } });
    expect(back.body.status).toBe(1);
  });

  it('counts a route that declares nothing as a write, even a GET', async () => {
    expect((await call(app, 'GET', UNDECLARED_PATH, { token })).body).toEqual(READ_ONLY);
    expect((await call(app, 'GET', UNDECLARED_PATH, { token: admin })).body).toEqual({ status: 1 });
  });

  it('every GET route of the API declares whether it reads or writes', async () => {
    const routes = (await app.inject({ method: 'GET', url: DECLARED_PATH })).json() as Array<{ method: string; url: string; policy: Record<string, unknown> }>;
    expect(routes.length).toBeGreaterThan(50);
    const undeclared = routes
      .filter((r) => r.method === 'GET' && !r.url.startsWith('/test/'))
      .filter((r) => !r.policy.public && !r.policy.readOnly && !r.policy.writes)
      .map((r) => r.url);
    expect(undeclared).toEqual([]);
    // The POST reads declare themselves.
    const reads = routes.filter((r) => r.policy.readOnly).map((r) => `${r.method} ${r.url}`);
    expect(reads).toEqual(expect.arrayContaining([`POST ${PATHS.multiSelectList}`, `POST ${SCREEN_PATHS.maintenance}`]));
    // A GET that writes says so.
    expect(routes.find((r) => r.url === endpoint(TEMPLATE, 'delete'))?.policy).toMatchObject({ writes: true });
    // The device ingestion endpoint needs no session (it checks each device's signature) and writes.
    expect(routes.find((r) => r.url === DEVICE_PUSH_PATH)?.policy).toMatchObject({ public: true, writes: true, readOnly: false });
  });
});
