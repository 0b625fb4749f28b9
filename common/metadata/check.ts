// The checks of schemas/ (docs/metadata.md): every file against its meta-schema, then every
// cross-reference between files. Pure: files come in parsed, problems and the resolved catalog go out,
// so codegen, the server start and the tests run exactly the same checks.
import { ACTION_NAMES } from '../constants';
import { columnOf, FIELD_TYPES, ROW_LABELS, ROW_VERSION } from '../field-types';
import { DEFAULT_API, DEFAULT_WORKFLOW_API, type EntityField, type EntitySchema, type EntityWorkflow, type FormField, type PageSchema, type PermissionRef, type WorkflowState, SUMMABLE_TYPES } from '../metadata';
import { aliasTarget, findSourceByPath, nodeButtons, permissionNode, type MenuSourceNode } from '../menu-tree';
import { checkChildren, checkPageChildren } from './check-children';
import { checkStatistics } from './check-statistics';
import { checkFormulas, checkPageSums } from './check-formula';
import { checkPageViews } from './check-page-views';
import { checkFieldRights, checkUnique } from './check-access';
import { checkNodeRights, checkWorkflowRights } from './check-workflow-rights';
import { checkIndexes } from './check-indexes';
import { checkNumbering } from './check-numbering';
import { reservedColumnAllows } from './columns';
import { fieldByName, findEntityByLookupName, findLookupField, resolveEntity, stripFileKeys } from './entity';
import { zonedDateTime } from './datetime';
import { ORDERED_TYPES } from './field-order';
import { isRelativeDate, relativeDateProblem } from './relative-dates';
import { checkMetaDrift, validateMeta, type SchemaKind } from './meta-validate';
import { listZh, noFieldZh, noProjectZh, pointer, type Report } from './problems';
import { referencedEntity } from './references';
import {
  SEED_KEYS,
  type CheckResult,
  type ContentFile,
  type DictionarySchema,
  type MenuFile,
  type MetadataCatalog,
  type SchemaFile,
  type SchemaProblem,
  type SchemaSources,
  type SeedFile,
} from './types';

type Parsed<T> = { file: string; path: string; json: T };

/** Runs every check; the catalog is returned only when there is no problem. */
export function checkSchemas(sources: SchemaSources): CheckResult {
  const problems: SchemaProblem[] = [...checkMetaDrift()];
  const warnings: SchemaProblem[] = [];
  const report: Report = (file, at, message, messageZh) => problems.push({ file, pointer: at, message, messageZh });
  const warn: Report = (file, at, message, messageZh) => warnings.push({ file, pointer: at, message, messageZh });

  const conforming = <T>(files: readonly SchemaFile[], kind: SchemaKind): Array<Parsed<T>> =>
    files.filter((f) => {
      const found = validateMeta(kind, f);
      problems.push(...found);
      return found.length === 0;
    }) as Array<Parsed<T>>;

  const entities = conforming<EntitySchema>(sources.entities, 'entity');
  const pages = conforming<PageSchema>(sources.pages, 'page');
  const dictionaries = conforming<DictionarySchema>(sources.dictionaries, 'dictionary');
  const contents = conforming<ContentFile>(sources.content, 'content');
  const seeds = conforming<SeedFile>(sources.seeds, 'seed');
  const menuFile = sources.menus ? conforming<MenuFile>([sources.menus], 'menu')[0] : undefined;

  // Names declared by files that failed their meta-schema are still "known", so a reference to them
  // is not reported a second time as dangling.
  const declared = (files: readonly SchemaFile[]) =>
    new Set(files.map((f) => (f.json as { name?: unknown } | null)?.name).filter((n): n is string => typeof n === 'string'));
  const known = {
    entities: declared(sources.entities),
    pages: declared(sources.pages),
    dictionaries: declared(sources.dictionaries),
    content: declared(sources.content),
    lookupNames: new Set(
      sources.entities
        .map((f) => (f.json as { lookupName?: unknown } | null)?.lookupName)
        .filter((n): n is string => typeof n === 'string')
        .map((n) => n.toLowerCase()),
    ),
  };

  const entityByName = unique(entities, (e) => e.name, ['entity name', '实体名'], '/name', report);
  unique(entities, (e) => e.table, ['table', '表名'], '/table', report);
  unique(entities, (e) => e.api.base.toLowerCase(), ['api base', '接口前缀 api.base'], '/api/base', report);
  unique(entities, (e) => e.lookupName?.toLowerCase(), ['lookupName', 'lookupName'], '/lookupName', report);
  const pageByName = unique(pages, (p) => p.name, ['page name', '页面名'], '/name', report);
  const dictionaryByName = unique(dictionaries, (d) => d.name, ['dictionary name', '字典名'], '/name', report);
  const contentByName = unique(contents, (c) => c.name, ['content name', '内容结构名'], '/name', report);
  unique(seeds, (s) => s.entity, ['seed file for entity', '演示数据文件的实体'], '/entity', report);

  const menus = menuFile?.json.menus ?? null;
  if (menuFile && menus) checkMenus(menuFile.file, menus, pageByName, known.pages, report, warn);

  const checkPermission = (file: string, at: string, ref: PermissionRef) => {
    if (!menus) return;
    const page = findSourceByPath(menus, ref.page);
    if (!page) return report(file, `${at}/page`, `no menu node has path "${ref.page}" in menus.json`, `menus.json 中没有路径为“${ref.page}”的菜单节点，可选：${listZh(menus.map((n) => n.path))}`);
    if (!findSourceByPath(page.children ?? [], ref.group)) {
      report(file, `${at}/group`, `menu node "${ref.page}" has no node with path "${ref.group}" below it`, `菜单节点“${ref.page}”下没有路径为“${ref.group}”的节点，可选：${listZh(menuPaths(page.children ?? []))}`);
    }
  };

  for (const { file, json } of dictionaries) {
    const values = new Set<string>();
    json.options.forEach((o, i) => {
      if (values.has(String(o.value))) report(file, pointer('options', i, 'value'), `duplicate option value "${o.value}"`, `选项值“${o.value}”重复：每个选项的值须不同`);
      values.add(String(o.value));
    });
  }

  const allEntities = entities.map((e) => e.json);
  for (const { file, json: entity } of entities) {
    checkEntity(file, entity, { allEntities, knownEntities: known.entities, knownLookupNames: known.lookupNames, dictionaryByName, knownDictionaries: known.dictionaries, contentByName, knownContent: known.content }, report);
    checkPermission(file, '/permission', entity.permission);
    checkChildren(file, entity, allEntities, report);
    checkFormulas(file, entity, allEntities, report);
    checkStatistics(file, entity, report);
    checkFieldRights(file, entity, menus, report);
    checkWorkflowRights(file, entity, menus, report);
    checkUnique(file, entity, report);
    checkNumbering(file, entity, report);
  }

  for (const { file, json: page } of pages) {
    const entity = entityByName.get(page.entity)?.json;
    if (!entity) {
      if (!known.entities.has(page.entity)) report(file, '/entity', `no entity named "${page.entity}" in schemas/entities/`, noEntityZh(page.entity, known.entities));
      continue;
    }
    checkPage(file, page, entity, (name) => entityByName.get(name)?.json, report);
    checkPageChildren(file, page, entity, (name) => entityByName.get(name)?.json, report);
    checkPageSums(file, page, entity, (name) => entityByName.get(name)?.json, report);
    const permission = page.permission ?? entity.permission;
    if (page.permission) checkPermission(file, '/permission', page.permission);
    if (menus) checkPageActions(file, page, permission, menus, report, entity);
  }

  for (const { file, json: seed } of seeds) {
    const entity = entityByName.get(seed.entity)?.json;
    if (!entity) {
      if (!known.entities.has(seed.entity)) report(file, '/entity', `no entity named "${seed.entity}" in schemas/entities/`, noEntityZh(seed.entity, known.entities));
      continue;
    }
    checkSeed(file, seed, entity, report);
  }

  if (problems.length > 0) return { problems, warnings, catalog: null };

  const content = new Map(contents.map((c) => [c.json.name, c.json.schema] as const));
  const catalog: MetadataCatalog = {
    entities: new Map(entities.map((e) => [e.json.name, resolveEntity(e.json, (n) => content.get(n))] as const)),
    pages: new Map(pages.map((p) => [p.json.name, stripFileKeys(p.json)] as const)),
    dictionaries: new Map(dictionaries.map((d) => [d.json.name, stripFileKeys(d.json)] as const)),
    content,
    menus: menus ?? [],
    seeds: new Map(seeds.map((s) => [s.json.entity, s.json.rows] as const)),
    files: {
      entities: new Map(entities.map((e) => [e.json.name, e.path] as const)),
      pages: new Map(pages.map((p) => [p.json.name, p.path] as const)),
      content: new Map(contents.map((c) => [c.json.name, c.path] as const)),
    },
  };
  return { problems, warnings, catalog };
}

