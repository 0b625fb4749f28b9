// Partial indexes declared in an entity's `indexes` (docs/metadata.md "Big tables"): created by the table
// sync with their condition, named after it (a changed condition is a new index), quoted from the checked
// schema only; a declaration naming an unknown field or comparing with a non-literal is refused at load.
// Runs on PGlite and, with DATABASE_URL, on PostgreSQL in a schema of its own.
import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemas } from '../../codegen/read-schemas';
import type { EntitySchema } from '../../common/metadata';
import type { MetadataCatalog, SchemaProblem } from '../../common/metadata/types';
import { openDatabase, type DatabaseHandle } from '../../server/db/connect';
import { migrate } from '../../server/db/migrate';
import { MIGRATIONS } from '../../server/db/migrations';
import { syncTables } from '../../server/metadata/sync-tables';
import { fixtureFiles, writeFixture, type FixtureFiles } from '../unit/codegen/fixture';

const open = (): Promise<DatabaseHandle> => {
  const url = process.env.DATABASE_URL;
  return openDatabase(url ? { kind: 'postgres', url, isolate: true } : { kind: 'pglite', dataDir: 'memory' });
};

function load(edit: (order: EntitySchema) => void): { problems: SchemaProblem[]; catalog: MetadataCatalog | null } {
  const files: FixtureFiles = fixtureFiles();
  edit(files['entities/work-order.json'] as EntitySchema);
  const dir = writeFixture(files);
  try {
    const { problems, catalog } = loadSchemas(dir);
    return { problems, catalog: catalog ?? null };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('partial indexes from entity schemas', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
    await migrate(handle.db, MIGRATIONS);
  });
  afterAll(async () => {
    await handle?.close();
  });

  const definitions = async (): Promise<Map<string, string>> => {
    const r = await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename = 'work_order' and indexdef like '% WHERE %'`.execute(handle.db);
    return new Map(r.rows.map((i) => [i.indexname, i.indexdef]));
  };

  it('creates each with its condition, and a changed condition as a new index', async () => {
    const { problems, catalog } = load((order) => {
      order.indexes = [
        ...(order.indexes ?? []),
        { fields: ['projectId', 'hours'], where: { done: false } },
        { fields: ['title'], where: { category: { ne: "it's" }, hours: 2.5, crewId: -3 } },
      ];
    });
    expect(problems).toEqual([]);
    await syncTables(handle.db, catalog!.entities.values());
    const made = [...(await definitions()).entries()];
    expect(made).toHaveLength(2);
    const open = made.find(([name]) => name.startsWith('work_order_project_id_hours_where_'))!;
    expect(open[0]).toMatch(/^work_order_project_id_hours_where_[0-9a-f]{8}_idx$/);
    expect(open[1]).toMatch(/\(project_id, hours\) WHERE \(done = false\)$/);
    const mixed = made.find(([name]) => name.startsWith('work_order_title_where_'))!;
    // Columns in order, the string literal quoted by the query builder.
    expect(mixed[1]).toMatch(/\(title\) WHERE \(\(category <> 'it''s'::text\) AND \(crew_id = '?-3'?(::integer)?\) AND \(hours = \(?2\.5\)?(::double precision)?\)\)$/);

    // The planner serves `done = false` reads from it.
    await sql`insert into work_order (title, project_id, hours, done) select '工单' || g, 1 + g % 5, g % 7, g % 50 <> 0 from generate_series(1, 5000) g`.execute(handle.db);
    await sql`analyze work_order`.execute(handle.db);
    const plan = await sql<{ 'QUERY PLAN': string }>`explain select count(*) from work_order where project_id = 2 and done = false`.execute(handle.db);
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain(open[0]);

    // Another condition: another name, created beside the old one (the sync drops nothing).
    const changed = load((order) => {
      order.indexes = [...(order.indexes ?? []), { fields: ['projectId', 'hours'], where: { done: true } }];
    });
    await syncTables(handle.db, changed.catalog!.entities.values());
    const after = await definitions();
    const names = [...after.keys()].filter((n) => n.startsWith('work_order_project_id_hours_where_'));
    expect(names).toHaveLength(2);
    expect([...after.values()].some((d) => /WHERE done\b|WHERE \(done = true\)|WHERE done$/.test(d))).toBe(true);
  });

  it('refuses an unknown field, a non-literal and a literal of another type, saying where', () => {
    const at = (problems: SchemaProblem[], pointer: string) =>
      problems.filter((p) => p.file.endsWith('entities/work-order.json') && p.pointer === pointer).map((p) => p.message);
    // The meta-schema: a condition is a literal or { "ne": literal }.
    const shape = load((order) => {
      order.indexes = [
        { fields: ['projectId'], where: { done: null as unknown as boolean } },
        { fields: ['projectId'], where: { hours: { gt: 2 } as unknown as { ne: number } } },
        { fields: ['projectId'], where: { title: ['a'] as unknown as string } },
      ];
    });
    expect(shape.catalog).toBeNull();
    expect(at(shape.problems, '/indexes/0/where/done').join()).toMatch(/compares a field with a literal/);
    expect(at(shape.problems, '/indexes/1/where/hours').join()).toMatch(/unknown key "gt"|missing required key "ne"/);
    expect(at(shape.problems, '/indexes/2/where/title').join()).toMatch(/compares a field with a literal/);
    // The entity checks: stored fields, literals of their type.
    const fields = load((order) => {
      order.indexes = [
        { fields: ['projectId', 'nope'], where: { done: false } },
        { fields: ['projectId'], where: { missing: 1 } },
        { fields: ['projectId'], where: { done: 'false' } },
        { fields: ['projectId'], where: { steps: 'x' } },
        { fields: ['projectId'], where: { crewId: 1.5 } },
      ];
    });
    expect(fields.catalog).toBeNull();
    expect(at(fields.problems, '/indexes/0/fields/1')).toEqual(['index names unknown field "nope"']);
    expect(at(fields.problems, '/indexes/1/where/missing')).toEqual(['index condition names unknown field "missing"']);
    expect(at(fields.problems, '/indexes/2/where/done')).toEqual(['"false" is not a literal of field "done" (type boolean)']);
    expect(at(fields.problems, '/indexes/3/where/steps')).toEqual(['a partial index condition compares boolean, number or string fields, not type "json"']);
    expect(at(fields.problems, '/indexes/4/where/crewId')).toEqual(['1.5 is not a literal of field "crewId" (type integer)']);
  });
});
