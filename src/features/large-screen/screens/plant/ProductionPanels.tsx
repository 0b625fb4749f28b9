// Production: the key figures, volume today / yesterday / this month with the 30-day trend, the orders
// in production and the task board.
import { chinaFormat } from '../../../../lib/time/china-time';
import type { ConcretePlant, PlantOrderItem, PlantTaskItem } from '../../../../../common/screens/concrete-plant';
import { BarChart } from '../../kit/charts/BarChart';
import type { SourceFrame } from '../../kit/frame';
import { KeyFigures } from '../../kit/KeyFigures';
import { KpiTile } from '../../kit/KpiTile';
import { Panel } from '../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../kit/ScrollTable';
import { clock, m3 } from './model';

type Props = { data: ConcretePlant | undefined; frame: SourceFrame };

export function PlantKpiStrip({ data }: { data: ConcretePlant | undefined }) {
  return (
    <KeyFigures label="关键指标">
      <KpiTile label="今日方量" value={data?.volumes.today} unit="方" decimals={1} tone="cyan" />
      <KpiTile label="生产中订单" value={data?.summary.ordersInProduction} unit="单" tone="green" />
      <KpiTile label="生产中任务" value={data?.summary.tasksRunning} unit="个" tone="blue" />
      <KpiTile label="出车罐车" value={data?.summary.carsOut} unit="辆" tone="amber" />
      <KpiTile label="今日超差盘数" value={data?.volumes.alarmsToday} unit="盘" tone="red" />
    </KeyFigures>
  );
}

export function VolumePanel({ data, frame }: Props) {
  const days = data?.daily ?? [];
  return (
    <Panel title="生产方量" {...frame} empty={!data} extra={data && <span>今日 {data.volumes.batchesToday} 盘</span>}>
      <div className="pl-volumes">
        <KpiTile label="今日" value={data?.volumes.today} unit="方" decimals={1} tone="cyan" />
        <KpiTile label="昨日" value={data?.volumes.yesterday} unit="方" decimals={1} tone="blue" />
        <KpiTile label="本月" value={data?.volumes.month} unit="方" decimals={1} tone="green" />
      </div>
      <div className="pl-chart">
        <BarChart categories={days.map((d) => chinaFormat(d.day, 'MM-DD'))} series={[{ name: '方量', data: days.map((d) => d.volume), color: '#1ec8ff' }]} unit="方" label="近30日每日生产方量" />
      </div>
    </Panel>
  );
}

// The order number is shown whole (fit); in a narrow panel 方量 and 等级 give way, in that order.
const ORDER_COLUMNS: readonly ScrollColumn<PlantOrderItem>[] = [
  { key: 'no', title: '订单', fit: (o) => o.orderNo, render: (o) => <span className="ls-digits">{o.orderNo}</span> },
  { key: 'site', title: '客户工地', width: 'minmax(4.5em, 1.4fr)', dropOrder: 3, render: (o) => <span title={`${o.customerName} ${o.siteName}`}>{o.siteName || o.customerName}</span> },
  { key: 'grade', title: '等级', width: '3em', align: 'center', dropOrder: 2, render: (o) => o.strengthGrade },
  { key: 'vol', title: '方量', width: '3.4em', align: 'right', dropOrder: 1, render: (o) => m3(o.volume) },
  {
    key: 'signed',
    title: '签收进度',
    width: '6.5em',
    dropOrder: 4,
    render: (o) => (
      <span className="pl-progress">
        <i>
          <b style={{ width: `${Math.min(100, o.volume > 0 ? (o.signedVolume / o.volume) * 100 : 0)}%` }} />
        </i>
        {m3(o.signedVolume)}
      </span>
    ),
  },
  { key: 'status', title: '状态', width: '3.6em', align: 'center', render: (o) => <span className={o.status === '4' ? 'pl-good' : 'pl-warn'}>{o.statusName}</span> },
];

export function OrdersPanel({ data, frame }: Props) {
  const orders = data?.orders ?? [];
  return (
    <Panel title="在产订单" {...frame} empty={orders.length === 0} extra={data && <span>生产中 {data.summary.ordersInProduction} 单</span>}>
      <ScrollTable columns={ORDER_COLUMNS} rows={orders} rowKey={(o) => o.id} label="已审核和生产中的订单" visibleRows={6} />
    </Panel>
  );
}

// The task number is shown whole (fit); in a narrow side panel 开盘, 已发, 生产线 and 等级 give way, in that order.
const TASK_COLUMNS: readonly ScrollColumn<PlantTaskItem>[] = [
  { key: 'no', title: '任务单', fit: (t) => t.taskNo, render: (t) => <span className="ls-digits">{t.taskNo}</span> },
  { key: 'site', title: '客户工地', width: 'minmax(3em, 1.5fr)', dropOrder: 5, render: (t) => <span title={`${t.customerName} ${t.siteName}`}>{t.siteName || t.customerName}</span> },
  { key: 'line', title: '生产线', width: '4em', align: 'center', dropOrder: 3, render: (t) => t.lineName },
  { key: 'grade', title: '等级', width: '3em', align: 'center', dropOrder: 4, render: (t) => t.strengthGrade },
  { key: 'plan', title: '计划方量', width: '4.2em', align: 'right', dropOrder: 6, render: (t) => m3(t.plannedVolume) },
  { key: 'made', title: '已生产', width: '3.6em', align: 'right', render: (t) => m3(t.producedVolume) },
  { key: 'sent', title: '已发', width: '3.6em', align: 'right', dropOrder: 2, render: (t) => m3(t.dispatchedVolume) },
  { key: 'start', title: '开盘', width: '3.6em', align: 'center', dropOrder: 1, render: (t) => clock(t.startedAt) },
  { key: 'status', title: '状态', width: '3.4em', align: 'center', render: (t) => <span className={t.status === '2' ? 'pl-good' : t.status === '3' ? 'pl-bad' : 'pl-warn'}>{t.statusName}</span> },
];

export function TaskBoardPanel({ data, frame }: Props) {
  const tasks = data?.tasks ?? [];
  return (
    <Panel title="生产任务看板" {...frame} empty={tasks.length === 0} extra={data && <span>生产中 {data.summary.tasksRunning} 个</span>}>
      <ScrollTable columns={TASK_COLUMNS} rows={tasks} rowKey={(t) => t.id} label="生产任务" visibleRows={6} />
    </Panel>
  );
}
