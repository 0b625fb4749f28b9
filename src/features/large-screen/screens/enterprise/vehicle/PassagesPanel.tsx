// 最新出入记录: the newest gate passages — time, plate, type, direction, gate, project, wash check and
// plate upload. Rows scroll when more than fit.
import { chinaFormat } from '../../../../../lib/time/china-time';
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { PassageItem } from '../../../../../../common/screens/vehicle';

const COLUMNS: readonly ScrollColumn<PassageItem>[] = [
  { key: 'time', title: '时间', width: '5.6em', render: (p) => chinaFormat(p.time, 'MM-DD HH:mm') },
  { key: 'plate', title: '车牌号', width: '6em', render: (p) => <span className="vh-plate">{p.plateNo}</span> },
  { key: 'type', title: '车辆类型', width: 'minmax(0, 0.8fr)', render: (p) => p.typeName },
  { key: 'direction', title: '方向', width: '3.4em', align: 'center', render: (p) => <span className={p.direction === 'in' ? 'vh-in' : 'vh-out'}>{p.directionName}</span> },
  { key: 'gate', title: '闸口', width: '3.6em', align: 'center', render: (p) => p.gateName || '--' },
  { key: 'project', title: '项目', width: 'minmax(0, 1.6fr)', render: (p) => <span title={p.projectName}>{p.projectName}</span> },
  { key: 'washed', title: '冲洗', width: '3.6em', align: 'center', render: (p) => (p.washed ? <span className="vh-good">合格</span> : <span className="vh-bad">不合格</span>) },
  {
    key: 'upload',
    title: '上传状态',
    width: '4.8em',
    align: 'center',
    render: (p) => <span className={`vh-upload is-${p.uploadStatus}`}>{p.uploadStatusName}</span>,
  },
];

export function PassagesPanel({ passages, frame }: { passages: PassageItem[] | undefined; frame: SourceFrame }) {
  return (
    <Panel title="最新出入记录" {...frame} empty={!passages || passages.length === 0}>
      <ScrollTable columns={COLUMNS} rows={passages ?? []} rowKey={(p) => p.id} label="最新车辆出入记录" visibleRows={6} rowClassName={(p) => (p.washed ? undefined : 'vh-row-unwashed')} />
    </Panel>
  );
}
