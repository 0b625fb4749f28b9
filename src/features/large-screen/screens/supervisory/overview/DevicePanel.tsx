// 设备运行状态: monitoring devices of the area — total, online, offline, alarming — and the online rate.
import { GaugeChart } from '../../../kit/charts/GaugeChart';
import { KpiTile } from '../../../kit/KpiTile';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import { percentOf } from '../../../kit/format';
import type { SupervisoryOverview } from './model';

export function DevicePanel({ devices, frame }: { devices: SupervisoryOverview['devices'] | undefined; frame: SourceFrame }) {
  return (
    <Panel title="设备运行状态" {...frame} empty={!devices || devices.total === 0}>
      {devices && (
        <div className="so-split">
          <div className="so-tiles is-four">
            <KpiTile label="设备总数" value={devices.total} unit="台" tone="cyan" />
            <KpiTile label="在线设备" value={devices.online} unit="台" tone="green" />
            <KpiTile label="离线设备" value={devices.offline} unit="台" tone="grey" />
            <KpiTile label="报警设备" value={devices.alarm} unit="台" tone="red" />
          </div>
          <GaugeChart value={percentOf(devices.online, devices.total)} name="设备在线率" unit="%" label="设备在线率" />
        </div>
      )}
    </Panel>
  );
}
