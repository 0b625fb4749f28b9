// A child table of the detail dialog (PageSchema detail.children, docs/metadata.md "Master–detail"):
// the parent's child rows in their order, page by page from GET /api/<base>/Children, drawn by the
// child entity's fields like list cells.
import { useMemo, useState } from 'react';
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import useSWR from 'swr';
import { CHILDREN_ENDPOINT, type DictionaryRef, type EntitySchema, type PageChildren } from '../../../common/metadata';
import type { PageInfo } from '../../../common/envelope';
import { request, unwrap } from '../../lib/http/client';
import { apiPath, idFieldOf, resolveApi } from '../data/entity-api';
import type { Id, Row } from '../data/data-provider';
import { useDictionaries } from '../dictionary/use-dictionary';
import { entityField } from '../schema/entity-fields';
import { cellOptions, cellValue, displayOf, renderCell } from './cell-display';

type Props = { table: PageChildren; title: string; child: EntitySchema; ownerEntity: EntitySchema; id: Id };

export const CHILD_PAGE_SIZE = 10;

export function ChildList({ table, title, child, ownerEntity, id }: Props) {
  const size = table.pageSize ?? CHILD_PAGE_SIZE;
  const [index, setIndex] = useState(0);
  const api = resolveApi(ownerEntity);
  const { data, isLoading } = useSWR(['engine:children', api.base, table.children, String(id), index, size], async () => {
    const env = await request<Row[]>({ method: 'GET', url: apiPath(api, CHILDREN_ENDPOINT), params: { [api.idParam]: String(id), child: table.children, index, size } });
    const rows = await unwrap(Promise.resolve(env));
    return { rows: rows ?? [], pageInfo: env.pageInfo as PageInfo | undefined };
  });
  const dictRefs = useMemo(() => table.columns.map((c) => entityField(child, c).dictionary).filter((d): d is DictionaryRef => d !== undefined), [table, child]);
  const dictOptions = useDictionaries(dictRefs);
  const columns: ColumnsType<Row> = [
    { key: '__serial', title: '序号', width: 60, align: 'center', render: (_v, _r, i) => index * size + i + 1 },
    ...table.columns.map((name) => {
      const field = entityField(child, name);
      const display = displayOf({ field: name }, field);
      return { key: name, title: field.title, render: (_v: unknown, row: Row) => renderCell(display, cellValue(row, name), cellOptions(field, dictOptions), false, field.title) };
    }),
  ];
  const total = data?.pageInfo?.record_count ?? data?.rows.length ?? 0;
  return (
    <div className="engine-child-table" data-testid={`child-list-${table.children}`}>
      <Typography.Title level={5}>{title}</Typography.Title>
      <Table<Row>
        size="small"
        rowKey={(r) => String(r[idFieldOf(child)])}
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={{ spinning: isLoading, tip: '加载中请稍后' }}
        locale={{ emptyText: isLoading ? '加载中请稍后' : '暂无数据' }}
        pagination={total > size ? { current: index + 1, pageSize: size, total, showSizeChanger: false, showTotal: (t) => `共 ${t} 条`, onChange: (p) => setIndex(p - 1) } : false}
      />
    </div>
  );
}
