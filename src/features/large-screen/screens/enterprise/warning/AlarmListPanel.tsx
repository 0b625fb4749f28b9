// 最新报警: the 50 newest alarms, handled or not, scrolling when they do not all fit.
import { chinaFormat } from '../../../../../lib/time/china-time';
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { AlarmItem } from '../../../../../../common/screens/alarms';

const COLUMNS: readonly ScrollColumn<AlarmItem>[] = [
  { key: 'time', title: '时间', width: '6.4em', render: (a) => chinaFormat(a.time, 'MM-DD HH:mm') },
  { key: 'project', title: '项目', width: 'minmax(0, 1.3fr)', render: (a) => <span title={a.projectName}>{a.projectName}</span> },
  { key: 'device', title: '设备', width: 'minmax(0, 0.9fr)', render: (a) => <span title={a.deviceCode}>{a.deviceName || a.deviceCode}</span> },
  { key: 'kind', title: '类型', width: 'minmax(0, 0.8fr)', render: (a) => a.kindName },
  { key: 'message', title: '报警内容', width: 'minmax(0, 1.8fr)', render: (a) => <span title={a.message}>{a.message}</span> },
  { key: 'level', title: '级别', width: '4em', align: 'center', render: (a) => <span className={`wn-level is-${a.level}`}>{a.levelName}</span> },
  { key: 'state', title: '状态', width: '3.6em', align: 'center', render: (a) => (a.handled ? <span className="wn-handled">已处理</span> : <span className="wn-unhandled">未处理</span>) },
];

export function AlarmListPanel({ alarms, frame }: { alarms: AlarmItem[] | undefined; frame: SourceFrame }) {
  const unhandled = alarms?.filter((a) => !a.handled).length ?? 0;
  return (
    <Panel title="最新报警" {...frame} empty={!alarms || alarms.length === 0} extra={alarms && <span>最近 {alarms.length} 条，未处理 {unhandled} 条</span>}>
      <ScrollTable columns={COLUMNS} rows={alarms ?? []} rowKey={(a) => a.id} label="最新报警列表" visibleRows={10} rowClassName={(a) => (a.handled ? undefined : 'wn-row-open')} />
    </Panel>
  );
}
