// The filled records of the chosen device (§2.8 "shows real filled records"): one tab per record kind —
// 巡检, 运行, 开关箱检查, 维修, 保养 — each read through its §7.7 GetRecordByDeviceID (the generic engine's
// list: company / project scope, soft delete and page rights on the server), newest 记录时间 first and paged;
// 查看 opens one record as a readable checklist (the engine's AnswersView: each answer 合格 / 不合格, notes,
// photos) with its result, inspector, time and photos. The header counts the device's open 整改单 and its
// maintenance plans' states from the one-device card (DeviceManagementCard/QueryByDeviceSerils).
import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Drawer, Empty, Spin, Table, Tabs, Tag } from 'antd';
import useSWR from 'swr';
import { failureText } from '../../../lib/http/errors';
import { http, request, unwrap } from '../../../lib/http/client';
import { AnswersView, parseAnswers } from '../../../engine/components/TemplateAnswers';
import { ImageList } from '../../../engine/components/ImageUpload';
import { useSession } from '../../../lib/session/store';
import type { MenuNode } from '../../../../common/menu-tree';

export const DEVICE_CARD_URL = '/api/DeviceManagementCard/QueryByDeviceSerils';
export const RECORDS_PAGE_SIZE = 10;

type Row = Record<string, unknown>;
type DeviceCard = { rectifications: Row[]; plans: Row[] };

type Extra = { field: string; title: string; unit?: string };
/** The five record kinds (docs/devices.md "Records"): API base, and what each names its person and time. */
export const RECORD_KINDS: ReadonlyArray<{ entity: string; base: string; group: string; title: string; person: string; time: string; extras: Extra[] }> = [
  { entity: 'InspRecord', base: 'RoutInspRecord', group: 'inspRecord', title: '巡检记录', person: '检查人', time: '检查时间', extras: [] },
  {
    entity: 'MachineryRecord', base: 'RoutInspMachinery', group: 'machineryRecord', title: '运行记录', person: '操作人', time: '记录时间',
    extras: [{ field: 'workHours', title: '运行时长', unit: 'h' }],
  },
  { entity: 'SwitchBoxRecord', base: 'RoutInspSwitchBox', group: 'switchBoxRecord', title: '开关箱检查记录', person: '检查人', time: '检查时间', extras: [] },
  {
    entity: 'RepairRecord', base: 'RoutInspRepair', group: 'repairRecord', title: '维修记录', person: '维修人', time: '维修时间',
    extras: [{ field: 'faultDesc', title: '故障描述' }, { field: 'cost', title: '维修费用', unit: '元' }],
  },
  { entity: 'MaintainRecord', base: 'RoutInspMaintain', group: 'maintainRecord', title: '保养记录', person: '保养人', time: '保养时间', extras: [] },
];
/** The record pages' menu node (schemas/entities/*-record.json permission.page). */
const RECORDS_PAGE = 'deviceManage';

function findPage(nodes: readonly MenuNode[], path: string): MenuNode | undefined {
  for (const n of nodes) {
    if (!n.isButton && n.path === path) return n;
    const hit = findPage(n.children, path);
    if (hit) return hit;
  }
  return undefined;
}
/** The session's tree holds the kind's page (the server answers 402 otherwise: no tab, no red message). */
const holdsKind = (menu: readonly MenuNode[], kind: Kind): boolean => {
  const page = findPage(menu, RECORDS_PAGE);
  return !!page && findPage(page.children, kind.group) !== undefined;
};
type Kind = (typeof RECORD_KINDS)[number];
const NONE: KindPage = { rows: [], total: 0 };
type KindPage = { rows: Row[]; total: number };

const RESULT: Record<string, [string, string]> = { '1': ['合格', 'green'], '2': ['不合格', 'red'] };
const RECTIFY: Record<string, [string, string]> = { '0': ['无需整改', 'default'], '1': ['待整改', 'red'], '2': ['已整改', 'green'] };
const DUE: Record<string, [string, string]> = { done: ['已完成', 'green'], overdue: ['已逾期', 'red'], due: ['即将到期', 'orange'], notDue: ['未到期', 'blue'], disabled: ['已停用', 'default'] };
const tag = (table: Record<string, [string, string]>, v: unknown) => {
  const [label, color] = table[String(v)] ?? [v === null || v === undefined || v === '' ? '—' : String(v), 'default'];
  return <Tag color={color}>{label}</Tag>;
};
const text = (v: unknown, unit = ''): string => (v === null || v === undefined || v === '' ? '—' : `${String(v)}${unit}`);

/** One page of a kind's records of the device, newest first. */
async function kindPage(kind: Kind, deviceId: string, index: number): Promise<KindPage> {
  const env = await request<Row[]>({
    method: 'GET',
    url: `/api/${kind.base}/GetRecordByDeviceID`,
    params: { deviceID: deviceId, index, size: RECORDS_PAGE_SIZE, sort: 'recordTime:desc' },
  });
  const rows = await unwrap(Promise.resolve(env));
  return { rows: rows ?? [], total: env.pageInfo?.record_count ?? rows?.length ?? 0 };
}

const SWR_OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

