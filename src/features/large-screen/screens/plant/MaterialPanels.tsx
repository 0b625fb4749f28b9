// Materials: stock of every bin against its capacity (low bins red), the stock trend per material,
// consumption by material (set vs actual today, this month against deliveries) and the batches, with
// those past the tolerance (超差报警).
import { chinaFormat } from '../../../../lib/time/china-time';
import { useMemo } from 'react';
import type { ConcretePlant, PlantBatchItem } from '../../../../../common/screens/concrete-plant';
import { BarChart } from '../../kit/charts/BarChart';
import { LineChart } from '../../kit/charts/LineChart';
import type { SourceFrame } from '../../kit/frame';
import { Panel } from '../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../kit/ScrollTable';
import { MATERIAL_COLORS, shortTime } from './model';

type Props = { data: ConcretePlant | undefined; frame: SourceFrame };

export function BinStockPanel({ data, frame }: Props) {
  const bins = useMemo(() => data?.bins ?? [], [data]);
  const chart = useMemo(
    () => ({
      categories: bins.map((b) => b.binName),
      series: [
        { name: '正常库存', data: bins.map((b) => (b.low ? null : b.stock)), color: '#22e3a5', stack: 'stock' },
        { name: '低库存', data: bins.map((b) => (b.low ? b.stock : null)), color: '#ff5a5f', stack: 'stock' },
        { name: '剩余容量', data: bins.map((b) => Math.max(0, Math.round((b.capacity - b.stock) * 10) / 10)), color: '#28506f', stack: 'stock' },
      ],
    }),
    [bins],
  );
  const low = bins.filter((b) => b.low).length;
  return (
    <Panel title="料仓库存" {...frame} empty={bins.length === 0} extra={<span className={low > 0 ? 'pl-bad' : undefined}>低库存 {low} 个</span>}>
      <BarChart categories={chart.categories} series={chart.series} unit="吨" horizontal label="各料仓库存与容量" />
    </Panel>
  );
}

export function StockTrendPanel({ data, frame }: Props) {
  const trend = data?.stockTrend ?? [];
  const days = trend[0]?.points.map((p) => chinaFormat(p.day, 'MM-DD')) ?? [];
  const series = trend.map((t, i) => ({ name: t.name, data: t.points.map((p) => p.stock), color: MATERIAL_COLORS[i % MATERIAL_COLORS.length] }));
  return (
    <Panel title="近7日库存趋势" {...frame} empty={trend.length === 0}>
      <LineChart categories={days} series={series} units={['吨']} label="各材料日末库存" />
    </Panel>
  );
}

export function ConsumptionPanel({ data, frame, period = 'today' }: Props & { period?: 'today' | 'month' }) {
  const use = data?.consumption ?? [];
  const series =
    period === 'today'
      ? [
          { name: '设定用量', data: use.map((m) => m.todaySet), color: '#4d9dff' },
          { name: '实际用量', data: use.map((m) => m.today), color: '#22e3a5' },
        ]
      : [
          { name: '本月消耗', data: use.map((m) => m.month), color: '#22e3a5' },
          { name: '本月进场', data: use.map((m) => m.deliveredMonth), color: '#ffc53d' },
        ];
  return (
    <Panel title={period === 'today' ? '今日材料消耗' : '本月材料消耗与进场'} {...frame} empty={use.length === 0}>
      <BarChart categories={use.map((m) => m.name)} series={series} unit="吨" label={period === 'today' ? '今日各材料设定与实际用量' : '本月各材料消耗与进场量'} />
    </Panel>
  );
}

// The task number is shown whole (fit); in a narrow panel 生产线, 等级 and 盘号 give way, in that order.
const BATCH_COLUMNS: readonly ScrollColumn<PlantBatchItem>[] = [
  { key: 'time', title: '出料时间', width: '5.6em', dropOrder: 4, render: (b) => shortTime(b.batchTime) },
  { key: 'task', title: '任务单', fit: (b) => b.taskNo, render: (b) => <span className="ls-digits">{b.taskNo}</span> },
  { key: 'line', title: '生产线', width: '3.8em', align: 'center', dropOrder: 1, render: (b) => b.lineName },
  { key: 'no', title: '盘号', width: '2.6em', align: 'center', dropOrder: 3, render: (b) => b.batchNo },
  { key: 'grade', title: '等级', width: '2.8em', align: 'center', dropOrder: 2, render: (b) => b.strengthGrade },
  { key: 'dev', title: '最大偏差', width: '4.4em', align: 'right', render: (b) => <span className={b.alarm ? 'pl-bad' : undefined}>{b.maxDeviation}%</span> },
];

export function BatchAlarmPanel({ data, frame }: Props) {
  const rows = data?.alarmBatches ?? [];
  return (
    <Panel title="超差报警" {...frame} empty={!data} extra={data && <span>本月 {data.volumes.alarmsMonth} 盘</span>}>
      {rows.length === 0 ? (
        <div className="pl-calm">暂无超差盘</div>
      ) : (
        <ScrollTable columns={BATCH_COLUMNS} rows={rows} rowKey={(b) => b.id} label="超过计量允许偏差的盘" visibleRows={5} rowClassName={() => 'pl-alarm'} />
      )}
    </Panel>
  );
}

export function BatchesPanel({ data, frame }: Props) {
  const rows = data?.batches ?? [];
  return (
    <Panel title="最新盘记录" {...frame} empty={rows.length === 0}>
      <ScrollTable columns={BATCH_COLUMNS} rows={rows} rowKey={(b) => b.id} label="最新盘记录" visibleRows={6} rowClassName={(b) => (b.alarm ? 'pl-alarm' : undefined)} />
    </Panel>
  );
}
