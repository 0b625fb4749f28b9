// 准运证: permits not revoked — valid ones by end date (即将到期 marked), then those not yet valid, then the expired.
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { SpoilPermitItem } from '../../../../../../common/screens/spoil';

const EXPIRING_DAYS = 7;

const COLUMNS: readonly ScrollColumn<SpoilPermitItem>[] = [
  { key: 'no', title: '准运证号', width: '8.4em', render: (p) => <span className="ls-digits" title={p.projectName}>{p.permitNo}</span> },
  { key: 'hauler', title: '运输单位', width: 'minmax(3em, 1.3fr)', dropOrder: 2, render: (p) => <span title={`${p.haulerName} → ${p.siteName}`}>{p.haulerName}</span> },
  { key: 'trucks', title: '车辆', width: '2.8em', align: 'center', dropOrder: 1, render: (p) => <span className="ls-digits">{p.trucks}</span> },
  { key: 'to', title: '有效期至', width: '5.6em', dropOrder: 3, render: (p) => <span className="ls-digits">{p.validTo.slice(2)}</span> },
  {
    key: 'validity',
    title: '状态',
    width: '4.2em',
    align: 'center',
    render: (p) => <span className={`sp-validity is-${p.validity}`}>{p.validity === '1' && p.daysLeft <= EXPIRING_DAYS ? '即将到期' : p.validityName}</span>,
  },
];

export function PermitsPanel({ permits, frame }: { permits: SpoilPermitItem[] | undefined; frame: SourceFrame }) {
  const valid = permits?.filter((p) => p.validity === '1').length;
  return (
    <Panel title="准运证" {...frame} empty={!permits || permits.length === 0} extra={valid !== undefined && <span>有效 {valid} 张</span>}>
      <ScrollTable columns={COLUMNS} rows={permits ?? []} rowKey={(p) => p.id} label="准运证" visibleRows={5} />
    </Panel>
  );
}
