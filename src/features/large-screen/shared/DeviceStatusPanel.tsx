// 设备运行状态 (enterprise overview, 设备管理, supervision overview) and 监测设备状态 (环境监测): devices in
// all, online, offline and alarming, and the online rate as a gauge.
import type { DeviceCounts } from '../../../../common/screens/devices';
import { KpiTile } from '../kit/KpiTile';
import { Panel } from '../kit/Panel';
import { TilesGauge } from '../kit/TilesGauge';
import type { SourceFrame } from '../kit/frame';
import { onlineRate } from './model';

/** The panel's words: its title, the four tiles and the gauge's accessible label. */
export type DeviceStatusWords = { title: string; total: string; online: string; offline: string; alarm: string; gauge: string };

export const DEVICE_STATUS_WORDS: DeviceStatusWords = {
  title: '设备运行状态',
  total: '设备总数',
  online: '在线设备',
  offline: '离线设备',
  alarm: '报警设备',
  gauge: '设备在线率',
};

export type DeviceStatusPanelProps = { devices: DeviceCounts | undefined; frame: SourceFrame; words?: DeviceStatusWords };

export function DeviceStatusPanel({ devices, frame, words = DEVICE_STATUS_WORDS }: DeviceStatusPanelProps) {
  return (
    <Panel title={words.title} {...frame} empty={!devices || devices.total === 0}>
      {devices && (
        <TilesGauge four gauge={{ value: onlineRate(devices), name: '设备在线率', unit: '%', label: words.gauge }}>
          <KpiTile label={words.total} value={devices.total} unit="台" tone="cyan" />
          <KpiTile label={words.online} value={devices.online} unit="台" tone="green" />
          <KpiTile label={words.offline} value={devices.offline} unit="台" tone="grey" />
          <KpiTile label={words.alarm} value={devices.alarm} unit="台" tone="red" />
        </TilesGauge>
      )}
    </Panel>
  );
}
