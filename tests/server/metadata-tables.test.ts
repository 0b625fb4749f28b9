// Tables from entity schemas (docs/metadata.md): created at start with the system columns, extended
// with a column when a field is added (rows kept), indexed, and filled once from schemas/seed/. Runs on
// PGlite and, with DATABASE_URL, on PostgreSQL in a schema of its own.
import { rmSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemas } from '../../codegen/read-schemas';
import type { EntitySchema } from '../../common/metadata';
import type { MetadataCatalog } from '../../common/metadata/types';
import { prepareDatabase, type PreparedDatabase } from '../../server/app';
import { openDatabase, type DatabaseHandle } from '../../server/db/connect';
import { migrate } from '../../server/db/migrate';
import { MIGRATIONS } from '../../server/db/migrations';
import type { Database } from '../../server/db/schema';
import { loadCatalog, SCHEMAS_DIR } from '../../server/platform/catalog';
import { seedEntities } from '../../server/metadata/seed-entities';
import { indexName, syncTables } from '../../server/metadata/sync-tables';
import { fixtureFiles, productWithFixture, writeFixture, type FixtureFiles } from '../unit/codegen/fixture';

const open = (): Promise<DatabaseHandle> => {
  const url = process.env.DATABASE_URL;
  return openDatabase(url ? { kind: 'postgres', url, isolate: true } : { kind: 'pglite', dataDir: 'memory' });
};

type ColumnInfo = { type: string; default: string | null; nullable: boolean };

