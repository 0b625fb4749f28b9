// §7.6 select-table-field lookups (docs/metadata.md): distinct non-empty values of a lookup field of the
// entity named by tableName, in the caller's scope, without soft-deleted rows; open to no-authority users.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictOption } from '../../common/wire';
import { GROUP_LIST_PATH } from '../../server/routes/select-table-field';
import { call, PATHS, session, startApp } from './helpers';
import { DEVICE, endpoint, projectId } from './engine-support';

type Row = Record<string, unknown> & { id: string };

let app: FastifyInstance;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
});

const lookup = (token: string, body: Record<string, unknown>) => call<DictOption[]>(app, 'POST', PATHS.multiSelectList, { token, body });
/** The distinct device types of the rows a user can list, the way the lookup should see them. */
async function typesInList(token: string): Promise<string[]> {
  const rows = await call<Row[]>(app, 'GET', endpoint(DEVICE, 'list'), { token, query: { index: 0, size: 1000 } });
  return [...new Set(rows.body.data!.map((r) => r.deviceType as string))].sort();
}
const sorted = (values: string[]) => [...values].sort();

describe('WhereMulSelectList (§7.6: routInspManage, DeviceType, 999)', () => {
  it('answers the distinct values in scope, matching table and field case-insensitively', async () => {
    const { token } = await session(app, 'qiye01');
    const reply = await lookup(token, { tableName: 'routInspManage', fieldName: 'DeviceType', size: 999, token: 'svc', fromplat: 'pc', wid: 11 });
    expect(reply.body.status).toBe(1);
    const values = reply.body.data!.map((o) => o.selContent);
    expect(values.length).toBeGreaterThan(0);
    expect(reply.body.data!.every((o) => o.xuHao === o.selContent && o.selContent.trim() !== '')).toBe(true);
    expect(sorted(values)).toEqual(await typesInList(token));
    const upper = await lookup(token, { tableName: 'ROUTINSPMANAGE', fieldName: 'devicetype', size: 999 });
    expect(upper.body.data).toEqual(reply.body.data);
    const two = await lookup(token, { tableName: 'routInspManage', fieldName: 'DeviceType', size: 2 });
    expect(two.body.data).toEqual(reply.body.data!.slice(0, 2));
  });

  it('follows the caller’s scope and leaves out soft-deleted rows', async () => {
    const { token } = await session(app, 'xiangmu02');
    const mine = await lookup(token, { tableName: 'routInspManage', fieldName: 'DeviceType', size: 999 });
    expect(sorted(mine.body.data!.map((o) => o.selContent))).toEqual(await typesInList(token));

    const admin = (await session(app, 'qiye01')).token;
    const project = await projectId(app, admin, 'NJJG-2024-002');
    const created = await call<Row>(app, 'POST', endpoint(DEVICE, 'create'), {
      token: admin,
      body: { device_no: 'LOOKUP-1', device_name: '查找测试', device_type: '查找测试专用类型', spec_model: 'X1', project_id: project, entry_date: '2025-01-02' },
    });
    expect(created.body.status).toBe(1);
    const withNew = await lookup(token, { tableName: 'routInspManage', fieldName: 'DeviceType', size: 999 });
    expect(withNew.body.data!.map((o) => o.selContent)).toContain('查找测试专用类型');
    await call(app, 'POST', endpoint(DEVICE, 'delete'), { token: admin, body: { rec_id: created.body.data!.id, if_del: 1 } });
    const afterDelete = await lookup(token, { tableName: 'routInspManage', fieldName: 'DeviceType', size: 999 });
    expect(afterDelete.body.data!.map((o) => o.selContent)).not.toContain('查找测试专用类型');
  });

  it('is open to no-authority users (§6)', async () => {
    const { token } = await session(app, 'wuquanxian');
    const reply = await lookup(token, { tableName: 'routInspManage', fieldName: 'DeviceType', size: 999 });
    expect(reply.body.status).toBe(1);
  });

  it('refuses unknown tables and fields that are not lookups', async () => {
    const { token } = await session(app, 'qiye01');
    expect((await lookup(token, { tableName: 'users', fieldName: 'password_hash', size: 10 })).body).toEqual({ status: 0, detail: '查询的表不存在' });
    expect((await lookup(token, { tableName: 'routInspManage', fieldName: 'principalPhone', size: 10 })).body).toEqual({ status: 0, detail: '查询的字段不存在' });
    expect((await lookup(token, { tableName: 'routInspManage', fieldName: 'nothing', size: 10 })).body).toEqual({ status: 0, detail: '查询的字段不存在' });
    const bad = await lookup(token, { tableName: 'routInspManage', fieldName: 'DeviceType', size: 'all' });
    expect(bad.status).toBe(400);
  });
});

describe('WhereSelectGroupList', () => {
  it('groups the same values with their row counts', async () => {
    const { token } = await session(app, 'qiye01');
    const reply = await call<Array<DictOption & { count: number }>>(app, 'GET', GROUP_LIST_PATH, {
      token,
      query: { tableName: 'routInspManage', fieldName: 'DeviceType' },
    });
    const rows = await call<Row[]>(app, 'GET', endpoint(DEVICE, 'list'), { token, query: { index: 0, size: 1000 } });
    const expected = new Map<string, number>();
    for (const r of rows.body.data!) expected.set(r.deviceType as string, (expected.get(r.deviceType as string) ?? 0) + 1);
    expect(new Map(reply.body.data!.map((g) => [g.selContent, g.count]))).toEqual(expected);
  });
});
