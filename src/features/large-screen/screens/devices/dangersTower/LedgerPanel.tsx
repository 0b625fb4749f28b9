// 设备档案: each crane's and lift's registration — 备案编号, model, rated load and reach — from the 塔吊 and
// 升降机 ledgers, next to its live state.
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { SpecialDevice } from '../../../../../../common/screens/danger';
import type { SpecialLedger } from '../../../../../../common/screens/device-count';
import { deviceLabel } from '../../../shared/special/model';

type Row = { device: SpecialDevice; ledger: SpecialLedger | undefined };

const rated = (r: Row): string => {
  const v = r.ledger?.ratedLoad;
  if (v === null || v === undefined) return '--';
  return r.device.kind === 'lift' ? `${v}kg` : `${v}t`;
};

const COLUMNS: readonly ScrollColumn<Row>[] = [
  { key: 'device', title: '设备', width: 'minmax(0, 1fr)', render: (r) => <span title={`${r.device.projectName} ${r.device.deviceName}`}>{deviceLabel(r.device)}</span> },
  { key: 'record', title: '备案编号', width: 'minmax(0, 1.4fr)', render: (r) => <span title={r.ledger?.model}>{r.ledger?.recordNo || '未登记'}</span> },
  { key: 'rated', title: '额定载重', width: '4.8em', align: 'right', render: (r) => <span className="ls-digits">{rated(r)}</span> },
  { key: 'reach', title: '臂长/高度', width: '4.6em', align: 'right', render: (r) => <span className="ls-digits">{r.ledger?.reach === null || r.ledger?.reach === undefined ? '--' : `${r.ledger.reach}m`}</span> },
];

export function LedgerPanel({ devices, ledgers, frame }: { devices: SpecialDevice[] | undefined; ledgers: SpecialLedger[] | undefined; frame: SourceFrame }) {
  const byCode = new Map((ledgers ?? []).map((l) => [l.deviceCode, l]));
  const rows: Row[] = (devices ?? []).map((device) => ({ device, ledger: byCode.get(device.deviceCode) }));
  return (
    <Panel title="设备档案" {...frame} empty={rows.length === 0} extra={ledgers && <span>已备案 {rows.filter((r) => r.ledger?.recordNo).length} 台</span>}>
      <ScrollTable columns={COLUMNS} rows={rows} rowKey={(r) => r.device.id} label="塔吊与升降机档案" visibleRows={4} />
    </Panel>
  );
}