/** `实体“X”不存在（schemas/entities/ 中没有此实体）` with the names that do exist. */
const noEntityZh = (name: string, known: Iterable<string>): string => `实体“${name}”不存在（schemas/entities/ 中没有此实体），可选：${listZh([...known].sort())}`;

/** An endpoint name the entity already uses. */
const endpointTakenZh = (name: string): string => `接口名“${name}”已被本实体的另一个接口使用：请换一个名称`;

/** A field the client does not write. */
const notWrittenZh = (name: string): string => `字段“${name}”不由客户端写入（只读字段或 id）：请去掉`;

/** The Chinese of relativeDateProblem (relative-dates.ts): $today moving by hours, or no relative date at all. */
const relativeDateZh = (value: string): string =>
  /^\$today[+-]\d{1,6}(h|min)$/.test(value)
    ? `“${value}”：$today 只能按 d、w、m、y（天、周、月、年）移动，小时和分钟请用 $now（如 $now-2h）`
    : `“${value}”不是有效的相对日期，可写：$today、$today-30d、$today+2w、$today+3m、$today-1y、$now、$now-2h、$now+30min`;

/** The paths of menu nodes at and below `nodes` (buttons are no nodes). */
const menuPaths = (nodes: readonly MenuSourceNode[]): string[] => nodes.flatMap((n) => [n.path, ...menuPaths(n.children ?? [])]);

/** Keys must be unique across files: the second and later files are reported, naming the first. */
function unique<T>(
  files: ReadonlyArray<Parsed<T>>,
  key: (json: T) => string | undefined,
  [what, whatZh]: readonly [string, string],
  at: string,
  report: Report,
): Map<string, Parsed<T>> {
  const first = new Map<string, Parsed<T>>();
  for (const f of files) {
    const k = key(f.json);
    if (k === undefined) continue;
    const earlier = first.get(k);
    if (earlier) report(f.file, at, `duplicate ${what} "${k}": also in ${earlier.file}`, `${whatZh}“${k}”重复：${earlier.file} 中已有，请改用另一个名称`);
    else first.set(k, f);
  }
  return first;
}

/**
 * Menu ids are unique; a `page:<name>` view names a page. A missing page is a warning, not an error:
 * the browser shows 该页面尚未配置 for a view it cannot resolve, and the platform menu already lists
 * pages (project, organization, user, role) whose schemas are still to be written.
 */
function checkMenus(
  file: string,
  menus: readonly MenuSourceNode[],
  pages: ReadonlyMap<string, unknown>,
  knownPages: ReadonlySet<string>,
  report: Report,
  warn: Report,
): void {
  const ids = new Set<string>();
  const paths = new Set<string>();
  const aliases: Array<{ at: string; redirect: string }> = [];
  const walk = (nodes: readonly MenuSourceNode[], at: string, base = '') =>
    nodes.forEach((n, i) => {
      const here = `${at}${pointer(i)}`;
      const path = `${base}/${n.path.replace(/^\/+/, '')}`;
      paths.add(path.toLowerCase());
      // An alias (hidden, no view, no children) must lead to a real menu address: it is granted with it.
      if (n.hidden && !n.view && !n.children?.length && n.redirect?.startsWith('/')) aliases.push({ at: `${here}/redirect`, redirect: n.redirect });
      if (ids.has(n.id)) report(file, `${here}/id`, `duplicate menu id "${n.id}"`, `菜单 id“${n.id}”重复：每个菜单节点的 id 须唯一`);
      ids.add(n.id);
      checkNodeRights(file, n, here, report);
      if (n.view?.startsWith('page:')) {
        const name = n.view.slice('page:'.length);
        if (!pages.has(name) && !knownPages.has(name)) warn(file, `${here}/view`, `no page named "${name}" in schemas/pages/ (the menu shows 该页面尚未配置)`, `页面“${name}”不存在（schemas/pages/ 中没有此页面），菜单将显示“该页面尚未配置”`);
      }
      if (n.children) walk(n.children, `${here}/children`, path);
    });
  walk(menus, '/menus');
  // An alias may open its target with a query (a search made): its path is what must exist.
  for (const a of aliases) if (!paths.has(aliasTarget(a))) report(file, a.at, `alias redirect "${a.redirect}" names no menu address`, `别名的跳转地址“${a.redirect}”不是任何菜单节点的地址：请写成一个已有菜单节点的完整路径`);
}

