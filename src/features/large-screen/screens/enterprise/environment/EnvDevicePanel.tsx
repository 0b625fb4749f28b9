// 监测设备状态: dust and noise monitors — total, online, offline, alarming — and the online rate.
import { GaugeChart } from '../../../kit/charts/GaugeChart';
import { KpiTile } from '../../../kit/KpiTile';
import { Panel } from '../../../kit/Panel';
import { onlineRate } from '../../../shared/model';
import type { SourceFrame } from '../../../kit/frame';
import type { DeviceCounts } from './model';

export function EnvDevicePanel({ devices, frame }: { devices: DeviceCounts | undefined; frame: SourceFrame }) {
  return (
    <Panel title="监测设备状态" {...frame} empty={!devices || devices.total === 0}>
      {devices && (
        <div className="env-devices">
          <div className="env-kpi-grid">
            <KpiTile label="监测设备" value={devices.total} unit="台" tone="cyan" />
            <KpiTile label="在线" value={devices.online} unit="台" tone="green" />
            <KpiTile label="离线" value={devices.offline} unit="台" tone="grey" />
            <KpiTile label="报警" value={devices.alarm} unit="台" tone="red" />
          </div>
          <GaugeChart value={onlineRate(devices)} name="设备在线率" unit="%" label="环境监测设备在线率" />
        </div>
      )}
    </Panel>
  );
}
