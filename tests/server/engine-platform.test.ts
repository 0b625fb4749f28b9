// Platform tables (docs/metadata.md "Platform tables", docs/decisions.md): an entity with `platform: true`
// maps onto a table of server/db/migrations; the start checks each field's column and type, never creates
// or alters the table, and refuses with one line per problem. Full roles (all_nodes) get the menu nodes
// added after they were made, also on a database seeded before those nodes existed.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedEntity } from '../../common/metadata/types';
import { openDatabase, type DatabaseHandle } from '../../server/db/connect';
import { migrate } from '../../server/db/migrate';
import { MIGRATIONS } from '../../server/db/migrations';
import type { Database } from '../../server/db/schema';
import { expandFullRoles } from '../../server/platform/full-roles';
import { platformProblems } from '../../server/metadata/platform-tables';
import { syncTables } from '../../server/metadata/sync-tables';
import { catalog } from './engine-support';

const open = (): Promise<DatabaseHandle> => {
  const url = process.env.DATABASE_URL;
  return openDatabase(url ? { kind: 'postgres', url, isolate: true } : { kind: 'pglite', dataDir: 'memory' });
};

const entity = (name: string): ResolvedEntity => {
  const e = catalog.entities.get(name);
  if (!e) throw new Error(`no entity ${name}`);
  return e;
};
/** The entity with its fields changed: `edit` maps each field (undefined drops it). */
const variant = (name: string, edit: (f: ResolvedEntity['fields'][number]) => ResolvedEntity['fields'][number] | undefined): ResolvedEntity => ({
  ...entity(name),
  fields: entity(name).fields.flatMap((f) => {
    const out = edit(f);
    return out ? [out] : [];
  }),
});