type EntityContext = {
  allEntities: readonly EntitySchema[];
  knownEntities: ReadonlySet<string>;
  /** Lower-cased lookupNames of every entity file, valid or not. */
  knownLookupNames: ReadonlySet<string>;
  dictionaryByName: ReadonlyMap<string, unknown>;
  knownDictionaries: ReadonlySet<string>;
  contentByName: ReadonlyMap<string, unknown>;
  knownContent: ReadonlySet<string>;
};

const NUMERIC_TYPES: ReadonlyArray<EntityField['type']> = ['integer', 'number', 'money'];
const TEXT_TYPES: ReadonlyArray<EntityField['type']> = ['string', 'text'];

function checkEntity(file: string, entity: EntitySchema, ctx: EntityContext, report: Report): void {
  const names = new Map<string, number>();
  const columns = new Map<string, number>();
  const wires = new Map<string, number>();
  let ids = 0;
  entity.fields.forEach((f, i) => {
    const at = (...rest: Array<string | number>) => pointer('fields', i, ...rest);
    const column = columnOf(f);
    if (f.name === ROW_LABELS) report(file, at('name'), `"${ROW_LABELS}" is the key of answered rows' label map, not a field name`, `“${ROW_LABELS}”是接口返回行中显示文字表的键，不能用作字段名，请换一个名称`);
    if (f.name === ROW_VERSION) report(file, at('name'), `"${ROW_VERSION}" is the key of answered rows' version, not a field name`, `“${ROW_VERSION}”是接口返回行中版本号的键，不能用作字段名，请换一个名称`);
    if (names.has(f.name)) report(file, at('name'), `duplicate field name "${f.name}" (also field ${names.get(f.name)})`, `字段名“${f.name}”重复（第 ${names.get(f.name)} 个字段已使用，从 0 起数）：请换一个名称`);
    else names.set(f.name, i);
    if (columns.has(column) && names.get(f.name) === i) report(file, at(f.column ? 'column' : 'name'), `column "${column}" is also the column of field ${columns.get(column)}`, `列名“${column}”与第 ${columns.get(column)} 个字段（从 0 起数）的列相同：请用 column 另取列名`);
    else columns.set(column, i);
    if (f.wire) {
      if (wires.has(f.wire)) report(file, at('wire'), `duplicate wire name "${f.wire}" (also field ${wires.get(f.wire)})`, `接口字段名 wire“${f.wire}”重复（第 ${wires.get(f.wire)} 个字段已使用，从 0 起数）：请换一个名称`);
      else wires.set(f.wire, i);
    }
    if (f.type === 'id') {
      ids += 1;
      if (ids > 1) report(file, at('type'), 'an entity has exactly one field of type "id"', '一个实体只能有一个 id 类型的字段：请把此字段改为其他类型');
      else if (column !== 'id') report(file, at(f.column ? 'column' : 'name'), `the id field is stored in column "id", not "${column}"`, `id 字段存放在列“id”中，不能是“${column}”：请去掉 column 或写成 "id"`);
    } else if (!entity.platform && !reservedColumnAllows(column, f.type)) {
      // A platform table has no engine system columns: its created_at is a field like any other.
      report(file, at(f.column ? 'column' : 'name'), `column "${column}" is a system column of every table`, `列名“${column}”是每张表都有的系统列：请换一个字段名或用 column 另取列名`);
    }
    if (f.readOnly && f.required) report(file, at('required'), 'a readOnly field is set by the server and cannot be required', '只读字段（readOnly）由服务端填写，不能同时为必填（required）：请去掉其中一个');
    checkVirtualAndWriteOnly(f, at, entity, file, report);
    if ((f.minimum !== undefined || f.maximum !== undefined) && !NUMERIC_TYPES.includes(f.type)) {
      report(file, at(f.minimum !== undefined ? 'minimum' : 'maximum'), `minimum and maximum apply to numeric fields, not to type "${f.type}"`, `minimum 和 maximum 只用于数值字段（integer、number、money），不能用于 ${f.type} 类型`);
    }
    if ((f.format !== undefined || f.pattern !== undefined) && !TEXT_TYPES.includes(f.type)) {
      report(file, at(f.format !== undefined ? 'format' : 'pattern'), `format and pattern apply to string and text fields, not to type "${f.type}"`, `format 和 pattern 只用于文本字段（string、text），不能用于 ${f.type} 类型`);
    }
    if (f.content !== undefined) {
      if (f.type !== 'json') report(file, at('content'), `content describes json fields, not type "${f.type}"`, `content 只用于 json 类型的字段，不能用于 ${f.type} 类型`);
      else if (typeof f.content === 'string' && !ctx.contentByName.has(f.content) && !ctx.knownContent.has(f.content)) {
        report(file, at('content'), `no content named "${f.content}" in schemas/content/`, `内容结构“${f.content}”不存在（schemas/content/ 中没有此文件），可选：${listZh([...ctx.knownContent].sort())}`);
      }
    }
    if (f.dictionary) checkDictionaryRef(file, at('dictionary'), f.dictionary, entity, ctx, report);
    if (f.onDelete !== undefined && (f.virtual || referencedEntity(entity, f, ctx.allEntities) === null)) {
      report(file, at('onDelete'), 'onDelete applies to a stored field naming another row: type project or company, an { entity, valueField: <its id field> } dictionary, or the parentField', 'onDelete 只用于指向另一行的存储字段：project 或 company 类型、{ entity, valueField: <其 id 字段> } 字典，或 parentField；请去掉 onDelete');
    }
    checkFieldExtras(file, f, at, entity, report);
  });
  if (ids === 0) report(file, '/fields', 'an entity needs exactly one field of type "id"', '实体缺少 id 类型的字段：请加一个，如 { "name": "id", "type": "id", "title": "编号" }');
  checkPlatformKeys(file, entity, report);
  checkEntityExtras(file, entity, ctx, report);
  checkIndexes(file, entity, report);
  if (entity.defaultSort && !names.has(entity.defaultSort.field)) {
    report(file, '/defaultSort/field', `defaultSort names unknown field "${entity.defaultSort.field}"`, noFieldZh(entity, entity.defaultSort.field));
  } else if (entity.defaultSort && fieldByName(entity, entity.defaultSort.field)?.virtual) {
    report(file, '/defaultSort/field', `defaultSort field "${entity.defaultSort.field}" is virtual and cannot be sorted on`, `默认排序字段“${entity.defaultSort.field}”是虚拟字段（virtual），不能排序：请改用一个存储字段`);
  } else if (entity.defaultSort) {
    // The list refuses a sort on a field that is neither sortable nor the id (server/engine/list-params.ts),
    // so a default sort on one would make every list and export of the entity fail.
    const sorted = fieldByName(entity, entity.defaultSort.field);
    if (sorted && sorted.type !== 'id' && !sorted.sortable) report(file, '/defaultSort/field', `defaultSort field "${entity.defaultSort.field}" is not sortable: mark it "sortable": true`, `默认排序字段“${entity.defaultSort.field}”不可排序：请给该字段加 "sortable": true`);
  }
}

