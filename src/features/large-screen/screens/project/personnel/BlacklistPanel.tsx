// 黑名单预警: roster workers (or their units) on an effective blacklist of the project's company or the
// companies above it; none is data (未发现黑名单人员).
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { BlacklistHit } from '../../../../../../common/screens/project-personnel';

const COLUMNS: readonly ScrollColumn<BlacklistHit>[] = [
  { key: 'name', title: '姓名', width: '4.4em', render: (h) => <span title={h.workerName}>{h.workerName}</span> },
  { key: 'unit', title: '单位 / 班组', width: 'minmax(0, 1fr)', render: (h) => <span title={`${h.unitName} ${h.teamName}`}>{h.unitName || h.teamName || '--'}</span> },
  { key: 'type', title: '命中', width: '3.6em', align: 'center', render: (h) => <span className="pp-hit">{h.subjectType === '1' ? '单位' : '本人'}</span> },
  { key: 'reason', title: '列入原因', width: 'minmax(0, 1.4fr)', render: (h) => <span title={`${h.reason}（${h.authority}）`}>{h.reason}</span> },
];

export function BlacklistPanel({ hits, frame }: { hits: BlacklistHit[] | undefined; frame: SourceFrame }) {
  return (
    <Panel title="黑名单预警" {...frame} extra={hits && <span>命中 {hits.length} 人</span>}>
      {hits && hits.length === 0 ? (
        <p className="pp-none">未发现黑名单人员</p>
      ) : (
        <ScrollTable columns={COLUMNS} rows={hits ?? []} rowKey={(h) => `${h.workerId}-${h.subjectType}`} label="黑名单预警" visibleRows={4} />
      )}
    </Panel>
  );
}
