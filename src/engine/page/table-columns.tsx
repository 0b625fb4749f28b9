// The antd columns of a generated list: 序号 across pages, the settled data columns (widths by type,
// column-widths.ts; sorters on the entity's sortable fields; pinned columns at their side), and the row
// actions the user may use, always in one order: 查看 编辑 … 删除.
import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';
import type { DictionaryRef, EntitySchema, RowAction, WorkflowTransition } from '../../../common/metadata';
import { StateTag } from '../workflow/StateTag';
import { mostTransitions, rowActionInState } from '../workflow/workflow-model';
import type { Row } from '../data/data-provider';
import type { DictOptionItem } from '../dictionary/dictionary-ref';
import { entityField } from '../schema/entity-fields';
import { cellOptions, cellValue, displayOf, renderCell } from './cell-display';
import type { SettledColumn } from './column-settings';
import { columnWidth, isLongText } from './column-widths';
import { ROW_ACTION_LABELS } from './page-messages';
import { serialOf, SERIAL_WIDTH } from './table-constants';

export type ColumnDeps = {
  entity: EntitySchema;
  columns: readonly SettledColumn[];
  serial: boolean;
  pageIndex: number;
  pageSize: number;
  rowActions: readonly RowAction[];
  dictOptions: (ref: DictionaryRef) => DictOptionItem[] | undefined;
  onAction: (action: RowAction, row: Row) => void;
  /** The workflow transitions a row offers the role (row action `workflow`), and what choosing one does. */
  transitionsOf?: (row: Row) => readonly WorkflowTransition[];
  onTransition?: (transition: WorkflowTransition, row: Row) => void;
  /** The list's sort (`field:asc|desc`), shown on the sorted column's header. */
  sort?: string;
};

/** Row actions in one order on every page, whatever order a schema lists them in: delete last. */
export const ROW_ACTION_ORDER: readonly RowAction[] = ['view', 'edit', 'audit', 'workflow', 'delete'];
export const orderedRowActions = (actions: readonly RowAction[]): RowAction[] => ROW_ACTION_ORDER.filter((a) => actions.includes(a));

/** Pinned-left columns first and pinned-right ones last (antd draws fixed columns only at the edges). */
const SIDE_RANK = { left: 0, none: 1, right: 2 } as const;
export const bySide = (columns: readonly SettledColumn[]): SettledColumn[] =>
  columns.map((c, i) => ({ c, i })).sort((a, b) => SIDE_RANK[a.c.fixed ?? 'none'] - SIDE_RANK[b.c.fixed ?? 'none'] || a.i - b.i).map((x) => x.c);

function sortOrderOf(sort: string | undefined, field: string): SortOrder {
  const [name, order] = (sort ?? '').split(':');
  return name === field ? (order === 'desc' ? 'descend' : 'ascend') : null;
}

/** The width of the 操作 column: room for its most buttons (two characters each) side by side. */
export const actionWidth = (buttons: number): number => 56 * buttons + 24;

export const columnTitle = (entity: EntitySchema, c: SettledColumn): string => c.title ?? entityField(entity, c.field).title;

export function tableColumns(d: ColumnDeps): ColumnsType<Row> {
  const out: ColumnsType<Row> = [];
  if (d.serial) {
    out.push({ key: '__serial', title: '序号', width: SERIAL_WIDTH, align: 'center', render: (_v, _r, i) => serialOf(d.pageIndex, d.pageSize, i) });
  }
  for (const c of bySide(d.columns)) {
    if (!c.visible) continue;
    const field = entityField(d.entity, c.field);
    const display = displayOf(c, field);
    const ellipsis = c.ellipsis ?? isLongText(field);
    const title = columnTitle(d.entity, c);
    const sortable = field.sortable === true && !field.virtual;
    out.push({
      key: c.field,
      dataIndex: c.field,
      title,
      width: columnWidth(field, display, title, sortable, c.width),
      align: c.align,
      fixed: c.fixed,
      ellipsis: ellipsis ? { showTitle: false } : undefined,
      ...(sortable ? { sorter: true, sortOrder: sortOrderOf(d.sort, c.field), sortDirections: ['ascend', 'descend'] as SortOrder[], showSorterTooltip: false } : {}),
      render: (_v: unknown, row: Row): ReactNode =>
        d.entity.workflow?.field === c.field
          ? <StateTag workflow={d.entity.workflow} value={row[c.field]} />
          : renderCell(display, cellValue(row, c.field), cellOptions(field, d.dictOptions), ellipsis, title),
    });
  }
  if (d.rowActions.length) {
    const workflow = d.entity.workflow;
    const actions = orderedRowActions(d.rowActions);
    const buttons = actions.reduce((n, a) => n + (a === 'workflow' ? (workflow ? mostTransitions(workflow) : 0) : 1), 0);
    out.push({
      key: '__actions',
      title: '操作',
      width: actionWidth(buttons),
      align: 'center',
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          {actions.flatMap((a) =>
            a === 'workflow'
              ? (d.transitionsOf?.(row) ?? []).map((t) => (
                  <Button key={`workflow:${t.name}`} type="link" size="small" data-transition={t.name} onClick={() => d.onTransition?.(t, row)}>
                    {t.label}
                  </Button>
                ))
              : rowActionInState(workflow, a, workflow ? row[workflow.field] : undefined)
                ? [
                    <Button key={a} type="link" size="small" danger={a === 'delete'} onClick={() => d.onAction(a, row)}>
                      {ROW_ACTION_LABELS[a]}
                    </Button>,
                  ]
                : [],
          )}
        </Space>
      ),
    });
  }
  return out;
}
