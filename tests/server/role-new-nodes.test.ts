// New menu nodes for existing roles (docs/configuring-pages.md "Grants on an existing database"): each role
// records the menu it has seen (roles.menu_seen, migration 004); nodes schemas/menus.json gains afterwards
// are answered in the role's `newNodes` (the editor marks them 新) until the role is saved again. Roles of an
// older database take the menu of their first start with this rule. Full roles also get the nodes granted.
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import { openDatabase, type DatabaseHandle } from '../../server/db/connect';
import { prepareDatabase } from '../../server/app';
import { call, session, startApp } from './helpers';
import { catalog } from './engine-support';
import { loadCatalog } from '../../server/platform/catalog';

type Row = Record<string, unknown> & { id: string; name: string };
const ADDED = ['personnel.data:viewIdNumber', 'personnel.payroll:viewSalary'];

describe('roles answer the menu nodes added since they were last saved', () => {
  let app: FastifyInstance;
  let admin: string;
  beforeAll(async () => {
    app = await startApp();
    admin = (await session(app, 'qiye01')).token;
  });
  afterAll(async () => {
    await app.close();
  });

  it('a role made or saved now has nothing new', async () => {
    const roles = (await call<Row[]>(app, 'GET', `${API_BASE}/api/Role/WherePageList`, { token: admin, query: { index: 0, size: 50 } })).body.data ?? [];
    expect(roles.length).toBeGreaterThan(0);
    expect(roles.every((r) => r.newNodes === '[]')).toBe(true);
    const made = await call<Row>(app, 'POST', `${API_BASE}/api/Role/AddRole`, { token: admin, body: { role_name: '资料员', grants: ['home'] } });
    expect(made.body.data?.newNodes).toBe('[]');
    // newNodes is read-only: sent back with a role it changes nothing.
    const echoed = await call<Row>(app, 'POST', `${API_BASE}/api/Role/UpdateRole`, { token: admin, body: { rec_id: made.body.data!.id, newNodes: '["x"]' } });
    expect(echoed.body).toMatchObject({ status: 1, data: { newNodes: '[]' } });
  });
});

describe('an existing database whose roles were saved before nodes were added', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    const url = process.env.DATABASE_URL;
    handle = await openDatabase(url ? { kind: 'postgres', url, isolate: true } : { kind: 'pglite', dataDir: 'memory' });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('records the menu at the first start, marks later nodes new, and clears them when the role is saved', async () => {
    const db = handle.db;
    const full = loadCatalog();
    await prepareDatabase(db, full, { seed: true });
    const seen = await db.selectFrom('roles').select(['name', 'menu_seen']).execute();
    expect(seen.every((r) => r.menu_seen !== null && JSON.parse(r.menu_seen).length === catalog.menuIds.size)).toBe(true);

    // As if the roles had been saved before the two field-permission buttons existed.
    const older = JSON.stringify([...catalog.menuIds].filter((id) => !ADDED.includes(id)));
    await sql`update roles set menu_seen = ${older}`.execute(db);
    const { roleHooks } = await import('../../server/hooks/role');
    const viewer = await db.selectFrom('roles').select(['id']).where('name', '=', '企业查看员').executeTakeFirstOrThrow();
    const ctx = { db, menu: full.menu } as unknown as Parameters<NonNullable<typeof roleHooks.readRows>>[1];
    const [row] = await roleHooks.readRows!([{ id: String(viewer.id) }], ctx);
    expect(JSON.parse(String(row.newNodes))).toEqual(ADDED);
    // Not granted to the viewer: offered, marked 新, waiting for an administrator.
    expect(JSON.parse(String(row.grants))).not.toContain(ADDED[0]);

    await roleHooks.afterWrite!({ id: String(viewer.id), grants: JSON.parse(String(row.grants)) }, ctx, 'update');
    const [saved] = await roleHooks.readRows!([{ id: String(viewer.id) }], ctx);
    expect(saved.newNodes).toBe('[]');
  });
});
