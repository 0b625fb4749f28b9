// The schema keys the platform pages added to the engine (docs/metadata.md): platform tables and their
// scopes, virtual and writeOnly fields, a tree's parentField, the audit action, relations and their
// related lists, tree lists and `only` form fields — each mistake reported at its file and JSON pointer.
import { describe, expect, it } from 'vitest';
import { checkSchemas } from '../../../common/metadata/check';
import type { EntitySchema, PageSchema } from '../../../common/metadata';
import { formatProblem } from '../../../common/metadata/problems';
import type { SchemaProblem } from '../../../common/metadata/types';
import { loadSchemas, SCHEMAS_DIR } from '../../../codegen/read-schemas';
import { clone, fixtureFiles, toSources, type FixtureFiles } from '../codegen/fixture';

const ORDER = 'entities/work-order.json';
const CREW = 'entities/crew.json';
const PAGE = 'pages/work-order.json';

function problemsOf(edit: (files: FixtureFiles) => void): string[] {
  const files = clone(fixtureFiles());
  edit(files);
  return checkSchemas(toSources(files)).problems.map(formatProblem);
}
const order = (f: FixtureFiles) => f[ORDER] as EntitySchema;
const crew = (f: FixtureFiles) => f[CREW] as EntitySchema;
const page = (f: FixtureFiles) => f[PAGE] as PageSchema;
const fieldOf = (e: EntitySchema, name: string) => e.fields.find((x) => x.name === name) as EntitySchema['fields'][number];

describe('platform entities', () => {
  it('the platform scopes need "platform"; a platform table has no indexes or soft delete of the engine', () => {
    expect(problemsOf((f) => (crew(f).scope = 'companies'))).toEqual([
      'schemas/entities/crew.json: /scope: scope "companies" describes a platform table: set "platform": true',
    ]);
    const problems = problemsOf((f) => Object.assign(order(f), { platform: true }));
    expect(problems).toContain('schemas/entities/work-order.json: /indexes: indexes of a platform table belong in its migration (server/db/migrations)');
    expect(problems).toContain('schemas/entities/work-order.json: /softDelete: platform tables have no if_del column; delete them or keep a state field');
  });

  it('lets a platform entity map a field onto created_at, which an engine table keeps for itself', () => {
    const createdAt = { name: 'createdAt', type: 'datetime' as const, title: '创建时间', readOnly: true };
    expect(problemsOf((f) => crew(f).fields.push(createdAt))).toEqual([
      'schemas/entities/crew.json: /fields/2/name: column "created_at" is a system column of every table',
    ]);
    expect(problemsOf((f) => (crew(f).fields.push(createdAt), Object.assign(crew(f), { platform: true })))).toEqual([]);
  });
});

describe('virtual and writeOnly fields', () => {
  it('a virtual field needs hooks and is never searched, sorted or indexed', () => {
    const problems = problemsOf((f) => Object.assign(fieldOf(order(f), 'title'), { virtual: true }));
    expect(problems).toContain('schemas/entities/work-order.json: /fields/1/searchable: a virtual field cannot be searchable');
    expect(problems).toContain('schemas/entities/work-order.json: /fields/1/virtual: a virtual field is read and written by hooks: the entity needs "hooks"');
    expect(problems).toContain('schemas/pages/work-order.json: /search/fields/0/field: field title is virtual and cannot be searched');
  });

  it('a writeOnly field is neither a list column nor in the detail', () => {
    const problems = problemsOf((f) => {
      Object.assign(fieldOf(order(f), 'category'), { writeOnly: true });
      page(f).detail!.fields.push('category');
    });
    expect(problems).toEqual([
      'schemas/pages/work-order.json: /list/columns/1/field: field category is writeOnly and never answered',
      'schemas/pages/work-order.json: /detail/fields/2: field category is writeOnly and never answered',
    ]);
  });
});

describe('infinite-scroll list mode (§2.6)', () => {
  it('pages by 10 rows, without a tree or a row selection', () => {
    const infinite = { mode: 'infiniteScroll', pageSizes: undefined, defaultPageSize: undefined };
    expect(problemsOf((f) => Object.assign(page(f).list, infinite))).toEqual([]);
    expect(problemsOf((f) => Object.assign(page(f).list, { ...infinite, defaultPageSize: 20 }))).toEqual([
      'schemas/pages/work-order.json: /list/mode: an infiniteScroll list pages by 10 rows (§9): no other defaultPageSize or pageSizes',
    ]);
    expect(problemsOf((f) => Object.assign(page(f).list, { ...infinite, batchActions: [{ action: 'delete' }] }))).toContain(
      'schemas/pages/work-order.json: /list/mode: an infiniteScroll list has no row selection: no batchActions or batchTransitions',
    );
    expect(problemsOf((f) => Object.assign(page(f).list, { mode: 'sideways' }))[0]).toContain('/list/mode');
  });
});

