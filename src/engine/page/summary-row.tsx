// The 合计 row of a list whose page declares sums (list.sums): the server's sums over every row of the
// filtered list (pageInfo.sums), each under its column, fixed under the scrolling rows.
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatMoney } from '../../../common/display';
import type { EntitySchema } from '../../../common/metadata';
import type { Row } from '../data/data-provider';
import { entityField } from '../schema/entity-fields';

type Props = {
  columns: ColumnsType<Row>;
  sums: readonly string[];
  values: Readonly<Record<string, number | null>> | undefined;
  entity: EntitySchema;
  /** Columns antd draws before `columns` (the batch check-boxes). */
  offset: number;
};

export function sumText(entity: EntitySchema, field: string, value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (entityField(entity, field).type === 'money') return formatMoney(value);
  return value.toLocaleString('zh-CN', { maximumFractionDigits: 2 });
}

/**
 * Called, not rendered as a component: rc-table reads `fixed` off the element the summary function
 * returns, so that must be the Table.Summary itself (kept under the scrolling rows, always in view).
 */
export function summaryRow({ columns, sums, values, entity, offset }: Props) {
  const summed = new Set(sums);
  // The label goes into the first cell that holds no sum (序号, or the first column).
  const labelAt = columns.findIndex((c) => !summed.has(String(c.key)));
  return (
    <Table.Summary fixed>
      <Table.Summary.Row className="engine-summary-row">
        {offset > 0 && <Table.Summary.Cell index={0} colSpan={offset} />}
        {columns.map((c, i) => {
          const key = String(c.key);
          const text = summed.has(key) ? sumText(entity, key, values?.[key]) : i === labelAt ? '合计' : '';
          return (
            <Table.Summary.Cell key={key} index={i + offset} align={summed.has(key) ? (c.align ?? 'left') : undefined} className={summed.has(key) ? 'engine-summary-value' : undefined}>
              <span data-sum={summed.has(key) ? key : undefined}>{text}</span>
            </Table.Summary.Cell>
          );
        })}
      </Table.Summary.Row>
    </Table.Summary>
  );
}
