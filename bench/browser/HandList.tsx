// The reference list: the same screen written by hand with antd — a card with the 新增 button, a Table of
// 序号 + the same 50 columns + 操作, the same rows fetched from the same endpoint, the same pagination and
// the same virtual-scroll setting the engine picks (src/engine/page/table-constants).
import { useEffect, useState } from 'react';
import { Button, Card, ConfigProvider, Space, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { formatMoney } from '../../common/display';
import { SERIAL_WIDTH, VIRTUAL_DEFAULT_HEIGHT, TABLE_MAX_HEIGHT, shouldVirtualize } from '../../src/engine/page/table-constants';
import { DICT_OPTIONS, LIST_BASE, LIST_SPECS, PAGE_SIZES, type ListColumnSpec, type Row } from './synthetic';

const DICT_LABELS = new Map(DICT_OPTIONS.map((o) => [o.value, o.label]));
const ACTIONS = [
  { key: 'view', label: '查看' },
  { key: 'edit', label: '编辑' },
  { key: 'delete', label: '删除' },
];

function cell(s: ListColumnSpec, v: unknown) {
  if (v === undefined || v === null || v === '') return '';
  switch (s.kind) {
    case 'date':
      return dayjs(String(v)).format('YYYY-MM-DD');
    case 'dict':
      return DICT_LABELS.get(String(v)) ?? String(v);
    case 'money':
      return formatMoney(Number(v));
    default:
      return s.ellipsis ? (
        <Tooltip placement="topLeft" title={String(v)}>
          <span>{String(v)}</span>
        </Tooltip>
      ) : (
        String(v)
      );
  }
}

const COLUMNS: ColumnsType<Row> = [
  { key: '__serial', title: '序号', width: SERIAL_WIDTH, align: 'center', render: (_v, _r, i) => i + 1 },
  ...LIST_SPECS.map((s) => ({
    key: s.name,
    dataIndex: s.name,
    title: s.title,
    width: s.width,
    ellipsis: s.ellipsis ? { showTitle: false } : undefined,
    render: (v: unknown) => cell(s, v),
  })),
  {
    key: '__actions',
    title: '操作',
    width: 60 * ACTIONS.length + 40,
    align: 'center',
    fixed: 'right',
    render: () => (
      <Space size={0}>
        {ACTIONS.map((a) => (
          <Button key={a.key} type="link" size="small" danger={a.key === 'delete'}>
            {a.label}
          </Button>
        ))}
      </Space>
    ),
  },
];
const SCROLL_X = COLUMNS.reduce((sum, c) => sum + Number(c.width), 0);
const VIRTUAL_THEME = { token: { paddingXS: 4, lineHeight: 1.5 } };

export function HandList({ pageSize }: { pageSize: number }) {
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    fetch(`/prod-api/api/${LIST_BASE}/WherePageList?index=0&size=${pageSize}`)
      .then((r) => r.json() as Promise<{ data: Row[] }>)
      .then((env) => live && setRows(env.data))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [pageSize]);

  const virtual = shouldVirtualize(rows.length, VIRTUAL_DEFAULT_HEIGHT);
  const table = (
    <Table<Row>
      className={virtual ? 'hand-table hand-table-virtual' : 'hand-table'}
      rowKey="id"
      columns={COLUMNS}
      dataSource={rows}
      virtual={virtual}
      size={virtual ? 'small' : 'middle'}
      scroll={virtual ? { x: SCROLL_X, y: VIRTUAL_DEFAULT_HEIGHT } : { x: 'max-content', y: TABLE_MAX_HEIGHT }}
      loading={loading}
      pagination={{
        current: 1,
        pageSize,
        total: rows.length,
        pageSizeOptions: PAGE_SIZES.map(String),
        showSizeChanger: true,
        showQuickJumper: true,
        showTotal: (total) => `共 ${total} 条`,
      }}
    />
  );
  return (
    <div className="hand-page">
      <Card size="small">
        <div className="hand-toolbar">
          <Button type="primary" icon={<PlusOutlined />}>
            新增
          </Button>
          <Button icon={<SettingOutlined />} aria-label="列设置" />
        </div>
        <div style={{ marginTop: 12 }}>{virtual ? <ConfigProvider theme={VIRTUAL_THEME}>{table}</ConfigProvider> : table}</div>
      </Card>
    </div>
  );
}
