// The metadata contract (architecture §4): the TypeScript shape of entity and page schemas in schemas/.
// schemas/meta/*.schema.json check the same shape at codegen and at server start; docs/metadata.md
// explains every key. Browser and server both read schemas through these types.
import type { ActionName } from './constants';
import type { FormatName } from './validators';
import type { PageViewComponent } from './metadata/page-views';

/** The field types of the entity meta-schema; what each one is everywhere is common/field-types.ts FIELD_TYPES. */
export type FieldType =
  | 'id'
  | 'string'
  | 'text'
  | 'integer'
  | 'number'
  | 'money'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'json'
  | 'image'
  | 'file'
  | 'project'
  | 'company';

/** Where a field's options come from. */
export type DictionaryRef =
  /** A code table of schemas/dictionaries/<type>.json, served by SysDictionary/GetListByType. */
  | { type: string }
  /**
   * Distinct values of another entity's field (§7.6 select-table-field: tableName routInspManage,
   * fieldName DeviceType), served by SelectTableField/WhereMulSelectList. The field must be `lookup: true`.
   */
  | { table: string; field: string }
  /**
   * Rows of another entity: value and label fields, served by that entity's list endpoint. With
   * `parentField` (the field holding a row's parent id, §3.4 pId) the options form a tree and the form
   * shows a tree select. With `filterBy` (a field both entities have, e.g. projectId) the options are the
   * rows whose `filterBy` equals the form's, and the server refuses a row of another one (a wage card's
   * worker must be on the card's project).
   */
  | {
      entity: string;
      valueField: string;
      labelField: string;
      parentField?: string;
      filterBy?: string;
      /**
       * Fields of this form filled from the picked row when the user picks one: this entity's field →
       * the other entity's field (a wage card's 持卡人姓名 and 身份证号 from the roster's worker).
       */
      fill?: Record<string, string>;
    };

/** Chinese messages for the rules of one field; each has a sensible default when absent. */
export type FieldMessages = Partial<
  Record<'required' | 'format' | 'minLength' | 'maxLength' | 'minimum' | 'maximum' | 'pattern' | 'enum' | 'after', string>
>;

/** A JSON Schema fragment describing the content of a `json` field (e.g. a question list). */
export type JsonContentSchema = {
  type: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  title?: string;
  /** Placeholder / hint in the editor. */
  description?: string;
  properties?: Record<string, JsonContentSchema>;
  items?: JsonContentSchema;
  required?: string[];
  maxItems?: number;
};

