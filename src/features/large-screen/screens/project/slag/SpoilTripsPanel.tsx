// 渣土趟次: the newest trips — exit time, plate, wash, load, disposal site, state; a trip with violations
// is marked. Rows scroll when more than fit.
import { chinaFormat } from '../../../../../lib/time/china-time';
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { SpoilTripItem } from '../../../../../../common/screens/spoil';

const WASH: Record<string, { text: string; className: string }> = {
  '1': { text: '合格', className: 'sp-good' },
  '2': { text: '不合格', className: 'sp-bad' },
  '0': { text: '无记录', className: 'sp-warn' },
};

const COLUMNS: readonly ScrollColumn<SpoilTripItem>[] = [
  { key: 'time', title: '出场时间', width: '5.6em', render: (t) => <span className="ls-digits">{chinaFormat(t.exitTime, 'MM-DD HH:mm')}</span> },
  { key: 'plate', title: '车牌号', width: '5.8em', render: (t) => <span className="sp-plate">{t.plateNo}</span> },
  { key: 'wash', title: '冲洗', width: '3.6em', align: 'center', dropOrder: 3, render: (t) => <span className={WASH[t.washResult]?.className}>{WASH[t.washResult]?.text ?? '--'}</span> },
  { key: 'weight', title: '载重', width: '3.6em', align: 'center', dropOrder: 2, render: (t) => (t.weight === null ? '--' : <span className="ls-digits">{t.weight}t</span>) },
  { key: 'site', title: '消纳场', width: 'minmax(3em, 1.4fr)', dropOrder: 1, render: (t) => <span title={t.siteName}>{t.siteName || '--'}</span> },
  { key: 'state', title: '状态', width: '4.2em', align: 'center', render: (t) => (t.violationCount > 0 ? <span className="sp-bad">违规{t.violationCount}</span> : <span className={t.status === '2' ? 'sp-good' : 'sp-moving'}>{t.statusName}</span>) },
];

export function SpoilTripsPanel({ trips, frame, visibleRows = 7 }: { trips: SpoilTripItem[] | undefined; frame: SourceFrame; visibleRows?: number }) {
  return (
    <Panel title="渣土趟次" {...frame} empty={!trips || trips.length === 0}>
      <ScrollTable columns={COLUMNS} rows={trips ?? []} rowKey={(t) => t.id} label="最新渣土趟次" visibleRows={visibleRows} rowClassName={(t) => (t.violationCount > 0 ? 'sp-row-bad' : undefined)} />
    </Panel>
  );
}