/** Keys a virtual (hook-kept) or write-only (never answered) field cannot have. */
function checkVirtualAndWriteOnly(
  f: EntityField,
  at: (...rest: Array<string | number>) => string,
  entity: EntitySchema,
  file: string,
  report: Report,
): void {
  for (const kind of ['virtual', 'writeOnly'] as const) {
    if (!f[kind]) continue;
    for (const key of ['searchable', 'sortable', 'lookup'] as const) {
      if (f[key]) report(file, at(key), `a ${kind} field cannot be ${key}`, `${kind} 字段不能设 ${key}：请去掉 ${key} 或 ${kind}`);
    }
    if (f.type === 'id') report(file, at(kind), `the id field cannot be ${kind}`, `id 字段不能设 ${kind}：请去掉`);
  }
  if (f.lookupAs !== undefined && !f.lookup) report(file, at('lookupAs'), 'lookupAs needs "lookup": true', 'lookupAs 需要同时设 "lookup": true');
  if (f.lookupAs !== undefined && entity.fields.some((o) => o !== f && (o.name.toLowerCase() === f.lookupAs!.toLowerCase() || o.lookupAs?.toLowerCase() === f.lookupAs!.toLowerCase()))) report(file, at('lookupAs'), `lookupAs "${f.lookupAs}" is already a field name or lookupAs of ${entity.name}`, `lookupAs“${f.lookupAs}”已是实体 ${entity.name} 的字段名或另一字段的 lookupAs：请换一个名称`);
  if (f.virtual && !entity.hooks) report(file, at('virtual'), 'a virtual field is read and written by hooks: the entity needs "hooks"', '虚拟字段（virtual）由钩子读写：实体需要声明 "hooks"，或去掉 virtual');
  if (f.writeOnly && f.readOnly) report(file, at('writeOnly'), 'a writeOnly field is written by the client; it cannot be readOnly', '只写字段（writeOnly）由客户端填写，不能同时为只读（readOnly）：请去掉其中一个');
}

const PLATFORM_SCOPES: ReadonlyArray<EntitySchema['scope']> = ['projects', 'companies', 'members'];
const PARENT_TYPES: ReadonlyArray<EntityField['type']> = ['integer', 'company', 'project'];

/** Platform tables (server/db/migrations) are checked against the database at start; here what a file can say. */
function checkPlatformKeys(file: string, entity: EntitySchema, report: Report): void {
  if (PLATFORM_SCOPES.includes(entity.scope) && !entity.platform) {
    report(file, '/scope', `scope "${entity.scope}" describes a platform table: set "platform": true`, `scope“${entity.scope}”表示平台表：请设 "platform": true，或改用 company、project 等范围`);
  }
  if (entity.platform && entity.indexes?.length) report(file, '/indexes', 'indexes of a platform table belong in its migration (server/db/migrations)', '平台表的索引写在其迁移脚本中（server/db/migrations）：请去掉 indexes');
  if (entity.platform && entity.softDelete) report(file, '/softDelete', 'platform tables have no if_del column; delete them or keep a state field', '平台表没有 if_del 列，不能软删除：请去掉 softDelete，或改用状态字段');
}

function checkEntityExtras(file: string, entity: EntitySchema, ctx: EntityContext, report: Report): void {
  if (entity.parentField !== undefined) {
    const parent = fieldByName(entity, entity.parentField);
    if (!parent) report(file, '/parentField', `parentField names unknown field "${entity.parentField}"`, noFieldZh(entity, entity.parentField));
    else if (!PARENT_TYPES.includes(parent.type) || parent.virtual) {
      report(file, '/parentField', `the parent field holds a row id: a stored field of type ${PARENT_TYPES.join(', ')}, not "${parent.type}"`, `上级字段存放行 id：须是 ${listZh(PARENT_TYPES)} 类型的存储字段，不能是“${parent.type}”${parent.virtual ? '（或虚拟字段）' : ''}`);
    }
  }
  if (entity.audit) {
    const field = fieldByName(entity, entity.audit.field);
    if (!field) report(file, '/audit/field', `audit names unknown field "${entity.audit.field}"`, noFieldZh(entity, entity.audit.field));
    else if (field.virtual || field.writeOnly) report(file, '/audit/field', 'the audit field must be a stored, answered field', '审核字段须是存储且会返回的字段：不能是虚拟（virtual）或只写（writeOnly）字段');
    else if (field.dictionary && 'type' in field.dictionary) {
      const dictionary = ctx.dictionaryByName.get(field.dictionary.type) as { json?: { options?: Array<{ value: unknown }> } } | undefined;
      const codes = new Set((dictionary?.json?.options ?? []).map((o) => String(o.value)));
      entity.audit.values.forEach((v, i) => {
        const name = field.dictionary && 'type' in field.dictionary ? field.dictionary.type : '';
        if (dictionary && !codes.has(v.value)) report(file, pointer('audit', 'values', i, 'value'), `"${v.value}" is not a code of dictionary ${name}`, `“${v.value}”不是字典 ${name} 的代码，可选：${listZh(codes)}`);
      });
    }
  }
  if (entity.workflow) checkWorkflow(file, entity, entity.workflow, ctx, report);
  const endpoints = new Set(Object.entries({ ...DEFAULT_API, ...entity.api }).filter(([k]) => k !== 'base' && k !== 'idParam' && k !== 'deleteMethod').map(([, v]) => String(v)));
  entity.patches?.forEach((patch, i) => {
    if (endpoints.has(patch.endpoint)) report(file, pointer('patches', i, 'endpoint'), `endpoint "${patch.endpoint}" is already used by this entity`, endpointTakenZh(patch.endpoint));
    endpoints.add(patch.endpoint);
    patch.fields.forEach((name, j) => {
      const field = fieldByName(entity, name);
      if (!field) report(file, pointer('patches', i, 'fields', j), `patch names unknown field "${name}"`, noFieldZh(entity, name));
      else if (field.readOnly || field.numbering || field.type === 'id') report(file, pointer('patches', i, 'fields', j), `field "${name}" is not written by the client (readOnly or the id)`, notWrittenZh(name));
    });
  });
  entity.calls?.forEach((call, i) => {
    // The POST form of the list itself (§7.4 GetSupplys, queryDataByWhere): same path, the other method.
    const postOfList = call.action === 'list' && call.method === 'POST' && call.path === ({ ...DEFAULT_API, ...entity.api }).list;
    if (!call.path.startsWith('/') && endpoints.has(call.path) && !postOfList) report(file, pointer('calls', i, 'path'), `endpoint "${call.path}" is already used by this entity`, endpointTakenZh(call.path));
    endpoints.add(call.path);
    if (entity.readOnly && call.action !== 'list' && call.action !== 'detail') report(file, pointer('calls', i, 'action'), 'a read-only entity has no write calls', '只读实体没有写入接口：action 只能是 list 或 detail');
    if (call.params && call.action !== 'list') report(file, pointer('calls', i, 'params'), 'params are filters of a list call', 'params 是列表接口的筛选条件：只用于 action 为 list 的接口');
    for (const [param, spec] of Object.entries(call.params ?? {})) {
      const field = fieldByName(entity, spec.field);
      if (!field) report(file, pointer('calls', i, 'params', param, 'field'), `call names unknown field "${spec.field}"`, noFieldZh(entity, spec.field));
      else if (field.virtual) report(file, pointer('calls', i, 'params', param, 'field'), `field "${spec.field}" is virtual: it cannot be filtered`, `字段“${spec.field}”是虚拟字段（virtual），不能用于筛选：请改用存储字段`);
    }
  });
  const relationNames = new Set<string>();
  entity.relations?.forEach((r, i) => {
    const at = (key: string) => pointer('relations', i, key);
    if (relationNames.has(r.name)) report(file, at('name'), `duplicate relation name "${r.name}"`, `关联名“${r.name}”重复：请换一个名称`);
    relationNames.add(r.name);
    if (!ctx.allEntities.some((e) => e.name === r.entity) && !ctx.knownEntities.has(r.entity)) {
      report(file, at('entity'), `no entity named "${r.entity}" in schemas/entities/`, noEntityZh(r.entity, ctx.knownEntities));
    }
    if (r.ownColumn === r.otherColumn) report(file, at('otherColumn'), 'the two link columns must differ', 'ownColumn 与 otherColumn 两个关联列须不同');
    for (const key of ['list', 'update'] as const) {
      if (endpoints.has(r[key])) report(file, at(key), `endpoint "${r[key]}" is already used by this entity`, endpointTakenZh(r[key]));
      endpoints.add(r[key]);
    }
  });
  if (entity.workflow) {
    for (const [key, name] of Object.entries({ ...DEFAULT_WORKFLOW_API, ...entity.workflow.api })) {
      if (endpoints.has(name)) report(file, pointer('workflow', 'api', key), `endpoint "${name}" is already used by this entity`, endpointTakenZh(name));
      endpoints.add(name);
    }
  }
}