async function columnsOf(db: Kysely<Database>, table: string): Promise<string[]> {
  const r = await sql<{ c: string }>`select column_name || ' ' || data_type as c from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
  return r.rows.map((x) => x.c);
}

describe('the start check of platform entities', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
    await migrate(handle.db, MIGRATIONS);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('accepts the product’s platform entities and leaves their tables exactly as the migrations made them', async () => {
    const platform = [...catalog.entities.values()].filter((e) => e.platform);
    expect(platform.map((e) => e.name).sort()).toEqual(['AuditLog', 'Organization', 'Project', 'Role', 'RoleGroup', 'SysNotice', 'User']);
    const before = await Promise.all(platform.map((e) => columnsOf(handle.db, e.table)));
    const report = await syncTables(handle.db, platform);
    expect(report).toEqual({ created: [], added: [] });
    expect(await Promise.all(platform.map((e) => columnsOf(handle.db, e.table)))).toEqual(before);
  });

  it('refuses a field whose column is missing or of another type, naming each problem', async () => {
    const broken = variant('Project', (f) =>
      f.name === 'managerName' ? { ...f, column: 'manager' } : f.name === 'lng' ? { ...f, type: 'string' } : f,
    );
    await expect(syncTables(handle.db, [broken])).rejects.toThrow(
      [
        'platform tables do not match their entities:',
        'entity Project: field lng (string): column "lng" is double precision, expected text or character varying',
        'entity Project: field managerName: table "projects" has no column "manager" (add it in a migration)',
      ].join('\n'),
    );
    // Nothing was added to make it fit.
    expect(await columnsOf(handle.db, 'projects')).not.toContain('manager text');
  });

  it('refuses a NOT NULL column no required field writes, a missing table and a relation without its link table', () => {
    const columns = new Map([
      ['id', { type: 'integer', nullable: false, defaulted: true }],
      ['name', { type: 'text', nullable: false, defaulted: false }],
      ['status', { type: 'smallint', nullable: false, defaulted: false }],
    ]);
    const e = variant('Project', (f) => (f.name === 'id' || f.name === 'name' ? { ...f, required: false } : undefined));
    expect(platformProblems(e, columns, false)).toEqual([
      'entity Project: column "name" of "projects" is NOT NULL without a default; a required field must write it',
      'entity Project: column "status" of "projects" is NOT NULL without a default; a required field must write it',
    ]);
    expect(platformProblems(e, new Map(), false)).toEqual(['entity Project: platform table "projects" does not exist (platform tables come from server/db/migrations)']);
    expect(platformProblems(e, columns, true)).toEqual([
      'entity Project: table "projects" was created from an entity schema; only tables of server/db/migrations can be "platform"',
    ]);
  });

  it('refuses an integer field on a smallint column without bounds inside smallint (docs/security-input.md)', () => {
    const columns = new Map([
      ['id', { type: 'integer', nullable: false, defaulted: true }],
      ['status', { type: 'smallint', nullable: false, defaulted: true }],
    ]);
    const only = (over: Record<string, unknown>) =>
      variant('Project', (f) => (f.name === 'id' ? f : f.name === 'status' ? { ...f, minimum: undefined, maximum: undefined, ...over } : undefined));
    const problem = 'entity Project: field status: column "status" is smallint; set the field\'s minimum and maximum within -32768…32767';
    expect(platformProblems(only({}), columns, false)).toEqual([problem]);
    expect(platformProblems(only({ minimum: 1, maximum: 40000 }), columns, false)).toEqual([problem]);
    expect(platformProblems(only({ minimum: 1, maximum: 5 }), columns, false)).toEqual([]);
  });

  it('refuses a relation whose link table is missing', async () => {
    const project = entity('Project');
    const broken = { ...project, relations: [{ ...project.relations![0], table: 'project_members' }] };
    await expect(syncTables(handle.db, [broken])).rejects.toThrow('entity Project: relation users: link table "project_members" does not exist');
  });

  it('refuses an engine entity that names a platform table without "platform"', async () => {
    const sneaky = { ...entity('Role'), platform: false, name: 'Sneaky' };
    await expect(syncTables(handle.db, [sneaky])).rejects.toThrow('entity Sneaky: table "roles" already exists and was not created from an entity schema');
  });
});

describe('full roles on old databases (all_nodes)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('migration 003 marks the role seeded with every node of its day, and the start gives it the new nodes', async () => {
    const db = handle.db;
    // A database of before migration 003: the menu had two nodes; 企业管理员 got all of them.
    await migrate(db, MIGRATIONS.slice(0, 2));
    const company = await db.insertInto('companies').values({ name: '老数据集团', company_type: 9 }).returning('id').executeTakeFirstOrThrow();
    const role = (name: string) => db.insertInto('roles').values({ name, company_id: company.id }).returning('id').executeTakeFirstOrThrow();
    const full = await role('企业管理员');
    const viewer = await role('企业查看员');
    await db.insertInto('role_grants').values([
      { role_id: full.id, node_id: 'home' },
      { role_id: full.id, node_id: 'projectManage.crmProject' },
      { role_id: viewer.id, node_id: 'home' },
    ]).execute();

    expect(await migrate(db, MIGRATIONS.slice(0, 3))).toEqual(['003-platform-pages']);
    const marks = await db.selectFrom('roles').select(['name', 'all_nodes']).orderBy('id').execute();
    expect(marks).toEqual([
      { name: '企业管理员', all_nodes: true },
      { name: '企业查看员', all_nodes: false },
    ]);

    const added = await expandFullRoles(db, catalog.menuIds);
    expect(added).toBe(catalog.menuIds.size - 2);
    const grants = await db.selectFrom('role_grants').select(['role_id', 'node_id']).execute();
    const of = (id: number) => new Set(grants.filter((g) => g.role_id === id).map((g) => g.node_id));
    expect(of(full.id)).toEqual(new Set(catalog.menuIds));
    expect(of(viewer.id)).toEqual(new Set(['home']));
    // Idempotent: a second start adds nothing.
    expect(await expandFullRoles(db, catalog.menuIds)).toBe(0);
  });
});
