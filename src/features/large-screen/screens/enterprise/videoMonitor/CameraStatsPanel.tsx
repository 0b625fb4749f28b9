// 设备在线统计: cameras in all, online, offline, and the online rate as a gauge.
import { GaugeChart } from '../../../kit/charts/GaugeChart';
import { KpiTile } from '../../../kit/KpiTile';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { VideoMonitor } from '../../../../../../common/screens/video';

export function CameraStatsPanel({ summary, frame }: { summary: VideoMonitor['summary'] | undefined; frame: SourceFrame }) {
  return (
    <Panel title="设备在线统计" {...frame} empty={!summary || summary.total === 0}>
      {summary && (
        <div className="vm-stats">
          <div className="vm-stats-tiles">
            <KpiTile label="摄像头总数" value={summary.total} unit="路" tone="cyan" />
            <KpiTile label="在线" value={summary.online} unit="路" tone="green" />
            <KpiTile label="离线" value={summary.offline} unit="路" tone="grey" />
          </div>
          <GaugeChart value={summary.onlineRate} name="在线率" unit="%" label="摄像头在线率" />
        </div>
      )}
    </Panel>
  );
}
