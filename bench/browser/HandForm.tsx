// The reference dialog: the same 200 fields written by hand with antd Form in the same Modal (720 wide,
// scrolling body, label 110 px), with the same rules (required, max length) and the same controls, over
// the same small list as the generated page (序号, five columns, 操作; three rows).
import { useEffect, useState } from 'react';
import { Button, Card, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import type { Rule } from 'antd/es/form';
import { DEFAULT_PAGE_SIZE, GENERIC_PAGE_SIZES, SERIAL_WIDTH, TABLE_MAX_HEIGHT } from '../../src/engine/page/table-constants';
import { DICT_OPTIONS, FORM_BASE, FORM_LIST_SPECS, FORM_SPECS, type FormFieldSpec, type Row } from './synthetic';

const CHOOSING = new Set(['date', 'dict']);

function rulesOf(s: FormFieldSpec): Rule[] {
  const rules: Rule[] = [];
  if (s.required) rules.push({ required: true, message: `${CHOOSING.has(s.kind) ? '请选择' : '请输入'}${s.title}` });
  if (s.maxLength) rules.push({ max: s.maxLength, message: `${s.title}不能超过${s.maxLength}个字` });
  return rules;
}

function control(s: FormFieldSpec) {
  switch (s.kind) {
    case 'number':
      return <InputNumber style={{ width: '100%' }} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" placeholder="请选择日期" />;
    case 'dict':
      return <Select allowClear showSearch optionFilterProp="label" options={DICT_OPTIONS} />;
    case 'text':
      return <Input.TextArea rows={3} maxLength={s.maxLength} showCount />;
    default:
      return <Input maxLength={s.maxLength} />;
  }
}

function RecordForm({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm();
  return (
    <Modal
      open
      title="新增记录"
      width={720}
      maskClosable={false}
      okText="确定"
      cancelText="取消"
      onOk={() => void form.validateFields().catch(() => undefined)}
      onCancel={onClose}
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto', paddingRight: 8 } }}
    >
      <Form form={form} labelCol={{ flex: '110px' }} labelAlign="right" wrapperCol={{ flex: 1 }}>
        {FORM_SPECS.map((s) => (
          <Form.Item key={s.name} name={s.name} label={s.title} rules={rulesOf(s)}>
            {control(s)}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

const DICT_LABELS = new Map(DICT_OPTIONS.map((o) => [o.value, o.label]));
const LIST_COLUMNS: ColumnsType<Row> = [
  { key: '__serial', title: '序号', width: SERIAL_WIDTH, align: 'center', render: (_v, _r, i) => i + 1 },
  ...FORM_LIST_SPECS.map((s) => ({
    key: s.name,
    dataIndex: s.name,
    title: s.title,
    render: (v: unknown) => (s.kind === 'dict' ? (DICT_LABELS.get(String(v)) ?? String(v)) : String(v ?? '')),
  })),
  {
    key: '__actions',
    title: '操作',
    width: 220,
    align: 'center',
    fixed: 'right',
    render: () => (
      <Space size={0}>
        <Button type="link" size="small">
          查看
        </Button>
        <Button type="link" size="small">
          编辑
        </Button>
        <Button type="link" size="small" danger>
          删除
        </Button>
      </Space>
    ),
  },
];

export function HandFormPage() {
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => {
    let live = true;
    fetch(`/prod-api/api/${FORM_BASE}/WherePageList?index=0&size=${DEFAULT_PAGE_SIZE}`)
      .then((r) => r.json() as Promise<{ data: Row[] }>)
      .then((env) => live && setRows(env.data));
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="hand-page">
      <Card size="small">
        <div className="hand-toolbar">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
            新增
          </Button>
          <Button icon={<SettingOutlined />} aria-label="列设置" />
        </div>
        <Table<Row>
          className="hand-table"
          style={{ marginTop: 12 }}
          rowKey="id"
          columns={LIST_COLUMNS}
          dataSource={rows}
          scroll={{ x: 'max-content', y: TABLE_MAX_HEIGHT }}
          pagination={{
            current: 1,
            pageSize: DEFAULT_PAGE_SIZE,
            total: rows.length,
            pageSizeOptions: GENERIC_PAGE_SIZES.map(String),
            showSizeChanger: true,
            showQuickJumper: true,
            showTotal: (total) => `共 ${total} 条`,
          }}
        />
      </Card>
      {open && <RecordForm onClose={() => setOpen(false)} />}
    </div>
  );
}
