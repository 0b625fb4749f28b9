// The metadata checks (docs/metadata.md): each meta-schema rule and each cross-reference is reported
// against the right file and JSON pointer, and a good tree resolves into the catalog.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSchemas, readSchemas, SCHEMAS_DIR } from '../../../codegen/read-schemas';
import { checkSchemas } from '../../../common/metadata/check';
import { checkMetaDrift } from '../../../common/metadata/meta-validate';
import { formatProblem, SchemaError } from '../../../common/metadata/problems';
import type { EntityField, EntitySchema, PageSchema } from '../../../common/metadata';
import type { DictionarySchema, MenuFile, SchemaProblem, SeedFile } from '../../../common/metadata/types';
import { clone, fixtureFiles, toSources, writeFixture, type FixtureFiles } from './fixture';

const ORDER = 'entities/work-order.json';
const CREW = 'entities/crew.json';
const PAGE = 'pages/work-order.json';
const SEED = 'seed/work-order.json';

function check(edit: (files: FixtureFiles) => void = () => {}): { problems: SchemaProblem[]; warnings: SchemaProblem[] } {
  const files = clone(fixtureFiles());
  edit(files);
  const { problems, warnings } = checkSchemas(toSources(files));
  return { problems, warnings };
}

const entity = (files: FixtureFiles, path = ORDER) => files[path] as EntitySchema;
const field = (files: FixtureFiles, name: string, path = ORDER) => entity(files, path).fields.find((f) => f.name === name) as EntityField & Record<string, unknown>;
const page = (files: FixtureFiles) => files[PAGE] as PageSchema;

/** Among the problems, one in this file at this pointer whose message contains `text` (others may follow from it). */
function expectSome(problems: SchemaProblem[], file: string, pointer: string, text: string) {
  expect(problems.map(formatProblem)).toContainEqual(expect.stringContaining(`schemas/${file}: ${pointer}: `));
  expect(problems.find((p) => p.file === `schemas/${file}` && p.pointer === pointer)?.message).toContain(text);
}

/** Exactly one problem, in this file at this pointer, whose message contains `text`. */
function expectOne(problems: SchemaProblem[], file: string, pointer: string, text: string | RegExp) {
  expect(problems.map(formatProblem)).toHaveLength(1);
  expect(problems[0]).toMatchObject({ file: `schemas/${file}`, pointer });
  expect(problems[0].message).toMatch(text);
}

describe('a good schemas/ tree', () => {
  it('has no problem and resolves into the catalog', () => {
    const files = fixtureFiles();
    const result = checkSchemas(toSources(files));
    expect(result.problems).toEqual([]);
    expect(result.warnings).toEqual([]);
    const catalog = result.catalog!;
    expect([...catalog.entities.keys()]).toEqual(['Crew', 'WorkOrder']);
    const order = catalog.entities.get('WorkOrder')!;
    expect(order).not.toHaveProperty('$schema');
    expect(order).not.toHaveProperty('$comment');
    const steps = order.fields.find((f) => f.name === 'steps')!;
    expect(steps.content).toEqual((files['content/checklist.json'] as { schema: unknown }).schema);
    expect(steps.contentName).toBe('checklist');
    expect(order.fields.find((f) => f.name === 'projectId')!.column).toBe('project_id');
    expect(catalog.pages.get('workOrder')!.entity).toBe('WorkOrder');
    expect(catalog.dictionaries.get('orderCategory')!.options).toHaveLength(2);
    expect(catalog.seeds.get('WorkOrder')).toHaveLength(2);
    expect(catalog.files.pages.get('workOrder')).toBe(PAGE);
    expect(catalog.files.content.get('checklist')).toBe('content/checklist.json');
  });

  it('the product schemas/ pass too', () => {
    const { problems } = loadSchemas(SCHEMAS_DIR);
    expect(problems.map(formatProblem)).toEqual([]);
  });

  it('the meta-schemas list exactly the field types, formats and actions of common/', () => {
    expect(checkMetaDrift()).toEqual([]);
  });
});