export type EntityField = {
  /** Key in responses, forms and filters: lowerCamelCase. */
  name: string;
  /** SQL column; default: snake_case of `name`. */
  column?: string;
  /** Another name accepted for this field in write payloads (the spec's wire name, e.g. device_type). */
  wire?: string;
  type: FieldType;
  title: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** A regular expression the value must match (JavaScript syntax, no flags). */
  pattern?: string;
  /** One of the shared format checks of §5.5 (common/validators.ts). */
  format?: FormatName;
  enum?: Array<string | number>;
  /**
   * Cross-field order (date, datetime or numeric fields of the same type): this value may not lie before
   * the named field's, e.g. an end date `"after": "startDate"` (message `after`, default
   * `结束日期不能早于开始日期`). Checked by the form and the server, on update against the stored row.
   */
  after?: string;
  /** For `boolean` fields: the words for true and false in lists, details, search and export (default 是 / 否). */
  trueLabel?: string;
  falseLabel?: string;
  dictionary?: DictionaryRef;
  /**
   * The content of a `json` field, inline or by name of a file in schemas/content/; it is validated
   * and the form renders an editor from it.
   */
  content?: JsonContentSchema | string;
  default?: string | number | boolean | null;
  /** Included in keyword search. */
  searchable?: boolean;
  /** May be used to sort the list. */
  sortable?: boolean;
  /** Its distinct values may be looked up by other entities' dictionaries ({ table, field }). */
  lookup?: boolean;
  /**
   * Another fieldName a lookup of this field answers to (§7.6 `ProjectName` for the project field of
   * routInspManage). A `project` field looks up its projects: xuHao the project id, selContent its name.
   */
  lookupAs?: string;
  /** Set by the server (hooks, session); accepted in payloads but ignored. */
  readOnly?: boolean;
  /**
   * A computed field (docs/metadata.md "Computed fields", common/metadata/formula.ts): its value is this
   * expression over the row's fields and its child collections' lines, e.g. `sum(items, quantity * monthlyRent)`.
   * Stored, computed by the server on every write (a sent value is ignored), shown live and read-only in
   * the dialog. Only on `integer`, `number` or `money` fields that are `readOnly`.
   */
  formula?: string;
  /**
   * Numbering rule (docs/metadata.md "Numbering"): the server assigns the value on create, inside the insert's
   * transaction, from the pattern and a sequence per scope and period (`DD-{yyyyMMdd}-{seq:4}`). The field is
   * read-only to clients (a sent value is ignored); the dialog shows 保存后自动生成. Only on `string` fields.
   */
  numbering?: NumberingRule;
  /**
   * Not a column of the table: the entity's hooks read and write it (e.g. a user's role in the current
   * company, kept in memberships). Validated like any field; never filtered, sorted or indexed.
   */
  virtual?: boolean;
  /** Accepted in create and update but never answered (list, detail, export): e.g. a password a hook hashes. */
  writeOnly?: boolean;
  /** For `image` / `file`: how many files at most (§5.3 count limit, default 3). */
  maxCount?: number;
  /** For `image` / `file`: size limit in MB (§5.3: 1 for images, 10 for files by default). */
  maxSizeMb?: number;
  /**
   * For a field naming a row of another entity (project, company, `{ entity, valueField: 'id' }`, the
   * tree's parent): what deleting that row does to rows holding it. Absent: the delete is refused while
   * such rows exist (该记录已被其他数据使用：…); `cascade`: they are deleted along (docs/metadata.md "Deletes").
   */
  onDelete?: OnDelete;
  /**
   * Field permission (docs/metadata.md "Field permissions"): a §6 button under the entity's page and group
   * (e.g. `viewIdNumber`) needed to see the value. Without it the value is answered masked (`mask`) or not
   * at all, and the field cannot be filtered, sorted, keyword-searched or changed.
   */
  viewAction?: string;
  /** A §6 button needed to write the field (`无权修改<title>` without it). */
  editAction?: string;
  /** How the value is shown to a caller without `viewAction` (§5.6 `idNumber`: first 4 and last 4); absent: left out. */
  mask?: FieldMask;
  messages?: FieldMessages;
};

/** A numbering rule of a field (common/metadata/numbering.ts): pattern, the sequence's scope and reset period. */
export type NumberingRule = {
  /** Literal text, China-time date tokens ({yyyyMMdd}, {yyyyMM}, {yyyy}, {yyMMdd} …) and one sequence {seq:N}. */
  pattern: string;
  /** `company`: a sequence per company (of the row's project for project data); `project`: per project; `global`: one. */
  scope: 'company' | 'project' | 'global';
  /** When the sequence restarts at 1 (China time); the pattern must show that period's date. */
  reset: 'day' | 'month' | 'year' | 'never';
};

/** Masks of field values for callers without the field's viewAction (common/metadata/field-access.ts). */
export type FieldMask = 'idNumber';

/** One uniqueness rule of an entity: these fields together are unique within the scope (docs/metadata.md "Uniqueness"). */
export type UniqueRule = {
  fields: string[];
  /** `company`: within the row's company; `project`: within its project; `global`: in the whole table. */
  scope: 'company' | 'project' | 'global';
  /** Default `<title of the last field>已存在`. */
  message?: string;
};

/** A literal a partial index's condition compares a field with (IndexDeclaration `where`). */
export type IndexLiteral = boolean | number | string;

