// Meta-schema validation: each schema file against its schemas/meta/*.schema.json (JSON Schema 2020-12),
// with ajv's errors turned into `pointer: message` problems a configurator can act on.
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import contentMeta from '../../schemas/meta/content.schema.json';
import dictionaryMeta from '../../schemas/meta/dictionary.schema.json';
import entityMeta from '../../schemas/meta/entity.schema.json';
import menuMeta from '../../schemas/meta/menu.schema.json';
import pageMeta from '../../schemas/meta/page.schema.json';
import seedMeta from '../../schemas/meta/seed.schema.json';
import { ACTION_NAMES } from '../constants';
import { FIELD_TYPES } from '../field-types';
import { FORMATS } from '../validators';
import { listZh, pointer } from './problems';
import type { SchemaFile, SchemaProblem } from './types';

export type SchemaKind = 'entity' | 'page' | 'menu' | 'dictionary' | 'content' | 'seed';

export const META_SCHEMAS = {
  entity: entityMeta,
  page: pageMeta,
  menu: menuMeta,
  dictionary: dictionaryMeta,
  content: contentMeta,
  seed: seedMeta,
} as const;

/** Where each meta-schema lives, for problems about the meta-schemas themselves. */
export const META_FILES: Readonly<Record<SchemaKind, string>> = {
  entity: 'schemas/meta/entity.schema.json',
  page: 'schemas/meta/page.schema.json',
  menu: 'schemas/meta/menu.schema.json',
  dictionary: 'schemas/meta/dictionary.schema.json',
  content: 'schemas/meta/content.schema.json',
  seed: 'schemas/meta/seed.schema.json',
};

let validators: Record<SchemaKind, ValidateFunction> | null = null;

function compiled(): Record<SchemaKind, ValidateFunction> {
  if (validators) return validators;
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true });
  addFormats(ajv, ['regex', 'date']);
  ajvErrors(ajv);
  for (const schema of Object.values(META_SCHEMAS)) ajv.addSchema(schema);
  const get = (kind: SchemaKind): ValidateFunction => {
    const v = ajv.getSchema(META_SCHEMAS[kind].$id);
    if (!v) throw new Error(`meta-schema ${kind} did not compile`);
    return v;
  };
  validators = {
    entity: get('entity'),
    page: get('page'),
    menu: get('menu'),
    dictionary: get('dictionary'),
    content: get('content'),
    seed: get('seed'),
  };
  return validators;
}

