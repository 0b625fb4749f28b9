// 报警信息 (enterprise and project overview): the newest alarms, scrolling when there are more than fit;
// the project column only over several projects.
import { chinaFormat } from '../../../lib/time/china-time';
import { Panel } from '../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../kit/ScrollTable';
import type { SourceFrame } from '../kit/frame';
import type { AlarmItem } from '../../../../common/screens/alarms';
import './alarms-panel.css';

const COLUMNS: readonly ScrollColumn<AlarmItem>[] = [
  { key: 'time', title: '时间', width: '5.6em', render: (a) => chinaFormat(a.time, 'MM-DD HH:mm') },
  { key: 'project', title: '项目', width: 'minmax(0, 1.4fr)', render: (a) => <span title={a.projectName}>{a.projectName}</span> },
  { key: 'kind', title: '类型', width: 'minmax(0, 1fr)', render: (a) => <span title={a.message}>{a.kindName}</span> },
  { key: 'level', title: '级别', width: '3.6em', align: 'center', render: (a) => <span className={`al-level is-${a.level}`}>{a.levelName}</span> },
  { key: 'state', title: '状态', width: '3.4em', align: 'center', render: (a) => (a.handled ? <span className="al-handled">已处理</span> : <span className="al-unhandled">未处理</span>) },
];

const ONE_PROJECT = COLUMNS.filter((c) => c.key !== 'project');

export function AlarmsPanel({ alarms, frame, oneProject }: { alarms: AlarmItem[] | undefined; frame: SourceFrame; oneProject?: boolean }) {
  const unhandled = alarms?.filter((a) => !a.handled).length ?? 0;
  return (
    <Panel title="报警信息" {...frame} empty={!alarms || alarms.length === 0} extra={alarms && <span>未处理 {unhandled} 条</span>}>
      <ScrollTable columns={oneProject ? ONE_PROJECT : COLUMNS} rows={alarms ?? []} rowKey={(a) => a.id} label="最新报警" visibleRows={7} />
    </Panel>
  );
}