/**
 * One declared index (docs/metadata.md "Big tables"): the fields (or system columns by key) in order, or an
 * object naming them with a `where` — a partial index over the rows where every named field equals its
 * literal (`{ "handled": false }`), or differs from it (`{ "status": { "ne": "4" } }`).
 */
export type IndexDeclaration = string[] | { fields: string[]; where?: IndexWhere };
/** A partial index's condition: field name → the literal it equals, or `{ ne: literal }` (all must hold). */
export type IndexWhere = Record<string, IndexLiteral | { ne: IndexLiteral }>;

/** What deleting a referenced row does to the rows referring to it (EntityField / EntityRelation `onDelete`). */
export type OnDelete = 'cascade';

/** Endpoint names under /prod-api/api/<base>/ (§7.6–7.7 names where the spec gives them). */
export type EntityApi = {
  base: string;
  list?: string;
  detail?: string;
  create?: string;
  update?: string;
  delete?: string;
  deleteMethod?: 'GET' | 'POST';
  export?: string;
  import?: string;
  /** The audit action (POST, button `audit`), e.g. §7.2 AuditUser. */
  audit?: string;
  /** Name of the id in queries and bodies; default rec_id. */
  idParam?: string;
};

export const DEFAULT_API = {
  list: 'WherePageList',
  detail: 'GetDetail',
  create: 'Create',
  update: 'Modify',
  delete: 'Delete',
  deleteMethod: 'POST',
  export: 'Export',
  import: 'Import',
  audit: 'Audit',
  idParam: 'rec_id',
} as const satisfies Required<Omit<EntityApi, 'base'>>;

/** Every entity's 变更记录 read (docs/metadata.md "Audit trail"): GET /api/<base>/ChangeLog?<idParam>=. */
export const CHANGE_LOG_ENDPOINT = 'ChangeLog';

/**
 * The options of a reference field (docs/metadata.md "References by id"): GET /api/<base of the referenced
 * entity>/Options?fields=<valueField>,<labelField>[,parent, filled fields]; readable by the users of any page
 * whose entity declares that reference, whatever the referenced entity's own menu says.
 */
export const OPTIONS_ENDPOINT = 'Options';

/** §6: where the button permissions of this data live in the menu tree. */
export type PermissionRef = { page: string; group: string };

/**
 * Tenant scope, taken from the session, never from the request:
 * - 'company': rows belong to the current company (and are seen by its members);
 * - 'project': rows also carry a project in the user's scope;
 * - 'projects': the rows are projects, seen as the user's project scope says (enterprise: the current
 *   company's subtree, project user: linked projects, government: projects of the area);
 * - 'companies': the rows are companies of the current company's subtree;
 * - 'members': the rows are users who are members of the current company;
 * - 'none'.
 * The last three describe platform tables (`platform`).
 */
export type EntityScope = 'company' | 'project' | 'projects' | 'companies' | 'members' | 'none';

/** The §6 audit action of an entity: sets `field` to one of `values` (e.g. 2 通过, 3 驳回). */
export type EntityAudit = { field: string; values: Array<{ value: string; label: string }> };

/** One state of a workflow: a code of the state field's dictionary, its label and tag colour. */
export type WorkflowState = {
  value: string;
  label: string;
  /** An antd tag colour (default, blue, green, red, orange, gold, purple… or #rrggbb). */
  color?: string;
  /** No transition leaves a final state. */
  final?: boolean;
};

/** A field the user fills in a transition (written to the row and kept in the history). */
export type WorkflowField = { field: string; required?: boolean };

