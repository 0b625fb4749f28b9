// The key figures above the map: projects, projects under construction, devices, online rate, alarms.
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import type { EnterpriseOverview } from '../../../../../../common/screens/enterprise-overview';
import { onlineRate, PROJECT_STATUS } from '../../../shared/model';

export function KpiStrip({ data }: { data: EnterpriseOverview | undefined }) {
  const building = data?.projects.byStatus.find((s) => s.status === PROJECT_STATUS.underConstruction)?.count;
  const unhandled = data?.alarms.filter((a) => !a.handled).length;
  return (
    <KeyFigures label="关键指标">
      <KpiTile label="项目总数" value={data?.projects.total} unit="个" tone="cyan" />
      <KpiTile label="在建项目" value={building} unit="个" tone="green" />
      <KpiTile label="监测设备" value={data?.devices.total} unit="台" tone="blue" />
      <KpiTile label="设备在线率" value={data ? onlineRate(data.devices) : undefined} unit="%" decimals={1} tone="green" />
      <KpiTile label="近期未处理报警" value={unhandled} unit="条" tone="red" />
    </KeyFigures>
  );
}
