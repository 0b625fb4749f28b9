// 最新未销项隐患: the newest open hazards — project, type, what was found, level, status and deadline;
// overdue ones are marked with their days past the deadline. Rows scroll when more than fit.
import { chinaFormat } from '../../../../../lib/time/china-time';
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { HazardItem } from '../../../../../../common/screens/quality-safety';

const COLUMNS: readonly ScrollColumn<HazardItem>[] = [
  { key: 'found', title: '发现时间', width: '5.6em', render: (h) => chinaFormat(h.foundAt, 'MM-DD HH:mm') },
  { key: 'project', title: '项目', width: 'minmax(0, 1.3fr)', render: (h) => <span title={h.projectName}>{h.projectName}</span> },
  { key: 'type', title: '隐患类型', width: 'minmax(0, 0.8fr)', render: (h) => h.typeName },
  { key: 'description', title: '隐患描述', width: 'minmax(0, 1.6fr)', render: (h) => <span title={`${h.location} ${h.description}`}>{h.description}</span> },
  { key: 'level', title: '等级', width: '3em', align: 'center', render: (h) => <span className={`qs-level is-${h.level}`}>{h.levelName}</span> },
  { key: 'status', title: '状态', width: '3.6em', align: 'center', render: (h) => <span className={`qs-status is-${h.status}`}>{h.statusName}</span> },
  { key: 'rectifier', title: '整改人', width: '3.6em', render: (h) => h.rectifier || '--' },
  { key: 'deadline', title: '整改期限', width: '4.6em', align: 'center', render: (h) => (h.rectifyDeadline ? chinaFormat(h.rectifyDeadline, 'MM-DD') : '--') },
  {
    key: 'overdue',
    title: '超期',
    width: '4.4em',
    align: 'center',
    render: (h) => (h.overdue ? <span className="qs-bad">超期{h.overdueDays}天</span> : <span className="qs-good">未超期</span>),
  },
];

export function OpenHazardsPanel({ hazards, open, frame }: { hazards: HazardItem[] | undefined; open: number | undefined; frame: SourceFrame }) {
  return (
    <Panel title="最新未销项隐患" {...frame} empty={!hazards} extra={open !== undefined && <span>未销项 {open} 条</span>}>
      {hazards && hazards.length > 0 ? (
        <ScrollTable columns={COLUMNS} rows={hazards} rowKey={(h) => h.id} label="最新未销项隐患" visibleRows={6} rowClassName={(h) => (h.overdue ? 'qs-row-overdue' : undefined)} />
      ) : (
        <div className="qs-calm">隐患均已销项</div>
      )}
    </Panel>
  );
}