/** A move between states (docs/metadata.md "Workflows"). */
export type WorkflowTransition = {
  /** Key in requests and pages, lowerCamelCase (e.g. approve, reject). */
  name: string;
  /** The button and history label (e.g. 驳回). */
  label: string;
  /** States the move may start from. */
  from: string[];
  to: string;
  /**
   * The button of the entity's page that permits it: a §6 page button (audit, delivery, edit…) or a right
   * of its own (submit, approve, archive…) the menu node declares in `rights` with its Chinese name.
   */
  action: ActionName | (string & {});
  /** Asked before the move (the dialog's text). */
  confirm?: string;
  /** Fields of this entity the user must or may fill (e.g. 驳回原因 required). */
  fields?: WorkflowField[];
  /** A named server hook (server/hooks/transitions.ts) run in the transaction, after the move: may refuse it. */
  hook?: string;
  /**
   * An endpoint of its own, POST /api/<base>/<endpoint>, running only this transition: the body of the
   * workflow's transition call without `transition` (e.g. §7.5 "sign-in": SignIn). The generic call runs it too.
   */
  endpoint?: string;
};

/** Endpoint names of the workflow under /api/<base>/ (defaults DEFAULT_WORKFLOW_API). */
export type WorkflowApi = { transition?: string; multiTransition?: string; history?: string };

export const DEFAULT_WORKFLOW_API = { transition: 'Transition', multiTransition: 'MultiTransition', history: 'History' } as const;

/**
 * A state machine over one dictionary field of the entity (docs/metadata.md "Workflows"): the field is
 * readOnly and changes only through the transitions, each written with a history row.
 */
export type EntityWorkflow = {
  field: string;
  states: WorkflowState[];
  transitions: WorkflowTransition[];
  api?: WorkflowApi;
  /** States in which a row may be updated (update, named patches, batch update); absent: any. */
  editableIn?: string[];
  /** States in which a row may be deleted; absent: any. */
  deletableIn?: string[];
};

/**
 * Rows of another entity linked to a row of this one through a link table (project ↔ users in
 * user_projects, §7.4 GetProjectUsers / UpdateJoinUser). The link table is a platform table.
 */
export type EntityRelation = {
  /** Key pages refer to. */
  name: string;
  title: string;
  /** The linked entity: what a linked row answers, and whose scope decides which rows may be linked. */
  entity: string;
  table: string;
  /** Link-table column holding this entity's id. */
  ownColumn: string;
  /** Link-table column holding the linked entity's id. */
  otherColumn: string;
  /** Endpoint under this entity's base answering the linked rows (GET, the id as `idParam`). */
  list: string;
  /** Endpoint under this entity's base changing the links (POST `{ idParam, add: [ids], remove: [ids] }`, button edit). */
  update: string;
  /**
   * Deleting a linked row: refused while it is linked (default), or `cascade`: its links go with it.
   * Deleting this entity's row always removes its own links (they belong to it).
   */
  onDelete?: OnDelete;
};

/**
 * A child collection (docs/metadata.md "Master–detail"): rows of `entity` whose `parentField` holds this
 * row's key. Create and update of the parent carry them (`{ ..., <name>: [rows] }`), written in the
 * parent's transaction; the detail answers them; deleting the parent cascades or is refused.
 */
export type EntityChildren = {
  /** Key of the collection in bodies and answers (lowerCamelCase). */
  name: string;
  title: string;
  entity: string;
  /** The child's field holding the parent's key. */
  parentField: string;
  /** An integer field of the child the server fills with the row's position (1, 2, …). */
  orderField?: string;
  /** Fields copied from the parent into every child row (e.g. projectId: the child's scope follows the parent). */
  inherit?: string[];
  /** Deleting the parent: its children go with it, or the delete is refused while it has any. */
  onDelete: 'cascade' | 'refuse';
  minItems?: number;
  maxItems?: number;
};

/** How a batch runs: all rows in one transaction (one failure writes nothing), or each row on its own. */
export type BatchMode = 'all-or-nothing' | 'each';

/**
 * The batch endpoints of an entity (docs/metadata.md "Batch actions"): POST /api/<base>/BatchDelete
 * `{ ids }`, BatchUpdate `{ ids, values }` (only `fields`), BatchCreate `{ rows, values? }`, each answering
 * one result per row (BatchResult).
 */