function KindTable({ kind, deviceId, first, onOpen }: { kind: Kind; deviceId: string; first: KindPage; onOpen: (row: Row) => void }) {
  const [index, setIndex] = useState(0);
  const later = useSWR(index > 0 ? ['device-records', kind.base, deviceId, index] : null, () => kindPage(kind, deviceId, index), { ...SWR_OPTIONS, keepPreviousData: true });
  const page = index > 0 && later.data ? later.data : first;
  return (
    <>
      {later.error && <Alert type="warning" showIcon className="record-alert" message={failureText(later.error, '记录加载失败')} />}
      <Table<Row>
        className="record-filled-table"
        size="small"
        rowKey={(r) => String(r.id)}
        loading={later.isLoading}
        dataSource={page.rows}
        pagination={{ current: index + 1, pageSize: RECORDS_PAGE_SIZE, total: page.total, showTotal: (n) => `共 ${n} 条`, onChange: (p) => setIndex(p - 1), size: 'small' }}
        columns={[
          { title: kind.time, dataIndex: 'recordTime', width: 170 },
          { title: '检查结果', dataIndex: 'result', width: 90, render: (v: unknown) => tag(RESULT, v) },
          { title: '不合格项', dataIndex: 'failedCount', width: 80 },
          { title: kind.person, dataIndex: 'inspector', width: 100 },
          ...kind.extras.map((e) => ({ title: e.title, dataIndex: e.field, width: 110, ellipsis: true, render: (v: unknown) => text(v, e.unit) })),
          { title: '模板', dataIndex: 'templateName', ellipsis: true },
          { title: '整改状态', dataIndex: 'rectifyStatus', width: 100, render: (v: unknown) => tag(RECTIFY, v) },
          { title: '操作', key: 'open', width: 80, render: (_: unknown, r: Row) => <Button type="link" size="small" onClick={() => onOpen(r)}>查看</Button> },
        ]}
      />
    </>
  );
}

/** One filled record, read-only: who, when, result and photos, then the checklist as answered. */
function RecordDrawer({ kind, row, onClose }: { kind: Kind | null; row: Row | null; onClose: () => void }) {
  return (
    <Drawer open={row !== null} onClose={onClose} width="60%" title={kind ? `${kind.title}详情` : '记录详情'} className="record-drawer" destroyOnHidden>
      {kind && row && (
        <>
          <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} styles={{ label: { width: 110, whiteSpace: 'nowrap' } }}
            items={[
              { key: 'no', label: '设备编号', children: text(row.deviceNo) },
              { key: 'name', label: '设备名称', children: text(row.deviceName) },
              { key: 'type', label: '设备类型', children: text(row.deviceType) },
              { key: 'tpl', label: '模板名称', children: text(row.templateName) },
              { key: 'time', label: kind.time, children: text(row.recordTime) },
              { key: 'person', label: kind.person, children: text(row.inspector) },
              { key: 'result', label: '检查结果', children: tag(RESULT, row.result) },
              { key: 'failed', label: '不合格项', children: text(row.failedCount) },
              { key: 'rectify', label: '整改状态', children: tag(RECTIFY, row.rectifyStatus) },
              ...kind.extras.map((e, i) => ({ key: e.field, label: e.title, children: text(row[e.field], e.unit), ...(i === kind.extras.length - 1 && kind.extras.length % 2 === 0 ? { span: 'filled' as const } : {}) })),
              { key: 'remark', label: '备注', span: 'filled' as const, children: text(row.remark) },
              { key: 'photos', label: '现场照片', span: 'filled' as const, children: row.photos ? <ImageList value={String(row.photos)} /> : '—' },
            ]}
          />
          <h4 className="record-drawer-heading">检查内容</h4>
          <AnswersView answers={parseAnswers(row.answers)} />
        </>
      )}
    </Drawer>
  );
}

export function FilledRecords({ deviceId, deviceNo }: { deviceId: string; deviceNo: string }) {
  const menu = useSession((s) => s.menu);
  const held = RECORD_KINDS.filter((k) => holdsKind(menu, k)).map((k) => k.base).join(',');
  const pages = useSWR(['device-records', deviceId, held], () => Promise.all(RECORD_KINDS.map((k) => (held.split(',').includes(k.base) ? kindPage(k, deviceId, 0) : NONE))), SWR_OPTIONS);
  const card = useSWR([DEVICE_CARD_URL, deviceNo], ([url, no]) => unwrap(http.get<DeviceCard>(url, { deviceSerils: no })), SWR_OPTIONS);
  const [open, setOpen] = useState<{ kind: Kind; row: Row } | null>(null);

  if (pages.error) return <Alert type="warning" showIcon className="record-alert" message={failureText(pages.error, '已填记录加载失败')} />;
  const data = pages.data;
  const kinds = data ? RECORD_KINDS.map((k, i) => ({ kind: k, first: data[i] ?? { rows: [], total: 0 } })).filter((k) => k.first.total > 0) : [];
  const rectifications = card.data?.rectifications ?? [];
  return (
    <Card className="record-filled" size="small" title="已填记录" style={{ marginTop: 16 }}
      extra={<span>{rectifications.length > 0 ? <Tag color="red">待整改 {rectifications.length} 项</Tag> : null}{(card.data?.plans ?? []).map((p) => <span key={String(p.id)}>{String(p.planName)} {tag(DUE, p.dueState)}</span>)}</span>}>
      {!data ? (
        <Spin />
      ) : kinds.length === 0 ? (
        <Empty description="暂无已填记录" />
      ) : (
        <Tabs
          items={kinds.map(({ kind, first }) => ({
            key: kind.entity,
            label: `${kind.title}（${first.total}）`,
            children: <KindTable key={deviceId} kind={kind} deviceId={deviceId} first={first} onOpen={(row) => setOpen({ kind, row })} />,
          }))}
        />
      )}
      <RecordDrawer kind={open?.kind ?? null} row={open?.row ?? null} onClose={() => setOpen(null)} />
    </Card>
  );
}
