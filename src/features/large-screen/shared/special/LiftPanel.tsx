// 升降机实时监测: each construction lift's current load ratio, load, floor and state; rows scroll when
// there are more lifts than fit.
import { Panel } from '../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../kit/ScrollTable';
import type { SourceFrame } from '../../kit/frame';
import type { CraneLimits, SpecialDevice } from '../../../../../common/screens/danger';
import { deviceLabel } from './model';
import './special.css';

const dash = (v: number | null | undefined, unit: string): string => (v === null || v === undefined ? '--' : `${v}${unit}`);

const columns = (limits: CraneLimits | undefined): ScrollColumn<SpecialDevice>[] => [
  { key: 'project', title: '项目', width: 'minmax(0, 1.5fr)', render: (d) => <span title={d.projectName}>{d.projectName}</span> },
  { key: 'place', title: '位置', width: 'minmax(0, 0.7fr)', render: (d) => deviceLabel(d) },
  {
    key: 'ratio',
    title: '载重比',
    width: '4em',
    align: 'right',
    render: (d) => {
      const v = d.online ? (d.latest?.loadRatio ?? null) : null;
      const over = v !== null && limits !== undefined && v > limits.loadRatio;
      return <span className={`ls-digits${over ? ' dg-over' : ''}`}>{dash(v, '%')}</span>;
    },
  },
  { key: 'load', title: '载重', width: '4.6em', align: 'right', render: (d) => <span className="ls-digits">{dash(d.online ? d.latest?.loadKg : null, 'kg')}</span> },
  { key: 'floor', title: '楼层', width: '3em', align: 'right', render: (d) => <span className="ls-digits">{dash(d.online ? d.latest?.floor : null, '层')}</span> },
  {
    key: 'state',
    title: '状态',
    width: '3em',
    align: 'center',
    render: (d) => (d.alarming ? <span className="dg-alarm">报警</span> : d.online ? <span className="dg-online">在线</span> : <span className="dg-offline">离线</span>),
  },
];

export function LiftPanel({ lifts, limits, frame }: { lifts: SpecialDevice[] | undefined; limits: CraneLimits | undefined; frame: SourceFrame }) {
  return (
    <Panel title="升降机实时监测" {...frame} empty={!lifts || lifts.length === 0} extra={lifts && <span>共 {lifts.length} 台</span>}>
      <ScrollTable columns={columns(limits)} rows={lifts ?? []} rowKey={(d) => d.id} label="升降机实时数据" visibleRows={5} />
    </Panel>
  );
}