describe('meta-schema rules', () => {
  it('refuses an unknown field type', () => {
    const { problems } = check((f) => void (field(f, 'hours').type = 'decimal' as never));
    expectOne(problems, ORDER, '/fields/6/type', /"decimal" is not one of "id", "string"/);
  });

  it('catches a misspelt key', () => {
    const { problems } = check((f) => void (field(f, 'title').maxLenght = 10));
    expectOne(problems, ORDER, '/fields/1/maxLenght', 'unknown key "maxLenght"');
  });

  it('names a missing required key', () => {
    const { problems } = check((f) => void delete (entity(f) as Partial<EntitySchema>).scope);
    expectOne(problems, ORDER, '', 'missing required key "scope"');
  });

  it('holds names to their case: entity PascalCase, field lowerCamelCase, table snake_case, page lowerCamelCase', () => {
    // Pages and seeds naming WorkOrder then dangle too.
    expectSome(check((f) => void (entity(f).name = 'workOrder')).problems, ORDER, '/name', 'PascalCase');
    expectOne(check((f) => void (field(f, 'hours').name = 'Hours')).problems, ORDER, '/fields/6/name', 'lowerCamelCase');
    expectOne(check((f) => void (entity(f).table = 'WorkOrder')).problems, ORDER, '/table', 'snake_case');
    expectOne(check((f) => void (field(f, 'hours').column = 'work-hours')).problems, ORDER, '/fields/6/column', 'snake_case');
    expectOne(check((f) => void (page(f).name = 'work_order')).problems, PAGE, '/name', 'lowerCamelCase');
  });

  it('refuses an unknown format and a bad search operator name', () => {
    expectOne(check((f) => void (field(f, 'title').format = 'phone' as never)).problems, ORDER, '/fields/1/format', '"phone" is not one of');
    expectOne(
      check((f) => void (page(f).search!.fields[0].operator = 'like' as never)).problems,
      PAGE,
      '/search/fields/0/operator',
      '"like" is not one of',
    );
  });

  it('checks field permissions against the menu group and uniqueness rules against the fields', () => {
    const missing = check((f) => void (field(f, 'title').viewAction = 'viewTitle'));
    expect(missing.problems.map((p) => `${p.pointer}: ${p.message}`).join('\n')).toMatch(/\/fields\/1\/viewAction: menu node ".+" › ".+" has no "viewTitle" action/);
    const button = check((f) => void (field(f, 'title').editAction = 'edit'));
    expect(button.problems.map((p) => p.message).join('\n')).toMatch(/"edit" is a page button/);
    const mask = check((f) => void (field(f, 'title').mask = 'idNumber'));
    expect(mask.problems.map((p) => p.message).join('\n')).toMatch(/mask applies to callers without the viewAction/);
    const unique = check((f) => void ((f[ORDER] as EntitySchema).unique = [{ fields: ['nope'], scope: 'company' }]));
    expect(unique.problems.map((p) => `${p.pointer}: ${p.message}`).join('\n')).toMatch(/\/unique\/0\/fields\/0: unique names unknown field "nope"/);
  });

  it('checks menus and dictionaries against their meta-schemas', () => {
    const menu = check((f) => void ((f['menus.json'] as MenuFile).menus[0].children![0].actions = ['add', 'publish'] as never));
    expectOne(menu.problems, 'menus.json', '/menus/0/children/0/actions/1', 'an action is add, edit, delete, search, audit, export, inport, delivery or a field permission');
    const dict = check((f) => void ((f['dictionaries/order-category.json'] as DictionarySchema).options[0] = { value: '1' } as never));
    expectOne(dict.problems, 'dictionaries/order-category.json', '/options/0', 'missing required key "label"');
  });

  it('reports a file that is not JSON with its name', () => {
    const dir = writeFixture({ ...fixtureFiles(), 'pages/broken.json': '{ "name": ' });
    try {
      const { problems } = readSchemas(dir);
      expect(problems).toHaveLength(1);
      expect(problems[0].file).toMatch(/pages\/broken\.json$/);
      expect(problems[0]).toMatchObject({ pointer: '' });
      expect(problems[0].message).toMatch(/not valid JSON/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('cross-references', () => {
  it('page → entity', () => {
    expectOne(check((f) => void (page(f).entity = 'Ticket')).problems, PAGE, '/entity', 'no entity named "Ticket"');
  });

  it('list columns, search, form and detail fields → entity fields', () => {
    expectOne(check((f) => void (page(f).list.columns[1].field = 'kind')).problems, PAGE, '/list/columns/1/field', 'entity WorkOrder has no field "kind"');
    expectOne(check((f) => void (page(f).search!.fields[0].field = 'name')).problems, PAGE, '/search/fields/0/field', 'no field "name"');
    expectOne(check((f) => void (page(f).form!.fields[0] = 'subject')).problems, PAGE, '/form/fields/0', 'no field "subject"');
    expectOne(check((f) => void (page(f).form!.fields[1] = { field: 'kind' })).problems, PAGE, '/form/fields/1/field', 'no field "kind"');
    expectOne(check((f) => void (page(f).detail!.fields[1] = 'remark')).problems, PAGE, '/detail/fields/1', 'no field "remark"');
  });

  it('a search operator must be allowed by the field type', () => {
    const { problems } = check((f) => void (page(f).search!.fields[1].operator = 'contains'));
    expectOne(problems, PAGE, '/search/fields/1/operator', 'operator "contains" is not allowed on field hours of type number (allowed: eq, in, between, gte, lte)');
  });

  it('dictionary { type } → a dictionary file', () => {
    const { problems } = check((f) => void (field(f, 'category').dictionary = { type: 'orderKind' }));
    expectOne(problems, ORDER, '/fields/2/dictionary/type', 'no dictionary named "orderKind"');
  });

  it('dictionary { table, field } → an entity lookupName and a lookup field, case-insensitively', () => {
    expectOne(check((f) => void (field(f, 'crewKind').dictionary = { table: 'routInspManage', field: 'DeviceType' })).problems, ORDER, '/fields/3/dictionary/table', 'no entity has lookupName "routInspManage"');
    expectOne(check((f) => void (field(f, 'crewKind').dictionary = { table: 'crew', field: 'crewCode' })).problems, ORDER, '/fields/3/dictionary/field', 'entity Crew has no field "crewCode"');
    expectOne(check((f) => void delete field(f, 'crewName', CREW).lookup).problems, ORDER, '/fields/3/dictionary/field', 'field Crew.crewName is not marked "lookup": true');
  });

  it('dictionary { entity } → an entity and its value and label fields', () => {
    expectOne(check((f) => void (field(f, 'crewId').dictionary = { entity: 'Team', valueField: 'id', labelField: 'name' })).problems, ORDER, '/fields/4/dictionary/entity', 'no entity named "Team"');
    expectOne(check((f) => void (field(f, 'crewId').dictionary = { entity: 'Crew', valueField: 'id', labelField: 'name' })).problems, ORDER, '/fields/4/dictionary/labelField', 'entity Crew has no field "name"');
  });

  it('dictionary { entity } filterBy and fill name fields of both entities (issue #4)', () => {
    const ref = { entity: 'Crew', valueField: 'id', labelField: 'crewName' };
    expectOne(check((f) => void (field(f, 'crewId').dictionary = { ...ref, filterBy: 'projectId' })).problems, ORDER, '/fields/4/dictionary/filterBy', 'entity Crew has no field "projectId"');
    expectOne(check((f) => void (field(f, 'crewId').dictionary = { ...ref, fill: { title: 'crewCode' } })).problems, ORDER, '/fields/4/dictionary/fill/title', 'entity Crew has no field "crewCode"');
    expectOne(check((f) => void (field(f, 'crewId').dictionary = { ...ref, fill: { subject: 'crewName' } })).problems, ORDER, '/fields/4/dictionary/fill/subject', 'entity WorkOrder has no field "subject" to fill');
    expect(check((f) => void (field(f, 'crewId').dictionary = { ...ref, fill: { title: 'crewName' } })).problems).toEqual([]);
  });

  it('call aliases: a new name, params only on lists and only over stored fields (issue 13)', () => {
    const calls = (c: EntitySchema['calls']) => check((f) => void (entity(f).calls = c));
    expect(calls([{ path: 'PCWhereList', action: 'list', params: { no: { field: 'title', operator: 'eq' } } }, { path: '/Tuoye.Plugs.X/Y/Add', action: 'create' }]).problems).toEqual([]);
    expectOne(calls([{ path: 'PCModify', action: 'update', params: { no: { field: 'title', operator: 'eq' } } }]).problems, ORDER, '/calls/0/params', 'params are filters of a list call');
    expectOne(calls([{ path: 'PCWhereList', action: 'list', params: { no: { field: 'nope', operator: 'eq' } } }]).problems, ORDER, '/calls/0/params/no/field', 'unknown field "nope"');
    expectSome(calls([{ path: 'WherePageList', action: 'list' }]).problems, ORDER, '/calls/0/path', 'already used by this entity');
    // The POST form of the list on its own path (§7.4 GetSupplys, queryDataByWhere), and nothing else there.
    expect(calls([{ path: 'WherePageList', action: 'list', method: 'POST' }]).problems).toEqual([]);
    expectSome(calls([{ path: 'WherePageList', action: 'detail', method: 'POST' }]).problems, ORDER, '/calls/0/path', 'already used by this entity');
    expectSome(calls([{ path: 'a b', action: 'list' }]).problems, ORDER, '/calls/0/path', 'must match pattern');
  });

  it('after joins two fields of one ordered type; boolean words only on booleans (issue #4)', () => {
    expectOne(check((f) => void (field(f, 'hours').after = 'minutes')).problems, ORDER, '/fields/6/after', 'unknown field "minutes"');
    expectOne(check((f) => void (field(f, 'hours').after = 'title')).problems, ORDER, '/fields/6/after', 'same type');
    expectOne(check((f) => void (field(f, 'hours').after = 'hours')).problems, ORDER, '/fields/6/after', 'itself');
    expectOne(check((f) => void (field(f, 'title').trueLabel = '是')).problems, ORDER, '/fields/1/trueLabel', 'boolean fields');
    expect(check((f) => Object.assign(field(f, 'done'), { trueLabel: '已完成', falseLabel: '未完成' })).problems).toEqual([]);
  });

  it('seed datetimes must read as times (zoneless ones are China Standard Time)', () => {
    const withTime = (value: string) => (f: FixtureFiles) => {
      entity(f).fields.push({ name: 'dueAt', type: 'datetime', title: '截止时间' });
      (f[SEED] as SeedFile).rows[0].dueAt = value;
    };
    expect(check(withTime('2026-11-21 18:05:00')).problems).toEqual([]);
    expect(check(withTime('2026-11-21T18:05:00+08:00')).problems).toEqual([]);
    expectOne(check(withTime('2026-11-31 18:05')).problems, SEED, '/rows/0/dueAt', 'not a value of a datetime field');
  });

  it('content names → a content file, and content only on json fields', () => {
    expectOne(check((f) => void (field(f, 'steps').content = 'questionGroups')).problems, ORDER, '/fields/8/content', 'no content named "questionGroups"');
    expectOne(check((f) => void (field(f, 'note').content = 'checklist')).problems, ORDER, '/fields/9/content', 'json fields');
  });

  it('entity and page permission → a page node and a group node below it in the menu tree', () => {
    expectOne(check((f) => void (entity(f).permission = { page: 'deviceManage', group: 'orders/workOrder' })).problems, ORDER, '/permission/page', 'no menu node has path "deviceManage"');
    expectOne(check((f) => void (entity(f).permission = { page: 'ops', group: 'Maintenance/template' })).problems, ORDER, '/permission/group', 'menu node "ops" has no node with path "Maintenance/template"');
    expectOne(check((f) => void (page(f).permission = { page: 'ops', group: 'orders' })).problems, PAGE, '/permission/group', 'no node with path "orders"');
  });

  it('page buttons need their action in the menu group node (§6)', () => {
    const { problems } = check((f) => void (page(f).list.toolbar = [{ action: 'export' }]));
    expectOne(problems, PAGE, '/list/toolbar/0/action', 'has no "export" action');
  });

  it('menu page: views → a page (a warning: the browser shows 该页面尚未配置)', () => {
    const { problems, warnings } = check((f) => void ((f['menus.json'] as MenuFile).menus[0].children![1].view = 'page:crew'));
    expect(problems).toEqual([]);
    expectOne(warnings, 'menus.json', '/menus/0/children/1/view', 'no page named "crew"');
  });

  it('menu aliases: a hidden redirect node must lead to a menu address', () => {
    const alias = (redirect: (menus: MenuFile['menus']) => string) =>
      check((f) => {
        const menus = (f['menus.json'] as MenuFile).menus;
        menus[0].children!.push({ id: 'x.alias', path: 'alias', title: '别名', functionType: 0, hidden: true, redirect: redirect(menus) });
      });
    expectOne(alias(() => '/nowhere/page').problems, 'menus.json', '/menus/0/children/2/redirect', 'alias redirect "/nowhere/page" names no menu address');
    expect(alias((m) => `/${m[0].path}/${m[0].children![0].path}`).problems).toEqual([]);
    // With a query (a search made on the target): the path must exist, the query is the target's business.
    expect(alias((m) => `/${m[0].path}/${m[0].children![0].path}?filters=%5B%5D`).problems).toEqual([]);
    expectOne(alias(() => '/nowhere/page?filters=%5B%5D').problems, 'menus.json', '/menus/0/children/2/redirect', 'alias redirect "/nowhere/page?filters=%5B%5D" names no menu address');
  });

  it('duplicate entity names, tables, api bases and page names are reported at the later file', () => {
    const copy = (f: FixtureFiles, change: (e: EntitySchema) => void) => {
      const e = clone(entity(f, CREW));
      change(e);
      f['entities/zz-copy.json'] = e;
    };
    expectOne(check((f) => copy(f, (e) => Object.assign(e, { table: 'crew2', api: { base: 'Crew2' }, lookupName: 'crew2' }))).problems, 'entities/zz-copy.json', '/name', 'duplicate entity name "Crew": also in schemas/entities/crew.json');
    expectOne(check((f) => copy(f, (e) => Object.assign(e, { name: 'Crew2', api: { base: 'Crew2' }, lookupName: 'crew2' }))).problems, 'entities/zz-copy.json', '/table', 'duplicate table "crew"');
    expectOne(check((f) => copy(f, (e) => Object.assign(e, { name: 'Crew2', table: 'crew2', api: { base: 'crew' }, lookupName: 'crew2' }))).problems, 'entities/zz-copy.json', '/api/base', 'duplicate api base "crew"');
    expectOne(check((f) => void (f['pages/zz-copy.json'] = clone(page(f)))).problems, 'pages/zz-copy.json', '/name', 'duplicate page name "workOrder"');
  });

  it('exactly one id field, stored in column id', () => {
    const none = check((f) => {
      entity(f).fields.shift();
      delete entity(f).defaultSort;
    });
    expectOne(none.problems, ORDER, '/fields', 'exactly one field of type "id"');
    expectOne(check((f) => void entity(f).fields.push({ name: 'otherId', type: 'id', title: '另一个编号' })).problems, ORDER, '/fields/10/type', 'exactly one field of type "id"');
    const renamed = check((f) => {
      field(f, 'id').name = 'recId';
      delete entity(f).defaultSort;
    });
    expectOne(renamed.problems, ORDER, '/fields/0/name', 'column "id", not "rec_id"');
  });

  it('readOnly fields are not required', () => {
    expectOne(check((f) => void (field(f, 'note').required = true)).problems, ORDER, '/fields/9/required', 'readOnly');
  });

  it('field names, columns and system columns do not collide', () => {
    expectOne(check((f) => void (field(f, 'crewKind').name = 'title')).problems, ORDER, '/fields/3/name', 'duplicate field name "title"');
    expectOne(check((f) => void (field(f, 'hours').column = 'created_at')).problems, ORDER, '/fields/6/column', 'system column');
  });

  it('no field takes the name of the answered rows\' label map (docs/metadata.md Labels)', () => {
    expectOne(check((f) => void (field(f, 'crewKind').name = 'labels')).problems, ORDER, '/fields/3/name', 'label map');
  });

  it('indexes and the default sort name fields', () => {
    expectOne(check((f) => void (entity(f).indexes = [['status']])).problems, ORDER, '/indexes/0/0', 'unknown field "status"');
    expectOne(check((f) => void (entity(f).defaultSort = { field: 'createdAt', order: 'asc' })).problems, ORDER, '/defaultSort/field', 'unknown field "createdAt"');
    expectOne(check((f) => void (entity(f).defaultSort = { field: 'hours', order: 'asc' })).problems, ORDER, '/defaultSort/field', 'is not sortable');
    expect(check((f) => void (entity(f).defaultSort = { field: 'id', order: 'desc' })).problems).toEqual([]);
  });

  it('seed rows → entity fields', () => {
    const seed = (f: FixtureFiles) => f[SEED] as SeedFile;
    expectOne(check((f) => void (seed(f).rows[0].priority = 1)).problems, SEED, '/rows/0/priority', 'entity WorkOrder has no field "priority"');
    expectOne(check((f) => void (seed(f).rows[0].id = 5)).problems, SEED, '/rows/0/id', 'do not set the id');
    expectOne(check((f) => void (seed(f).rows[1].hours = 'two')).problems, SEED, '/rows/1/hours', 'not a value of a number field');
    expectOne(check((f) => void delete seed(f).rows[1].title).problems, SEED, '/rows/1', 'missing required field "title"');
    expectOne(check((f) => void (seed(f).entity = 'Ticket')).problems, SEED, '/entity', 'no entity named "Ticket"');
  });

  it('a file broken against its meta-schema does not cascade into dangling references', () => {
    const { problems } = check((f) => void (entity(f, CREW).scope = 'team' as never));
    expectOne(problems, CREW, '/scope', '"team" is not one of');
  });
});

describe('problems as text', () => {
  it('print as file: JSON pointer: message, and a SchemaError lists them all', () => {
    const problems: SchemaProblem[] = [
      { file: 'schemas/pages/a.json', pointer: '/list/columns/0/field', message: 'entity A has no field "b"' },
      { file: 'schemas/menus.json', pointer: '', message: 'not valid JSON' },
    ];
    expect(formatProblem(problems[0])).toBe('schemas/pages/a.json: /list/columns/0/field: entity A has no field "b"');
    expect(new SchemaError(problems).message).toBe(
      'schemas/ has 2 problem(s):\nschemas/pages/a.json: /list/columns/0/field: entity A has no field "b"\nschemas/menus.json: /: not valid JSON',
    );
  });
});

describe('reading a folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-read-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reports a missing menus.json and reads nested page folders', () => {
    const files = fixtureFiles();
    delete files['menus.json'];
    const moved = files[PAGE];
    delete files[PAGE];
    writeFixture({ ...files, 'pages/ops/work-order.json': moved }, dir);
    writeFileSync(join(dir, 'pages', 'README.md'), 'not a schema');
    const { sources, problems } = readSchemas(dir);
    expect(sources.pages.map((p) => p.path)).toEqual(['pages/ops/work-order.json']);
    expect(problems).toHaveLength(1);
    expect(problems[0].file).toMatch(/menus\.json$/);
    expect(problems[0].message).toMatch(/missing/);
  });
});

describe('workflows (docs/metadata.md "Workflows")', () => {
  /** `category` becomes a readOnly state field with codes 1 and 2 (dictionary orderCategory). */
  const withWorkflow = (files: FixtureFiles, over: Record<string, unknown> = {}) => {
    field(files, 'category').readOnly = true;
    entity(files).workflow = {
      field: 'category',
      states: [{ value: '1', label: '维修', color: 'blue' }, { value: '2', label: '保养', color: 'green', final: true }],
      transitions: [{ name: 'finish', label: '完成', from: ['1'], to: '2', action: 'edit', fields: [{ field: 'note', required: true }] }],
      ...over,
    };
  };

  it('accepts a workflow whose page shows its moves and whose menu holds their buttons', () => {
    expect(check((f) => {
      withWorkflow(f);
      page(f).list.rowActions = ['view', 'edit', 'workflow', 'delete'];
      page(f).list.batchTransitions = ['finish'];
    }).problems).toEqual([]);
  });

  it('wants a readOnly state field whose codes are the states', () => {
    expectOne(check((f) => {
      withWorkflow(f);
      field(f, 'category').readOnly = false;
    }).problems, ORDER, '/workflow/field', /readOnly/);
    expectSome(check((f) => withWorkflow(f, { states: [{ value: '1', label: '维修' }, { value: '9', label: '报废' }] })).problems, ORDER, '/workflow/states/1/value', 'not a code of dictionary orderCategory');
  });

  it('refuses moves out of a final state, to an unknown one, and fields it cannot fill', () => {
    const problems = check((f) => withWorkflow(f, {
      transitions: [
        { name: 'reopen', label: '重开', from: ['2'], to: '1', action: 'edit' },
        { name: 'lose', label: '丢失', from: ['1'], to: '7', action: 'edit', fields: [{ field: 'category' }] },
      ],
    })).problems;
    expectSome(problems, ORDER, '/workflow/transitions/0/from/0', 'is final');
    expectSome(problems, ORDER, '/workflow/transitions/1/to', 'not a state');
    expectSome(problems, ORDER, '/workflow/transitions/1/fields/0/field', 'cannot be filled');
  });

  it('names states of the workflow in editableIn and deletableIn', () => {
    expect(check((f) => withWorkflow(f, { editableIn: ['1'], deletableIn: ['1', '2'] })).problems).toEqual([]);
    expectOne(check((f) => withWorkflow(f, { deletableIn: ['9'] })).problems, ORDER, '/workflow/deletableIn/0', /not a state/);
  });

  it('gives a transition an endpoint of its own only where no other workflow call has it', () => {
    expect(check((f) => withWorkflow(f, { transitions: [{ name: 'finish', label: '完成', from: ['1'], to: '2', action: 'edit', endpoint: 'Finish' }] })).problems).toEqual([]);
    expectOne(check((f) => withWorkflow(f, { transitions: [{ name: 'finish', label: '完成', from: ['1'], to: '2', action: 'edit', endpoint: 'History' }] })).problems,
      ORDER, '/workflow/transitions/0/endpoint', /taken by another workflow call/);
  });

  it('needs the permitting button in the page’s menu node, and batch transitions the entity declares', () => {
    expectOne(check((f) => {
      withWorkflow(f, { transitions: [{ name: 'finish', label: '完成', from: ['1'], to: '2', action: 'audit' }] });
      page(f).list.rowActions = ['view', 'workflow'];
    }).problems, PAGE, '/list/rowActions/1', /no "audit" action/);
    expectOne(check((f) => {
      withWorkflow(f);
      page(f).list.batchTransitions = ['archive'];
    }).problems, PAGE, '/list/batchTransitions/0', /no workflow transition "archive"/);
  });
});

describe('statistics (docs/metadata.md "Statistics")', () => {
  const withStatistics = (f: FixtureFiles, over: Partial<NonNullable<EntitySchema['statistics']>> = {}) => {
    entity(f).statistics = {
      endpoint: 'GetStatistics',
      groupBy: ['category', 'done'],
      measures: [{ name: 'orders', title: '工单数', fn: 'count' }, { name: 'hours', title: '工时', fn: 'sum', field: 'hours' }],
      ...over,
    };
  };

  it('accepts groups over stored fields and sums over numbers', () => {
    expect(check((f) => withStatistics(f)).problems).toEqual([]);
  });

  it('refuses unknown or ungroupable fields, sums over text, and duplicate names', () => {
    expectOne(check((f) => withStatistics(f, { groupBy: ['missing'] })).problems, ORDER, '/statistics/groupBy/0', /unknown field "missing"/);
    expectOne(check((f) => withStatistics(f, { groupBy: ['steps'] })).problems, ORDER, '/statistics/groupBy/0', /cannot be grouped/);
    expectOne(check((f) => withStatistics(f, { measures: [{ name: 'x', title: 'x', fn: 'sum', field: 'title' }] })).problems, ORDER, '/statistics/measures/0/field', /numeric field/);
    expectOne(check((f) => withStatistics(f, { measures: [{ name: 'key', title: 'x', fn: 'count' }] })).problems, ORDER, '/statistics/measures/0/name', /reserved/);
    expectOne(check((f) => withStatistics(f, { measures: [{ name: 'n', title: 'n', fn: 'count', where: { field: 'nope', value: true } }] })).problems, ORDER, '/statistics/measures/0/where/field', /unknown field/);
  });
  it('counts days of a date or datetime field, optionally of rows a number comparison picks', () => {
    const days = (f: FixtureFiles, fn: 'days', field: string, where?: NonNullable<EntitySchema['statistics']>['measures'][number]['where']) => {
      entity(f).fields.push({ name: 'dueAt', type: 'datetime', title: '截止时间' });
      withStatistics(f, { measures: [{ name: 'busyDays', title: '超时天数', fn, field, ...(where ? { where } : {}) }] });
    };
    expect(check((f) => days(f, 'days', 'dueAt', { field: 'hours', operator: 'gt', value: 8 })).problems).toEqual([]);
    expectOne(check((f) => days(f, 'days', 'hours')).problems, ORDER, '/statistics/measures/0/field', /date or datetime/);
    expectOne(check((f) => days(f, 'days', 'dueAt', { field: 'title', operator: 'gt', value: 8 })).problems, ORDER, '/statistics/measures/0/where/operator', /numeric field with a number/);
    expectOne(check((f) => days(f, 'days', 'dueAt', { field: 'hours', operator: 'lt', value: 'x' })).problems, ORDER, '/statistics/measures/0/where/operator', /numeric field with a number/);
  });
});