/**
 * A workflow (docs/metadata.md "Workflows"): its field a stored, readOnly dictionary field whose codes
 * are the states; transitions between declared states, never out of a final one; their fields stored
 * fields of the entity other than the state field.
 */
function checkWorkflow(file: string, entity: EntitySchema, workflow: EntityWorkflow, ctx: EntityContext, report: Report): void {
  const field = fieldByName(entity, workflow.field);
  if (!field) return report(file, '/workflow/field', `workflow names unknown field "${workflow.field}"`, noFieldZh(entity, workflow.field));
  if (field.virtual || field.writeOnly || !field.readOnly) {
    report(file, '/workflow/field', 'the state field must be a stored, answered, readOnly field: only transitions change it', `状态字段“${field.name}”须是存储、会返回的只读字段（"readOnly": true，不能是 virtual 或 writeOnly）：只有流转能改变它`);
  }
  if (entity.audit?.field === workflow.field) report(file, '/audit/field', 'the audit action would bypass the workflow of the same field: declare the audit results as transitions', '审核按钮会绕过同一字段的流程：请去掉 audit，把审核结果写成流程的流转（transitions）');
  const dictionaryName = field.dictionary && 'type' in field.dictionary ? field.dictionary.type : undefined;
  if (!dictionaryName) report(file, '/workflow/field', 'the state field needs a { "type" } dictionary (its codes are the states)', `状态字段“${field.name}”需要 { "type": <字典名> } 字典（字典的代码就是各个状态）`);
  const dictionary = dictionaryName ? (ctx.dictionaryByName.get(dictionaryName) as { json?: { options?: Array<{ value: unknown }> } } | undefined) : undefined;
  const codes = dictionary ? new Set((dictionary.json?.options ?? []).map((o) => String(o.value))) : null;
  const states = new Map<string, WorkflowState>();
  workflow.states.forEach((s, i) => {
    if (states.has(s.value)) report(file, pointer('workflow', 'states', i, 'value'), `duplicate state "${s.value}"`, `状态“${s.value}”重复：每个状态只写一次`);
    if (codes && !codes.has(s.value)) report(file, pointer('workflow', 'states', i, 'value'), `"${s.value}" is not a code of dictionary ${dictionaryName ?? ''}`, `状态“${s.value}”不是字典 ${dictionaryName ?? ''} 的代码，可选：${listZh(codes)}`);
    states.set(s.value, s);
  });
  const stateList = () => listZh(states.keys());
  for (const key of ['editableIn', 'deletableIn'] as const) {
    workflow[key]?.forEach((s, i) => {
      if (!states.has(s)) report(file, pointer('workflow', key, i), `"${s}" is not a state of the workflow`, `${key} 中的状态“${s}”不是流程的状态，可选：${stateList()}`);
    });
  }
  const names = new Set<string>();
  workflow.transitions.forEach((t, i) => {
    const at = (...rest: Array<string | number>) => pointer('workflow', 'transitions', i, ...rest);
    if (names.has(t.name)) report(file, at('name'), `duplicate transition "${t.name}"`, `流转名“${t.name}”重复：请换一个名称`);
    names.add(t.name);
    if (t.endpoint !== undefined) {
      const taken = [...Object.values({ ...DEFAULT_WORKFLOW_API, ...workflow.api }), ...workflow.transitions.slice(0, i).map((o) => o.endpoint)];
      if (taken.includes(t.endpoint)) report(file, at('endpoint'), `endpoint "${t.endpoint}" is taken by another workflow call`, `接口名“${t.endpoint}”已被流程的另一个接口使用：请换一个名称`);
    }
    if (!states.has(t.to)) report(file, at('to'), `"${t.to}" is not a state of the workflow`, `流转“${t.name}”的目标状态“${t.to}”不存在，可选：${stateList()}`);
    t.from.forEach((from, j) => {
      const state = states.get(from);
      if (!state) report(file, at('from', j), `"${from}" is not a state of the workflow`, `流转“${t.name}”的起始状态“${from}”不存在，可选：${stateList()}`);
      else if (state.final) report(file, at('from', j), `state "${from}" is final: no transition leaves it`, `状态“${from}”是终态（final），不能从它流转出去：请去掉此起始状态，或去掉该状态的 final`);
    });
    t.fields?.forEach((f, j) => {
      const target = fieldByName(entity, f.field);
      if (!target) report(file, at('fields', j, 'field'), `transition names unknown field "${f.field}"`, noFieldZh(entity, f.field));
      else if (target.name === workflow.field || target.type === 'id' || target.virtual || target.writeOnly) {
        report(file, at('fields', j, 'field'), `field "${f.field}" cannot be filled in a transition (the state, the id, virtual or writeOnly)`, `字段“${f.field}”不能在流转中填写（状态字段、id、虚拟或只写字段都不行）：请改用其他字段`);
      }
    });
  });
}