export type EntityBatch = {
  delete?: BatchMode;
  update?: { mode: BatchMode; fields: string[] };
  create?: BatchMode;
};

/** How a statistics `where` compares its field with the value: equal (default), or above / below a number. */
export type StatisticsWhereOperator = 'eq' | 'gt' | 'gte' | 'lt' | 'lte';

/**
 * One figure of a statistics answer: a count of rows, an aggregate of a numeric field, or `days` — the
 * number of distinct CST days of a date or datetime field —, optionally of the rows `where` picks (the field
 * equal to the value, or with `operator` above / below a number: `{ field: "pm10", operator: "gt", value: 150 }`).
 */
export type StatisticsMeasure = {
  name: string;
  title: string;
  fn: 'count' | 'sum' | 'avg' | 'min' | 'max' | 'days';
  field?: string;
  where?: { field: string; value: string | number | boolean; operator?: StatisticsWhereOperator };
};

/**
 * GET /api/<base>/<endpoint> with the list's `filters` and `keyword` and an optional `groupBy` (one of
 * the declared fields; a datetime groups by its CST day): one row per group (`key`, `label`, the
 * measures), or one row of totals without `groupBy`. Page node permission, like the list.
 */
export type EntityStatistics = { endpoint: string; groupBy: string[]; measures: StatisticsMeasure[] };

/**
 * One more name for an action of the entity (docs/metadata.md "Call aliases"): the spec gives several calls
 * for one thing (§7.7 TadiaoDevice/PCWhereDeviceList and the tower-crane plugin's GetTadiaoDevice). `path`
 * is an endpoint name under /api/<base>/, or, starting with `/`, a path under the main base path
 * (/prod-api/Tuoye.Plugs.TowerCrane/TyTaDiaoStatistics/GetTadiaoDevice: the plugin services). The same
 * handler, permission and checks as the action's own endpoint.
 */
export type EntityCall = {
  path: string;
  action: 'list' | 'detail' | 'create' | 'update' | 'delete';
  /** Default GET for list and detail, POST otherwise. A POST list reads its parameters from the body. */
  method?: 'GET' | 'POST';
  /** list only: request parameters read as filters (GetRecordByDeviceID?deviceID=X → deviceNo eq X). */
  params?: Record<string, { field: string; operator: SearchOperator }>;
};

/** Endpoint names under /api/<base>/ of child pages and batches (fixed: the spec names none). */
export const CHILDREN_ENDPOINT = 'Children';
export const BATCH_ENDPOINTS = { delete: 'BatchDelete', update: 'BatchUpdate', create: 'BatchCreate' } as const;

/** The answer of a batch endpoint: one result per row in request order (`id` or the row's index), and the counts. */
export type BatchResult = {
  results: Array<{ id?: string; row?: number; ok: boolean; message: string }>;
  succeeded: number;
  failed: number;
};

/** One changed field of an audit row. `writeOnly`: only the fact is kept (已修改). Links: the ids added and removed. */
export type FieldChange = {
  field: string;
  title: string;
  old?: unknown;
  new?: unknown;
  oldLabel?: string;
  newLabel?: string;
  writeOnly?: true;
  added?: string[];
  removed?: string[];
};

/** One entry of GET <base>/ChangeLog (变更记录): an audit row of the record, newest first. */
export type ChangeLogEntry = { id: string; at: string; userName: string; address: string; action: string; changes: FieldChange[] };

/** One entry of GET <history> (a workflow's moves of a row, oldest first). */
export type HistoryEntry = {
  id: string;
  transition: string;
  label: string;
  from: string;
  fromLabel: string;
  to: string;
  toLabel: string;
  fields: Record<string, unknown>;
  comment: string;
  userName: string;
  time: string;
};

