// 离线设备: the project's devices offline now, the most recently heard first (从未上线 without a report).
import { chinaFormat } from '../../../../../lib/time/china-time';
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { OfflineDevice } from '../../../../../../common/screens/platform-warning';

const COLUMNS: readonly ScrollColumn<OfflineDevice>[] = [
  { key: 'name', title: '设备名称', width: 'minmax(0, 1.3fr)', render: (d) => <span title={d.deviceCode}>{d.deviceName || d.deviceCode}</span> },
  { key: 'kind', title: '类型', width: 'minmax(0, 0.8fr)', render: (d) => d.kindName },
  {
    key: 'seen',
    title: '最后上报',
    width: '6.6em',
    align: 'right',
    render: (d) => <span className="ls-digits">{d.lastSeenAt ? chinaFormat(d.lastSeenAt, 'MM-DD HH:mm') : '从未上线'}</span>,
  },
];

export function OfflinePanel({ devices, frame }: { devices: OfflineDevice[] | undefined; frame: SourceFrame }) {
  return (
    <Panel title="离线设备" {...frame} extra={devices && <span>{devices.length} 台</span>}>
      {devices && devices.length === 0 ? (
        <p className="pw-none">设备均在线</p>
      ) : (
        <ScrollTable columns={COLUMNS} rows={devices ?? []} rowKey={(d) => d.id} label="离线设备" visibleRows={5} />
      )}
    </Panel>
  );
}