/** `after` joins two fields of one ordered type; boolean words belong to boolean fields. */
function checkFieldExtras(file: string, f: EntityField, at: (...rest: Array<string | number>) => string, entity: EntitySchema, report: Report): void {
  if (f.after !== undefined) {
    const other = fieldByName(entity, f.after);
    if (!other) report(file, at('after'), `after names unknown field "${f.after}"`, noFieldZh(entity, f.after));
    else if (other.name === f.name) report(file, at('after'), 'a field cannot come after itself', 'after 不能指向字段自身：请写另一个字段名');
    else if (!ORDERED_TYPES.includes(f.type) || other.type !== f.type) {
      report(file, at('after'), `after joins two fields of the same type, one of ${ORDERED_TYPES.join(', ')} (here ${f.type} and ${other.type})`, `after 连接的两个字段须类型相同，且为 ${listZh(ORDERED_TYPES)} 之一（这里是 ${f.type} 和 ${other.type}）`);
    }
  }
  for (const key of ['trueLabel', 'falseLabel'] as const) {
    if (f[key] !== undefined && f.type !== 'boolean') report(file, at(key), `${key} names a value of boolean fields, not of type "${f.type}"`, `${key} 只用于 boolean 类型的字段，不能用于 ${f.type} 类型`);
  }
}

function checkDictionaryRef(
  file: string,
  at: string,
  ref: NonNullable<EntityField['dictionary']>,
  owner: EntitySchema,
  ctx: EntityContext,
  report: Report,
): void {
  if ('type' in ref) {
    if (!ctx.dictionaryByName.has(ref.type) && !ctx.knownDictionaries.has(ref.type)) {
      report(file, `${at}/type`, `no dictionary named "${ref.type}" in schemas/dictionaries/`, `字典“${ref.type}”不存在（schemas/dictionaries/ 中没有此文件），可选：${listZh([...ctx.knownDictionaries].sort())}`);
    }
    return;
  }
  if ('table' in ref) {
    const target = findEntityByLookupName(ctx.allEntities, ref.table);
    if (!target) {
      if (!ctx.knownLookupNames.has(ref.table.toLowerCase())) report(file, `${at}/table`, `no entity has lookupName "${ref.table}" (matched case-insensitively)`, `没有实体的 lookupName 是“${ref.table}”（不区分大小写），可选：${listZh(ctx.allEntities.flatMap((e) => (e.lookupName ? [e.lookupName] : [])).sort())}`);
      return;
    }
    const field = findLookupField(target, ref.field);
    if (!field) return report(file, `${at}/field`, `entity ${target.name} has no field "${ref.field}" (matched case-insensitively)`, `实体 ${target.name} 没有字段“${ref.field}”（不区分大小写），可选：${listZh(target.fields.filter((f) => f.lookup).map((f) => f.name))}`);
    if (!field.lookup) report(file, `${at}/field`, `field ${target.name}.${field.name} is not marked "lookup": true`, `字段 ${target.name}.${field.name} 没有标记 "lookup": true：请在该字段上加上它`);
    return;
  }
  const target = ctx.allEntities.find((e) => e.name === ref.entity);
  if (!target) {
    if (!ctx.knownEntities.has(ref.entity)) report(file, `${at}/entity`, `no entity named "${ref.entity}" in schemas/entities/`, noEntityZh(ref.entity, ctx.knownEntities));
    return;
  }
  for (const key of ['valueField', 'labelField', 'parentField', 'filterBy'] as const) {
    const name = ref[key];
    if (name !== undefined && !fieldByName(target, name)) report(file, `${at}/${key}`, `entity ${target.name} has no field "${name}"`, noFieldZh(target, name));
  }
  for (const [own, theirs] of Object.entries(ref.fill ?? {})) {
    if (!fieldByName(owner, own)) report(file, `${at}/fill/${own}`, `entity ${owner.name} has no field "${own}" to fill`, noFieldZh(owner, own));
    if (!fieldByName(target, theirs)) report(file, `${at}/fill/${own}`, `entity ${target.name} has no field "${theirs}"`, noFieldZh(target, theirs));
  }
  if (ref.filterBy !== undefined) {
    const own = fieldByName(owner, ref.filterBy);
    if (!own) report(file, `${at}/filterBy`, `filterBy names a field of both entities: ${owner.name} has no field "${ref.filterBy}"`, `filterBy 须是两个实体都有的字段：${noFieldZh(owner, ref.filterBy)}`);
    else if (own.virtual || fieldByName(target, ref.filterBy)?.virtual) report(file, `${at}/filterBy`, `field "${ref.filterBy}" is virtual: options cannot be filtered by it`, `字段“${ref.filterBy}”是虚拟字段（virtual），不能按它筛选选项：请改用存储字段`);
  }
}

const formFieldName = (f: FormField): string => (typeof f === 'string' ? f : f.field);

