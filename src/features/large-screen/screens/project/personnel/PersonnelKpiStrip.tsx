// The key figures above the attendance trend: roster, attended today, on site now, attendance rate, gate
// passes today and the warnings (expiring certificates and blacklist hits).
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import type { ProjectPersonnel } from '../../../../../../common/screens/project-personnel';

export function PersonnelKpiStrip({ data }: { data: ProjectPersonnel | undefined }) {
  const warnings = data ? data.certificates.length + data.blacklist.length : undefined;
  return (
    <KeyFigures label="人员指标">
      <KpiTile label="在册人数" value={data?.summary.roster} unit="人" tone="cyan" />
      <KpiTile label="今日出勤" value={data?.summary.attended} unit="人" tone="green" />
      <KpiTile label="当前在场" value={data?.summary.onSite} unit="人" tone="blue" />
      <KpiTile label="出勤率" value={data?.summary.attendanceRate} unit="%" decimals={1} tone="amber" />
      <KpiTile label="今日通行" value={data?.passagesToday} unit="次" tone="cyan" />
      <KpiTile label="人员预警" value={warnings} unit="条" tone={warnings ? 'red' : 'green'} />
    </KeyFigures>
  );
}
