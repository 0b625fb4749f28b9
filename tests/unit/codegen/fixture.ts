// A small, valid schemas/ tree for the metadata tests (independent of the product's own schemas):
// two entities with every kind of cross-reference, a page, a menu, a dictionary, a content schema and
// seed rows. Tests copy it, break one thing and look for the one problem.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { MenuFile, SchemaFile, SchemaSources } from '../../../common/metadata/types';

export type FixtureFiles = Record<string, unknown>;

export function fixtureFiles(): FixtureFiles {
  return {
    'menus.json': {
      menus: [
        {
          id: 'ops', path: 'ops', title: '运维', functionType: 0,
          children: [
            { id: 'ops.workOrder', path: 'orders/workOrder', title: '工单', view: 'page:workOrder', functionType: 0, actions: ['search', 'add', 'edit', 'delete'] },
            { id: 'ops.crew', path: 'crew', title: '班组', functionType: 0, actions: ['search'] },
          ],
        },
      ],
    },
    'dictionaries/order-category.json': {
      name: 'orderCategory', title: '工单类别',
      options: [{ value: '1', label: '维修' }, { value: '2', label: '保养' }],
    },
    'content/checklist.json': {
      name: 'checklist',
      schema: { type: 'array', items: { type: 'object', required: ['item'], properties: { item: { type: 'string', title: '检查项' } } } },
    },
    'entities/crew.json': {
      $schema: '../meta/entity.schema.json',
      name: 'Crew', title: '班组', table: 'crew', lookupName: 'crew',
      api: { base: 'Crew' }, permission: { page: 'ops', group: 'crew' }, scope: 'company',
      fields: [
        { name: 'id', type: 'id', title: '编号' },
        { name: 'crewName', type: 'string', title: '班组名称', required: true, lookup: true, maxLength: 50 },
      ],
    },
    'entities/work-order.json': {
      $schema: '../meta/entity.schema.json',
      $comment: 'A work order of a project.',
      name: 'WorkOrder', title: '工单', table: 'work_order',
      api: { base: 'WorkOrder', detail: 'GetOrder' }, permission: { page: 'ops', group: 'orders/workOrder' },
      scope: 'project', softDelete: true,
      indexes: [['category'], ['projectId', 'title']],
      defaultSort: { field: 'id', order: 'desc' },
      fields: [
        { name: 'id', type: 'id', title: '编号', wire: 'rec_id' },
        { name: 'title', type: 'string', title: '标题', required: true, maxLength: 100, searchable: true, sortable: true },
        { name: 'category', type: 'string', title: '类别', dictionary: { type: 'orderCategory' } },
        { name: 'crewKind', type: 'string', title: '班组类别', dictionary: { table: 'Crew', field: 'CrewName' } },
        { name: 'crewId', type: 'integer', title: '班组', dictionary: { entity: 'Crew', valueField: 'id', labelField: 'crewName' } },
        { name: 'projectId', wire: 'project_id', type: 'project', title: '项目', required: true },
        { name: 'hours', type: 'number', title: '工时', minimum: 0 },
        { name: 'done', type: 'boolean', title: '已完成', default: false },
        { name: 'steps', type: 'json', title: '步骤', content: 'checklist' },
        { name: 'note', type: 'text', title: '备注', readOnly: true },
      ],
    },
    'pages/work-order.json': {
      $schema: '../meta/page.schema.json',
      name: 'workOrder', title: '工单', entity: 'WorkOrder',
      list: {
        columns: [{ field: 'title', width: 200 }, { field: 'category' }, { field: 'hours', display: 'text' }],
        rowActions: ['view', 'edit', 'delete'],
        toolbar: [{ action: 'add', label: '新建工单' }],
        pageSizes: [10, 20],
        defaultPageSize: 10,
      },
      search: { fields: [{ field: 'title', operator: 'contains' }, { field: 'hours', operator: 'between' }] },
      form: { addTitle: '新建工单', editTitle: '编辑工单', fields: ['title', { field: 'category', placeholder: '请选择' }, 'projectId', { field: 'steps', component: 'QuestionGroups' }] },
      detail: { title: '工单详情', fields: ['title', 'note'] },
    },
    'seed/work-order.json': {
      entity: 'WorkOrder',
      rows: [
        { companyKey: 'build', projectNo: 'NJJG-2024-001', title: '塔吊月度保养', category: '2', hours: 3.5, steps: [{ item: '钢丝绳' }] },
        { projectNo: 'NJJG-2024-002', title: '升降机维修', category: '1', done: true },
      ],
    },
  };
}

const KIND_OF: Array<[string, keyof Omit<SchemaSources, 'menus'>]> = [
  ['entities/', 'entities'],
  ['pages/', 'pages'],
  ['dictionaries/', 'dictionaries'],
  ['content/', 'content'],
  ['seed/', 'seeds'],
];

/** The files as the reader would hand them to the checks; problems name them schemas/<path>. */
export function toSources(files: FixtureFiles): SchemaSources {
  const sources: SchemaSources = { entities: [], pages: [], dictionaries: [], content: [], seeds: [], menus: null };
  for (const path of Object.keys(files).sort()) {
    const file: SchemaFile = { file: `schemas/${path}`, path, json: files[path] };
    if (path === 'menus.json') sources.menus = file;
    const kind = KIND_OF.find(([prefix]) => path.startsWith(prefix));
    if (kind) sources[kind[1]].push(file);
  }
  return sources;
}

/** Writes the files under a new temporary folder and returns it. */
export function writeFixture(files: FixtureFiles, dir: string = mkdtempSync(join(tmpdir(), 'schemas-'))): string {
  for (const [path, json] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), typeof json === 'string' ? json : `${JSON.stringify(json, null, 2)}\n`);
  }
  return dir;
}

/** A deep copy to break in one place. */
export const clone = <T>(value: T): T => structuredClone(value);

/**
 * The product's schemas/ copied to a temporary folder with the fixture added the way a configurator
 * would: its entity, page, dictionary, content and seed files, and its menu node appended to menus.json.
 * The server tests start on this, so the demo seed still finds every menu id it grants.
 */
export function productWithFixture(productDir: string, edit: (files: FixtureFiles) => void = () => {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-app-'));
  cpSync(productDir, dir, { recursive: true });
  const files = fixtureFiles();
  edit(files);
  const { 'menus.json': menu, ...rest } = files;
  const product = JSON.parse(readFileSync(join(dir, 'menus.json'), 'utf8')) as MenuFile;
  product.menus.push(...(menu as MenuFile).menus);
  writeFixture({ ...rest, 'menus.json': product }, dir);
  return dir;
}