export type EntitySchema = {
  /** PascalCase entity name, referenced by pages. */
  name: string;
  title: string;
  /** SQL table: lower snake_case. */
  table: string;
  /** Name other schemas use in `{ table, field }` dictionaries (§7.6 tableName, e.g. routInspManage). */
  lookupName?: string;
  api: EntityApi;
  permission: PermissionRef;
  /** Tenant scope (EntityScope). */
  scope: EntityScope;
  /**
   * The table is a platform table of server/db/migrations (projects, companies, users…) rather than one
   * the engine creates: the start checks that every field's column exists with a compatible type and
   * never creates or alters it. Such rows have no engine system columns besides those the scope needs.
   */
  platform?: boolean;
  /**
   * Rows are written by the server alone (e.g. the audit trail): only the list, detail, export and
   * 变更记录 routes exist; create, update, delete, import, audit, patches and link changes are not registered.
   */
  readOnly?: boolean;
  /** Rows form a tree through this field (the parent row's id, §3.4 pId): cycles are refused. */
  parentField?: string;
  audit?: EntityAudit;
  /** A state machine over a dictionary field (EntityWorkflow). */
  workflow?: EntityWorkflow;
  /**
   * Named partial updates (§7.2 PCUpdateJiaoSe: a user's role): POST /api/<base>/<endpoint> with the id and
   * exactly these fields, through the update path (validation, hooks, scope), button `edit`.
   */
  patches?: Array<{ endpoint: string; fields: string[] }>;
  relations?: EntityRelation[];
  /** Child collections edited with the row (EntityChildren). */
  children?: EntityChildren[];
  /** Batch endpoints (EntityBatch). */
  batch?: EntityBatch;
  /** An aggregate read over the list's filters (EntityStatistics, §7.5 "statistics"). */
  statistics?: EntityStatistics;
  /** More names for its actions (EntityCall): the spec's aliases and plugin paths. */
  calls?: EntityCall[];
  /**
   * Entity-level refusals: `inUse` when the database refuses a delete because other data still refers to
   * the row (a reference no schema declares); declared references are counted instead (`countAs`).
   */
  messages?: { inUse?: string };
  /**
   * How rows of this entity are counted when they keep another row from being deleted: measure word and
   * noun, e.g. `名人员` (该记录已被其他数据使用：18 名人员). Default `条<title>`.
   */
  countAs?: string;
  /** Delete sets if_del = 1 and lists skip such rows (§7.6 ModifyIfDel). */
  softDelete?: boolean;
  /** Server hook module for what data cannot say (server/hooks/<name>.ts). */
  hooks?: string;
  /** Ordered fields; the first field of type 'id' is the key. */
  fields: EntityField[];
  /** Declared indexes (IndexDeclaration), created by the table sync (server/metadata/table-indexes.ts). */
  indexes?: IndexDeclaration[];
  /** Uniqueness rules, each enforced by a unique index (server/metadata/sync-tables.ts). */
  unique?: UniqueRule[];
  defaultSort?: { field: string; order: 'asc' | 'desc' };
};

// ---- pages ----

/** How a list cell shows its value; default by field type (common/field-types.ts). */
export type CellDisplay =
  | 'text'
  | 'dict'
  | 'date'
  | 'datetime'
  | 'money'
  | 'maskId'
  | 'image'
  | 'file'
  | 'boolean'
  | 'json'
  /** §5.6: a company name, truncated at 10 characters with the whole name in a tooltip. */
  | 'companyName';

export type ListColumn = {
  field: string;
  title?: string;
  width?: number;
  ellipsis?: boolean;
  align?: 'left' | 'center' | 'right';
  display?: CellDisplay;
  fixed?: 'left' | 'right';
};

export type SearchOperator = 'eq' | 'in' | 'contains' | 'between' | 'gte' | 'lte';

export type SearchField = {
  field: string;
  operator: SearchOperator;
  label?: string;
  placeholder?: string;
  /** §5.4: a required search field shows its placeholder (or `message`) on blur. */
  required?: boolean;
  message?: string;
  /** For date ranges: offer the §9 shortcuts (最近一周, 最近一个月, 最近三个月). Default true. */
  shortcuts?: boolean;
};