async function columns(db: Kysely<Database>, table: string): Promise<Record<string, ColumnInfo>> {
  const r = await sql<{ column_name: string; data_type: string; column_default: string | null; is_nullable: string }>`
    select column_name, data_type, column_default, is_nullable from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
  return Object.fromEntries(r.rows.map((c) => [c.column_name, { type: c.data_type, default: c.column_default, nullable: c.is_nullable === 'YES' }]));
}

async function indexes(db: Kysely<Database>, table: string): Promise<string[]> {
  const r = await sql<{ indexname: string }>`select indexname from pg_indexes
    where schemaname = current_schema() and tablename = ${table} order by indexname`.execute(db);
  return r.rows.map((i) => i.indexname);
}

const rows = async (db: Kysely<Database>, query: ReturnType<typeof sql>) => (await query.execute(db)).rows as Array<Record<string, unknown>>;

/** The catalog of a fixture tree (no product schemas), for syncing tables directly. */
function catalogOf(files: FixtureFiles): MetadataCatalog {
  const dir = writeFixture(files);
  try {
    const { problems, catalog } = loadSchemas(dir);
    expect(problems).toEqual([]);
    return catalog!;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('start-up: tables and seed rows from the schemas', () => {
  let handle: DatabaseHandle;
  let schemasDir: string;
  let prepared: PreparedDatabase;
  beforeAll(async () => {
    handle = await open();
    // What buildApp runs, on the product schemas plus the fixture a configurator added.
    schemasDir = productWithFixture(SCHEMAS_DIR);
    prepared = await prepareDatabase(handle.db, loadCatalog(schemasDir), { seed: true });
  });
  afterAll(async () => {
    await handle?.close();
    rmSync(schemasDir, { recursive: true, force: true });
  });

  it('creates every entity table, the product ones included', () => {
    expect(prepared.tables.created).toEqual(expect.arrayContaining(['crew', 'work_order', 'rout_insp_content']));
    expect(prepared.tables.added).toEqual([]);
  });

  it('gives a table the system columns, then one column per field from the field-type table', async () => {
    const order = await columns(handle.db, 'work_order');
    expect(Object.keys(order)).toEqual([
      'id', 'company_id', 'created_by', 'created_at', 'updated_at', 'version', 'if_del',
      'title', 'category', 'crew_kind', 'crew_id', 'project_id', 'hours', 'done', 'steps', 'note',
      // then the pinyin sort key of each sortable free-text field (server/engine/sort-keys.ts, issue 29)
      'title__py1',
    ]);
    expect(order.id).toMatchObject({ type: 'bigint', nullable: false });
    expect(order.if_del).toMatchObject({ type: 'smallint', nullable: false, default: '0' });
    expect(order.created_at.default).toMatch(/now\(\)/);
    expect(order.project_id.type).toBe('bigint');
    expect(order.hours.type).toBe('double precision');
    expect(order.done).toMatchObject({ type: 'boolean', default: 'false' });
    expect(order.steps.type).toBe('text');
    // Company scope, no soft delete: no project_id, no if_del.
    expect(Object.keys(await columns(handle.db, 'crew'))).toEqual(['id', 'company_id', 'created_by', 'created_at', 'updated_at', 'version', 'crew_name']);
    expect(order.version).toMatchObject({ type: 'integer', nullable: false, default: '1' });
  });

  it('adds the version column to a table made before versions, its rows at version 1', async () => {
    await sql`insert into crew (company_id, crew_name) values (1, '老班组')`.execute(handle.db);
    await sql`alter table crew drop column version`.execute(handle.db);
    const report = await syncTables(handle.db, [loadCatalog(schemasDir).entities.get('Crew')!]);
    expect(report.added).toEqual(['crew.version']);
    const [row] = await rows(handle.db, sql`select version from crew where crew_name = '老班组'`);
    expect(row.version).toBe(1);
  });

  it('adds a project_id system column only to a project-scoped entity without a project field of its own', async () => {
    const files = fixtureFiles();
    const crew = files['entities/crew.json'] as EntitySchema;
    crew.scope = 'project';
    crew.table = 'crew_by_project';
    const catalog = catalogOf(files);
    await syncTables(handle.db, [catalog.entities.get('Crew')!]);
    expect(Object.keys(await columns(handle.db, 'crew_by_project'))).toContain('project_id');
  });

  it('creates the declared indexes and one on company_id', async () => {
    expect(await indexes(handle.db, 'work_order')).toEqual(
      expect.arrayContaining(['work_order_category_idx', 'work_order_company_id_idx', 'work_order_project_id_title_idx']),
    );
    expect(indexName('a'.repeat(48), ['b'.repeat(30)])).toHaveLength(63);
  });

  it('inserts the seed rows in file order, company and project resolved from the identity seed', async () => {
    expect(prepared.entitySeeds?.seeded).toEqual(expect.arrayContaining(['WorkOrder']));
    const seeded = await rows(handle.db, sql`
      select o.title, o.category, o.hours, o.done, o.steps, o.if_del, c.name as company, p.project_no
      from work_order o join companies c on c.id = o.company_id join projects p on p.id = o.project_id order by o.id`);
    expect(seeded).toEqual([
      { title: '塔吊月度保养', category: '2', hours: 3.5, done: false, steps: '[{"item":"钢丝绳"}]', if_del: 0, company: '内江建工建筑工程有限公司', project_no: 'NJJG-2024-001' },
      // No companyKey: the company of the project.
      { title: '升降机维修', category: '1', hours: null, done: true, steps: null, if_del: 0, company: '内江建工路桥工程有限公司', project_no: 'NJJG-2024-002' },
    ]);
  });

  it('seeds a table only while it is empty, and a second start changes nothing', async () => {
    const again = await prepareDatabase(handle.db, loadCatalog(schemasDir), { seed: true });
    expect(again).toEqual({ applied: [], seeded: false, rollupsRebuilt: [], fullRoleGrants: 0, menuGrants: 0, auditPurged: 0, tables: { created: [], added: [] }, entitySeeds: { seeded: [], skipped: [] } });
    const [{ n }] = await rows(handle.db, sql`select count(*)::int as n from work_order`);
    expect(n).toBe(2);
  });
});

describe('a field added to an entity', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
    await migrate(handle.db, MIGRATIONS);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('adds its column on the next start without losing rows', async () => {
    const before = catalogOf(fixtureFiles());
    expect((await syncTables(handle.db, before.entities.values())).created).toEqual(['crew', 'work_order']);
    await sql`insert into work_order (title, project_id, hours) values ('旧工单', 7, 2)`.execute(handle.db);
    await sql`insert into crew (crew_name) values ('一班')`.execute(handle.db);

    const files = fixtureFiles();
    const order = files['entities/work-order.json'] as EntitySchema;
    order.fields.push({ name: 'priority', type: 'integer', title: '优先级', default: 3 }, { name: 'dueDate', type: 'date', title: '截止日期' });
    order.indexes = [...(order.indexes ?? []), ['dueDate']];
    (files['entities/crew.json'] as EntitySchema).softDelete = true;
    const after = catalogOf(files);

    const report = await syncTables(handle.db, after.entities.values());
    expect(report).toEqual({ created: [], added: ['crew.if_del', 'work_order.priority', 'work_order.due_date'] });
    expect(await rows(handle.db, sql`select title, project_id::int as project_id, hours, priority, due_date from work_order`)).toEqual([
      { title: '旧工单', project_id: 7, hours: 2, priority: 3, due_date: null },
    ]);
    expect(await rows(handle.db, sql`select crew_name, if_del from crew`)).toEqual([{ crew_name: '一班', if_del: 0 }]);
    expect(await indexes(handle.db, 'work_order')).toContain('work_order_due_date_idx');

    // A field removed from the schema keeps its column and data (never dropped).
    expect(await syncTables(handle.db, before.entities.values())).toEqual({ created: [], added: [] });
    expect(Object.keys(await columns(handle.db, 'work_order'))).toContain('priority');
  });

  it('never takes over a table it did not create (a platform table such as users)', async () => {
    const files = fixtureFiles();
    (files['entities/crew.json'] as EntitySchema).table = 'users';
    const catalog = catalogOf(files);
    await expect(syncTables(handle.db, [catalog.entities.get('Crew')!])).rejects.toThrow(/table "users" already exists and was not created from an entity schema/);
    expect(Object.keys(await columns(handle.db, 'users'))).not.toContain('crew_name');
  });

  it('skips a seed whose company is not in this database', async () => {
    const catalog = catalogOf(fixtureFiles());
    await sql`delete from work_order`.execute(handle.db);
    // No identity seed ran here: the company and project keys resolve to nothing.
    const report = await seedEntities(handle.db, catalog.entities, catalog.seeds);
    expect(report).toEqual({ seeded: [], skipped: [{ entity: 'WorkOrder', reason: 'company key "build" not found' }] });
    const [{ n }] = await rows(handle.db, sql`select count(*)::int as n from work_order`);
    expect(n).toBe(0);
  });
});
