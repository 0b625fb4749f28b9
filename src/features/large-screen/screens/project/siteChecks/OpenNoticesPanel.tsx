// 待整改通知: the open 检查整改 notices by deadline — number, project, state and deadline; overdue ones are
// marked with their days past it. Rows scroll when more than fit.
import { chinaFormat } from '../../../../../lib/time/china-time';
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { CheckNoticeItem } from '../../../../../../common/screens/site-checks';

const COLUMNS: readonly ScrollColumn<CheckNoticeItem>[] = [
  { key: 'project', title: '项目', width: 'minmax(0, 1.2fr)', render: (n) => <span title={n.projectName}>{n.projectName}</span> },
  { key: 'problems', title: '不合格项', width: 'minmax(0, 1.5fr)', render: (n) => <span title={n.problems}>{n.problems.replace(/^1\. /, '')}</span> },
  { key: 'status', title: '状态', width: '4.6em', align: 'center', render: (n) => <span className={`sc-status is-${n.status}`}>{n.statusName}</span> },
  { key: 'deadline', title: '期限', width: '5em', align: 'center', render: (n) => (n.overdue ? <span className="sc-bad">超{n.overdueDays}天</span> : chinaFormat(n.deadline, 'MM-DD')) },
];

export function OpenNoticesPanel({ title, notices, open, frame }: { title: string; notices: CheckNoticeItem[] | undefined; open: number | undefined; frame: SourceFrame }) {
  return (
    <Panel title={title} {...frame} empty={!notices} extra={open !== undefined && <span>待整改 {open} 份</span>}>
      {notices && notices.length > 0 ? (
        <ScrollTable columns={COLUMNS} rows={notices} rowKey={(n) => n.id} label={title} visibleRows={5} rowClassName={(n) => (n.overdue ? 'sc-row-overdue' : undefined)} />
      ) : (
        <div className="sc-calm">整改通知均已闭环</div>
      )}
    </Panel>
  );
}
