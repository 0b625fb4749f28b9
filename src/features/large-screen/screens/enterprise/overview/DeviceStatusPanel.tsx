// 设备运行状态: total, online, offline and alarming monitoring devices, and the online rate as a gauge.
import { GaugeChart } from '../../../kit/charts/GaugeChart';
import { KpiTile } from '../../../kit/KpiTile';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import { onlineRate, type DeviceStats } from '../../../shared/model';

export function DeviceStatusPanel({ devices, frame }: { devices: DeviceStats | undefined; frame: SourceFrame }) {
  return (
    <Panel title="设备运行状态" {...frame} empty={!devices || devices.total === 0}>
      {devices && (
        <div className="ov-device-status">
          <div className="ov-kpi-grid">
            <KpiTile label="设备总数" value={devices.total} unit="台" tone="cyan" />
            <KpiTile label="在线设备" value={devices.online} unit="台" tone="green" />
            <KpiTile label="离线设备" value={devices.offline} unit="台" tone="grey" />
            <KpiTile label="报警设备" value={devices.alarm} unit="台" tone="red" />
          </div>
          <GaugeChart value={onlineRate(devices)} name="设备在线率" unit="%" label="设备在线率" />
        </div>
      )}
    </Panel>
  );
}
