// The key figures above the unhandled list: unhandled alarms, today's, overdue hazards, offline devices and
// expiring certificates of the project.
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import type { PlatformWarning } from '../../../../../../common/screens/platform-warning';

export function PlatformWarningStrip({ data }: { data: PlatformWarning | undefined }) {
  return (
    <KeyFigures label="预警指标">
      <KpiTile label="未处理预警" value={data?.summary.unhandled} unit="条" tone="red" />
      <KpiTile label="今日预警" value={data?.summary.today} unit="条" tone="amber" />
      <KpiTile label="今日未处理" value={data?.summary.todayUnhandled} unit="条" tone="red" />
      <KpiTile label="超期隐患" value={data?.summary.overdueHazards} unit="项" tone="amber" />
      <KpiTile label="离线设备" value={data?.offlineDevices.length} unit="台" tone="grey" />
      <KpiTile label="证书到期" value={data?.certificates.length} unit="本" tone="blue" />
    </KeyFigures>
  );
}
