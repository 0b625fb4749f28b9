// The editable child table of the add / edit dialog (docs/metadata.md "Master–detail", PageSchema
// form.children): one row per child, a cell editor per column chosen from the child entity's field
// (text, number, switch, date, code table), 新增一行, 上移 / 下移 and drag to reorder, 删除; under each
// row the message the child's schema or the server gave it (第2行：请输入姓名). With `sums` a 合计 row
// under the lines (exact decimal sums), and `shares` read-only columns of each line's share of a parent's
// computed total (docs/metadata.md "Computed fields").
import { useState, type DragEvent, type ReactNode } from 'react';
import { Button, Input, InputNumber, Select, Space, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ChinaDatePicker as DatePicker } from '../../lib/time/ChinaDatePicker';
import { chinaParse } from '../../lib/time/china-time';
import type { DictionaryRef, EntityField, EntitySchema } from '../../../common/metadata';
import { useDictionary } from '../dictionary/use-dictionary';
import { newChildRow, rowMessageText, type ChildRow, type RowMessage } from '../schema/child-rows';
import { computedText, exactSum, type ShareColumn } from '../schema/computed';
import { isComputedType, type ComputedType } from '../../../common/metadata/formula';

type Props = {
  title: string;
  entity: EntitySchema;
  columns: readonly string[];
  value: readonly ChildRow[];
  onChange: (rows: ChildRow[]) => void;
  messages?: readonly RowMessage[];
  /** Values of a new row (the child entity's defaults). */
  defaults?: Record<string, unknown>;
  maxItems?: number;
  /** Columns (or `shares` keys) summed in a 合计 row under the lines. */
  sums?: readonly string[];
  /** Read-only columns: each line's share of a parent's computed total, after the editable ones. */
  shares?: readonly ShareColumn[];
};

function CodeSelect({ dictionary, value, onChange, label }: { dictionary: DictionaryRef; value: unknown; onChange: (v: unknown) => void; label: string }) {
  const { options, loading } = useDictionary(dictionary);
  return (
    <Select
      aria-label={label}
      style={{ width: '100%', minWidth: 100 }}
      value={value === undefined || value === null || value === '' ? undefined : String(value)}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
      loading={loading}
      allowClear
      placeholder={`请选择${label}`}
      onChange={(v) => onChange(v ?? null)}
    />
  );
}

export function CellEditor({ field, value, onChange }: { field: EntityField; value: unknown; onChange: (v: unknown) => void }): ReactNode {
  const label = field.title;
  if (field.dictionary) return <CodeSelect dictionary={field.dictionary} value={value} onChange={onChange} label={label} />;
  switch (field.type) {
    case 'boolean':
      return <Switch aria-label={label} size="small" checked={value === true} onChange={onChange} checkedChildren={field.trueLabel ?? '是'} unCheckedChildren={field.falseLabel ?? '否'} />;
    case 'integer':
    case 'number':
    case 'money':
      return (
        <InputNumber
          aria-label={label}
          style={{ width: '100%', minWidth: 80 }}
          value={typeof value === 'number' ? value : value === undefined || value === null || value === '' ? null : Number(value)}
          precision={field.type === 'integer' ? 0 : undefined}
          onChange={(v) => onChange(v ?? null)}
        />
      );
    case 'date':
      return (
        <DatePicker
          aria-label={label}
          value={typeof value === 'string' && value ? chinaParse(value) : null}
          onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : null)}
          placeholder="请选择日期"
        />
      );
    default:
      return <Input aria-label={label} value={value === undefined || value === null ? '' : String(value)} placeholder={`请输入${label}`} onChange={(e) => onChange(e.target.value)} />;
  }
}

/** Moves row `from` to position `to` (drag and the arrows). */
export const moveRow = <T,>(rows: readonly T[], from: number, to: number): T[] => {
  if (to < 0 || to >= rows.length || from === to) return [...rows];
  const out = [...rows];
  const [moved] = out.splice(from, 1);
  out.splice(to, 0, moved);
  return out;
};

const NO_KEYS: readonly string[] = [];
const NO_SHARES: readonly ShareColumn[] = [];

