// The key figures above the map: on site now, attended today with the rate, device online rate, open
// hazards (overdue ones in the tile's label), unhandled alarms and cameras online.
import type { ProjectOverview } from '../../../../../../common/screens/project-overview';
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import { onlineRate } from '../../../shared/model';

export function ProjectKpiStrip({ data }: { data: ProjectOverview | undefined }) {
  return (
    <KeyFigures label="关键指标">
      <KpiTile label="在场人数" value={data?.workforce.onSite} unit="人" tone="cyan" />
      <KpiTile label="今日出勤" value={data?.workforce.attended} unit="人" tone="blue" />
      <KpiTile label="出勤率" value={data?.workforce.attendanceRate} unit="%" decimals={1} tone="green" />
      <KpiTile label="设备在线率" value={data ? onlineRate(data.devices) : undefined} unit="%" decimals={1} tone="green" />
      <KpiTile label="未销项隐患" value={data?.hazards.open} unit="项" tone={data && data.hazards.overdue > 0 ? 'red' : 'amber'} />
      <KpiTile label="未处理报警" value={data?.alarms.filter((a) => !a.handled).length} unit="条" tone="red" />
    </KeyFigures>
  );
}