export type FormField =
  | string
  | {
      field: string;
      /** A component registered in the engine (e.g. 'QuestionGroups'); default by field type. */
      component?: string;
      title?: string;
      placeholder?: string;
      /** Columns this field spans in a multi-column form. */
      span?: number;
      props?: Record<string, unknown>;
      /** Only in the add dialog ('create', e.g. a password) or only in the edit dialog ('update'). */
      only?: 'create' | 'update';
      /** In a detail: how the value is shown; default the list column's display of the field, else by type. */
      display?: CellDisplay;
    };

/** `workflow`: the transitions of the entity's workflow allowed from the row's state and held by the role. */
export type RowAction = 'view' | 'edit' | 'audit' | 'workflow' | 'delete';
export type ToolbarAction = {
  action: Extract<ActionName, 'add' | 'export' | 'inport'>;
  label?: string;
  /**
   * An `add` button that creates several rows at once through the entity's BatchCreate (entity.batch.create):
   * a dialog with the shared `fields` (sent as `values`) and an editable table of rows with `columns`
   * (docs/metadata.md "Batch actions", 批量新增).
   */
  batch?: { title?: string; fields?: string[]; columns: string[] };
};

/** A batch button: `delete` (button delete) or `update` (button edit, the entity's batch update fields). */
export type BatchAction = { action: 'delete' | 'update'; label?: string };

export type PageMessages = {
  addSuccess?: string;
  addFailure?: string;
  editSuccess?: string;
  editFailure?: string;
  deleteTitle?: string;
  deleteConfirm?: string;
  deleteSuccess?: string;
  deleteCancel?: string;
  auditTitle?: string;
  auditConfirm?: string;
  auditSuccess?: string;
  auditFailure?: string;
};

/** A related list shown in the detail dialog (EntityRelation of the page's entity). */
export type DetailRelation = { relation: string; columns: string[] };

/** A child table of the form and the detail (EntityChildren of the page's entity): the child fields shown as columns. */
export type PageChildren = {
  children: string;
  columns: string[];
  pageSize?: number;
  /**
   * The dialog's line editor (form.children) only: summed in a 合计 row under the lines — numeric columns
   * of the table, or a computed field of the parent whose formula is `sum(<this collection>, expr)`: then
   * the table also shows each line's expr as a read-only column titled by that field, totalling its value.
   */
  sums?: string[];
};

/** A view of the list's rows beside the table: its switch label, the registered component and what it reads. */
export type PageView = { name: string; title: string; component: PageViewComponent; props: Record<string, string> };

