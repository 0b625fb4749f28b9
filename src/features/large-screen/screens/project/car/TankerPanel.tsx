// 混凝土罐车: today's tanker entries and exits at the gate and the newest tanker passages.
import { chinaFormat } from '../../../../../lib/time/china-time';
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { PassageItem } from '../../../../../../common/screens/vehicle';
import type { ProjectCar } from '../../../../../../common/screens/spoil';

const COLUMNS: readonly ScrollColumn<PassageItem>[] = [
  { key: 'time', title: '时间', width: '5.6em', render: (p) => <span className="ls-digits">{chinaFormat(p.time, 'MM-DD HH:mm')}</span> },
  { key: 'plate', title: '车牌号', width: 'minmax(0, 1fr)', render: (p) => <span className="sp-plate">{p.plateNo}</span> },
  { key: 'direction', title: '方向', width: '3.4em', align: 'center', render: (p) => <span className={p.direction === 'in' ? 'sp-moving' : 'sp-good'}>{p.directionName}</span> },
  { key: 'gate', title: '闸口', width: '4em', align: 'center', render: (p) => p.gateName || '--' },
];

export function TankerPanel({ tankers, frame }: { tankers: ProjectCar['tankers'] | undefined; frame: SourceFrame }) {
  return (
    <Panel title="混凝土罐车" {...frame} empty={!tankers} extra={tankers && <span>今日进 {tankers.inToday} · 出 {tankers.outToday}</span>}>
      {tankers && tankers.latest.length > 0 ? (
        <ScrollTable columns={COLUMNS} rows={tankers.latest} rowKey={(p) => p.id} label="最新罐车出入" visibleRows={4} />
      ) : (
        <div className="sp-calm">暂无罐车出入记录</div>
      )}
    </Panel>
  );
}
