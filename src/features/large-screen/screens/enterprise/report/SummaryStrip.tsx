// The 12-month totals above the alarm trend: attendance, alarms, hazards and vehicle passages.
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import type { ReportFigures } from '../../../../../../common/screens/report';

export function SummaryStrip({ totals }: { totals: ReportFigures | undefined }) {
  return (
    <KeyFigures label="近12个月合计" className="rp-strip">
      <KpiTile label="出勤人天" value={totals?.personDays} unit="人天" tone="cyan" />
      <KpiTile label="出勤工时" value={totals?.personHours} unit="小时" tone="blue" />
      <KpiTile label="报警次数" value={totals?.alarms} unit="次" tone="red" />
      <KpiTile label="发现隐患" value={totals?.hazardsFound} unit="项" tone="amber" />
      <KpiTile label="车辆进场" value={totals?.vehiclesIn} unit="车次" tone="green" />
      <KpiTile label="车辆出场" value={totals?.vehiclesOut} unit="车次" tone="grey" />
    </KeyFigures>
  );
}
