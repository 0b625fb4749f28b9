// 变更记录 in the detail dialog (docs/metadata.md "Audit trail"): the record's audit rows from
// GET /api/<base>/ChangeLog, newest first: time, user, action, and each field as old → new (a code's
// label where the server knew it; a password only as 已修改).
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import useSWR from 'swr';
import { CHANGE_LOG_ENDPOINT, type ChangeLogEntry, type EntitySchema, type FieldChange } from '../../../common/metadata';
import type { DataProvider, Id } from '../data/data-provider';
import { resolveApi } from '../data/entity-api';


export const ACTION_LABELS: Readonly<Record<string, string>> = {
  create: '新增',
  update: '修改',
  patch: '修改',
  delete: '删除',
  audit: '审核',
  import: '导入',
  link: '关联变更',
  transition: '状态变更',
  batch: '批量操作',
  password: '修改密码',
};

const shown = (value: unknown, label: string | undefined) => label ?? (value === null || value === undefined || value === '' ? '空' : String(value));

/** One field's change as text: 旧 → 新, 已修改, or the links added and removed. */
export function changeText(c: FieldChange): string {
  if (c.writeOnly) return '已修改';
  if (c.added || c.removed) {
    return [c.added?.length ? `添加 ${c.added.join('、')}` : '', c.removed?.length ? `移除 ${c.removed.join('、')}` : ''].filter(Boolean).join('；');
  }
  return `${shown(c.old, c.oldLabel)} → ${shown(c.new, c.newLabel)}`;
}

const columns: ColumnsType<ChangeLogEntry> = [
  { key: 'at', title: '时间', dataIndex: 'at', width: 170 },
  { key: 'user', title: '操作人', dataIndex: 'userName', width: 150, ellipsis: true },
  { key: 'action', title: '操作', dataIndex: 'action', width: 90, render: (a: string) => <Tag>{ACTION_LABELS[a] ?? a}</Tag> },
  {
    key: 'changes',
    title: '变更内容',
    render: (_v, e) =>
      e.changes.length === 0 ? (
        '—'
      ) : (
        <ul className="engine-change-list" style={{ margin: 0, paddingLeft: 16 }}>
          {e.changes.map((c) => (
            <li key={c.field}>
              <strong>{c.title}</strong>：{changeText(c)}
            </li>
          ))}
        </ul>
      ),
  },
];

export function ChangeLog({ entity, provider, id }: { entity: EntitySchema; provider: DataProvider; id: Id }) {
  const idParam = resolveApi(entity).idParam;
  const { data, isLoading, error } = useSWR(['engine:changelog', entity.name, String(id)], () =>
    provider.custom<ChangeLogEntry[]>({ method: 'GET', name: CHANGE_LOG_ENDPOINT, params: { [idParam]: String(id) } }).then((rows) => rows ?? []),
  );
  return (
    <Table<ChangeLogEntry>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={data ?? []}
      loading={isLoading}
      pagination={(data?.length ?? 0) > 10 ? { pageSize: 10, showTotal: (t) => `共 ${t} 条` } : false}
      locale={{ emptyText: error ? '加载变更记录失败' : isLoading ? '加载中请稍后' : '暂无变更记录' }}
    />
  );
}