export type PageSchema = {
  /** Registry key: menus refer to it as view `page:<name>`. */
  name: string;
  title: string;
  entity: string;
  /** Default: the entity's. */
  permission?: PermissionRef;
  /**
   * A 统计 tab beside the list (docs/metadata.md "Statistics"): the entity's statistics read per group
   * (`groupBy`, each a declared group of the entity's statistics, the first the default) under the page's
   * own search, with the `measures` shown (default all) and a 合计 row.
   */
  statistics?: { title: string; groupBy: Array<{ field: string; label: string }>; measures?: string[] };
  list: {
    columns: ListColumn[];
    /** 序号 column; default true. */
    serial?: boolean;
    rowActions?: RowAction[];
    toolbar?: ToolbarAction[];
    /** §9 generic tables: 10, 20, 30, 40, 50, 60, 80, 100. */
    pageSizes?: number[];
    defaultPageSize?: number;
    /**
     * Table body height. Absent (the usual case): the body fills the card down to the pager, whatever the
     * window's height; virtual scrolling (row 30 px, buffer 5) turns on for long pages either way.
     */
    scrollY?: number;
    /**
     * Numeric fields (integer, number, money) summed in a 合计 row under the table: the server sums them
     * over every row of the filtered list (not only the page shown), docs/metadata.md "Sums".
     */
    sums?: string[];
    /** Show the rows as a tree by the entity's `parentField` (§3.4), all rows at once, without paging. */
    tree?: boolean;
    /**
     * How the rows are paged: `pager` (default) the table with its pager; `infiniteScroll` the §2.6 transport
     * list: one page of 10 rows at a time in a scroll box, the next page 400 ms after reaching the bottom
     * (unless 10 × the page number reaches the record count), the previous one at the top, the box scrolled
     * back to 260 px after each turn (§9). Not with `tree`, and only page size 10.
     */
    mode?: 'pager' | 'infiniteScroll';
    /** Batch buttons over selected rows (the entity declares `batch`); each needs its single action's button. */
    batchActions?: BatchAction[];
    /** Workflow transitions offered for the selected rows (multi-status, one result per row). */
    batchTransitions?: string[];
    /**
     * Other views of the list's rows beside the table (docs/metadata.md "Page views"): a 列表 / <title>
     * switch over the same search, each view a registered component (common/metadata/page-views.ts)
     * configured by `props` (field and collection names of the entity).
     */
    views?: PageView[];
  };
  search?: { fields: SearchField[]; keyword?: boolean };
  form?: {
    addTitle: string;
    editTitle: string;
    width?: number | string;
    /** 1 or 2 columns. */
    columns?: 1 | 2;
    labelWidth?: number;
    fields: FormField[];
    /** Child tables edited with the row, below the fields. */
    children?: PageChildren[];
  };
  detail?: { title: string; width?: number | string; columns?: 1 | 2 | 3; fields: FormField[]; relations?: DetailRelation[]; children?: PageChildren[] };
  messages?: PageMessages;
};

// ---- generic list protocol (docs/metadata.md) ----

export type ListFilter = { field: string; operator: SearchOperator; value: unknown };
export type ListQuery = {
  index: number;
  size: number;
  /** JSON text of ListFilter[] on the wire. */
  filters?: ListFilter[];
  keyword?: string;
  /** `field:asc` or `field:desc`. */
  sort?: string;
  /** Keyset cursors (pageInfo.next / prev of the page shown): the page after or before it. */
  after?: string;
  before?: string;
  /** Comma-separated numeric fields summed over the whole filtered list (pageInfo.sums). */
  sums?: string;
};

export type ImportError = { row: number; field?: string; message: string };
/**
 * The generic import (docs/metadata.md "Import"): `preview` checks every line and writes nothing, `all`
 * inserts every line or none, `valid` inserts the good lines and answers the others as an .xlsx.
 */
export type ImportMode = 'preview' | 'all' | 'valid';
export const IMPORT_MODES: readonly ImportMode[] = ['preview', 'all', 'valid'];
export type ImportLine = { row: number; cells: Record<string, string>; errors: Array<{ field?: string; message: string }> };
export type ImportReport = {
  inserted: number;
  /** Every problem of every line (several per line when several fields are wrong). */
  errors: ImportError[];
  /** Lines read (blank lines and the template's unchanged example line not counted). */
  total?: number;
  /** Lines without a problem. */
  valid?: number;
  /** preview: the imported columns and every line with its cells and problems. */
  columns?: Array<{ field: string; title: string; required: boolean }>;
  lines?: ImportLine[];
  exampleSkipped?: boolean;
  /** valid: the rejected lines with an 错误原因 column, an .xlsx in base64. */
  rejectedFile?: string;
};
export const IMPORT_TEMPLATE_ENDPOINT = 'ImportTemplate';

/** `fixed`: the side the user pinned the column to; `none` unpins a column the schema pins. */
export type ColumnSetting = { key: string; visible: boolean; order: number; width?: number; fixed?: 'left' | 'right' | 'none' };

/** Fields a list may sum (list.sums, the `sums` parameter of the generic list). */
export const SUMMABLE_TYPES: readonly FieldType[] = ['integer', 'number', 'money'];
