// 不合格样品: every unqualified sample, newest report first, with its project and whether its alarm is handled.
import { Panel } from '../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../kit/ScrollTable';
import type { SourceFrame } from '../../kit/frame';
import type { Testing } from '../../../../../common/screens/testing';

type Row = Testing['unqualified'][number];

const COLUMNS: readonly ScrollColumn<Row>[] = [
  { key: 'date', title: '日期', width: '3.6em', render: (s) => <span className="ls-digits">{s.reportDate?.slice(5) ?? '--'}</span> },
  { key: 'sample', title: '样品', width: 'minmax(0, 1.4fr)', render: (s) => <span title={`${s.sampleNo} ${s.materialName} ${s.specification} ${s.location}`}>{s.materialName}</span> },
  { key: 'project', title: '项目', width: 'minmax(0, 1.6fr)', render: (s) => <span title={`${s.projectName} ${s.location}`}>{s.projectName}</span> },
  { key: 'alarm', title: '告警', width: '3.8em', align: 'center', render: (s) => <span className={`tc-tag ${s.alarmHandled ? 'is-good' : 'is-bad'}`}>{s.alarmHandled ? '已处理' : '未处理'}</span> },
];

export function UnqualifiedPanel({ rows, frame }: { rows: Row[] | undefined; frame: SourceFrame }) {
  return (
    <Panel title="不合格样品" {...frame} empty={!rows} extra={rows && <span>{rows.length} 组</span>}>
      {rows && rows.length > 0 ? (
        <ScrollTable columns={COLUMNS} rows={rows} rowKey={(s) => s.id} label="不合格样品及告警" visibleRows={5} />
      ) : (
        <div className="tc-calm">暂无不合格样品</div>
      )}
    </Panel>
  );
}
