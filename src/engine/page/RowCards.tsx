// A list's rows as cards: the first column as the card's title with the row's 序号 and actions beside it,
// the other visible columns below as label and value — the same cells and buttons as the table
// (table-columns.tsx). The infinite-scroll list (InfiniteList.tsx) and a list on a phone (ListPage.tsx) use it.
import type { ReactNode } from 'react';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import type { Row } from '../data/data-provider';

type Props = {
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: ColumnsType<Row>;
  /** The 序号 of the first row (the page's offset + 1). */
  firstSerial: number;
};

const renderOf = (c: ColumnType<Row>, row: Row, i: number): ReactNode => (c.render ? (c.render(undefined, row, i) as ReactNode) : String(row[String(c.dataIndex)] ?? ''));

export function RowCards({ rows, rowKey, columns, firstSerial }: Props) {
  const data = columns.filter((c) => c.key !== '__serial' && c.key !== '__actions') as ColumnType<Row>[];
  const actions = columns.find((c) => c.key === '__actions') as ColumnType<Row> | undefined;
  const serial = columns.some((c) => c.key === '__serial');
  return (
    <>
      {rows.map((row, i) => (
        <div key={rowKey(row)} className="engine-infinite-item" data-row-key={rowKey(row)}>
          <div className="engine-infinite-head">
            {serial && <span className="engine-infinite-serial">{firstSerial + i}</span>}
            {data[0] && <span className="engine-infinite-title">{renderOf(data[0], row, i)}</span>}
            {actions && <span className="engine-infinite-actions">{renderOf(actions, row, i)}</span>}
          </div>
          <dl className="engine-infinite-fields">
            {data.slice(1).map((c) => (
              <div key={String(c.key)} className="engine-infinite-field">
                <dt>{c.title as ReactNode}</dt>
                <dd>{renderOf(c, row, i)}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </>
  );
}