/** Problems of one file against the meta-schema of its kind; [] when it conforms. */
export function validateMeta(kind: SchemaKind, source: SchemaFile): SchemaProblem[] {
  const validate = compiled()[kind];
  if (validate(source.json)) return [];
  const seen = new Set<string>();
  const problems: SchemaProblem[] = [];
  for (const error of validate.errors ?? []) {
    const problem = toProblem(source.file, error);
    if (!problem) continue;
    const key = `${problem.pointer}\u0000${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

function toProblem(file: string, e: ErrorObject): SchemaProblem | null {
  const at = e.instancePath;
  switch (e.keyword) {
    // if/then/else reports the branch's own errors too; the summary line adds nothing.
    case 'if':
      return null;
    case 'additionalProperties': {
      const key = String((e.params as { additionalProperty: string }).additionalProperty);
      const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      return { file, pointer: at + pointer(key), message: `unknown key "${key}"`, messageZh: `不认识的属性“${key}”${known.length ? `，此处可写的属性：${listZh(known)}` : '：此处不能写属性'}` };
    }
    case 'required': {
      const key = String((e.params as { missingProperty: string }).missingProperty);
      return { file, pointer: at, message: `missing required key "${key}"`, messageZh: `缺少必填属性“${key}”：请写上它` };
    }
    case 'enum': {
      const values = (e.params as { allowedValues: unknown[] }).allowedValues;
      const allowed = values.map((v) => JSON.stringify(v)).join(', ');
      return { file, pointer: at, message: `${JSON.stringify(e.data)} is not one of ${allowed}`, messageZh: enumZh(at, e.data, values) };
    }
    default:
      return { file, pointer: at, message: e.message ?? e.keyword, messageZh: metaErrorZh(e) };
  }
}

/** The last segment of a JSON pointer when it names a key (not an array index): `onDelete` of /fields/3/onDelete. */
function keyOf(at: string): string | undefined {
  const last = at.split('/').pop()?.replace(/~1/g, '/').replace(/~0/g, '~');
  return last && !/^\d+$/.test(last) ? last : undefined;
}

/** `onDelete 只能是 cascade、refuse（现为 "restrict"）`. */
function enumZh(at: string, data: unknown, values: readonly unknown[]): string {
  const key = keyOf(at);
  const shown = values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  const choice = shown.length > 1 ? `${shown.slice(0, -1).join('、')} 或 ${shown.at(-1)}` : (shown[0] ?? '');
  return `${key ?? '取值'} 只能是 ${choice}（现为 ${JSON.stringify(data)}）`;
}

const TYPE_ZH: Readonly<Record<string, string>> = {
  string: '文本',
  number: '数字',
  integer: '整数',
  boolean: '布尔值（true 或 false）',
  object: '对象 { … }',
  array: '数组 [ … ]',
  null: 'null',
};

/** The JSON type of a value in Chinese. */
function typeOfZh(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return TYPE_ZH.array;
  if (typeof value === 'number' && Number.isInteger(value)) return TYPE_ZH.integer;
  return TYPE_ZH[typeof value] ?? typeof value;
}

const FORMAT_ZH: Readonly<Record<string, string>> = { regex: '正则表达式', date: '日期（YYYY-MM-DD）' };

/**
 * The texts the meta-schemas give with `errorMessage` (ajv-errors), in Chinese. Every errorMessage of
 * schemas/meta/*.schema.json has its line here (tests/unit/codegen/problem-lines.test.ts checks it).
 */
export const META_MESSAGES_ZH: Readonly<Record<string, string>> = {
  'content name must be lowerCamelCase (e.g. questionGroups)': '内容结构名须为小写字母开头的驼峰式，只含字母和数字（如 questionGroups）',
  'dictionary name must be letters, digits or _, starting with a letter': '字典名只能含字母、数字和 _，并以字母开头',
  'entity name must be PascalCase (e.g. InspectionTemplate)': '实体名须为大写字母开头的驼峰式，只含字母和数字（如 InspectionTemplate）',
  'lookupName must be letters and digits, starting with a letter': 'lookupName 只能含字母和数字，并以字母开头',
  'countAs is a measure word and noun without spaces, e.g. 名人员': 'countAs 是不含空格的量词加名词，如 名人员',
  'hooks names a module server/hooks/<name>.ts in kebab-case': 'hooks 写 server/hooks/<名称>.ts 模块的名称：小写字母、数字和 -（如 payroll）',
  'unique scope is "company", "project" or "global"': '唯一规则的 scope 只能是 company、project 或 global',
  'numbering scope is "company", "project" or "global"': '编码规则的 scope 只能是 company（每个公司一个流水号）、project（每个项目一个）或 global（全表一个）',
  'numbering reset is "day", "month", "year" or "never"': '编码规则的 reset 只能是 day（每天）、month（每月）、year（每年）或 never（不重置）',
  'must be lower snake_case (a-z, 0-9, _), at most 48 characters': '只能含小写字母、数字和 _（如 pay_month），最多 48 个字符',
  'an index is an array of field names or { "fields": [...], "where": {...} }': '索引须是字段名数组，或 { "fields": [...], "where": {...} }',
  'a partial index compares a field with a literal: true, false, a number or a string (or { "ne": literal })': '部分索引的条件把字段与一个值比较：true、false、数字或文本（或 { "ne": 值 }）',
  'field name must be lowerCamelCase (e.g. deviceType)': '字段名须为小写字母开头的驼峰式，只含字母和数字（如 deviceType）',
  'must be letters, digits or _, starting with a letter': '只能含字母、数字和 _，并以字母开头',
  'dictionary must be { type }, { table, field } or { entity, valueField, labelField, parentField?, filterBy?, fill? }':
    'dictionary 须是 { type }、{ table, field } 或 { entity, valueField, labelField, parentField?, filterBy?, fill? } 三种写法之一',
  'wire must be letters, digits or _': 'wire 只能含字母、数字和 _',
  'onDelete is "cascade" (or absent: deleting a referenced row is refused)': 'onDelete 只能是 cascade（不写则被引用的行不能删除）',
  'viewAction is a §6 action name in lowerCamelCase (e.g. viewIdNumber)': 'viewAction 是 §6 的权限名，小写字母开头的驼峰式（如 viewIdNumber）',
  'editAction is a §6 action name in lowerCamelCase (e.g. editSalary)': 'editAction 是 §6 的权限名，小写字母开头的驼峰式（如 editSalary）',
  'mask is "idNumber" (§5.6: first 4 and last 4 characters)': 'mask 只能是 idNumber（§5.6：显示前 4 位和后 4 位）',
  'entity must name an entity (PascalCase)': 'entity 须写一个实体名（大写字母开头的驼峰式，如 WorkOrder）',
  'onDelete is "cascade" (or absent: deleting a linked row is refused)': 'onDelete 只能是 cascade（不写则有关联的行不能删除）',
  'batch mode is "all-or-nothing" or "each"': '批量方式 mode 只能是 all-or-nothing 或 each',
  'onDelete is "cascade" or "refuse"': 'onDelete 只能是 cascade 或 refuse',
  'must be an antd tag colour name or #rrggbb': '须是 antd 标签颜色名（如 blue、green、red）或 #rrggbb',
  'must be a lower-case hook name (a-z, 0-9, -)': '须是小写的钩子名（a-z、0-9、-）',
  'menu id must be letters, digits, _ or ., without the button separator :': '菜单 id 只能含字母、数字、_ 和 .，不能含按钮分隔符 :',
  "an action is add, edit, delete, search, audit, export, inport, delivery or a field permission's view…/edit… action, or exportPersonalData (导出完整个人信息)":
    '按钮权限只能是 add、edit、delete、search、audit、export、inport、delivery，字段权限的 view…/edit… 权限名，或 exportPersonalData（导出完整个人信息）',
  'page name must be lowerCamelCase (e.g. inspectionTemplate)': '页面名须为小写字母开头的驼峰式，只含字母和数字（如 inspectionTemplate）',
  'width is a number of pixels or a text such as 60% or 960px': 'width 是像素数，或 60%、960px 这样的文本',
  'component names a registered component (e.g. QuestionGroups, Input.TextArea)': 'component 须是已注册的组件名（如 QuestionGroups、Input.TextArea）',
  'transition name must be lowerCamelCase (e.g. approve)': '流转名须为小写字母开头的驼峰式，只含字母和数字（如 approve）',
};

/** An ajv error in Chinese, by keyword (the custom errorMessage texts by META_MESSAGES_ZH). */
function metaErrorZh(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  const key = keyOf(e.instancePath);
  const subject = key ?? '此值';
  const now = `（现为 ${JSON.stringify(e.data)}）`;
  switch (e.keyword) {
    case 'errorMessage': {
      const zh = e.message ? META_MESSAGES_ZH[e.message] : undefined;
      if (zh) return `${zh}，现为 ${JSON.stringify(e.data)}`;
      const inner = (p.errors as ErrorObject[] | undefined)?.[0];
      return inner ? metaErrorZh({ ...inner, data: e.data }) : `不符合元结构的要求${now}`;
    }
    case 'const':
      return `${subject} 只能是 ${JSON.stringify(p.allowedValue)}${now}`;
    case 'type': {
      const types = String(p.type).split(',').map((t) => TYPE_ZH[t] ?? t);
      return `${subject} 应为${types.join('或')}，现为${typeOfZh(e.data)}`;
    }
    case 'pattern':
      return `${subject} 的写法不对：“${String(e.data)}”须符合正则 ${String(p.pattern)}`;
    case 'format':
      return `${subject} 须是有效的${FORMAT_ZH[String(p.format)] ?? String(p.format)}${now}`;
    case 'minimum':
      return `${subject} 不能小于 ${String(p.limit)}${now}`;
    case 'maximum':
      return `${subject} 不能大于 ${String(p.limit)}${now}`;
    case 'exclusiveMinimum':
      return `${subject} 须大于 ${String(p.limit)}${now}`;
    case 'exclusiveMaximum':
      return `${subject} 须小于 ${String(p.limit)}${now}`;
    case 'minLength':
      return Number(p.limit) === 1 ? `${subject} 不能为空` : `${subject} 至少 ${String(p.limit)} 个字符${now}`;
    case 'maxLength':
      return `${subject} 最多 ${String(p.limit)} 个字符（现有 ${String(e.data).length} 个）`;
    case 'minItems':
      return `${subject} 至少要有 ${String(p.limit)} 项`;
    case 'maxItems':
      return `${subject} 最多 ${String(p.limit)} 项`;
    case 'uniqueItems':
      return `${subject} 中第 ${String(p.j)} 项与第 ${String(p.i)} 项重复（从 0 起数）：每项须不同`;
    case 'minProperties':
      return `${subject} 至少要有 ${String(p.limit)} 个属性`;
    case 'maxProperties':
      return `${subject} 最多 ${String(p.limit)} 个属性`;
    case 'propertyNames':
      return `属性名“${String(p.propertyName)}”无效`;
    case 'anyOf':
    case 'oneOf':
      return p.passingSchemas ? `${subject} 同时符合多种写法，只能符合一种` : `${subject} 不符合任何一种允许的写法`;
    case 'not':
      return `${subject} 不能是 ${JSON.stringify(e.data)}`;
    case 'false schema':
      return `此处不能写 ${subject}：请去掉`;
    default:
      return `不符合元结构的要求${now}`;
  }
}

/**
 * The enums the meta-schemas repeat for editors (field types, formats, menu actions) must equal their
 * one source in common/; a drift is reported against the meta-schema file.
 */
export function checkMetaDrift(): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const same = (file: string, at: string, actual: readonly unknown[], expected: readonly string[], source: string) => {
    const a = [...actual].map(String).sort().join(',');
    const b = [...expected].sort().join(',');
    if (a !== b) {
      problems.push({ file, pointer: at, message: `must list exactly the keys of ${source}: ${[...expected].join(', ')}`, messageZh: `须正好列出 ${source} 的键：${listZh(expected)}` });
    }
  };
  same(META_FILES.entity, '/$defs/fieldType/enum', entityMeta.$defs.fieldType.enum, Object.keys(FIELD_TYPES), 'FIELD_TYPES (common/field-types.ts)');
  same(META_FILES.entity, '/$defs/format/enum', entityMeta.$defs.format.enum, Object.keys(FORMATS), 'FORMATS (common/validators.ts)');
  same(META_FILES.menu, '/$defs/node/properties/actions/items/anyOf/0/enum', menuMeta.$defs.node.properties.actions.items.anyOf[0].enum ?? [], ACTION_NAMES, 'ACTION_NAMES (common/constants.ts)');
  return problems;
}
