// The key figures of the workforce today: roster, attended, on site now, attendance rate, real-name
// registration rate and participating units.
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import type { BuildPersonnel } from '../../../../../../common/screens/personnel';

export function KpiStrip({ summary }: { summary: BuildPersonnel['summary'] | undefined }) {
  return (
    <KeyFigures label="关键指标">
      <KpiTile label="在册人数" value={summary?.roster} unit="人" tone="cyan" />
      <KpiTile label="今日出勤" value={summary?.attended} unit="人" tone="green" />
      <KpiTile label="当前在场" value={summary?.onSite} unit="人" tone="blue" />
      <KpiTile label="出勤率" value={summary?.attendanceRate} unit="%" decimals={1} tone="amber" />
      <KpiTile label="实名登记率" value={summary?.registrationRate} unit="%" decimals={1} tone="cyan" />
      <KpiTile label="参建单位" value={summary?.units} unit="家" tone="grey" />
    </KeyFigures>
  );
}
