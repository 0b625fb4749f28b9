// 未处理预警: the project's unhandled alarms with their handling progress (未处理 / 处理中), newest first,
// scrolling when more than fit.
import { chinaFormat } from '../../../../../lib/time/china-time';
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { OpenAlarm } from '../../../../../../common/screens/platform-warning';

const COLUMNS: readonly ScrollColumn<OpenAlarm>[] = [
  { key: 'time', title: '时间', width: '6.4em', render: (a) => <span className="ls-digits">{chinaFormat(a.time, 'MM-DD HH:mm')}</span> },
  { key: 'kind', title: '类型', width: 'minmax(0, 0.9fr)', render: (a) => <span title={a.kindName}>{a.kindName}</span> },
  { key: 'level', title: '级别', width: '3.8em', align: 'center', render: (a) => <span className={`pw-level is-${a.level}`}>{a.levelName}</span> },
  { key: 'device', title: '设备', width: 'minmax(0, 1fr)', render: (a) => <span title={a.deviceCode}>{a.deviceName || a.deviceCode || '--'}</span> },
  { key: 'message', title: '预警内容', width: 'minmax(0, 2fr)', render: (a) => <span title={a.message}>{a.message}</span> },
  {
    key: 'progress',
    title: '处理进度',
    width: '5em',
    align: 'center',
    render: (a) => <span className={a.handleStatus === '1' ? 'pw-working' : 'pw-waiting'} title={a.handler ? `处理人：${a.handler}` : undefined}>{a.handleStatusName}</span>,
  },
];

export function OpenAlarmsPanel({ alarms, unhandled, frame }: { alarms: OpenAlarm[] | undefined; unhandled: number | undefined; frame: SourceFrame }) {
  const working = alarms?.filter((a) => a.handleStatus === '1').length ?? 0;
  return (
    <Panel
      title="未处理预警"
      {...frame}
      empty={!alarms || alarms.length === 0}
      extra={unhandled !== undefined && <span>共 {unhandled} 条，处理中 {working} 条</span>}
    >
      <ScrollTable columns={COLUMNS} rows={alarms ?? []} rowKey={(a) => a.id} label="未处理预警列表" visibleRows={8} />
    </Panel>
  );
}
