// Synthetic schemas and rows of the UI benchmark, built in code (not in schemas/) and typed by the same
// metadata contract: a 50-column list entity and a 200-field dialog entity, a static code table, and a
// menu tree granting the pages' buttons. The hand-written pages read the same descriptions.
import type { EntityField, EntitySchema, ListColumn, PageSchema } from '../../common/metadata';
import { resolveEntity } from '../../common/metadata/entity';
import type { LoadedPage } from '../../common/metadata/types';
import { expandSource, type MenuNode } from '../../common/menu-tree';
import { GENERIC_PAGE_SIZES } from '../../src/engine/page/table-constants';

export const PERMISSION = { page: 'benchPage', group: 'benchGroup' } as const;

/** The static dictionary (a §3.5 code table served by SysDictionary/GetListByType). */
export const DICT_TYPE = 'benchLevel';
export const DICT_OPTIONS = ['一级', '二级', '三级', '四级', '五级', '六级', '七级', '八级'].map((label, i) => ({ value: String(i + 1), label }));

export const LIST_BASE = 'BenchList';
export const FORM_BASE = 'BenchForm';
export const LIST_COLUMNS = 50;
export const FORM_FIELDS = 200;
export const PAGE_SIZES = [...GENERIC_PAGE_SIZES, 1000];

// ---- list: 50 columns of mixed display (text, ellipsed text, integer, date, dictionary, money) ----

export type ListKind = 'string' | 'integer' | 'date' | 'dict' | 'money';
const LIST_KINDS: readonly ListKind[] = ['string', 'integer', 'date', 'dict', 'money'];

export type ListColumnSpec = { name: string; title: string; kind: ListKind; width: number; ellipsis: boolean };

export const LIST_SPECS: readonly ListColumnSpec[] = Array.from({ length: LIST_COLUMNS }, (_, i) => {
  const kind = LIST_KINDS[i % LIST_KINDS.length];
  return { name: `c${i + 1}`, title: `列${i + 1}`, kind, width: kind === 'string' ? 160 : 120, ellipsis: kind === 'string' && i % 10 === 0 };
});

function listField(s: ListColumnSpec): EntityField {
  if (s.kind === 'dict') return { name: s.name, type: 'string', title: s.title, dictionary: { type: DICT_TYPE } };
  return { name: s.name, type: s.kind, title: s.title };
}

const listEntity: EntitySchema = {
  name: 'BenchList',
  title: '基准列表',
  table: 'bench_list',
  api: { base: LIST_BASE },
  permission: PERMISSION,
  scope: 'none',
  fields: [{ name: 'id', type: 'id', title: '编号' }, ...LIST_SPECS.map(listField)],
};

export const listPage = (pageSize: number): PageSchema => ({
  name: `benchList${pageSize}`,
  title: '基准列表',
  entity: listEntity.name,
  list: {
    columns: LIST_SPECS.map((s): ListColumn => ({ field: s.name, width: s.width, ...(s.ellipsis ? { ellipsis: true } : {}) })),
    rowActions: ['view', 'edit', 'delete'],
    toolbar: [{ action: 'add' }],
    pageSizes: PAGE_SIZES,
    defaultPageSize: pageSize,
  },
});

export const loadedList = (pageSize: number): LoadedPage => ({ page: listPage(pageSize), entity: resolveEntity(listEntity, () => undefined) });

export type Row = Record<string, string | number>;

const pad = (n: number) => String(n).padStart(2, '0');

export function listRows(count: number): Row[] {
  return Array.from({ length: count }, (_, r) => {
    const row: Row = { id: r + 1 };
    LIST_SPECS.forEach((s, c) => {
      const k = r * LIST_COLUMNS + c;
      row[s.name] =
        s.kind === 'string'
          ? `${s.title}文本${r + 1}${s.ellipsis ? '，这是一段较长的说明文字，超出列宽时省略显示' : ''}`
          : s.kind === 'integer'
            ? (k * 7919) % 100000
            : s.kind === 'date'
              ? `2024-${pad((k % 12) + 1)}-${pad((k % 28) + 1)}`
              : s.kind === 'dict'
                ? String((k % DICT_OPTIONS.length) + 1)
                : ((k * 104729) % 100000000) / 100;
    });
    return row;
  });
}

// ---- dialog: 200 fields of mixed types ----

export type FormKind = 'string' | 'number' | 'date' | 'dict' | 'text';
const FORM_KINDS: readonly FormKind[] = ['string', 'number', 'date', 'dict', 'text'];

export type FormFieldSpec = { name: string; title: string; kind: FormKind; required: boolean; maxLength?: number };

export const FORM_SPECS: readonly FormFieldSpec[] = Array.from({ length: FORM_FIELDS }, (_, i) => {
  const kind = FORM_KINDS[i % FORM_KINDS.length];
  return {
    name: `f${i + 1}`,
    title: `字段${i + 1}`,
    kind,
    required: i % 3 === 0,
    ...(kind === 'string' ? { maxLength: 50 } : kind === 'text' ? { maxLength: 500 } : {}),
  };
});

function formField(s: FormFieldSpec): EntityField {
  const base = { name: s.name, title: s.title, ...(s.required ? { required: true } : {}), ...(s.maxLength ? { maxLength: s.maxLength } : {}) };
  if (s.kind === 'dict') return { ...base, type: 'string', dictionary: { type: DICT_TYPE } };
  return { ...base, type: s.kind };
}

const formEntity: EntitySchema = {
  name: 'BenchForm',
  title: '基准表单',
  table: 'bench_form',
  api: { base: FORM_BASE },
  permission: PERMISSION,
  scope: 'none',
  fields: [{ name: 'id', type: 'id', title: '编号' }, ...FORM_SPECS.map(formField)],
};

/** The dialog pages' list: its first five fields as columns, three rows (mounted, not measured). */
export const FORM_LIST_SPECS = FORM_SPECS.slice(0, 5);

export const formPage: PageSchema = {
  name: 'benchForm',
  title: '基准表单',
  entity: formEntity.name,
  list: { columns: FORM_LIST_SPECS.map((s) => ({ field: s.name })), rowActions: ['view', 'edit', 'delete'], toolbar: [{ action: 'add' }] },
  form: { addTitle: '新增记录', editTitle: '编辑记录', fields: FORM_SPECS.map((s) => s.name) },
};

export const loadedForm = (): LoadedPage => ({ page: formPage, entity: resolveEntity(formEntity, () => undefined) });

/** Rows of the dialog pages' list. */
export const formRows = (): Row[] =>
  Array.from({ length: 3 }, (_, r) => {
    const row: Row = { id: r + 1 };
    for (const s of FORM_LIST_SPECS)
      row[s.name] = s.kind === 'number' ? r * 10 : s.kind === 'date' ? `2024-01-0${r + 1}` : s.kind === 'dict' ? String(r + 1) : `${s.title}内容${r + 1}`;
    return row;
  });

// ---- session ----

/** The session's menu tree: the bench page and group with every button of the pages. */
export const benchMenu = (): MenuNode[] =>
  expandSource([
    {
      id: 'bench',
      path: PERMISSION.page,
      title: '基准',
      functionType: 0,
      children: [{ id: 'bench-group', path: PERMISSION.group, title: '基准页面', view: 'page:benchList', functionType: 0, actions: ['add', 'edit', 'delete', 'search', 'export', 'inport'] }],
    },
  ]);
