// 报警记录: the newest alarms of the cranes and lifts in the last 24 hours, scrolling when more than fit.
import { chinaFormat } from '../../../../lib/time/china-time';
import { Panel } from '../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../kit/ScrollTable';
import type { SourceFrame } from '../../kit/frame';
import type { AlarmItem } from '../../../../../common/screens/alarms';
import './special.css';

const COLUMNS: readonly ScrollColumn<AlarmItem>[] = [
  { key: 'time', title: '时间', width: '5.6em', render: (a) => chinaFormat(a.time, 'MM-DD HH:mm') },
  { key: 'project', title: '项目', width: 'minmax(0, 1.3fr)', render: (a) => <span title={a.projectName}>{a.projectName}</span> },
  { key: 'kind', title: '类型', width: 'minmax(0, 1fr)', render: (a) => <span title={a.message}>{a.kindName}</span> },
  { key: 'level', title: '级别', width: '3.6em', align: 'center', render: (a) => <span className={`dg-level is-${a.level}`}>{a.levelName}</span> },
  { key: 'state', title: '状态', width: '3.4em', align: 'center', render: (a) => (a.handled ? <span className="dg-offline">已处理</span> : <span className="dg-alarm">未处理</span>) },
];

export function DangerAlarmsPanel({ alarms, frame }: { alarms: AlarmItem[] | undefined; frame: SourceFrame }) {
  const unhandled = alarms?.filter((a) => !a.handled).length ?? 0;
  return (
    <Panel title="报警记录" {...frame} empty={!alarms} extra={alarms && <span>未处理 {unhandled} 条</span>}>
      {alarms && alarms.length > 0 ? (
        <ScrollTable columns={COLUMNS} rows={alarms} rowKey={(a) => a.id} label="近24小时报警记录" visibleRows={7} />
      ) : (
        <div className="dg-calm">近24小时无报警</div>
      )}
    </Panel>
  );
}