function checkPage(file: string, page: PageSchema, entity: EntitySchema, entityNamed: (name: string) => EntitySchema | undefined, report: Report): void {
  const missing = (name: string): [string, string] => [`entity ${entity.name} has no field "${name}"`, noFieldZh(entity, name)];
  const neverAnsweredZh = (name: string) => `字段 ${name} 是只写字段（writeOnly），从不返回，不能显示：请去掉`;
  page.list.columns.forEach((c, i) => {
    const field = fieldByName(entity, c.field);
    if (!field) report(file, pointer('list', 'columns', i, 'field'), ...missing(c.field));
    else if (field.writeOnly) report(file, pointer('list', 'columns', i, 'field'), `field ${field.name} is writeOnly and never answered`, neverAnsweredZh(field.name));
  });
  if (page.list.tree && !entity.parentField) report(file, '/list/tree', `a tree list needs the entity's "parentField" (entity ${entity.name} has none)`, `树形列表需要实体的 "parentField"（实体 ${entity.name} 没有）：请给实体加上 parentField，或去掉 tree`);
  if (page.list.mode === 'infiniteScroll') {
    if (page.list.tree) report(file, '/list/mode', 'an infiniteScroll list cannot be a tree list', '滚动加载（infiniteScroll）的列表不能是树形列表：请去掉 tree 或 mode');
    const sizes = page.list.pageSizes ?? [];
    if ((page.list.defaultPageSize ?? 10) !== 10 || sizes.some((n) => n !== 10)) report(file, '/list/mode', 'an infiniteScroll list pages by 10 rows (§9): no other defaultPageSize or pageSizes', '滚动加载（infiniteScroll）的列表每次 10 行（§9）：请去掉 defaultPageSize 和 pageSizes，或都写 10');
    if (page.list.batchActions?.length || page.list.batchTransitions?.length) report(file, '/list/mode', 'an infiniteScroll list has no row selection: no batchActions or batchTransitions', '滚动加载（infiniteScroll）的列表不能勾选行：请去掉 batchActions 和 batchTransitions');
  }
  const auditAt = page.list.rowActions?.indexOf('audit') ?? -1;
  if (auditAt >= 0 && !entity.audit) report(file, pointer('list', 'rowActions', auditAt), `the audit action needs the entity's "audit" (entity ${entity.name} has none)`, `审核按钮需要实体的 "audit"（实体 ${entity.name} 没有）：请给实体加上 audit，或去掉此按钮`);
  const workflowAt = page.list.rowActions?.indexOf('workflow') ?? -1;
  if (workflowAt >= 0 && !entity.workflow) report(file, pointer('list', 'rowActions', workflowAt), `the workflow actions need the entity's "workflow" (entity ${entity.name} has none)`, `流程按钮需要实体的 "workflow"（实体 ${entity.name} 没有）：请给实体加上 workflow，或去掉此按钮`);
  page.list.batchTransitions?.forEach((name, i) => {
    if (!entity.workflow?.transitions.some((t) => t.name === name)) report(file, pointer('list', 'batchTransitions', i), `entity ${entity.name} has no workflow transition "${name}"`, `实体 ${entity.name} 的流程没有流转“${name}”，可选：${listZh(entity.workflow?.transitions.map((t) => t.name) ?? [])}`);
  });
  page.detail?.relations?.forEach((r, i) => {
    const relation = entity.relations?.find((x) => x.name === r.relation);
    if (!relation) return report(file, pointer('detail', 'relations', i, 'relation'), `entity ${entity.name} has no relation "${r.relation}"`, `实体 ${entity.name} 没有关联“${r.relation}”，可选：${listZh(entity.relations?.map((x) => x.name) ?? [])}`);
    const linked = entityNamed(relation.entity);
    if (!linked) return;
    r.columns.forEach((c, j) => {
      const field = fieldByName(linked, c);
      if (!field) report(file, pointer('detail', 'relations', i, 'columns', j), `entity ${linked.name} has no field "${c}"`, noFieldZh(linked, c));
      else if (field.writeOnly) report(file, pointer('detail', 'relations', i, 'columns', j), `field ${linked.name}.${c} is writeOnly and never answered`, neverAnsweredZh(`${linked.name}.${c}`));
    });
  });
  page.search?.fields.forEach((s, i) => {
    const field = fieldByName(entity, s.field);
    if (!field) return report(file, pointer('search', 'fields', i, 'field'), ...missing(s.field));
    if (field.virtual || field.writeOnly) return report(file, pointer('search', 'fields', i, 'field'), `field ${field.name} is ${field.virtual ? 'virtual' : 'writeOnly'} and cannot be searched`, `字段 ${field.name} 是${field.virtual ? '虚拟字段（virtual）' : '只写字段（writeOnly）'}，不能作为查询条件：请去掉`);
    const allowed = FIELD_TYPES[field.type].operators;
    if (!allowed.includes(s.operator)) {
      report(
        file,
        pointer('search', 'fields', i, 'operator'),
        `operator "${s.operator}" is not allowed on field ${field.name} of type ${field.type} (allowed: ${allowed.join(', ') || 'none'})`,
        `${field.type} 类型的字段 ${field.name} 不能用比较方式“${s.operator}”，可选：${listZh(allowed)}`,
      );
    }
  });
  for (const part of ['form', 'detail'] as const) {
    page[part]?.fields.forEach((f, i) => {
      const name = formFieldName(f);
      const at = typeof f === 'string' ? pointer(part, 'fields', i) : pointer(part, 'fields', i, 'field');
      const field = fieldByName(entity, name);
      if (!field) report(file, at, ...missing(name));
      else if (part === 'detail' && field.writeOnly) report(file, at, `field ${name} is writeOnly and never answered`, neverAnsweredZh(name));
    });
  }
  page.list.sums?.forEach((name, i) => {
    const field = fieldByName(entity, name);
    if (!field) report(file, pointer('list', 'sums', i), ...missing(name));
    else if (!SUMMABLE_TYPES.includes(field.type) || field.virtual || field.writeOnly) report(file, pointer('list', 'sums', i), `field ${name} of type ${field.type} cannot be summed (integer, number or money columns only)`, `${field.type} 类型的字段 ${name} 不能合计：只有 integer、number、money 类型的存储列可以`);
    else if (!page.list.columns.some((c) => c.field === name)) report(file, pointer('list', 'sums', i), `field ${name} is summed but not a column of the list`, `字段 ${name} 要合计，但不是列表的列：请把它加到 list.columns`);
  });
  const { pageSizes, defaultPageSize } = page.list;
  if (pageSizes && defaultPageSize !== undefined && !pageSizes.includes(defaultPageSize)) {
    report(file, '/list/defaultPageSize', `defaultPageSize ${defaultPageSize} is not one of pageSizes ${pageSizes.join(', ')}`, `默认每页行数 ${defaultPageSize} 不在 pageSizes 中，可选：${listZh(pageSizes)}`);
  }
  checkPageViews(file, page, entity, entityNamed, report);
  if (page.statistics) {
    const stats = entity.statistics;
    if (!stats) report(file, '/statistics', `entity ${entity.name} declares no statistics`, `实体 ${entity.name} 没有声明 statistics：请先在实体中声明统计，或去掉页面的 statistics`);
    page.statistics.groupBy.forEach((g, i) => {
      if (stats && !stats.groupBy.includes(g.field)) report(file, pointer('statistics', 'groupBy', i, 'field'), `"${g.field}" is not a statistics group of ${entity.name}`, `“${g.field}”不是实体 ${entity.name} 的统计分组，可选：${listZh(stats.groupBy)}`);
    });
    page.statistics.measures?.forEach((m, i) => {
      if (stats && !stats.measures.some((x) => x.name === m)) report(file, pointer('statistics', 'measures', i), `"${m}" is not a statistics measure of ${entity.name}`, `“${m}”不是实体 ${entity.name} 的统计指标，可选：${listZh(stats.measures.map((x) => x.name))}`);
    });
  }
  page.list.toolbar?.forEach((t, i) => {
    if (!t.batch) return;
    const at = pointer('list', 'toolbar', i, 'batch');
    if (t.action !== 'add') report(file, at, 'only an add button creates rows in a batch', '只有新增（add）按钮可以批量新增：请去掉 batch，或把 action 改为 add');
    if (!entity.batch?.create) report(file, at, `entity ${entity.name} has no batch.create (BatchCreate)`, `实体 ${entity.name} 没有 batch.create（BatchCreate）：请先在实体中声明`);
    const names = [...(t.batch.fields ?? []), ...t.batch.columns];
    names.forEach((name) => {
      const field = fieldByName(entity, name);
      if (!field) report(file, at, ...missing(name));
      else if (field.readOnly || field.numbering || field.virtual || field.type === 'id') report(file, at, `field ${name} is not written by a create`, `字段 ${name} 不会在新增时写入（只读、编码规则生成、虚拟或 id）：请去掉`);
    });
    if (new Set(names).size !== names.length) report(file, at, 'a field is both shared and a row column', '同一字段不能既是共用字段（fields）又是行的列（columns）：请只写在一处');
  });
  if (!page.form) {
    page.list.toolbar?.forEach((t, i) => {
      if (t.action === 'add') report(file, pointer('list', 'toolbar', i, 'action'), 'the add button needs a "form"', '新增按钮需要页面的 "form"：请加上表单，或去掉此按钮');
    });
    const edit = page.list.rowActions?.indexOf('edit') ?? -1;
    if (edit >= 0) report(file, pointer('list', 'rowActions', edit), 'the edit action needs a "form"', '编辑按钮需要页面的 "form"：请加上表单，或去掉此按钮');
  }
}

