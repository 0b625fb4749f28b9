// 月度明细: every month's figures, newest first, scrolling when they do not all fit.
import { useMemo } from 'react';
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { Report, ReportMonth } from '../../../../../../common/screens/report';
import { monthTitle } from './model';

const figure = (v: number) => (Math.round(v * 10) / 10).toLocaleString('zh-CN');

const COLUMNS: readonly ScrollColumn<ReportMonth>[] = [
  { key: 'month', title: '月份', width: 'minmax(0, 1.3fr)', render: (m) => monthTitle(m.month) },
  { key: 'personDays', title: '出勤人天', align: 'right', render: (m) => figure(m.personDays) },
  { key: 'personHours', title: '出勤工时', align: 'right', render: (m) => figure(m.personHours) },
  { key: 'alarms', title: '报警', align: 'right', render: (m) => <span className={m.alarms ? 'rp-alarm' : undefined}>{figure(m.alarms)}</span> },
  { key: 'hazardsFound', title: '发现隐患', align: 'right', render: (m) => figure(m.hazardsFound) },
  { key: 'hazardsClosed', title: '销项隐患', align: 'right', render: (m) => figure(m.hazardsClosed) },
  { key: 'vehiclesIn', title: '车辆进场', align: 'right', render: (m) => figure(m.vehiclesIn) },
  { key: 'vehiclesOut', title: '车辆出场', align: 'right', render: (m) => figure(m.vehiclesOut) },
];

export function MonthTablePanel({ report, frame }: { report: Report | undefined; frame: SourceFrame }) {
  const rows = useMemo(() => [...(report?.months ?? [])].reverse(), [report]);
  return (
    <Panel title="月度明细" {...frame} empty={rows.length === 0}>
      <ScrollTable columns={COLUMNS} rows={rows} rowKey={(m) => m.month} label="月度统计明细" visibleRows={6} />
    </Panel>
  );
}
