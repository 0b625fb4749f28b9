// The key figures of the project's gate today: entries, exits, vehicles on site, spoil trucks out, concrete
// tankers in and violations still open.
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import type { ProjectCar } from '../../../../../../common/screens/spoil';

export function CarKpiStrip({ data }: { data: ProjectCar | undefined }) {
  return (
    <KeyFigures label="车辆关键指标">
      <KpiTile label="今日进场" value={data?.summary.inToday} unit="车次" tone="cyan" />
      <KpiTile label="今日出场" value={data?.summary.outToday} unit="车次" tone="blue" />
      <KpiTile label="当前在场" value={data?.summary.onSite} unit="辆" tone="green" />
      <KpiTile label="渣土车出场" value={data?.spoil.tripsToday} unit="趟" tone="amber" />
      <KpiTile label="罐车进场" value={data?.tankers.inToday} unit="车次" tone="cyan" />
      <KpiTile label="待处理违规" value={data?.spoil.openViolations} unit="起" tone="red" />
    </KeyFigures>
  );
}
