// The key figures above the map: projects, under construction, workers on the roster, attended today, devices.
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import type { ProjectManagements } from '../../../../../../common/screens/project-management';
import { PROJECT_STATUS } from '../../../shared/model';
import { sumOf } from './model';

export function KpiStrip({ data }: { data: ProjectManagements | undefined }) {
  const building = data?.byStatus.find((s) => s.status === PROJECT_STATUS.underConstruction)?.count;
  return (
    <KeyFigures label="关键指标">
      <KpiTile label="项目总数" value={data?.total} unit="个" tone="cyan" />
      <KpiTile label="在建项目" value={building} unit="个" tone="green" />
      <KpiTile label="在册人员" value={data ? sumOf(data.projects, 'workers') : undefined} unit="人" tone="blue" />
      <KpiTile label="今日出勤" value={data ? sumOf(data.projects, 'attendedToday') : undefined} unit="人" tone="amber" />
      <KpiTile label="监测设备" value={data ? sumOf(data.projects, 'devices') : undefined} unit="台" tone="cyan" />
    </KeyFigures>
  );
}
