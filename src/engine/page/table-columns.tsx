// The antd columns of a generated list: 序号 across pages, the settled data columns, and the row actions
// the user may use.
import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { DictionaryRef, EntitySchema, RowAction, WorkflowTransition } from '../../../common/metadata';
import { StateTag } from '../workflow/StateTag';
import { mostTransitions, rowActionInState } from '../workflow/workflow-model';
import type { Row } from '../data/data-provider';
import type { DictOptionItem } from '../dictionary/dictionary-ref';
import { entityField } from '../schema/entity-fields';
import { cellOptions, cellValue, displayOf, renderCell } from './cell-display';
import type { SettledColumn } from './column-settings';
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
};

export const columnTitle = (entity: EntitySchema, c: SettledColumn): string => c.title ?? entityField(entity, c.field).title;

export function tableColumns(d: ColumnDeps): ColumnsType<Row> {
  const out: ColumnsType<Row> = [];
  if (d.serial) {
    out.push({ key: '__serial', title: '序号', width: SERIAL_WIDTH, align: 'center', render: (_v, _r, i) => serialOf(d.pageIndex, d.pageSize, i) });
  }
  for (const c of d.columns) {
    if (!c.visible) continue;
    const field = entityField(d.entity, c.field);
    const display = displayOf(c, field);
    const ellipsis = !!c.ellipsis;
    out.push({
      key: c.field,
      dataIndex: c.field,
      title: columnTitle(d.entity, c),
      width: c.width,
      align: c.align,
      fixed: c.fixed,
      ellipsis: ellipsis ? { showTitle: false } : undefined,
      render: (_v: unknown, row: Row): ReactNode =>
        d.entity.workflow?.field === c.field
          ? <StateTag workflow={d.entity.workflow} value={row[c.field]} />
          : renderCell(display, cellValue(row, c.field), cellOptions(field, d.dictOptions), ellipsis),
    });
  }
  if (d.rowActions.length) {
    const workflow = d.entity.workflow;
    const buttons = d.rowActions.reduce((n, a) => n + (a === 'workflow' ? (workflow ? mostTransitions(workflow) : 0) : 1), 0);
    out.push({
      key: '__actions',
      title: '操作',
      width: 60 * buttons + 40,
      align: 'center',
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          {d.rowActions.flatMap((a) =>
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
