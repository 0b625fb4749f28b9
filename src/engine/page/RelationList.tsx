// A related list in the detail dialog (PageSchema detail.relations over an EntityRelation; §7.4 project
// users and organisations): the linked rows of the related entity, and — with the page's edit button —
// adding rows chosen from what the user sees of that entity and removing links.
import { useMemo, useState } from 'react';
import { Button, Popconfirm, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import useSWR from 'swr';
import type { DictionaryRef, EntityRelation, EntitySchema } from '../../../common/metadata';
import type { DataProvider, Id, Row } from '../data/data-provider';
import { idFieldOf, resolveApi } from '../data/entity-api';
import { useDictionaries, useDictionary } from '../dictionary/use-dictionary';
import { entityField } from '../schema/entity-fields';
import { cellOptions, cellValue, displayOf, renderCell } from './cell-display';
import { failureMessage } from './notify-failure';
import { useMessage } from '../../lib/ui/message';

type Props = {
  relation: EntityRelation;
  linked: EntitySchema;
  columns: readonly string[];
  provider: DataProvider;
  ownerEntity: EntitySchema;
  id: Id;
  editable: boolean;
};

export function RelationList({ relation, linked, columns, provider, ownerEntity, id, editable }: Props) {
  const message = useMessage();
  const idParam = resolveApi(ownerEntity).idParam;
  const key = idFieldOf(linked);
  const { data, isLoading, mutate } = useSWR(['engine:relation', relation.list, String(id)], () =>
    provider.custom<Row[]>({ method: 'GET', name: relation.list, params: { [idParam]: String(id) } }).then((rows) => rows ?? []),
  );
  const rows = data ?? [];
  const [adding, setAdding] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const dictRefs = useMemo(() => columns.map((c) => entityField(linked, c).dictionary).filter((d): d is DictionaryRef => d !== undefined), [columns, linked]);
  const dictOptions = useDictionaries(dictRefs);
  const candidatesRef = useMemo<DictionaryRef>(() => ({ entity: linked.name, valueField: key, labelField: columns[0] }), [linked, key, columns]);
  const candidates = useDictionary(editable ? candidatesRef : undefined);
  const linkedIds = new Set(rows.map((r) => String(r[key])));

  const change = async (body: { add?: string[]; remove?: string[] }, done: string) => {
    setBusy(true);
    try {
      const next = await provider.custom<Row[]>({ method: 'POST', name: relation.update, data: { [idParam]: String(id), ...body } });
      await mutate(next ?? [], { revalidate: false });
      setAdding([]);
      void message.success(done);
    } catch (e) {
      void message.error(failureMessage(`${relation.title}保存失败`, e));
    } finally {
      setBusy(false);
    }
  };

  const tableColumns: ColumnsType<Row> = columns.map((name) => {
    const field = entityField(linked, name);
    const display = displayOf({ field: name }, field);
    return {
      key: name,
      title: field.title,
      render: (_v: unknown, row: Row) => renderCell(display, cellValue(row, name), cellOptions(field, dictOptions), false, field.title),
    };
  });
  if (editable) {
    tableColumns.push({
      key: '__remove',
      title: '操作',
      width: 80,
      align: 'center',
      render: (_v, row) => (
        <Popconfirm title={`确定移除该${relation.title}吗？`} okText="确定" cancelText="取消" onConfirm={() => change({ remove: [String(row[key])] }, '移除成功')}>
          <Button type="link" size="small" danger>
            移除
          </Button>
        </Popconfirm>
      ),
    });
  }

  return (
    <section className="engine-relation" aria-label={relation.title}>
      <Space style={{ width: '100%', justifyContent: 'space-between', margin: '16px 0 8px' }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {relation.title}（{rows.length}）
        </Typography.Title>
        {editable && (
          <Space.Compact>
            <Select
              mode="multiple"
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ minWidth: 260 }}
              placeholder={`请选择要添加的${relation.title}`}
              aria-label={`添加${relation.title}`}
              loading={candidates.loading}
              options={candidates.options.filter((o) => !linkedIds.has(o.value))}
              value={adding}
              onChange={setAdding}
            />
            <Button type="primary" disabled={adding.length === 0} loading={busy} onClick={() => void change({ add: adding }, '添加成功')}>
              添加
            </Button>
          </Space.Compact>
        )}
      </Space>
      <Table<Row>
        size="small"
        rowKey={(r) => String(r[key])}
        columns={tableColumns}
        dataSource={rows}
        loading={isLoading}
        pagination={rows.length > 10 ? { pageSize: 10, showTotal: (t) => `共 ${t} 条` } : false}
        locale={{ emptyText: isLoading ? '加载中请稍后' : '暂无数据' }}
      />
    </section>
  );
}
