// 超期隐患预警 (预警中心, 平台预警): open hazards past their rectification deadline, the longest overdue first;
// the project column only over several projects.
import { Panel } from '../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../kit/ScrollTable';
import type { SourceFrame } from '../../kit/frame';
import './warning-panels.css';
import type { HazardItem } from '../../../../../common/screens/quality-safety';

const COLUMNS: readonly ScrollColumn<HazardItem>[] = [
  { key: 'project', title: '项目', width: 'minmax(0, 1fr)', render: (h) => <span title={h.projectName}>{h.projectName}</span> },
  {
    key: 'description',
    title: '隐患内容',
    width: 'minmax(0, 1.3fr)',
    render: (h) => <span title={`${h.typeName}：${h.description}（${h.location}）`}>{h.description}</span>,
  },
  { key: 'status', title: '状态', width: '3.6em', align: 'center', render: (h) => h.statusName },
  { key: 'days', title: '超期', width: '3.6em', align: 'right', render: (h) => <span className="wn-overdue">{h.overdueDays}天</span> },
];

const ONE_PROJECT = COLUMNS.filter((c) => c.key !== 'project');

export type OverduePanelProps = { hazards: HazardItem[] | undefined; count: number | undefined; frame: SourceFrame; oneProject?: boolean };

export function OverduePanel({ hazards, count, frame, oneProject }: OverduePanelProps) {
  return (
    <Panel title="超期隐患预警" {...frame} empty={!hazards || hazards.length === 0} extra={count !== undefined && <span>共 {count} 项</span>}>
      <ScrollTable columns={oneProject ? ONE_PROJECT : COLUMNS} rows={hazards ?? []} rowKey={(h) => h.id} label="超期未整改隐患" visibleRows={8} />
    </Panel>
  );
}
