// The area's key figures above the map: projects, projects under construction, enterprises, units, alarms.
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import type { SupervisoryOverview } from '../../../../../../common/screens/supervisory';

export function SupervisionStrip({ data }: { data: SupervisoryOverview | undefined }) {
  const building = data?.projects.byStatus.find((s) => s.status === 3)?.count;
  return (
    <KeyFigures label="监管指标">
      <KpiTile label="项目总数" value={data?.projects.total} unit="个" tone="cyan" />
      <KpiTile label="在建项目" value={building} unit="个" tone="green" />
      <KpiTile label="建设企业" value={data?.enterprises.total} unit="家" tone="blue" />
      <KpiTile label="参建单位" value={data?.enterprises.participatingUnits} unit="家" tone="amber" />
      <KpiTile label="未处理报警" value={data?.alarms.unhandled} unit="条" tone="red" />
    </KeyFigures>
  );
}
