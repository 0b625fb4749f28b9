// Chinese texts of the generic engine (docs/metadata.md): default field-rule messages naming the field
// title (§5.1 style: 请输入模板名称, 模板名称不能超过100个字) and the engine's own refusals.
import type { FieldMessages } from '../../common/metadata';
import { FIELD_TYPES, numericBounds } from '../../common/field-types';
import { FORMATS, type FormatName } from '../../common/validators';
import type { ModelField } from './model';

export const ENGINE_MESSAGES = {
  notFound: '记录不存在或无权访问',
  saved: '保存成功',
  deleted: '删除成功',
  imported: '导入完成',
  importNothing: '导入文件中没有数据',
  importFileMissing: '请选择要导入的文件',
  importFileInvalid: '导入文件格式不正确，请使用导出的Excel模板',
  importHeaderMismatch: '导入文件的表头与导出的表头不一致',
  importColumnUnknown: (title: string) => `导入文件的表头“${title}”不是本页的字段，请下载导入模板`,
  importPartial: (inserted: number, rejected: number) => `导入完成：成功${inserted}条，${rejected}条有误未导入`,
  importRefused: (rows: number) => `导入失败：${rows}行数据有误，未导入任何数据`,
  /** An import over its limits (sheet-limits.ts), refused before the file is parsed. */
  importTooLarge: (mb: number) => `导入文件过大：解压后超过${mb}MB`,
  importTooManyRows: (max: number) => `一次最多导入${max}行`,
  importTooManyColumns: (max: number) => `导入文件列数超过${max}列`,
  noKeyword: '该列表不支持关键字搜索',
  unknownTable: '查询的表不存在',
  unknownField: '查询的字段不存在',
  pageMissing: '页面不存在',
  audited: '审核成功',
  /** Optimistic concurrency (docs/metadata.md "Versions"): the row changed since the client read it. */
  stale: '数据已被他人修改，请刷新后重试',
  /** Workflows (workflow.ts); batchEmpty and batchTooMany also for batches (batch.ts). */
  transitioned: '操作成功',
  transitionUnknown: '不支持的操作',
  transitionNotAllowed: (state: string, transition: string) => `当前状态“${state}”不能执行“${transition}”`,
  notEditableIn: (state: string) => `当前状态“${state}”不能修改`,
  notDeletableIn: (state: string) => `当前状态“${state}”不能删除`,
  batchEmpty: '请选择要操作的记录',
  batchTooMany: (max: number) => `一次最多操作${max}条记录`,
  /** The row a write produced would lie outside the caller's scope (scope.ts): nothing is kept. */
  outOfScope: '保存后的数据不在您的数据范围内，未保存',
  inUse: '该记录已被其他数据使用，不能删除',
  /** A delete refused by the rows still referring to it (delete-rule.ts), e.g. 18 名人员、401 条考勤记录. */
  inUseBy: (counts: readonly string[]) => `该记录已被其他数据使用：${counts.join('、')}`,
  referenceMissing: '关联的数据不存在或已删除',
  /** Child collections (children.ts) and batches (batch.ts; their empty and too-many messages are the workflow's above). */
  childrenTooMany: (title: string, max: number) => `${title}不能超过${max}条`,
  childrenTooFew: (title: string, min: number) => `${title}至少${min}条`,
  childMissing: '子表不存在',
  batchRolledBack: '同批有数据失败，本条未执行',
  duplicateRow: '数据已存在，请勿重复提交',
  duplicate: (title: string) => `${title}已存在`,
  /** A company or parent the caller cannot see (references.ts). */
  referenceOutOfScope: (title: string) => `所选${title}不存在或无权访问`,
  parentCycle: (title: string) => `${title}不能是本身或其下级`,
  /** A referenced row of another project (dictionary filterBy, references.ts). */
  referenceMismatch: (title: string, other: string) => `所选${title}与${other}不匹配`,
  auditValue: (title: string) => `${title}的取值无效`,
  /** Related lists (entity-relations.ts). */
  relationOutOfScope: (title: string) => `所选${title}不存在或无权访问`,
  relationIds: '请选择要添加或移除的记录',
  /** An import cell names a project or company the caller cannot see (labels.ts). */
  labelUnknown: (title: string, name: string) => `${title}“${name}”不存在或无权访问`,
} as const;

/** Fields the user picks rather than types get 请选择, the others 请输入. */
const isPicked = (f: ModelField): boolean =>
  f.dictionary !== undefined || f.enum !== undefined || ['project', 'company', 'boolean', 'date', 'datetime', 'image', 'file'].includes(f.type);

export function ruleMessage(field: ModelField, rule: keyof FieldMessages): string {
  const custom = field.messages?.[rule];
  if (custom) return custom;
  const t = field.title;
  switch (rule) {
    case 'required':
      return `${isPicked(field) ? '请选择' : '请输入'}${t}`;
    case 'maxLength':
      return `${t}不能超过${field.maxLength}个字`;
    case 'minLength':
      return `${t}不能少于${field.minLength}个字`;
    // The field's own bound, else its column's (common/field-types.ts numericBounds).
    case 'maximum':
      return `${t}不能大于${numericBounds(field).maximum ?? field.maximum}`;
    case 'minimum':
      return `${t}不能小于${numericBounds(field).minimum ?? field.minimum}`;
    case 'enum':
      return `${t}的取值无效`;
    case 'format': {
      // The field's own format, else its type's (a date field is checked as §5.5 date).
      const name = field.format ?? FIELD_TYPES[field.type].json.format;
      return typeof name === 'string' && name in FORMATS ? FORMATS[name as FormatName].message : `${t}格式不正确`;
    }
    case 'pattern':
      return `${t}格式不正确`;
    case 'after':
      // Cross-field: the partner's title is known to field-order.ts (entity-writes.ts); this is the fallback.
      return `${t}的先后顺序不正确`;
  }
}

/** A value of the wrong type where a person typed it (an import cell). */
export const typeMessage = (field: ModelField): string => `${field.title}格式不正确`;

/** 400 details for list parameters (docs/api.md: 请求参数格式错误 plus what was wrong). */
export const listParamMessages = {
  filtersNotJson: '筛选条件不是有效的 JSON 数组',
  filterShape: '筛选条件须为 {field, operator, value}',
  unknownField: (field: string) => `不支持按字段 ${field} 筛选`,
  badOperator: (title: string, op: string) => `字段 ${title} 不支持 ${op} 筛选`,
  badValue: (title: string) => `字段 ${title} 的筛选值无效`,
  badSort: (sort: string) => `不支持按 ${sort} 排序`,
  badSum: (field: string) => `不支持对 ${field} 合计`,
  badCursor: '分页位置无效，请回到第一页重新查询',
} as const;
