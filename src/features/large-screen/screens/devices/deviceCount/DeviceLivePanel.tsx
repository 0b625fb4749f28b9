// 设备实时状态: every monitoring device (with its project unless the screen shows one) with its state and newest reading (alarming first, then online),
// scrolling when more than fit; alarming rows marked.
import { chinaFormat } from '../../../../../lib/time/china-time';
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { DeviceLive } from '../../../../../../common/screens/device-count';

const state = (d: DeviceLive) =>
  d.alarming ? <span className="dc-alarm">报警</span> : d.online ? <span className="dc-online">在线</span> : <span className="dc-offline">离线</span>;

const PROJECT: ScrollColumn<DeviceLive> = { key: 'project', title: '项目', width: 'minmax(0, 1.3fr)', render: (d) => <span title={d.projectName}>{d.projectName}</span> };

const COLUMNS: readonly ScrollColumn<DeviceLive>[] = [
  { key: 'device', title: '设备', width: 'minmax(0, 1fr)', render: (d) => <span title={d.deviceCode}>{d.deviceName}</span> },
  { key: 'kind', title: '类型', width: '3.6em', render: (d) => d.kindName },
  { key: 'reading', title: '最新数据', width: 'minmax(0, 2.4fr)', render: (d) => <span title={d.reading}>{d.reading || '--'}</span> },
  { key: 'time', title: '上报时间', width: '6.4em', render: (d) => <span className="ls-digits">{d.readingTime ?? d.lastSeenAt ? chinaFormat(d.readingTime ?? d.lastSeenAt, 'MM-DD HH:mm') : '--'}</span> },
  { key: 'state', title: '状态', width: '3em', align: 'center', render: state },
];

/** `showProject`: the project column, left out on a one-project screen. */
export function DeviceLivePanel({ list, frame, showProject }: { list: DeviceLive[] | undefined; frame: SourceFrame; showProject: boolean }) {
  return (
    <Panel title="设备实时状态" {...frame} empty={!list || list.length === 0} extra={list && <span>共 {list.length} 台</span>}>
      <ScrollTable columns={showProject ? [PROJECT, ...COLUMNS] : COLUMNS} rows={list ?? []} rowKey={(d) => d.id} label="设备实时状态" visibleRows={8}
        rowClassName={(d) => (d.alarming ? 'dc-row-alarm' : undefined)} />
    </Panel>
  );
}
