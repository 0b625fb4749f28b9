// 最近通行: the newest gate passes (the gates' 通行记录 and the attendance gates' in and out times), scrolling.
import { chinaFormat } from '../../../../../lib/time/china-time';
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { GatePass } from '../../../../../../common/screens/project-personnel';

const COLUMNS: readonly ScrollColumn<GatePass>[] = [
  { key: 'time', title: '时间', width: '6.4em', render: (p) => <span className="ls-digits">{chinaFormat(p.time, 'MM-DD HH:mm')}</span> },
  { key: 'name', title: '姓名', width: 'minmax(0, 0.8fr)', render: (p) => <span title={p.workerName}>{p.workerName}</span> },
  { key: 'team', title: '班组', width: 'minmax(0, 1fr)', render: (p) => <span title={p.teamName}>{p.teamName || '--'}</span> },
  {
    key: 'direction',
    title: '方向',
    width: '3.2em',
    align: 'center',
    render: (p) => <span className={p.direction === '1' ? 'pp-in' : 'pp-out'}>{p.directionName}</span>,
  },
  { key: 'gate', title: '通道', width: 'minmax(0, 1.1fr)', render: (p) => <span title={p.gateName}>{p.gateName || '--'}</span> },
];

export function PassagesPanel({ passages, today, frame }: { passages: GatePass[] | undefined; today: number | undefined; frame: SourceFrame }) {
  return (
    <Panel title="最近通行" {...frame} empty={!passages || passages.length === 0} extra={today !== undefined && <span>今日 {today} 次</span>}>
      <ScrollTable columns={COLUMNS} rows={passages ?? []} rowKey={(p) => p.id} label="最近通行记录" visibleRows={7} />
    </Panel>
  );
}
