// 违规记录: open violations first, then the newest handled ones — time, plate, kind, state.
import { chinaFormat } from '../../../../../lib/time/china-time';
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { SpoilViolationItem } from '../../../../../../common/screens/spoil';

const COLUMNS: readonly ScrollColumn<SpoilViolationItem>[] = [
  { key: 'time', title: '时间', width: '5.6em', render: (v) => <span className="ls-digits">{chinaFormat(v.occurredAt, 'MM-DD HH:mm')}</span> },
  { key: 'plate', title: '车牌号', width: '5.8em', render: (v) => <span className="sp-plate">{v.plateNo}</span> },
  { key: 'kind', title: '违规类型', width: 'minmax(0, 1fr)', render: (v) => <span className={`sp-kind is-${v.kind}`} title={v.description}>{v.kindName}</span> },
  { key: 'state', title: '处理状态', width: '4.6em', align: 'center', render: (v) => <span className={`sp-state is-${v.status}`}>{v.statusName}</span> },
];

export function SpoilViolationsPanel({ violations, open, frame, visibleRows = 6 }: { violations: SpoilViolationItem[] | undefined; open: number | undefined; frame: SourceFrame; visibleRows?: number }) {
  return (
    <Panel title="违规记录" {...frame} empty={!violations} extra={open !== undefined && <span>待处理 {open} 条</span>}>
      {violations && violations.length > 0 ? (
        <ScrollTable columns={COLUMNS} rows={violations} rowKey={(v) => v.id} label="渣土车违规记录" visibleRows={visibleRows} rowClassName={(v) => (v.status === '1' ? 'sp-row-bad' : undefined)} />
      ) : (
        <div className="sp-calm">暂无违规记录</div>
      )}
    </Panel>
  );
}
