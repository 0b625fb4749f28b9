// The filled records of the chosen device (§2.8 "shows real filled records"): its one-device card
// (DeviceManagementCard/QueryByDeviceSerils, docs/devices.md) — the newest records of each kind with their
// answers, open 整改单 and maintenance plans — under the template panels.
import { Alert, Card, Empty, Table, Tabs, Tag } from 'antd';
import useSWR from 'swr';
import { failureText } from '../../../lib/http/errors';
import { http, unwrap } from '../../../lib/http/client';
import { AnswersView, parseAnswers } from '../../../engine/components/TemplateAnswers';

export const DEVICE_CARD_URL = '/api/DeviceManagementCard/QueryByDeviceSerils';

type Row = Record<string, unknown>;
type DeviceCard = {
  online: boolean;
  latestReading: string;
  records: Array<{ entity: string; title: string; rows: Row[] }>;
  rectifications: Row[];
  plans: Row[];
};

const RESULT: Record<string, [string, string]> = { '1': ['合格', 'green'], '2': ['不合格', 'red'] };
const RECTIFY: Record<string, [string, string]> = { '0': ['无需整改', 'default'], '1': ['待整改', 'red'], '2': ['已整改', 'green'] };
const DUE: Record<string, [string, string]> = { done: ['已完成', 'green'], overdue: ['已逾期', 'red'], due: ['即将到期', 'orange'], notDue: ['未到期', 'blue'], disabled: ['已停用', 'default'] };
const tag = (table: Record<string, [string, string]>, v: unknown) => {
  const [label, color] = table[String(v)] ?? [String(v ?? '—'), 'default'];
  return <Tag color={color}>{label}</Tag>;
};

export function FilledRecords({ deviceNo }: { deviceNo: string }) {
  const { data, error, isLoading } = useSWR([DEVICE_CARD_URL, deviceNo], ([url, no]) => unwrap(http.get<DeviceCard>(url, { deviceSerils: no })), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  if (error) return <Alert type="warning" showIcon className="record-alert" message={failureText(error, '已填记录加载失败')} />;
  if (isLoading || !data) return null;
  const kinds = data.records.filter((k) => k.rows.length > 0);
  return (
    <Card className="record-filled" size="small" title="已填记录" style={{ marginTop: 16 }}
      extra={<span>{data.rectifications.length > 0 ? <Tag color="red">待整改 {data.rectifications.length} 项</Tag> : null}{data.plans.map((p) => <span key={String(p.id)}>{String(p.planName)} {tag(DUE, p.dueState)}</span>)}</span>}>
      {kinds.length === 0 ? (
        <Empty description="暂无已填记录" />
      ) : (
        <Tabs
          items={kinds.map((k) => ({
            key: k.entity,
            label: `${k.title}（${k.rows.length}）`,
            children: (
              <Table<Row>
                size="small"
                rowKey={(r) => String(r.id)}
                pagination={false}
                dataSource={k.rows}
                expandable={{ expandedRowRender: (r) => <AnswersView answers={parseAnswers(r.answers)} /> }}
                columns={[
                  { title: '记录时间', dataIndex: 'recordTime', width: 170 },
                  { title: '检查结果', dataIndex: 'result', width: 90, render: (v: unknown) => tag(RESULT, v) },
                  { title: '不合格项', dataIndex: 'failedCount', width: 90 },
                  { title: '检查人', dataIndex: 'inspector', width: 100 },
                  { title: '模板', dataIndex: 'templateName', ellipsis: true },
                  { title: '整改状态', dataIndex: 'rectifyStatus', width: 100, render: (v: unknown) => tag(RECTIFY, v) },
                ]}
              />
            ),
          }))}
        />
      )}
    </Card>
  );
}
