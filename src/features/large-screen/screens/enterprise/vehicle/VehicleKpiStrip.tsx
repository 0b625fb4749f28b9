// The key figures of the gates today: entries, exits, vehicles on site, unwashed and failed plate uploads.
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import type { VehicleSummary } from '../../../../../../common/screens/vehicle';

export function VehicleKpiStrip({ summary }: { summary: VehicleSummary | undefined }) {
  return (
    <KeyFigures label="关键指标">
      <KpiTile label="今日进场" value={summary?.inToday} unit="车次" tone="cyan" />
      <KpiTile label="今日出场" value={summary?.outToday} unit="车次" tone="blue" />
      <KpiTile label="当前在场" value={summary?.onSite} unit="辆" tone="green" />
      <KpiTile label="冲洗不合格" value={summary?.unwashedToday} unit="车次" tone="amber" />
      <KpiTile label="上传失败" value={summary?.uploadFailedToday} unit="车次" tone="red" />
    </KeyFigures>
  );
}
