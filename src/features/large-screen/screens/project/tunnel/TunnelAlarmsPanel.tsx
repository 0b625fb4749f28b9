// 隧道报警: the newest alarms of the tunnel's detectors and readers (gas, ventilation, temperature, offline).
import { chinaFormat } from '../../../../../lib/time/china-time';
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { AlarmItem } from '../../../../../../common/screens/alarms';
import type { Tunnel } from '../../../../../../common/screens/tunnel';

const COLUMNS: readonly ScrollColumn<AlarmItem>[] = [
  { key: 'time', title: '时间', width: '5.6em', render: (a) => <span className="ls-digits">{chinaFormat(a.time, 'MM-DD HH:mm')}</span> },
  { key: 'kind', title: '类型', width: '5.4em', render: (a) => a.kindName },
  { key: 'message', title: '内容', width: 'minmax(0, 1fr)', render: (a) => <span title={`${a.deviceName}：${a.message}`}>{a.message}</span> },
  { key: 'state', title: '状态', width: '3.6em', align: 'center', render: (a) => <span className={a.handled ? 'tn-ok' : 'tn-over'}>{a.handled ? '已处理' : '未处理'}</span> },
];

export function TunnelAlarmsPanel({ data, frame, none }: { data: Tunnel | undefined; frame: SourceFrame; none: boolean }) {
  return (
    <Panel title="隧道报警" {...frame} empty={none} extra={data && <span className="ls-digits">今日 {data.summary.alarmsToday} · 未处理 {data.summary.unhandled}</span>}>
      {data && data.alarms.length > 0 ? (
        <ScrollTable columns={COLUMNS} rows={data.alarms} rowKey={(a) => a.id} label="隧道报警记录" rowClassName={(a) => (a.handled ? undefined : 'is-alarm')} visibleRows={6} />
      ) : (
        <div className="tn-calm">暂无隧道报警</div>
      )}
    </Panel>
  );
}