describe('trees, audit and relations', () => {
  it('parentField names a stored id-holding field; a tree list needs it', () => {
    expect(problemsOf((f) => (order(f).parentField = 'nope'))).toEqual(['schemas/entities/work-order.json: /parentField: parentField names unknown field "nope"']);
    expect(problemsOf((f) => (order(f).parentField = 'title'))[0]).toContain('/parentField: the parent field holds a row id');
    expect(problemsOf((f) => (page(f).list.tree = true))).toEqual([
      'schemas/pages/work-order.json: /list/tree: a tree list needs the entity\'s "parentField" (entity WorkOrder has none)',
    ]);
    expect(problemsOf((f) => ((order(f).parentField = 'crewId'), (page(f).list.tree = true)))).toEqual([]);
  });

  it('the audit action needs the entity’s audit, the menu’s audit button and codes of the field’s dictionary', () => {
    expect(problemsOf((f) => page(f).list.rowActions!.push('audit'))).toEqual([
      'schemas/pages/work-order.json: /list/rowActions/3: the audit action needs the entity\'s "audit" (entity WorkOrder has none)',
      'schemas/pages/work-order.json: /list/rowActions/3: menu node "ops" › "orders/workOrder" has no "audit" action for this button',
    ]);
    expect(problemsOf((f) => (order(f).audit = { field: 'category', values: [{ value: '1', label: '通过' }, { value: '7', label: '驳回' }] }))).toEqual([
      'schemas/entities/work-order.json: /audit/values/1/value: "7" is not a code of dictionary orderCategory',
    ]);
  });

  it('relations name an entity and endpoints of their own; a related list names that entity’s fields', () => {
    const relation = { name: 'crews', title: '班组', entity: 'Crew', table: 'order_crews', ownColumn: 'order_id', otherColumn: 'crew_id', list: 'GetCrews', update: 'UpdateCrews' };
    expect(problemsOf((f) => (order(f).relations = [relation]))).toEqual([]);
    expect(problemsOf((f) => (order(f).relations = [{ ...relation, entity: 'Crews', list: 'GetOrder' }]))).toEqual([
      'schemas/entities/work-order.json: /relations/0/entity: no entity named "Crews" in schemas/entities/',
      'schemas/entities/work-order.json: /relations/0/list: endpoint "GetOrder" is already used by this entity',
    ]);
    expect(
      problemsOf((f) => {
        order(f).relations = [relation];
        page(f).detail!.relations = [{ relation: 'crews', columns: ['crewName', 'size'] }, { relation: 'workers', columns: ['x'] }];
      }),
    ).toEqual([
      'schemas/pages/work-order.json: /detail/relations/0/columns/1: entity Crew has no field "size"',
      'schemas/pages/work-order.json: /detail/relations/1/relation: entity WorkOrder has no relation "workers"',
    ]);
  });

  it('a named patch writes client fields through an endpoint of its own', () => {
    expect(problemsOf((f) => (order(f).patches = [{ endpoint: 'SetCategory', fields: ['category'] }]))).toEqual([]);
    expect(problemsOf((f) => (order(f).patches = [{ endpoint: 'Modify', fields: ['note', 'nope'] }]))).toEqual([
      'schemas/entities/work-order.json: /patches/0/endpoint: endpoint "Modify" is already used by this entity',
      'schemas/entities/work-order.json: /patches/0/fields/0: field "note" is not written by the client (readOnly or the id)',
      'schemas/entities/work-order.json: /patches/0/fields/1: patch names unknown field "nope"',
    ]);
  });

  it('a tree dictionary names the parent field of its entity; form fields may be kept to one dialog', () => {
    expect(problemsOf((f) => (fieldOf(order(f), 'crewId').dictionary = { entity: 'Crew', valueField: 'id', labelField: 'crewName', parentField: 'parent' }))).toEqual([
      'schemas/entities/work-order.json: /fields/4/dictionary/parentField: entity Crew has no field "parent"',
    ]);
    expect(problemsOf((f) => (page(f).form!.fields[0] = { field: 'title', only: 'create' }))).toEqual([]);
    expect(problemsOf((f) => (page(f).form!.fields[0] = { field: 'title', only: 'always' as 'create' }))[0]).toContain('/form/fields/0/only');
  });
});

describe('the product’s platform pages', () => {
  it('check cleanly and every menu page of issue 4 names a page', () => {
    const { problems, warnings, catalog } = loadSchemas(SCHEMAS_DIR);
    expect(problems.map(formatProblem)).toEqual([]);
    const missing = (warnings as SchemaProblem[]).map((w) => w.message).filter((m) => /"(project|organization|user|role|roleGroup|sysNotice)"/.test(m));
    expect(missing).toEqual([]);
    expect(catalog?.pages.get('organization')?.list.tree).toBe(true);
    expect(catalog?.entities.get('User')?.audit?.values.map((v) => v.value)).toEqual(['2', '3']);
  });
});