export function ChildTable({ title, entity, columns, value, onChange, messages = [], defaults = {}, maxItems, sums = NO_KEYS, shares = NO_SHARES }: Props) {
  const [dragging, setDragging] = useState<number | null>(null);
  const fieldOf = (name: string) => entity.fields.find((f) => f.name === name);
  const setCell = (index: number, name: string, v: unknown) =>
    onChange(value.map((row, i) => (i === index ? { ...row, values: { ...row.values, [name]: v } } : row)));
  const messageOf = (index: number) => messages.find((m) => m.row === index);

  const cols: ColumnsType<ChildRow> = [
    { key: '__serial', title: '序号', width: 56, align: 'center', render: (_v, _r, i) => i + 1 },
    ...columns.map((name) => {
      const field = fieldOf(name);
      return {
        key: name,
        title: field?.required ? <span><span className="engine-required">*</span>{field.title}</span> : (field?.title ?? name),
        render: (_v: unknown, row: ChildRow, i: number) => {
          const m = messageOf(i);
          return (
            <div className={m?.field === name ? 'engine-child-cell-error' : undefined}>
              {field ? <CellEditor field={field} value={row.values[name]} onChange={(v) => setCell(i, name, v)} /> : null}
            </div>
          );
        },
      };
    }),
    ...shares.map((share) => ({
      key: share.key,
      title: share.title,
      align: 'right' as const,
      render: (_v: unknown, row: ChildRow) => <span data-share={share.key}>{computedText(share.value(row.values), share.type)}</span>,
    })),
    {
      key: '__actions',
      title: '操作',
      width: 170,
      align: 'center',
      render: (_v, _r, i) => (
        <Space size={0}>
          <Button type="link" size="small" disabled={i === 0} onClick={() => onChange(moveRow(value, i, i - 1))}>上移</Button>
          <Button type="link" size="small" disabled={i === value.length - 1} onClick={() => onChange(moveRow(value, i, i + 1))}>下移</Button>
          <Button type="link" size="small" danger onClick={() => onChange(value.filter((_row, j) => j !== i))}>删除</Button>
        </Space>
      ),
    },
  ];

  const full = maxItems !== undefined && value.length >= maxItems;
  // The 合计 row: per summed key, its type and the value of each line (a share's computed value, else the cell).
  const summed = new Map<string, { type: ComputedType; of: (row: ChildRow) => unknown }>();
  for (const key of sums) {
    const share = shares.find((s) => s.key === key);
    const field = fieldOf(key);
    if (share) summed.set(key, { type: share.type, of: (row) => share.value(row.values) });
    else if (field && isComputedType(field.type)) summed.set(key, { type: field.type, of: (row) => row.values[key] });
  }
  const summary =
    summed.size === 0
      ? undefined
      : () => (
          <Table.Summary fixed>
            <Table.Summary.Row className="engine-summary-row">
              {cols.map((c, i) => {
                const key = String(c.key);
                const sum = summed.get(key);
                return (
                  <Table.Summary.Cell key={key} index={i} align={sum ? 'right' : i === 0 ? 'center' : undefined} className={sum ? 'engine-summary-value' : undefined}>
                    {sum ? <span data-sum={key}>{computedText(exactSum(value.map(sum.of), sum.type), sum.type)}</span> : i === 0 ? '合计' : ''}
                  </Table.Summary.Cell>
                );
              })}
            </Table.Summary.Row>
          </Table.Summary>
        );
  return (
    <div className="engine-child-table" data-testid={`child-table-${title}`}>
      <Space style={{ marginBottom: 8, justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text strong>{title}</Typography.Text>
        <Button size="small" type="primary" ghost disabled={full} onClick={() => onChange([...value, newChildRow({ ...defaults })])}>
          新增一行
        </Button>
      </Space>
      <Table<ChildRow>
        size="small"
        rowKey="key"
        columns={cols}
        dataSource={[...value]}
        pagination={false}
        scroll={{ x: 'max-content', y: 360 }}
        locale={{ emptyText: '暂无数据' }}
        summary={summary}
        onRow={(_row, index) => ({
          draggable: true,
          onDragStart: () => setDragging(index ?? null),
          onDragOver: (e: DragEvent) => e.preventDefault(),
          onDrop: () => {
            if (dragging !== null && index !== undefined) onChange(moveRow(value, dragging, index));
            setDragging(null);
          },
        })}
        expandable={{
          expandedRowKeys: value.filter((_r, i) => messageOf(i)).map((r) => r.key),
          showExpandColumn: false,
          expandedRowRender: (_r, i) => {
            const m = messageOf(i);
            return m ? <Typography.Text type="danger">{rowMessageText(m)}</Typography.Text> : null;
          },
        }}
      />
    </div>
  );
}