/** Buttons the page shows must exist as button permissions of its menu group node (§6), or no one could use them. */
function checkPageActions(file: string, page: PageSchema, permission: PermissionRef, menus: readonly MenuSourceNode[], report: Report, entity?: EntitySchema): void {
  const group = permissionNode(menus, permission);
  if (!group) return;
  const actions = new Set(nodeButtons(group));
  const need = (action: (typeof ACTION_NAMES)[number] | (string & {}), at: string) => {
    if (!actions.has(action)) report(file, at, `menu node "${permission.page}" › "${permission.group}" has no "${action}" action for this button`, `菜单节点“${permission.page} › ${permission.group}”下没有“${action}”按钮权限：请在 menus.json 该节点的 actions 中加上它（现有：${listZh(actions)}）`);
  };
  page.list.toolbar?.forEach((t, i) => need(t.action, pointer('list', 'toolbar', i, 'action')));
  page.list.rowActions?.forEach((a, i) => {
    if (a === 'edit' || a === 'delete' || a === 'audit') need(a, pointer('list', 'rowActions', i));
  });
  // A transition's permitting action is a button of the same node (§6): without it no role could move the row.
  const workflowAt = page.list.rowActions?.indexOf('workflow') ?? -1;
  entity?.workflow?.transitions.forEach((t) => {
    const batchAt = page.list.batchTransitions?.indexOf(t.name) ?? -1;
    if (workflowAt >= 0) need(t.action, pointer('list', 'rowActions', workflowAt));
    else if (batchAt >= 0) need(t.action, pointer('list', 'batchTransitions', batchAt));
  });
}

function checkSeed(file: string, seed: SeedFile, entity: EntitySchema, report: Report): void {
  const hasProject = entity.scope === 'project' || entity.fields.some((f) => f.type === 'project');
  seed.rows.forEach((row, i) => {
    for (const key of Object.keys(row)) {
      if ((SEED_KEYS as readonly string[]).includes(key)) continue;
      const field = fieldByName(entity, key);
      if (!field) report(file, pointer('rows', i, key), `entity ${entity.name} has no field "${key}"`, noFieldZh(entity, key));
      else if (field.type === 'id') report(file, pointer('rows', i, key), 'seed rows do not set the id; the table assigns it', '演示数据不写 id，由数据表分配：请去掉');
      else if (relativeDateProblem(row[key]) !== null) report(file, pointer('rows', i, key), relativeDateProblem(row[key]) as string, relativeDateZh(row[key] as string));
      else if (isRelativeDate(row[key]) && field.type !== 'date' && field.type !== 'datetime') report(file, pointer('rows', i, key), `a relative date fits a date or datetime field, not type "${field.type}"`, `相对日期只能用于 date 或 datetime 类型的字段，不能用于 ${field.type} 类型`);
      else if (!isRelativeDate(row[key]) && !valueFits(field.type, row[key])) report(file, pointer('rows', i, key), `${JSON.stringify(row[key])} is not a value of a ${field.type} field`, `${JSON.stringify(row[key])} 不是 ${field.type} 类型字段的有效值${field.type === 'datetime' ? '（如 2026-11-25T08:00:00+08:00 或相对日期 $now-2h）' : ''}`);
    }
    if (row.projectNo !== undefined && !hasProject) report(file, pointer('rows', i, 'projectNo'), `entity ${entity.name} has no project (scope ${entity.scope}, no project field)`, noProjectZh(entity));
    for (const f of entity.fields) {
      if (!f.required || f.readOnly || f.type === 'id' || row[f.name] !== undefined) continue;
      if (f.type === 'project' && row.projectNo !== undefined) continue;
      report(file, pointer('rows', i), `missing required field "${f.name}"`, `缺少必填字段“${f.name}”（${f.title}）：请在这一行写上它的值`);
    }
  });
}

/** Whether a seed value has the JSON type of its field type (FIELD_TYPES json), or is null; datetimes must read as one. */
function valueFits(type: EntityField['type'], value: unknown): boolean {
  if (value === null) return true;
  if (type === 'datetime') return typeof value === 'string' && zonedDateTime(value) !== null;
  const declared = FIELD_TYPES[type].json.type;
  const types = Array.isArray(declared) ? (declared as string[]) : [String(declared)];
  return types.some((t) => {
    switch (t) {
      case 'string':
        return typeof value === 'string';
      case 'integer':
        return Number.isInteger(value);
      case 'number':
        return typeof value === 'number' && Number.isFinite(value);
      case 'boolean':
        return typeof value === 'boolean';
      case 'array':
        return Array.isArray(value);
      case 'object':
        return typeof value === 'object' && !Array.isArray(value);
      default:
        return false;
    }
  });
}
