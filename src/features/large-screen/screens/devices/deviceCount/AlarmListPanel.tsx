// 实时报警: the newest unhandled alarms of any device, scrolling when more than fit.
import { chinaFormat } from '../../../../../lib/time/china-time';
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { AlarmItem } from '../../../../../../common/screens/alarms';

const COLUMNS: readonly ScrollColumn<AlarmItem>[] = [
  { key: 'time', title: '时间', width: '5.6em', render: (a) => <span className="ls-digits">{chinaFormat(a.time, 'MM-DD HH:mm')}</span> },
  { key: 'device', title: '设备', width: 'minmax(0, 1.2fr)', render: (a) => <span title={a.projectName}>{a.deviceName || a.deviceCode}</span> },
  { key: 'kind', title: '类型', width: 'minmax(0, 1fr)', render: (a) => <span title={a.message}>{a.kindName}</span> },
  { key: 'level', title: '级别', width: '3.6em', align: 'center', render: (a) => <span className={`dc-level is-${a.level}`}>{a.levelName}</span> },
];

export function AlarmListPanel({ alarms, frame }: { alarms: AlarmItem[] | undefined; frame: SourceFrame }) {
  return (
    <Panel title="实时报警" {...frame} empty={!alarms} extra={alarms && <span>未处理 {alarms.length} 条</span>}>
      {alarms && alarms.length > 0 ? (
        <ScrollTable columns={COLUMNS} rows={alarms} rowKey={(a) => a.id} label="未处理报警" visibleRows={5} />
      ) : (
        <div className="dc-calm">当前无未处理报警</div>
      )}
    </Panel>
  );
}
